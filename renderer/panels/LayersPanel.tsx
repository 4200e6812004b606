import { Fragment, useEffect, useRef, useState, type DragEvent } from 'react';
import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import type { TerrainDesign } from '../../app/terrainDesign';
import type { LayerPreview } from '../../app/layers/layersModel';
import { soloPreviewImage } from '../../app/layers/layerViewImage';
import { setPanelTab } from '../../app/panelTabs';
import type { Layer, LayerKind } from '../../shared/layers/types';
import { groupOn, SWITCHABLE_GROUPS } from '../../shared/layers/switchableGroups';
import type { Climate } from '../../shared/ground/climate';
import { bedColourFields, type BedColourField } from './bedColourFields';
import { JobProgress } from './JobProgress';
import { PanelError } from './PanelError';

const KIND_LABELS: Record<LayerKind, string> = {
  faults: 'Generator',
  hydraulic: 'Hydraulic erosion',
  thermal: 'Thermal erosion',
  smooth: 'Smooth',
  normalise: 'Normalise',
  terrace: 'Terrace',
  channels: 'Channels',
  sculpt: 'Sculpt',
  manualFaults: 'Manual faults',
  stamp: 'Stamp',
  flatten: 'Flatten',
  heights: 'Heights',
  road: 'Road',
  water: 'Water',
  river: 'River',
  fluvial: 'Fluvial erosion',
};

/** Whether a layer's name only repeats its kind ("Sculpt  Sculpt 100%" read twice): then the kind is left out. */
const sameWords = (name: string, kind: string): boolean => name.trim().toLowerCase() === kind.toLowerCase();

/**
 * The layer stack, top layer first (as in Unreal's edit layers and every paint program; the stack
 * evaluates bottom up): visibility, name (double-click to rename), opacity, drag or ↑/↓ to reorder,
 * duplicate, delete, solo (what the layer adds). The selected layer's parameters below; each change
 * is one undo entry.
 */
