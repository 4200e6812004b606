import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import type { OptionalRange, PropToolSettings } from '../../app/props/propsStores';
import type { PropsFeature, PropToolId } from '../../app/props/propsFeature';
import { PROP_TYPES } from '../../shared/props/library';
import { snapProp } from '../../shared/props/prop';
import { lookupPropType } from '../../app/props/placementLayer';
import { NumberField } from '../ui/NumberField';

const TOOLS: ReadonlyArray<{ id: PropToolId; label: string; key: string }> = [
  { id: 'place', label: 'Place', key: 'P' },
  { id: 'select', label: 'Select', key: 'S' },
  { id: 'scatter', label: 'Scatter', key: 'Shift+P' },
];

const DEG = 180 / Math.PI;

/** Side panel section: prop tools, the type to place, scatter rules, the selection's transform, export. */
export function PropsSection({ session }: { session: EditorSession }) {
  const feature = session.props;
  const { controller } = feature;
  const activeId = useStore(session.tools, (s) => s.active?.id ?? '');
  const { count, message } = useStore(controller.status);
  const settings = useStore(controller.settings);
  const selected = useStore(controller.selection, (s) => s.ids);

  return (
    <section className="panel-section" aria-label="Props" data-testid="props-panel">
      <h2>
        Props{' '}
        <span data-testid="props-count" data-count={count}>
          ({count})
        </span>
      </h2>
      <div className="button-row" role="radiogroup" aria-label="Prop tool">
        {TOOLS.map((tool) => (
          <button
            key={tool.id}
            type="button"
            role="radio"
            aria-checked={activeId === feature.tools[tool.id].id}
            data-testid={`props-tool-${tool.id}`}
            title={`${tool.label} props (${tool.key})`}
            onClick={() => feature.selectTool(tool.id)}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <label className="field">
        <span>Type to place</span>
        <select data-testid="props-type" value={settings.placeType} onChange={(e) => controller.settings.setState({ placeType: e.target.value })}>
          {PROP_TYPES.map((type) => (
            <option key={type.id} value={type.id}>
              {type.label}
            </option>
          ))}
        </select>
      </label>
      <SelectionFields feature={feature} selected={selected} />
      <ScatterRules feature={feature} scatter={settings.scatter} />
      <div className="button-row">
        <button type="button" data-testid="props-export" onClick={() => void session.commands.execute('props.exportJson')}>
          Export JSON…
        </button>
      </div>
      {message && (
        <p className="hint" data-testid="props-message">
          {message}
        </p>
      )}
    </section>
  );
}

function SelectionFields({ feature, selected }: { feature: PropsFeature; selected: ReadonlySet<string> }) {
  const { controller } = feature;
  // Re-render when placements change (the terrain moved under the selected prop).
  useStore(controller.status, (s) => s.tick);
  if (selected.size === 0) return <p className="hint">No prop selected.</p>;
  const actions = (
    <div className="button-row">
      <button type="button" data-testid="props-duplicate" onClick={() => controller.duplicateSelection()}>
        Duplicate
      </button>
      <button type="button" data-testid="props-delete" onClick={() => controller.deleteSelection()}>
        Delete
      </button>
    </div>
  );
  if (selected.size > 1) {
    return (
      <>
        <p className="hint" data-testid="props-selection-count">
          {selected.size} props selected
        </p>
        {actions}
      </>
    );
  }
  const [id] = selected;
  const k = controller.layer.indexOf(id);
  if (k === undefined) return null;
  const prop = controller.layer.list[k];
  const placed = snapProp(controller.editor.document.field, prop, lookupPropType(prop.type));
  const set = (patch: Parameters<typeof controller.updateSelection>[0]) => controller.updateSelection(patch);
  return (
    <>
      <h3>Selected {lookupPropType(prop.type).label}</h3>
      <div
        data-testid="prop-selected"
        data-id={prop.id}
        data-type={prop.type}
        data-x={prop.x}
        data-y={placed.y}
        data-z={prop.z}
        data-yaw={prop.yaw}
        data-pitch={placed.pitch}
        data-roll={placed.roll}
        data-scale={prop.scale}
        className="hint"
      >
        base y {placed.y.toFixed(3)} m · tilt {(Math.hypot(placed.pitch, placed.roll) * DEG).toFixed(1)}°
      </div>
      <div className="field-row">
        <NumberField label="x (m)" testId="prop-x" value={prop.x} onChange={(x) => set({ x })} />
        <NumberField label="z (m)" testId="prop-z" value={prop.z} onChange={(z) => set({ z })} />
      </div>
      <div className="field-row">
        <NumberField label="Yaw (°)" testId="prop-yaw" value={Number((prop.yaw * DEG).toFixed(4))} onChange={(deg) => set({ yaw: deg / DEG })} />
        <NumberField label="Scale" testId="prop-scale" min={0.01} value={prop.scale} onChange={(scale) => set({ scale })} />
        <NumberField label="Offset y (m)" testId="prop-offset" value={prop.offsetY ?? 0} onChange={(offsetY) => set({ offsetY })} />
      </div>
      {actions}
    </>
  );
}

function RangeField({ label, testId, range, onChange }: { label: string; testId: string; range: OptionalRange; onChange(range: OptionalRange): void }) {
  return (
    <div className="field-row range-row">
      <label className="field">
        <span>{label}</span>
        <input type="checkbox" data-testid={`${testId}-enabled`} checked={range.enabled} onChange={(e) => onChange({ ...range, enabled: e.target.checked })} />
      </label>
      <NumberField label="min" testId={`${testId}-min`} value={range.min} onChange={(min) => onChange({ ...range, min })} />
      <NumberField label="max" testId={`${testId}-max`} value={range.max} onChange={(max) => onChange({ ...range, max })} />
    </div>
  );
}

function ScatterRules({ feature, scatter }: { feature: PropsFeature; scatter: PropToolSettings['scatter'] }) {
  const { controller } = feature;
  const set = (patch: Partial<PropToolSettings['scatter']>) => controller.settings.setState((s) => ({ scatter: { ...s.scatter, ...patch } }));
  const toggleType = (id: string, on: boolean) => set({ types: on ? [...scatter.types.filter((t) => t !== id), id] : scatter.types.filter((t) => t !== id) });
  const scatterMap = () => {
    try {
      controller.scatter({ kind: 'map' });
    } catch (error) {
      controller.status.setState({ message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <>
      <h3>Scatter</h3>
      <div className="field-row" style={{ flexWrap: 'wrap' }}>
        {PROP_TYPES.map((type) => (
          <label key={type.id} title={type.label}>
            <input
              type="checkbox"
              data-testid={`scatter-type-${type.id}`}
              checked={scatter.types.includes(type.id)}
              onChange={(e) => toggleType(type.id, e.target.checked)}
            />{' '}
            {type.label}
          </label>
        ))}
      </div>
      <div className="field-row">
        <label className="field">
          <span>By</span>
          <select data-testid="scatter-mode" value={scatter.mode} onChange={(e) => set({ mode: e.target.value as 'count' | 'density' })}>
            <option value="count">count</option>
            <option value="density">density (per ha)</option>
          </select>
        </label>
        {scatter.mode === 'count' ? (
          <NumberField label="Count" testId="scatter-count" integer min={0} value={scatter.count} onChange={(count) => set({ count })} />
        ) : (
          <NumberField
            label="Per hectare"
            testId="scatter-density"
            min={0}
            value={scatter.densityPerHectare}
            onChange={(densityPerHectare) => set({ densityPerHectare })}
          />
        )}
        <NumberField label="Seed" testId="scatter-seed" integer min={0} value={scatter.seed} onChange={(seed) => set({ seed })} />
      </div>
      {/* The section's action under its first choices, so it stays in view under the 2D map. */}
      <div className="button-row">
        <button type="button" data-testid="props-scatter-map" onClick={scatterMap}>
          Scatter over map
        </button>
      </div>
      <RangeField label="Slope (°)" testId="scatter-slope" range={scatter.slopeDeg} onChange={(slopeDeg) => set({ slopeDeg })} />
      <RangeField label="Height (m)" testId="scatter-height" range={scatter.height} onChange={(height) => set({ height })} />
      <div className="field-row">
        <label className="field">
          <span>Spacing</span>
          <input
            type="checkbox"
            data-testid="scatter-spacing-enabled"
            checked={scatter.spacing !== null}
            onChange={(e) => set({ spacing: e.target.checked ? 2 : null })}
          />
        </label>
        {scatter.spacing !== null ? (
          <NumberField label="Min spacing (m)" testId="scatter-spacing" min={0} value={scatter.spacing} onChange={(spacing) => set({ spacing })} />
        ) : (
          <p className="hint">each type's default</p>
        )}
      </div>
      <label className="field">
        <span>Avoid roads</span>
        <input type="checkbox" data-testid="scatter-avoid-roads" checked={scatter.avoidRoads} onChange={(e) => set({ avoidRoads: e.target.checked })} />
      </label>
      <label className="field" title="Keep new props out of the water of the water and river layers; off allows props in water">
        <span>Avoid water</span>
        <input type="checkbox" data-testid="scatter-avoid-water" checked={scatter.avoidWater} onChange={(e) => set({ avoidWater: e.target.checked })} />
      </label>
      <NumberField label="Brush radius (m)" testId="scatter-radius" min={0.1} value={scatter.brushRadius} onChange={(brushRadius) => set({ brushRadius })} />
      <p className="hint">With the Scatter tool, click the terrain to scatter inside the brush.</p>
    </>
  );
}
