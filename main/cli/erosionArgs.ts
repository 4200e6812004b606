/**
 * The erosion options `faultline generate` and `faultline erode` share: each turns into a recipe
 * step (shared/recipe/steps.ts), so the CLI applies exactly what the editor records.
 */
import {
  DEFAULT_HYDRAULIC,
  DEFAULT_THERMAL,
  MAX_DROPLETS,
  MAX_DROPLET_LIFETIME,
  MAX_EROSION_RADIUS,
  MAX_THERMAL_ITERATIONS,
} from '../../shared/erosion/params';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { Heightfield } from '../../shared/terrain/heightfield';
import {
  applyStep,
  hydraulicStep,
  stepProblem,
  thermalStep,
  type FinishingStep,
  type HydraulicStep,
  type StepRunOptions,
  type ThermalStep,
} from '../../shared/recipe/steps';
import { parseNumber, parseWhole } from './numbers';
import { UsageError } from './options';

/** The erosion options, each taking a value (parsed below). */
export const EROSION_OPTIONS = {
  thermal: { type: 'string' },
  talus: { type: 'string' },
  'thermal-strength': { type: 'string' },
  hydraulic: { type: 'string' },
  'droplet-lifetime': { type: 'string' },
  'erosion-radius': { type: 'string' },
} as const;

export type ErosionValues = Partial<Record<keyof typeof EROSION_OPTIONS, string>>;

/** Most worker threads `--threads` accepts. */
export const MAX_THREADS = 256;

/**
 * Runs a step on worker threads (index.ts passes main/services/erosionThreads.ts; the CLI itself
 * stays free of Node APIs). `cores` is the default of `--threads`.
 */
export interface StepRunner {
  cores: number;
  run(field: Heightfield, step: FinishingStep, recipe: FaultRecipe | null, options: StepRunOptions & { threads: number }): Promise<boolean>;
}

/** `--threads N`: whole, 1…MAX_THREADS; undefined when not given. */
export function parseThreadsOption(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseWhole('--threads', text, 1, MAX_THREADS);
}

/**
 * One finishing step with `threads` workers (default: the runner's cores) when a runner is given,
 * else on this thread. Any thread count gives the same bytes (shared/erosion/parallel.ts).
 */
export function runFinishingStep(
  runner: StepRunner | undefined,
  field: Heightfield,
  step: FinishingStep,
  recipe: FaultRecipe | null,
  threads: number | undefined,
  options: StepRunOptions = {},
): Promise<boolean> {
  if (!runner) return Promise.resolve(applyStep(field, step, recipe, options));
  return runner.run(field, step, recipe, { ...options, threads: threads ?? runner.cores });
}

/**
 * The finishing steps after applying the options to `base` (a preset's steps, or none): `--thermal`
 * and `--hydraulic` set the step of their kind (added at the end when the base has none), and their
 * companions (`--talus`, `--droplet-lifetime`, …) tune it. `seed` seeds hydraulic droplets.
 */
export function erosionStepsFrom(values: ErosionValues, seed: number, base: readonly FinishingStep[] = []): FinishingStep[] {
  const steps = base.map((step) => ({ ...step }));
  const find = <K extends 'thermal' | 'hydraulic'>(kind: K) =>
    steps.find((step) => step.kind === kind) as (K extends 'thermal' ? ThermalStep : HydraulicStep) | undefined;

  const thermalTuned = values.talus !== undefined || values['thermal-strength'] !== undefined;
  if (values.thermal !== undefined || thermalTuned) {
    let thermal = find('thermal');
    if (!thermal) {
      if (values.thermal === undefined) throw new UsageError('--talus and --thermal-strength need --thermal N (passes)');
      thermal = thermalStep();
      steps.push(thermal);
    }
    if (values.thermal !== undefined) thermal.iterations = parseWhole('--thermal', values.thermal, 0, MAX_THERMAL_ITERATIONS);
    if (values.talus !== undefined) thermal.talusDeg = parseNumber('--talus', values.talus, 0.01, 89.99);
    if (values['thermal-strength'] !== undefined) thermal.strength = parseNumber('--thermal-strength', values['thermal-strength'], 0.001, 1);
  }

  const hydraulicTuned = values['droplet-lifetime'] !== undefined || values['erosion-radius'] !== undefined;
  if (values.hydraulic !== undefined || hydraulicTuned) {
    let hydraulic = find('hydraulic');
    if (!hydraulic) {
      if (values.hydraulic === undefined) throw new UsageError('--droplet-lifetime and --erosion-radius need --hydraulic DROPLETS');
      hydraulic = hydraulicStep();
      steps.push(hydraulic);
    }
    if (values.hydraulic !== undefined) hydraulic.droplets = parseWhole('--hydraulic', values.hydraulic, 0, MAX_DROPLETS);
    if (values['droplet-lifetime'] !== undefined) hydraulic.lifetime = parseWhole('--droplet-lifetime', values['droplet-lifetime'], 1, MAX_DROPLET_LIFETIME);
    if (values['erosion-radius'] !== undefined) hydraulic.radius = parseWhole('--erosion-radius', values['erosion-radius'], 1, MAX_EROSION_RADIUS);
  }
  for (const step of steps) {
    if (step.kind === 'hydraulic') step.seed = seed;
    const problem = stepProblem(step);
    if (problem) throw new UsageError(problem);
  }
  return steps;
}

export const EROSION_HELP = `Erosion (each becomes a recipe step, applied in the order given by the preset, new ones last):
  --thermal N               thermal erosion passes (default talus ${DEFAULT_THERMAL.talusDeg}°, strength ${DEFAULT_THERMAL.strength})
  --talus DEG               talus angle: slopes steeper than this shed material
  --thermal-strength S      fraction of the excess moved per pass, (0, 1]
  --hydraulic DROPLETS      hydraulic (droplet) erosion, up to ${MAX_DROPLETS.toLocaleString('en-US')} droplets
  --droplet-lifetime N      steps a droplet lives (default ${DEFAULT_HYDRAULIC.lifetime})
  --erosion-radius N        erosion radius in cells (default ${DEFAULT_HYDRAULIC.radius})
  --threads N               worker threads for erosion, 1…${MAX_THREADS} (default: this machine's cores);
                            any number gives the same bytes
`;