export function LayersPanel({ session, design }: { session: EditorSession; design: TerrainDesign }) {
  const { editor } = session;
  const { layers } = design;
  // The stack is read from the document whenever the editor's version moves.
  useStore(editor.store, (s) => s.version);
  const stack = editor.document.stack;
  const { selectedId, message, solo } = useStore(layers.store);
  const running = useStore(design.jobs.store, (s) => s.running);
  const climate = useStore(session.view, (s) => s.settings.climate);
  const [dragged, setDragged] = useState<string | null>(null);
  const selected = stack.find((layer) => layer.id === selectedId) ?? null;
  const top = [...stack].reverse();

  const dropOn = (event: DragEvent, targetIndex: number) => {
    event.preventDefault();
    if (dragged !== null) void layers.move(dragged, targetIndex);
    setDragged(null);
  };

  return (
    <section className="panel-section layers-panel" aria-label="Layers" data-testid="layers-panel">
      <h2>Layers</h2>
      <p className="hint">Top layer first. Brushes paint into the selected sculpt layer; Run writes the generator.</p>
      {stack.length === 0 && <p className="hint">Flat ground: Run a preset in Generate, or sculpt.</p>}
      <ol className="layer-list" data-testid="layer-list">
        {top.map((layer) => {
          const index = stack.indexOf(layer);
          return (
            <li
              key={layer.id}
              className="layer-row"
              data-testid={`layer-${layer.id}`}
              data-kind={layer.kind}
              data-enabled={layer.enabled}
              aria-selected={layer.id === selectedId}
              draggable={!running}
              onDragStart={() => setDragged(layer.id)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => dropOn(event, index)}
              onClick={() => layers.select(layer.id)}
            >
              <input
                type="checkbox"
                aria-label={`Show ${layer.name}`}
                title="Visible"
                data-testid={`layer-visible-${layer.id}`}
                checked={layer.enabled}
                disabled={running}
                onClick={(event) => event.stopPropagation()}
                onChange={(event) => void layers.setEnabled(layer.id, event.target.checked)}
              />
              <LayerName layer={layer} onRename={(name) => void layers.rename(layer.id, name)} />
              {!sameWords(layer.name, KIND_LABELS[layer.kind]) && <span className="layer-kind">{KIND_LABELS[layer.kind]}</span>}
              <span className="layer-opacity" title="Opacity: how much of its change the layer applies">
                {Math.round(layer.opacity * 100)}%
              </span>
            </li>
          );
        })}
      </ol>
      {selected && (
        <div className="layer-actions button-row" data-testid="layer-actions">
          <button
            type="button"
            title="Move up"
            aria-label="Move up"
            data-testid="layer-up"
            disabled={running || stack.indexOf(selected) === stack.length - 1}
            onClick={() => void layers.move(selected.id, stack.indexOf(selected) + 1)}
          >
            ↑
          </button>
          <button
            type="button"
            title="Move down"
            aria-label="Move down"
            data-testid="layer-down"
            disabled={running || stack.indexOf(selected) === 0}
            onClick={() => void layers.move(selected.id, stack.indexOf(selected) - 1)}
          >
            ↓
          </button>
          <button type="button" data-testid="layer-duplicate" disabled={running} onClick={() => void layers.duplicate(selected.id)}>
            Duplicate
          </button>
          <button type="button" data-testid="layer-delete" disabled={running} onClick={() => void layers.remove(selected.id)}>
            Delete
          </button>
          <button
            type="button"
            data-testid="layer-solo"
            aria-pressed={solo?.id === selected.id}
            disabled={running}
            onClick={() => void layers.solo(solo?.id === selected.id ? null : selected.id)}
          >
            Solo
          </button>
        </div>
      )}
      <JobProgress jobs={design.jobs} />
      <PanelError message={message} testId="layers-error" />
      {selected && (
        <LayerParams
          key={selected.id}
          layer={selected}
          design={design}
          climate={climate}
          onGenerate={() => setPanelTab(session.view, 'generate')}
          running={running}
        />
      )}
      {solo && <SoloPreview preview={solo} onClose={() => void layers.solo(null)} />}
    </section>
  );
}

function LayerName({ layer, onRename }: { layer: Layer; onRename(name: string): void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(layer.name);
  if (!editing) {
    return (
      <span
        className="layer-name"
        title="Double-click to rename"
        onDoubleClick={() => {
          setDraft(layer.name);
          setEditing(true);
        }}
      >
        {layer.name}
      </span>
    );
  }
  const commit = () => {
    setEditing(false);
    if (draft.trim() && draft !== layer.name) onRename(draft);
  };
  return (
    <input
      className="layer-name-input"
      data-testid={`layer-rename-${layer.id}`}
      aria-label="Layer name"
      value={draft}
      maxLength={200}
      autoFocus
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') {
          // Esc ends the rename here, not anything else.
          event.stopPropagation();
          setEditing(false);
        }
      }}
    />
  );
}

/**
 * Numeric parameters of a layer (one level of groups, and a strata's beds: `strata.beds.1.hardness`):
 * each committed value is one undo entry. Other lists (a road's or river's points) are edited with their tools.
 */
function numericParams(params: object, prefix = ''): Array<{ path: string; value: number }> {
  const out: Array<{ path: string; value: number }> = [];
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'number') out.push({ path: `${prefix}${key}`, value });
    else if (!prefix && value && typeof value === 'object' && !Array.isArray(value)) out.push(...numericParams(value as object, `${key}.`));
    else if (key === 'beds' && Array.isArray(value))
      value.forEach((bed: unknown, n) => {
        if (bed && typeof bed === 'object')
          for (const [field, v] of Object.entries(bed)) if (typeof v === 'number') out.push({ path: `${prefix}beds.${n}.${field}`, value: v });
      });
  }
  return out;
}

