import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Exchange } from '../../app/exchange/exchange';
import type { EngineDialogOptions } from '../../app/exchange/exchangeState';
import { engineFor, type EngineId } from '../../shared/export/engines';
import { MASK_SOURCE_LABELS, SOURCE_NEEDS, type MaskRule, type MaskSource } from '../../shared/export/masks';
import type { EngineNumber } from '../../shared/export/engineExport';
import { NumberField } from '../ui/NumberField';
import { copyText } from './clipboard';

/** The engine part of the export dialog: size and fit, the values to type, masks, normal map, tiles. */
export function EngineExportSection({ exchange, engineId }: { exchange: Exchange; engineId: EngineId }) {
  const flow = exchange.exports;
  const options = useStore(exchange.store, (s) => s.engineOptions);
  // Re-plans when the options or the document change (the plan itself is cached).
  useStore(exchange.store, (s) => s.exportOptions);
  const outcome = flow.plan(engineId);
  const set = (patch: Partial<EngineDialogOptions>) => flow.setEngineOptions(patch);
  const { sizes, choosesSize, rawHeightLabel, tiling, normalGreen } = engineFor(engineId).form;
  return (
    <div className="engine-export" data-testid="engine-export">
      <div className="engine-columns">
        <div className="engine-options">
          {choosesSize && (
            <div className="exchange-row">
              <label className="field">
                <span>Size (vertices per side)</span>
                <select
                  data-testid="engine-size"
                  value={options.size ?? ''}
                  onChange={(e) => set({ size: e.target.value === '' ? null : Number(e.target.value) })}
                >
                  <option value="">Nearest{outcome.plan && options.size === null ? ` (${outcome.plan.width})` : ''}</option>
                  {sizes.map((size) => (
                    <option key={size} value={size}>
                      {size} × {size}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>Fit</span>
                <select data-testid="engine-fit" value={options.fit} onChange={(e) => set({ fit: e.target.value === 'crop' ? 'crop' : 'resample' })}>
                  <option value="resample">Resample whole map</option>
                  <option value="crop">Crop centre</option>
                </select>
              </label>
            </div>
          )}
          {rawHeightLabel !== null && (
            <div className="exchange-row">
              <label className="field">
                <span>Height file</span>
                <select
                  data-testid="engine-height-format"
                  value={options.heightFormat}
                  onChange={(e) => set({ heightFormat: e.target.value === 'r16' ? 'r16' : 'exr' })}
                >
                  <option value="exr">EXR float32 (metres)</option>
                  <option value="r16">{rawHeightLabel}</option>
                </select>
              </label>
              {options.heightFormat === 'exr' && (
                <label className="field">
                  <span>EXR compression</span>
                  <select
                    data-testid="engine-exr-compression"
                    value={options.exrCompression}
                    onChange={(e) => set({ exrCompression: e.target.value === 'none' ? 'none' : 'zip' })}
                  >
                    <option value="zip">ZIP</option>
                    <option value="none">None</option>
                  </select>
                </label>
              )}
            </div>
          )}
          <div className="exchange-row engine-checks">
            <label>
              <input type="checkbox" data-testid="engine-normal-map" checked={options.normalMap} onChange={(e) => set({ normalMap: e.target.checked })} />{' '}
              Normal map
            </label>
            <label title="NAME_colour.png: the 3D view's natural colours (8-bit sRGB) at the heightmap's size">
              <input type="checkbox" data-testid="engine-colour-map" checked={options.colourMap} onChange={(e) => set({ colourMap: e.target.checked })} />{' '}
              Colour map
            </label>
            <label>
              <input type="checkbox" data-testid="engine-masks" checked={options.masks} onChange={(e) => set({ masks: e.target.checked })} /> Masks
            </label>
            <label
              title={
                flow.hasAutomaticWater()
                  ? 'NAME_water_depth.exr, NAME_flow.png, NAME_water.glb and NAME_rivers.json at the map’s own vertices'
                  : 'Needs a water layer'
              }
            >
              <input
                type="checkbox"
                data-testid="engine-water"
                disabled={!flow.hasAutomaticWater()}
                checked={options.water && flow.hasAutomaticWater()}
                onChange={(e) => set({ water: e.target.checked })}
              />{' '}
              Water
            </label>
            {tiling && (
              <label>
                <input type="checkbox" data-testid="engine-tiles" checked={options.tiles} onChange={(e) => set({ tiles: e.target.checked })} /> Tiles
              </label>
            )}
          </div>
          {options.normalMap && (
            <div className="exchange-row">
              <label className="field">
                <span>Normal space</span>
                <select
                  data-testid="engine-normal-space"
                  value={options.normalSpace}
                  onChange={(e) => set({ normalSpace: e.target.value === 'world' ? 'world' : 'tangent' })}
                >
                  <option value="tangent">Tangent</option>
                  <option value="world">World (engine axes)</option>
                </select>
              </label>
              {options.normalSpace === 'tangent' && (
                <label className="field">
                  <span>Green (Y)</span>
                  <select
                    data-testid="engine-normal-green"
                    value={options.normalGreen ?? ''}
                    onChange={(e) => set({ normalGreen: e.target.value === '' ? null : e.target.value === 'down' ? 'down' : 'up' })}
                  >
                    <option value="">Engine default ({normalGreen})</option>
                    <option value="up">Up (OpenGL)</option>
                    <option value="down">Down (DirectX)</option>
                  </select>
                </label>
              )}
            </div>
          )}
          {tiling && options.tiles && (
            <div className="exchange-row">
              <NumberField label={tiling.label} testId="engine-tile-size" integer min={2} value={options.tileSize} onChange={(tileSize) => set({ tileSize })} />
              {/* Unreal's tiled import and Terrain3D's regions share no edge; Unity terrains share one: none is a choice. */}
            </div>
          )}
        </div>
        <EngineNumbers numbers={outcome.plan?.numbers ?? []} />
      </div>
      {options.masks && <MaskEditor exchange={exchange} />}
      {outcome.problem ? (
        <div className="exchange-problem" role="alert" data-testid="engine-problem">
          {outcome.problem}
        </div>
      ) : (
        outcome.plan && (
          <div className="engine-files" data-testid="engine-files">
            {outcome.plan.files.length} files:{' '}
            {outcome.plan.files
              .slice(0, 6)
              .map((f) => f.name)
              .join(', ')}
            {outcome.plan.files.length > 6 ? ', …' : ''}
            {outcome.plan.notes.map((note) => (
              <div key={note} className="engine-note">
                {note}
              </div>
            ))}
          </div>
        )
      )}
    </div>
  );
}

/** What the dialog shows and copies: numbers to at most 6 decimals (far below a millimetre or a centimetre). */
export function numberText(n: EngineNumber): string {
  return typeof n.value === 'number' ? String(Number(n.value.toFixed(6))) : n.value;
}

/** The values to type into the engine, each with a copy button. */
function EngineNumbers({ numbers }: { numbers: EngineNumber[] }) {
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <div className="engine-numbers" data-testid="engine-numbers">
      <div className="engine-numbers-title">Values to type</div>
      {numbers.map((n) => (
        <div className="engine-number" key={n.key} data-testid={`engine-number-${n.key}`}>
          <span className="engine-number-label">{n.label}</span>
          <span className="engine-number-value" data-testid={`engine-value-${n.key}`}>
            {numberText(n)}
            {n.unit ? <span className="engine-number-unit"> {n.unit}</span> : null}
          </span>
          <button
            type="button"
            className="engine-copy"
            data-testid={`engine-copy-${n.key}`}
            title={`Copy ${n.label}`}
            aria-label={`Copy ${n.label}`}
            onClick={() => void copyText(numberText(n)).then((ok) => ok && setCopied(n.key))}
          >
            {copied === n.key ? '✓' : 'Copy'}
          </button>
        </div>
      ))}
    </div>
  );
}

const SOURCES = Object.keys(MASK_SOURCE_LABELS) as MaskSource[];

/** An input for an optional bound: empty means none. */
function OptionalNumber({
  value,
  onChange,
  testId,
  label,
}: {
  value: number | undefined;
  onChange(value: number | undefined): void;
  testId: string;
  label: string;
}) {
  const [draft, setDraft] = useState(value === undefined ? '' : String(value));
  useEffect(
    () => setDraft((current) => ((current === '' ? undefined : Number(current)) === value ? current : value === undefined ? '' : String(value))),
    [value],
  );
  return (
    <input
      type="number"
      step="any"
      placeholder="—"
      aria-label={label}
      data-testid={testId}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        if (e.target.value.trim() === '') onChange(undefined);
        else if (Number.isFinite(Number(e.target.value))) onChange(Number(e.target.value));
      }}
    />
  );
}

