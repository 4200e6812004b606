import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import { DRIVE_SETTING_LIMITS, type DriveCamera, type PoseMethod } from '../../app/drive/settings';
import { NumberField } from '../panels/NumberField';

/** Side-panel section: car settings, orientation method, camera and the drivability overlay. */
export function DrivePanel({ session }: { session: EditorSession }) {
  const drive = session.drive;
  const settings = useStore(drive.store, (s) => s.settings);
  const mode = useStore(drive.store, (s) => s.mode);
  const limits = DRIVE_SETTING_LIMITS;
  return (
    <section className="panel-section" aria-label="Test drive" data-testid="drive-panel">
      <h2>Test drive</h2>
      <div className="button-row">
        <button type="button" data-testid="drive-panel-toggle" aria-pressed={mode === 'drive'} onClick={() => void session.commands.execute('drive.toggle')}>
          {mode === 'drive' ? 'Leave drive' : 'Drive (G)'}
        </button>
        <button type="button" data-testid="drive-panel-walk" aria-pressed={mode === 'walk'} onClick={() => void session.commands.execute('drive.walk')}>
          {mode === 'walk' ? 'Leave walk' : 'Walk (Shift+G)'}
        </button>
      </div>
      <NumberField label="Car length (m)" testId="drive-length" step={0.1} {...limits.length} value={settings.length} onChange={(length) => drive.setSettings({ length })} />
      <NumberField label="Car width (m)" testId="drive-width" step={0.1} {...limits.width} value={settings.width} onChange={(width) => drive.setSettings({ width })} />
      <NumberField label="Max speed (m/s)" testId="drive-max-speed" step={1} {...limits.maxSpeed} value={settings.maxSpeed} onChange={(maxSpeed) => drive.setSettings({ maxSpeed })} />
      <NumberField
        label="Max climb (°)"
        testId="drive-max-slope"
        step={1}
        {...limits.maxClimbSlopeDeg}
        value={settings.maxClimbSlopeDeg}
        onChange={(maxClimbSlopeDeg) => drive.setSettings({ maxClimbSlopeDeg })}
        title="The car will not climb ground steeper than this; the drivability overlay tints it"
      />
      <label className="field" title="How the car's pitch and roll are taken from the ground">
        <span>Orientation</span>
        <select data-testid="drive-pose-method" value={settings.poseMethod} onChange={(e) => drive.setSettings({ poseMethod: e.target.value as PoseMethod })}>
          <option value="classic">4-point (3 front, 1 back)</option>
          <option value="wheelPlane">4-wheel plane fit</option>
        </select>
      </label>
      <label className="field">
        <span>Camera</span>
        <select data-testid="drive-camera-mode" value={settings.camera} onChange={(e) => drive.setSettings({ camera: e.target.value as DriveCamera })}>
          <option value="chase">Chase</option>
          <option value="hood">Hood</option>
        </select>
      </label>
      <label className="field">
        <span>Drivability overlay</span>
        <input
          type="checkbox"
          data-testid="drive-overlay"
          checked={settings.drivabilityOverlay}
          onChange={(e) => drive.setSettings({ drivabilityOverlay: e.target.checked })}
        />
      </label>
    </section>
  );
}