/**
 * Optional numbers a kind's layer may not hold yet, shown empty (off: the rule without them, as in
 * layers saved before they existed); a value turns one on, clearing the field turns it off.
 */
const OPTIONAL_NUMBERS: Partial<Record<LayerKind, ReadonlyArray<{ key: string; title: string }>>> = {
  thermal: [
    { key: 'retreatDeg', title: 'Wall retreat (°): walls steeper than this (in hard beds, steeper by √hardness) are cut back first' },
    {
      key: 'cliffDeg',
      title: 'Cliff angle (°): with strata, the hardest bed stands this steep and the softest at the retreat and talus angles (empty: √hardness)',
    },
    {
      key: 'faceCells',
      title: "Face cells: with a cliff angle, the fewest cells a bed's face spans; fewer let thick cliffs stand nearer vertical (empty: four)",
    },
    { key: 'talusShare', title: 'Talus aprons: the share (0…1) of each wall buried by the talus at its foot (empty: no aprons)' },
    { key: 'floorFill', title: 'Valley floors: metres of alluvium over the lowest ground, flat between the walls (empty: none)' },
    {
      key: 'creaseBreak',
      title: "Crease break (m): ridges and lips along the cells' other diagonal are rounded until the triangles break them by no more (empty: as they are)",
    },
    {
      key: 'topWidth',
      title: 'Top width (m): after the wall retreat, ridges, spurs and peaks narrower than this are cut to a flat top that wide (empty: as they are)',
    },
    {
      key: 'lipPasses',
      title: 'Lip passes: the tops of walls rounded over about a cell, so a rim slanting across the grid is not a staircase (empty: as they are)',
    },
    {
      key: 'lipDrop',
      title:
        'Lip drop (m): vertices dropping more than this to a neighbour are raised towards the surface along their contour, ' +
        "so a caprock's face is not a comb (empty: as they are)",
    },
    {
      key: 'jointing',
      title: 'Jointing (0 … 0.9): how unevenly walls retreat along their joints (empty: 0.6)',
    },
    {
      key: 'jointSpacing',
      title: 'Joint spacing (cells): joints this far apart; close joints notch a rim every few cells, wide ones bend it into alcoves and spurs (empty: 3)',
    },
    {
      key: 'caplessRelief',
      title:
        'Capless relief (m): with strata, soft hills no caprock holds up are weathered down to rounded hills at most this high over the ' +
        'saddle joining them to capped ground (empty: as they are)',
    },
    {
      key: 'capWidth',
      title:
        'Cap width (m): with capless relief, a piece of caprock narrower than this (a scrap on a shale cone) holds nothing up, so the ' +
        'cone weathers down with it (empty: every piece of cap holds ground up)',
    },
  ],
  fluvial: [
    {
      key: 'routeEvery',
      title: 'Route every (steps): the water is routed every this many steps, faster but less exact (empty or 1: every step)',
    },
    {
      key: 'softSlopes',
      title:
        "Soft slopes only (m): the step works only the strata's softest beds at least this far from a cliff, " +
        'so a wash cuts rills into shale slopes and aprons and leaves caprock and the talus under a cliff (empty: everywhere)',
    },
    {
      key: 'incisionDepth',
      title: 'Incision depth (m): the deepest the layer cuts any vertex below what it receives (empty: no limit)',
    },
    {
      key: 'channelWidth',
      title: 'Channel width (m): each channel widened into a trough with a flat floor this wide and banks under 40° (empty: as cut)',
    },
  ],
};

