import type { TerrainStep } from '../../shared/recipe/steps';
import { MAX_DROPLETS, MAX_DROPLET_LIFETIME, MAX_EROSION_RADIUS, MAX_THERMAL_ITERATIONS } from '../../shared/erosion/params';
import { NumberField } from '../ui/NumberField';

export type EditableStep = Exclude<TerrainStep, { kind: 'run' } | { kind: 'manualFault' }>;

interface FieldSpec {
  key: string;
  label: string;
  title: string;
  integer?: boolean;
  min?: number;
  max?: number;
  step?: number;
}

/** The values a user edits per step kind; the rest keep the defaults (see shared/erosion/params.ts). */
const FIELDS: Record<EditableStep['kind'], readonly FieldSpec[]> = {
  smooth: [{ key: 'k', label: 'k', title: 'Smoothing strength: 0 leaves the map, near 1 smooths strongly', min: 0, max: 0.99, step: 0.05 }],
  normalise: [
    { key: 'min', label: 'Min (m)', title: 'Lowest height after normalising' },
    { key: 'max', label: 'Max (m)', title: 'Highest height after normalising' },
  ],
  terrace: [
    { key: 'step', label: 'Step (m)', title: 'Metres between terrace levels', min: 0.01 },
    {
      key: 'riser',
      label: 'Riser',
      title: 'Fraction of each level band that rises (the rest is flat): small makes steep faces',
      min: 0.01,
      max: 1,
      step: 0.05,
    },
    { key: 'base', label: 'Base (m)', title: 'Height of one level (levels are base + n × step)' },
  ],
  channels: [
    { key: 'depth', label: 'Depth (m)', title: 'Deepest cut, where the most water gathers', min: 0.01, max: 10000 },
    {
      key: 'threshold',
      label: 'Threshold',
      title: 'Share of the map a point must drain to be cut: smaller makes more, longer canyons',
      min: 0.0001,
      max: 0.0999,
      step: 0.001,
    },
    { key: 'wallSlope', label: 'Walls', title: 'Wall rise in metres per metre (1 is 45°)', min: 0.01, max: 100, step: 0.1 },
  ],
  thermal: [
    { key: 'iterations', label: 'Passes', title: 'Thermal erosion passes over the map', integer: true, min: 0, max: MAX_THERMAL_ITERATIONS },
    { key: 'talusDeg', label: 'Talus (°)', title: 'Angle of repose: steeper slopes shed material downhill', min: 1, max: 89 },
    { key: 'strength', label: 'Strength', title: 'Fraction of the excess moved per pass', min: 0.01, max: 1, step: 0.05 },
  ],
  hydraulic: [
    { key: 'droplets', label: 'Droplets', title: 'Rain droplets simulated', integer: true, min: 0, max: MAX_DROPLETS },
    { key: 'lifetime', label: 'Lifetime', title: 'Steps a droplet lives at most', integer: true, min: 1, max: MAX_DROPLET_LIFETIME },
    { key: 'radius', label: 'Radius', title: 'Erosion radius, cells', integer: true, min: 1, max: MAX_EROSION_RADIUS },
    { key: 'erosionRate', label: 'Erode', title: 'Fraction of the free capacity eroded per step', min: 0, max: 1, step: 0.05 },
    { key: 'depositionRate', label: 'Deposit', title: 'Fraction of the surplus sediment deposited per step', min: 0, max: 1, step: 0.05 },
    { key: 'capacity', label: 'Capacity', title: 'Sediment capacity factor', min: 0, step: 0.5 },
    { key: 'inertia', label: 'Inertia', title: 'How much a droplet keeps its direction (0…1)', min: 0, max: 1, step: 0.05 },
    { key: 'evaporation', label: 'Evaporate', title: 'Fraction of the water evaporated per step', min: 0, max: 1, step: 0.01 },
    { key: 'seed', label: 'Seed', title: 'Seeds where droplets fall', integer: true, min: 0, max: 0xffffffff },
  ],
  fluvial: [
    { key: 'k', label: 'K', title: 'Erodibility K (m^(1−2m)/yr): a river of area A cuts K·A^m·slope metres a year', min: 0, max: 1, step: 1e-6 },
    { key: 'm', label: 'm', title: 'Area exponent m (0.5 usual)', min: 0, max: 2, step: 0.05 },
    { key: 'n', label: 'n', title: 'Slope exponent n (1 usual)', min: 0.5, max: 4, step: 0.1 },
    { key: 'uplift', label: 'Uplift (m/yr)', title: 'Rock uplift U; the map edge is the base level', min: -1, max: 1, step: 1e-4 },
    { key: 'diffusion', label: 'Diffusion', title: 'Hillslope diffusivity κ, m²/yr', min: 0, max: 100, step: 1e-3 },
    { key: 'timeStep', label: 'Step (yr)', title: 'Years per time step', min: 0.001, max: 1e7 },
    { key: 'time', label: 'Time (yr)', title: 'Years in all', min: 0, max: 1e9 },
  ],
};

export const STEP_KIND_LABELS: Record<EditableStep['kind'], string> = {
  smooth: 'Smooth',
  normalise: 'Normalise',
  terrace: 'Terrace',
  channels: 'Cut canyons',
  thermal: 'Thermal erosion',
  hydraulic: 'Hydraulic erosion',
  fluvial: 'Fluvial erosion',
};

/** Number fields for one step's values; each change gives a new step. */
export function StepFields<S extends EditableStep>({ step, testId, onChange }: { step: S; testId: string; onChange(step: S): void }) {
  const values = step as unknown as Record<string, number>;
  return (
    <div className="step-fields">
      {FIELDS[step.kind].map((spec) => (
        <NumberField
          key={spec.key}
          label={spec.label}
          title={spec.title}
          testId={`${testId}-${spec.key}`}
          integer={spec.integer}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          value={values[spec.key]}
          onChange={(value) => onChange({ ...step, [spec.key]: value })}
        />
      ))}
    </div>
  );
}