function MaskEditor({ exchange }: { exchange: Exchange }) {
  const flow = exchange.exports;
  const layers = useStore(exchange.store, (s) => s.engineOptions.maskSet.layers);
  const previewed = useStore(exchange.store, (s) => s.maskPreviewLayer);
  const available = flow.maskSources();
  return (
    <div className="mask-editor" data-testid="mask-editor">
      <div className="mask-editor-head">
        <span title="Normalised: the layers' weights sum to 255 at every pixel, as Unreal's weight-blended layers and World Machine's Weightmap device require">
          Layers: the first is the base; each later layer covers the ones before it (weights sum to 255 at every pixel)
        </span>
        <button type="button" data-testid="mask-add-layer" onClick={() => flow.addMaskLayer()} disabled={layers.length >= 16}>
          + Layer
        </button>
      </div>
      {layers.map((layer, l) => (
        <div className="mask-layer" key={l} data-testid={`mask-layer-${l}`}>
          <div className="mask-layer-head">
            <input aria-label="Layer name" data-testid={`mask-name-${l}`} value={layer.name} onChange={(e) => flow.renameMaskLayer(l, e.target.value)} />
            <button
              type="button"
              className={previewed === l ? 'mask-preview active' : 'mask-preview'}
              data-testid={`mask-preview-${l}`}
              aria-pressed={previewed === l}
              title="Show this layer's weights on the 2D map"
              onClick={() => flow.previewMask(previewed === l ? null : l)}
            >
              {previewed === l ? 'Previewing' : 'Preview'}
            </button>
            {l > 0 && (
              <button type="button" data-testid={`mask-add-rule-${l}`} onClick={() => flow.addMaskRule(l)} disabled={layer.rules.length >= 8}>
                + Rule
              </button>
            )}
            {layers.length > 1 && (
              <button
                type="button"
                data-testid={`mask-remove-${l}`}
                title="Remove layer"
                aria-label={`Remove layer ${layer.name}`}
                onClick={() => flow.removeMaskLayer(l)}
              >
                ×
              </button>
            )}
          </div>
          {l === 0 ? (
            <div className="mask-base">Base: wherever the later layers leave uncovered</div>
          ) : (
            layer.rules.map((rule, r) => (
              <RuleRow
                key={r}
                rule={rule}
                available={available}
                testId={`mask-rule-${l}-${r}`}
                onChange={(patch) => flow.setMaskRule(l, r, patch)}
                onRemove={() => flow.removeMaskRule(l, r)}
              />
            ))
          )}
        </div>
      ))}
    </div>
  );
}

