import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import type { ViewSettings } from '../../shared/ipc/contract';
import { NumberField } from '../ui/NumberField';

/** Lighting and display of the 3D view: sun direction, shadows, occlusion, fog, water, grid, the natural colours' lines. Persisted with the view settings. */
export function ViewPanel({ session }: { session: EditorSession }) {
  const settings = useStore(session.view, (s) => s.settings);
  const set = (patch: Partial<ViewSettings>) => session.view.setState((s) => ({ settings: { ...s.settings, ...patch } }));
  const toggle = (key: 'shadows' | 'ambientOcclusion' | 'fog' | 'water' | 'grid' | 'showWater', label: string, title: string) => (
    <label className="check" title={title}>
      <input type="checkbox" data-testid={`view-${key}`} checked={settings[key]} onChange={(e) => set({ [key]: e.target.checked })} />
      {label}
    </label>
  );
  return (
    <section className="panel-section" aria-label="View" data-testid="view-panel">
      <h2>View</h2>
      <div className="field-row">
        <label className="field" title="Compass bearing the sunlight comes from: 0 north (top of the 2D map), 90 east">
          <span>Sun azimuth {Math.round(settings.sunAzimuthDeg)}°</span>
          <input
            type="range"
            data-testid="view-sun-azimuth"
            min={0}
            max={360}
            step={1}
            value={settings.sunAzimuthDeg}
            onChange={(e) => set({ sunAzimuthDeg: Number(e.target.value) })}
          />
        </label>
        <label className="field" title="Sun height above the horizon">
          <span>Elevation {Math.round(settings.sunElevationDeg)}°</span>
          <input
            type="range"
            data-testid="view-sun-elevation"
            min={1}
            max={90}
            step={1}
            value={settings.sunElevationDeg}
            onChange={(e) => set({ sunElevationDeg: Number(e.target.value) })}
          />
        </label>
      </div>
      <div className="check-row">
        {toggle('shadows', 'Shadows', 'The terrain casts sun shadows on itself')}
        {toggle('ambientOcclusion', 'Occlusion', 'Valleys and hollows get less sky light')}
        {toggle('fog', 'Fog', 'Distance haze matching the sky at the horizon')}
        {toggle('grid', 'Grid', 'Metric grid on the terrain: lines every power of ten metres')}
        {toggle('showWater', 'Water', 'Rivers and lakes of the water layers, in both views (View ▸ Show Water)')}
      </div>
      <div className="field-row">
        {toggle('water', 'Sea', 'A water plane at the sea level')}
        <NumberField
          label="Sea level (m)"
          testId="view-sea-level"
          min={-100000}
          max={100000}
          value={settings.seaLevel}
          onChange={(seaLevel) => set({ seaLevel })}
        />
      </div>
      <div className="field-row">
        <label
          className="field"
          title={
            'Natural colours: temperate (grass, scree above the tree line, snow above the snow line) or desert (ochre ground, rock in red and ' +
            "ochre bands by height, no snow). A preset's Run sets it."
          }
        >
          <span>Climate</span>
          <select data-testid="view-climate" value={settings.climate} onChange={(e) => set({ climate: e.target.value === 'desert' ? 'desert' : 'temperate' })}>
            <option value="temperate">Temperate</option>
            <option value="desert">Desert</option>
          </select>
        </label>
      </div>
      <div className="field-row" title="Natural colours: grass below the tree line, scree above it, snow above the snow line (metres)">
        <NumberField
          label="Tree line (m)"
          testId="view-tree-line"
          min={-100000}
          max={100000}
          value={settings.treeLine}
          onChange={(treeLine) => set({ treeLine })}
        />
        <NumberField
          label="Snow line (m)"
          testId="view-snow-line"
          min={-100000}
          max={100000}
          value={settings.snowLine}
          onChange={(snowLine) => set({ snowLine })}
        />
      </div>
    </section>
  );
}
