import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import type { RoadWideKey } from '../../app/roads/roadEdits';
import { PROP_TYPES } from '../../shared/props/library';
import type { RoadLayer } from '../../shared/layers/types';
import { eMaxOf, ROAD_SURFACES, type RoadSurface } from '../../shared/roads/params';
import { E_MAX_CHOICES, ROAD_CLASSES, ROAD_TERRAINS, parseRoadClass, roadClassName } from '../../shared/roads/standard';
import { useCommandState } from '../session';
import { RoadDriveSection } from '../roads/RoadDriveSection';
import { RouteSection } from '../roads/RouteSection';

/** A value typed freely and committed on Enter or leaving the field (each commit one undo entry). */
function CommitField({
  label,
  value,
  onCommit,
  testId,
  title,
}: {
  label: string;
  value: string;
  onCommit(text: string): void;
  testId: string;
  title?: string;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  return (
    <label className="field" title={title}>
      <span>{label}</span>
      <input
        type="text"
        inputMode="decimal"
        data-testid={testId}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setDraft(value);
        }}
      />
    </label>
  );
}

/** Text → number, or NaN (the validator then names the problem). */
const numberOf = (text: string) => (text === '' ? Number.NaN : Number(text));

const ROAD_FIELDS: ReadonlyArray<{ key: Exclude<RoadWideKey, 'bank' | 'eMaxPct'>; label: string; title: string }> = [
  { key: 'width', label: 'Width (m)', title: 'Surface width' },
  { key: 'falloffLeft', label: 'Shoulder left (m)', title: 'Blend back to the ground, left of travel' },
  { key: 'falloffRight', label: 'Shoulder right (m)', title: 'Blend back to the ground, right of travel' },
  { key: 'slopeLimitDeg', label: 'Slope limit (°)', title: 'Steepest cut or fill slope' },
  { key: 'maxGradePct', label: 'Max grade (%)', title: 'Steepest grade along the road' },
  { key: 'designSpeedKmh', label: 'Design speed (km/h)', title: 'For auto bank and the report' },
];

/**
 * The Roads tab: the stack's roads (select, new, delete), the selected road's values and its selected
 * point's width and bank, props (keep on roads, place along). Each change is one undo entry; a value
 * the road validator refuses shows its message and changes nothing.
 */