function LayerParams({
  layer,
  design,
  climate,
  onGenerate,
  running,
}: {
  layer: Layer;
  design: TerrainDesign;
  climate: Climate;
  onGenerate(): void;
  running: boolean;
}) {
  const { layers } = design;
  // Each bed's colour field follows its hardness field.
  const colours = new Map<string, BedColourField>(bedColourFields(layer.params, climate).map((field) => [field.path.replace(/colour$/, 'hardness'), field]));
  return (
    <div className="layer-params" data-testid="layer-params">
      <h3>{layer.name}</h3>
      <CommitField
        label="Opacity (%)"
        testId="layer-opacity"
        value={Math.round(layer.opacity * 1000) / 10}
        disabled={running}
        onCommit={(value) => void layers.setOpacity(layer.id, value / 100)}
      />
      {layer.kind === 'faults' ? (
        <p className="hint">
          The generator: its recipe is the Generate form; Run writes it here.{' '}
          <button type="button" data-testid="layer-open-generate" onClick={onGenerate}>
            Open Generate
          </button>
        </p>
      ) : layer.kind === 'sculpt' ? (
        <p className="hint">{layer.tiles.length} tiles of brush strokes. Select the brush (B) and paint into this layer.</p>
      ) : layer.kind === 'heights' ? (
        <p className="hint">Imported or saved heights: they replace what lies below.</p>
      ) : (
        <>
          {(SWITCHABLE_GROUPS[layer.kind] ?? []).map(({ key, title }) => (
            <label key={key} className="field" title={title}>
              <span>{key}</span>
              <input
                type="checkbox"
                data-testid={`layer-group-${key}`}
                checked={groupOn(layer, key)}
                disabled={running}
                onChange={(event) => void layers.switchGroup(layer.id, key, event.target.checked)}
              />
            </label>
          ))}
          {numericParams(layer.params).map(({ path, value }) => {
            const colour = colours.get(path);
            return (
              <Fragment key={path}>
                <NumberField
                  label={path}
                  testId={`layer-param-${path.replaceAll('.', '-')}`}
                  value={value}
                  disabled={running}
                  optional={OPTIONAL_NUMBERS[layer.kind]?.some((spec) => spec.key === path)}
                  onCommit={(next) => void layers.setParam(layer.id, path, next)}
                />
                {colour && <ColourField field={colour} disabled={running} onCommit={(next) => void layers.setParam(layer.id, colour.path, next)} />}
              </Fragment>
            );
          })}
          {(OPTIONAL_NUMBERS[layer.kind] ?? [])
            .filter(({ key }) => !(key in layer.params))
            .map(({ key, title }) => (
              <NumberField
                key={key}
                label={key}
                title={title}
                testId={`layer-param-${key}`}
                value={null}
                disabled={running}
                optional
                onCommit={(next) => void layers.setParam(layer.id, key, next)}
              />
            ))}
        </>
      )}
    </div>
  );
}

/** A number that is applied when the field is left or Enter is pressed (not on every keystroke: each is a re-evaluation). */
export function CommitField(props: { label: string; testId: string; value: number; disabled: boolean; onCommit(value: number): void }) {
  return <NumberField {...props} onCommit={(value) => value !== null && props.onCommit(value)} />;
}

/** As CommitField for an optional number: empty is "off" (value null), and clearing the field commits null. */
function NumberField({
  label,
  title,
  testId,
  value,
  disabled,
  optional,
  onCommit,
}: {
  label: string;
  title?: string;
  testId: string;
  value: number | null;
  disabled: boolean;
  optional?: boolean;
  onCommit(value: number | null): void;
}) {
  const shown = value === null ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  // The draft last sent: the field loses focus when the job it started disables it, and that blur must not
  // send it again (the stack would refuse it: "another job is running").
  const sent = useRef<string | null>(null);
  // Back to what the layer holds when it changes, and when a job ends without taking the edit (cancelled or
  // refused): a draft left standing would read as the layer's value, and its blur would run the job again.
  useEffect(() => {
    if (disabled) return;
    setDraft(shown);
    sent.current = null;
  }, [shown, disabled]);
  const send = (next: number | null) => {
    sent.current = draft;
    onCommit(next);
  };
  const commit = () => {
    if (draft === sent.current) return;
    const next = Number(draft);
    if (draft.trim() === '' && optional && value !== null) send(null);
    else if (draft.trim() !== '' && Number.isFinite(next) && next !== value) send(next);
    else setDraft(shown);
  };
  return (
    <label className="field" title={title}>
      <span>{label}</span>
      <input
        type="number"
        step="any"
        placeholder={optional ? 'off' : undefined}
        data-testid={testId}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
    </label>
  );
}