/** What a rule's numbers measure, from the source's label: "Height (m)" → "height (m)". */
function unitOf(source: MaskSource): string {
  const label = MASK_SOURCE_LABELS[source];
  return label.charAt(0).toLowerCase() + label.slice(1);
}

function RuleRow({
  rule,
  available,
  testId,
  onChange,
  onRemove,
}: {
  rule: MaskRule;
  available: readonly MaskSource[];
  testId: string;
  onChange(patch: Partial<MaskRule>): void;
  onRemove(): void;
}) {
  return (
    <div className="mask-rule" data-testid={testId}>
      <select
        aria-label="Source"
        title={`Source: ${MASK_SOURCE_LABELS[rule.source]}${rule.source === 'shoulder' ? ' — the roads’ gravel shoulders and the aprons past their ends' : ''}`}
        data-testid={`${testId}-source`}
        value={rule.source}
        onChange={(e) => onChange({ source: e.target.value as MaskSource })}
      >
        {SOURCES.map((source) => (
          <option key={source} value={source} disabled={!available.includes(source)}>
            {MASK_SOURCE_LABELS[source]}
            {available.includes(source) ? '' : ` — needs ${SOURCE_NEEDS[source]}`}
          </option>
        ))}
      </select>
      <label title={`The least ${unitOf(rule.source)} the layer covers fully; empty: no lower limit`}>
        from <OptionalNumber label="Minimum" testId={`${testId}-min`} value={rule.min} onChange={(min) => onChange({ min })} />
      </label>
      <label title={`The most ${unitOf(rule.source)} the layer covers fully; empty: no upper limit`}>
        to <OptionalNumber label="Maximum" testId={`${testId}-max`} value={rule.max} onChange={(max) => onChange({ max })} />
      </label>
      <label title={`Softness: how far past "from" and "to" the cover fades to nothing, in the same ${unitOf(rule.source)}`}>
        soft <OptionalNumber label="Softness" testId={`${testId}-soft`} value={rule.softness} onChange={(softness) => onChange({ softness })} />
      </label>
      <button type="button" aria-label="Remove rule" title="Remove rule" onClick={onRemove}>
        ×
      </button>
    </div>
  );
}