export function RoadsPanel({ session }: { session: EditorSession }) {
  const { editor, roads } = session;
  const model = roads.model;
  useStore(editor.store, (s) => s.version);
  const selectedId = useStore(session.design.layers.store, (s) => s.selectedId);
  const { selectedPoint, draft, message, keepProps, along } = useStore(model.store);
  const running = useStore(session.design.jobs.store, (s) => s.running);
  const toolState = useCommandState('tool.road');
  const list = model.roads();
  const road = list.find((r) => r.id === selectedId) ?? null;

  return (
    <section className="panel-section roads-panel" aria-label="Roads" data-testid="roads-panel">
      <h2>Roads</h2>
      <p className="hint">
        {toolState.pressed
          ? 'Click the terrain to add points at the end of the selected road; drag a point to move it; click the line to insert one; a drag ' +
            'elsewhere moves the view; Delete or Alt+click removes the selected point; Enter ends the road.'
          : 'Pick the Road tool (Shift+R) to draw roads.'}
      </p>
      {!toolState.pressed && (
        <button type="button" data-testid="roads-pick-tool" onClick={() => roads.selectTool()}>
          Road tool
        </button>
      )}
      <ol className="layer-list" data-testid="road-list">
        {list.map((r) => (
          <li key={r.id} className="layer-row" data-testid={`road-${r.id}`} aria-selected={r.id === selectedId} onClick={() => model.selectRoad(r.id)}>
            <span className="layer-name">{r.name}</span>
            <span className="hint">
              {r.params.points.length} points{r.enabled ? '' : ' · hidden'}
            </span>
            <button
              type="button"
              aria-label={`Delete ${r.name}`}
              title="Delete road"
              data-testid={`road-delete-${r.id}`}
              disabled={running}
              onClick={(event) => {
                event.stopPropagation();
                void model.deleteRoad(r.id);
              }}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      {list.length === 0 && <p className="hint">No roads yet.</p>}
      <div className="button-row">
        <button type="button" data-testid="road-new" disabled={running} onClick={() => model.newRoad()}>
          New road
        </button>
        {list.length > 0 && (
          // The report sits below the road's values: in a small window, one click brings it up.
          <button
            type="button"
            data-testid="road-go-report"
            title="Scroll to the road report"
            onClick={() => document.querySelector('[data-testid="road-report"]')?.scrollIntoView({ block: 'start' })}
          >
            Report ↓
          </button>
        )}
      </div>
      <RouteSection session={session} />
      {draft && !session.roads.route.store.getState().on && <p className="hint">First point set: click once more to make the road (Esc cancels).</p>}
      {message && (
        <p className="panel-message" role="status" data-testid="roads-message">
          {message}
        </p>
      )}
      {road && <RoadFields session={session} road={road} selectedPoint={selectedPoint} />}
      <RoadDriveSection session={session} />
      <h3>Props and roads</h3>
      <label className="field" title="Off: a road made or moved removes the props on it (undo brings them back)">
        <span>Keep props on roads</span>
        <input
          type="checkbox"
          data-testid="road-keep-props"
          checked={keepProps}
          onChange={(event) => model.store.setState({ keepProps: event.target.checked })}
        />
      </label>
      {road && (
        <div className="road-along" data-testid="road-along">
          <label className="field">
            <span>Place along: type</span>
            <select
              data-testid="road-along-type"
              value={along.type}
              onChange={(event) => model.store.setState({ along: { ...along, type: event.target.value } })}
            >
              {PROP_TYPES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <CommitField
            label="Spacing (m)"
            testId="road-along-spacing"
            value={String(along.spacing)}
            onCommit={(text) => model.store.setState({ along: { ...along, spacing: numberOf(text) } })}
          />
          <CommitField
            label="Offset from edge (m)"
            testId="road-along-offset"
            value={String(along.offset)}
            onCommit={(text) => model.store.setState({ along: { ...along, offset: numberOf(text) } })}
          />
          <label className="field">
            <span>Sides</span>
            <select
              data-testid="road-along-side"
              value={along.side}
              onChange={(event) => model.store.setState({ along: { ...along, side: event.target.value as typeof along.side } })}
            >
              <option value="both">Both</option>
              <option value="left">Left</option>
              <option value="right">Right</option>
            </select>
          </label>
          <button type="button" data-testid="road-along-place" disabled={running} onClick={() => model.placeAlong(road.id)}>
            Place along road
          </button>
        </div>
      )}
    </section>
  );
}

function RoadFields({ session, road, selectedPoint }: { session: EditorSession; road: RoadLayer; selectedPoint: number | null }) {
  const model = session.roads.model;
  const p = road.params;
  const bankMode = p.bank === 'auto' ? 'auto' : p.bank === 0 ? 'flat' : 'degrees';
  const point = selectedPoint !== null ? p.points[selectedPoint] : undefined;
  return (
    <div className="road-fields" data-testid="road-fields">
      <h3>{road.name}</h3>
      <CommitField label="Name" testId="road-name" value={road.name} onCommit={(text) => void model.rename(road.id, text)} />
      <label
        className="field"
        title="AASHTO Green Book 2011: the class and terrain set the maximum grade for the design speed (tables 5-2, 6-2, 7-2); the grade can still be typed"
      >
        <span>Class</span>
        <select
          data-testid="road-class"
          value={p.roadClass ? roadClassName(p.roadClass) : ''}
          onChange={(event) => void model.setClass(road.id, parseRoadClass(event.target.value))}
        >
          <option value="">None (grade as typed)</option>
          {ROAD_CLASSES.flatMap((kind) =>
            ROAD_TERRAINS.map((terrain) => (
              <option key={`${kind}-${terrain}`} value={`${kind}-${terrain}`}>
                {kind[0].toUpperCase() + kind.slice(1)}, {terrain}
              </option>
            )),
          )}
        </select>
      </label>
      {ROAD_FIELDS.map(({ key, label, title }) => (
        <CommitField
          key={key}
          label={label}
          title={title}
          testId={`road-${key}`}
          value={String(p[key])}
          onCommit={(text) => void model.setValue(road.id, key, numberOf(text))}
        />
      ))}
      <label className="field">
        <span>Bank</span>
        <select
          data-testid="road-bank-mode"
          value={bankMode}
          onChange={(event) => {
            const mode = event.target.value;
            void model.setValue(road.id, 'bank', mode === 'auto' ? 'auto' : mode === 'flat' ? 0 : 3);
          }}
        >
          <option value="flat">Flat</option>
          <option value="degrees">Degrees</option>
          <option value="auto">Auto (curvature, design speed)</option>
        </select>
      </label>
      <label className="field" title="Maximum superelevation (AASHTO): caps the auto bank and sets the minimum radius the report checks">
        <span>e max (%)</span>
        <select data-testid="road-emax" value={String(eMaxOf(p))} onChange={(event) => void model.setValue(road.id, 'eMaxPct', Number(event.target.value))}>
          {E_MAX_CHOICES.map((e) => (
            <option key={e} value={String(e)}>
              {e}
            </option>
          ))}
        </select>
      </label>
      <label className="field" title="What the views draw the road in: asphalt with edge and centre lines, or gravel (no heights change)">
        <span>Surface</span>
        <select
          data-testid="road-surface"
          value={p.surface ?? 'asphalt'}
          onChange={(event) => void model.setSurface(road.id, event.target.value as RoadSurface)}
        >
          {ROAD_SURFACES.map((surface) => (
            <option key={surface} value={surface}>
              {surface === 'asphalt' ? 'Asphalt' : 'Gravel'}
            </option>
          ))}
        </select>
      </label>
      <label
        className="field"
        title={
          "The road starts and ends at the ground's height under its first and last points; " +
          'off: the older profile, whose ends may stand above or below the ground (roads saved before this option)'
        }
      >
        <span>Ends on the ground</span>
        <input
          type="checkbox"
          data-testid="road-ends-on-ground"
          checked={p.endsOnGround === true}
          onChange={(event) => void model.setOption(road.id, 'endsOnGround', event.target.checked)}
        />
      </label>
      <label
        className="field"
        title={
          "The road's cross-section continues level under its gravel shoulders before the cut or fill starts, so their edges are drawn straight; " +
          "off: the cut or fill starts at the road's edge"
        }
      >
        <span>Level shoulders</span>
        <input
          type="checkbox"
          data-testid="road-level-shoulders"
          checked={p.levelShoulders === true}
          onChange={(event) => void model.setOption(road.id, 'levelShoulders', event.target.checked)}
        />
      </label>
      {bankMode === 'degrees' && (
        <CommitField
          label="Bank (°, + left lower)"
          testId="road-bank"
          value={String(p.bank)}
          onCommit={(text) => void model.setValue(road.id, 'bank', numberOf(text))}
        />
      )}
      {point && selectedPoint !== null ? (
        <div data-testid="road-point-fields">
          <h3>Point {selectedPoint + 1}</h3>
          <CommitField
            label="Width (m, empty: road's)"
            testId="road-point-width"
            value={point.width === undefined ? '' : String(point.width)}
            onCommit={(text) => void model.setPointValue(road.id, selectedPoint, 'width', text === '' ? undefined : numberOf(text))}
          />
          <CommitField
            label="Bank (°, empty: road's)"
            testId="road-point-bank"
            value={point.bank === undefined ? '' : String(point.bank)}
            onCommit={(text) => void model.setPointValue(road.id, selectedPoint, 'bank', text === '' ? undefined : numberOf(text))}
          />
        </div>
      ) : (
        <p className="hint">Select a point (click it) to set its own width and bank.</p>
      )}
    </div>
  );
}