/**
 * A bed's colour (`strata.beds.N.colour`): a colour input showing what the views paint the bed in, and
 * a button that gives the bed back the climate's colour for its hardness. The picker sends input events
 * while it is open; only its change event (the picker closed on a colour) commits: one undo entry.
 */
function ColourField({ field, disabled, onCommit }: { field: BedColourField; disabled: boolean; onCommit(value: string | null): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(field.shown);
  useEffect(() => setDraft(field.shown), [field.shown]);
  const latest = useRef({ field, onCommit });
  latest.current = { field, onCommit };
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const commit = () => {
      const next = element.value.toLowerCase();
      if (/^#[0-9a-f]{6}$/.test(next) && next !== latest.current.field.shown.toLowerCase()) latest.current.onCommit(next);
    };
    element.addEventListener('change', commit);
    return () => element.removeEventListener('change', commit);
  }, []);
  const testId = `layer-param-${field.path.replaceAll('.', '-')}`;
  return (
    <label
      className="field"
      title="The bed's rock colour in both views and the exports; erosion does not read it (the button: the climate's colour for its hardness)"
    >
      <span>{field.path}</span>
      <span className="colour-field">
        <input
          ref={input}
          type="color"
          data-testid={testId}
          data-own={field.colour === null ? 'false' : 'true'}
          value={draft}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
        />
        {field.colour !== null && (
          <button
            type="button"
            data-testid={`${testId}-clear`}
            title="Back to the climate's colour for the bed's hardness"
            disabled={disabled}
            onClick={() => onCommit(null)}
          >
            ×
          </button>
        )}
      </span>
    </label>
  );
}

/** What the solo layer adds: red where it raises, blue where it lowers (and its mask, if any). */
function SoloPreview({ preview, onClose }: { preview: LayerPreview; onClose(): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const figure = useRef<HTMLElement>(null);
  const [showMask, setShowMask] = useState(false);
  const range = maxAbs(preview.contribution);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const picture = soloPreviewImage(preview, showMask);
    element.width = picture.width;
    element.height = picture.height;
    const image = context.createImageData(picture.width, picture.height);
    image.data.set(picture.rgba);
    context.putImageData(image, 0, 0);
  }, [preview, showMask]);
  // It opens under the layer's parameters, below the panel's fold at any window size: brought into
  // view when a layer is soloed, or Solo would seem to do nothing. After the drawing above has given the
  // canvas its size (scrolled at the canvas's default 2:1 size, the preview's lower half stayed below the
  // fold). (A block body: Chromium's scrollIntoView returns a promise, which React would take for the
  // effect's clean-up.)
  useEffect(() => {
    figure.current?.scrollIntoView({ block: 'nearest' });
  }, [preview.id]);
  return (
    <figure ref={figure} className="solo-preview" data-testid="solo-preview" data-range={range.toFixed(3)}>
      <figcaption>
        Solo: what “{preview.name}” adds (±{range.toFixed(2)} m; red raises, blue lowers)
        {preview.mask && (
          <label className="check">
            <input type="checkbox" checked={showMask} onChange={(event) => setShowMask(event.target.checked)} /> Mask
          </label>
        )}
        <button type="button" data-testid="solo-close" onClick={onClose}>
          Close
        </button>
      </figcaption>
      <canvas ref={canvas} />
    </figure>
  );
}

function maxAbs(values: Float32Array): number {
  let max = 0;
  for (let k = 0; k < values.length; k++) max = Math.max(max, Math.abs(values[k]));
  return max;
}
