import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import { DRIVE_SETTING_LIMITS, type DriveCamera, type CarDynamics, type PoseMethod } from '../../app/drive/settings';
import type { DriveSession } from '../../app/drive/driveSession';
import { STOCK_CAR_IDS, CAR_SPEC_LIMITS, isStockCarId, type PhysicsCarSpec } from '../../shared/vehicle/physics/cars';
import { staticStabilityFactor, tipAngleDeg } from '../../shared/vehicle/physics/stability';
import { carSlopeLimits } from '../../shared/vehicle/physics/drivability';
import { NumberField } from '../ui/NumberField';
import { physicsUnavailableText } from '../../app/drive/physicsDriver';

const STOCK_CAR_NAMES = { hatchback: 'Hatchback', '4x4': '4×4', truck: 'Truck' } as const;

/** The physics car's editable values: label, key, input step, and a factor from stored to shown units. */
const SPEC_FIELDS: ReadonlyArray<{ key: keyof PhysicsCarSpec & keyof typeof CAR_SPEC_LIMITS; label: string; step: number; scale?: number }> = [
  { key: 'mass', label: 'Mass (kg)', step: 50 },
  { key: 'length', label: 'Length (m)', step: 0.1 },
  { key: 'width', label: 'Width (m)', step: 0.05 },
  { key: 'height', label: 'Height (m)', step: 0.05 },
  { key: 'wheelbase', label: 'Wheelbase (m)', step: 0.05 },
  { key: 'track', label: 'Track (m)', step: 0.05 },
  { key: 'wheelRadius', label: 'Wheel radius (m)', step: 0.01 },
  { key: 'centreOfMassHeight', label: 'Centre of mass above ground (m)', step: 0.05 },
  { key: 'suspensionRestLength', label: 'Spring length (m)', step: 0.01 },
  { key: 'suspensionTravel', label: 'Travel (m)', step: 0.01 },
  { key: 'suspensionStiffness', label: 'Spring (N/m)', step: 1000 },
  { key: 'suspensionDamping', label: 'Damper (N·s/m)', step: 100 },
  { key: 'engineForce', label: 'Engine force (N)', step: 100 },
  { key: 'topSpeed', label: 'Top speed (km/h)', step: 5, scale: 3.6 },
  { key: 'brakeForce', label: 'Brake force (N)', step: 500 },
  { key: 'maxSteerDeg', label: 'Steering lock (°)', step: 1 },
  { key: 'tyreFriction', label: 'Tyre friction μ', step: 0.05 },
  { key: 'fordingDepth', label: 'Fording depth (m)', step: 0.05 },
];

/** The stock car picker: beside the model's picker, so the Drive tab fits a 1024×768 window without scrolling. */
function CarSelect({ drive, car }: { drive: DriveSession; car: string }) {
  return (
    <label className="field" title="A stock car fills every value below; each stays editable">
      <span>Car</span>
      <select
        data-testid="drive-car"
        value={car}
        onChange={(e) => {
          if (isStockCarId(e.target.value)) drive.setSettings({ car: e.target.value });
        }}
      >
        {STOCK_CAR_IDS.map((id) => (
          <option key={id} value={id}>
            {STOCK_CAR_NAMES[id]}
          </option>
        ))}
      </select>
    </label>
  );
}

function PhysicsCarFields({ drive, spec }: { drive: DriveSession; spec: PhysicsCarSpec }) {
  return (
    <>
      <p
        className="drive-stability"
        data-testid="drive-stability"
        title={
          'Static stability factor, track / (2 × centre-of-mass height): cars about 1.3–1.5, SUVs 1.1–1.3, trucks 1.0–1.2. A side slope steeper ' +
          "than the angle tips the car; the climb is the lower of the driven wheels' grip and the engine's force. The drivability overlay tints " +
          "ground steeper than the car's lowest limit"
        }
      >
        Stability factor {staticStabilityFactor(spec).toFixed(2)} · climbs up to {carSlopeLimits(spec).climbDeg.toFixed(0)}° · tips at{' '}
        {tipAngleDeg(spec).toFixed(0)}° side slope
      </p>
      <details className="drive-car-details" data-testid="drive-car-details">
        <summary>Car values</summary>
        {SPEC_FIELDS.map(({ key, label, step, scale = 1 }) => (
          <NumberField
            key={key}
            label={label}
            testId={`drive-car-${key}`}
            step={step}
            min={CAR_SPEC_LIMITS[key].min * scale}
            max={CAR_SPEC_LIMITS[key].max * scale}
            value={Math.round(spec[key] * scale * 1000) / 1000}
            onChange={(value) => drive.setSettings({ carSpec: { ...spec, [key]: value / scale } })}
          />
        ))}
        <label className="field">
          <span>Driven wheels</span>
          <select
            data-testid="drive-car-driven"
            value={spec.driven}
            onChange={(e) => drive.setSettings({ carSpec: { ...spec, driven: e.target.value as PhysicsCarSpec['driven'] } })}
          >
            <option value="front">Front</option>
            <option value="rear">Rear</option>
            <option value="all">All four</option>
          </select>
        </label>
      </details>
    </>
  );
}

/** Side-panel section: the model (physics or kinematic), its car, camera and the drivability overlay. */
export function DrivePanel({ session }: { session: EditorSession }) {
  const drive = session.drive;
  const settings = useStore(drive.store, (s) => s.settings);
  const mode = useStore(drive.store, (s) => s.mode);
  const physicsUnavailable = useStore(drive.store, (s) => s.physicsUnavailable);
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
      {/* Model and car on one row, camera and overlay on another: the tab's last row above the fold at 1024×768. */}
      <div className="field-row">
        <label
          className="field"
          title={
            'Physics: a raycast-wheel car with mass, suspension and tyre grip. Kinematic: the exact terrain-following car (pitch and roll from ' +
            'terrain samples)'
          }
        >
          <span>Model</span>
          <select data-testid="drive-model" value={settings.model} onChange={(e) => drive.setSettings({ model: e.target.value as CarDynamics })}>
            <option value="physics">Physics</option>
            <option value="kinematic">Kinematic</option>
          </select>
        </label>
        {settings.model === 'physics' && <CarSelect drive={drive} car={settings.car} />}
      </div>
      {physicsUnavailable !== null && (
        <p className="panel-error" data-testid="drive-physics-unavailable" role="status">
          {physicsUnavailableText(physicsUnavailable)}
        </p>
      )}
      {settings.model === 'physics' ? (
        <PhysicsCarFields drive={drive} spec={settings.carSpec} />
      ) : (
        <>
          <NumberField
            label="Car length (m)"
            testId="drive-length"
            step={0.1}
            {...limits.length}
            value={settings.length}
            onChange={(length) => drive.setSettings({ length })}
          />
          <NumberField
            label="Car width (m)"
            testId="drive-width"
            step={0.1}
            {...limits.width}
            value={settings.width}
            onChange={(width) => drive.setSettings({ width })}
          />
          <NumberField
            label="Max speed (m/s)"
            testId="drive-max-speed"
            step={1}
            {...limits.maxSpeed}
            value={settings.maxSpeed}
            onChange={(maxSpeed) => drive.setSettings({ maxSpeed })}
          />
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
            <select
              data-testid="drive-pose-method"
              value={settings.poseMethod}
              onChange={(e) => drive.setSettings({ poseMethod: e.target.value as PoseMethod })}
            >
              <option value="classic">4-point (3 front, 1 back)</option>
              <option value="wheelPlane">4-wheel plane fit</option>
            </select>
          </label>
        </>
      )}
      <div className="field-row drive-camera-row">
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
      </div>
    </section>
  );
}
