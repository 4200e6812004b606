import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import { BRUSH_MODES, type BrushMode, type BrushSettings } from '../../app/tools/brush';
import type { DesignToolId, TerrainDesign } from '../../app/terrainDesign';
import { NumberField } from '../ui/NumberField';

const TOOLS: ReadonlyArray<{ id: DesignToolId; label: string; key: string }> = [
  { id: 'navigate', label: 'Navigate', key: 'V' },
  { id: 'brush', label: 'Brush', key: 'B' },
  { id: 'fault', label: 'Fault line', key: 'F' },
];

/** Tool choice and the settings of the active design tool. */
export function ToolPanel({ session, design }: { session: EditorSession; design: TerrainDesign }) {
  const activeId = useStore(session.tools, (s) => s.active?.id ?? 'navigate');
  const brush = useStore(design.toolSettings, (s) => s.brush);
  const faultDisplacement = useStore(design.toolSettings, (s) => s.faultDisplacement);
  // Which sculpt layer the next stroke paints into (read when the stack or the selection changes).
  useStore(session.editor.store, (s) => s.version);
  useStore(design.layers.store, (s) => s.selectedId);
  const target = design.layers.sculptTarget();
  const targetName = target.created ? 'a new “Sculpt” layer at the top' : `“${target.stack[target.index].name}”`;
  const setBrush = (patch: Partial<BrushSettings>) => design.toolSettings.setState((s) => ({ brush: { ...s.brush, ...patch } }));

  return (
    <section className="panel-section" aria-label="Tools" data-testid="tool-panel">
      <h2>Tools</h2>
      <div className="button-row" role="radiogroup" aria-label="Tool">
        {TOOLS.map((tool) => (
          <button
            key={tool.id}
            type="button"
            role="radio"
            aria-checked={activeId === tool.id}
            data-testid={`tool-${tool.id}`}
            title={`${tool.label} (${tool.key})`}
            onClick={() => design.selectTool(tool.id)}
          >
            {tool.label}
          </button>
        ))}
      </div>
      {activeId === 'brush' && (
        <>
          <label className="field">
            <span>Mode</span>
            <select data-testid="brush-mode" value={brush.mode} onChange={(e) => setBrush({ mode: e.target.value as BrushMode })}>
              {BRUSH_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {mode.charAt(0).toUpperCase() + mode.slice(1)}
                </option>
              ))}
            </select>
          </label>
          <NumberField label="Radius (m)" testId="brush-radius" min={0.1} value={brush.radius} onChange={(radius) => setBrush({ radius })} />
          <NumberField
            label="Strength"
            testId="brush-strength"
            min={0}
            max={1}
            step={0.05}
            value={brush.strength}
            onChange={(strength) => setBrush({ strength })}
          />
          <NumberField label="Falloff" testId="brush-falloff" min={0} max={1} step={0.05} value={brush.falloff} onChange={(falloff) => setBrush({ falloff })} />
          <p className="hint" data-testid="brush-target">
            Paints into {targetName} (Layers tab: select another). Drag on the terrain; Esc cancels the stroke.
          </p>
        </>
      )}
      {activeId === 'fault' && (
        <>
          <NumberField
            label="Displacement (m)"
            testId="fault-displacement"
            value={faultDisplacement}
            onChange={(value) => design.toolSettings.setState({ faultDisplacement: value })}
            title="The left side of the drag rises by this much, the right side sinks by it"
          />
          <p className="hint">Drag a line on the 2D map; Esc cancels.</p>
        </>
      )}
    </section>
  );
}
