/**
 * Reading recorded steps back from JSON (a project's history) and replaying a whole terrain from its
 * recipe and steps: what makes "a recipe reproduces bit for bit" checkable.
 */
import type { JsonObject } from '../json';
import { runFaultFormation } from '../fault/fastFormation';
import type { FaultRecipe } from '../fault/recipe';
import { DEFAULT_HYDRAULIC, DEFAULT_THERMAL } from '../erosion/params';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { applyStep, stepProblem, type StepRunOptions, type TerrainStep } from './steps';

/** The numeric fields each step kind carries (all required). */
const STEP_FIELDS: Record<TerrainStep['kind'], readonly string[]> = {
  run: ['start', 'end'],
  manualFault: ['x1', 'z1', 'x2', 'z2', 'displacement'],
  smooth: ['k'],
  normalise: ['min', 'max'],
  terrace: ['step', 'riser', 'base'],
  channels: ['depth', 'threshold', 'wallSlope'],
  thermal: Object.keys(DEFAULT_THERMAL),
  hydraulic: Object.keys(DEFAULT_HYDRAULIC),
  // Never in a v1 history (fluvial erosion came with layers): readStep refuses it.
  fluvial: [],
};

const isStepKind = (kind: unknown): kind is TerrainStep['kind'] => typeof kind === 'string' && Object.prototype.hasOwnProperty.call(STEP_FIELDS, kind);

/** A recorded step as a typed step, or the reason it is not one (unknown kind, missing or bad values). */
export function readStep(value: JsonObject): TerrainStep | string {
  const { kind } = value;
  if (!isStepKind(kind) || kind === 'fluvial') return `unknown step kind ${JSON.stringify(kind)}`;
  const step: Record<string, number | string> = { kind };
  for (const name of STEP_FIELDS[kind]) {
    const field = value[name];
    if (typeof field !== 'number' || !Number.isFinite(field)) return `${kind} step: ${name} must be a number`;
    step[name] = field;
  }
  // Optional: hydraulic steps saved before version 2 have none and keep the sequential kernel.
  if (kind === 'hydraulic' && value.version !== undefined) {
    if (value.version !== 1 && value.version !== 2 && value.version !== 3) return 'hydraulic step: version must be 1, 2 or 3';
    step.version = value.version;
  }
  const typed = step as unknown as TerrainStep;
  return stepProblem(typed) ?? typed;
}

export interface ReplayInput {
  width: number;
  depth: number;
  cellSize: number;
  /** The document's recipe (its iterations count every run so far); null for flat ground. */
  recipe: FaultRecipe | null;
  steps: readonly TerrainStep[];
}

/**
 * Rebuilds a terrain: flat ground, the recipe's first run, then each step in order. A document's
 * recipe counts every iteration run so far, so its first run ends where the first 'run' step starts.
 */
export function replayTerrain(input: ReplayInput, options: StepRunOptions = {}): Heightfield {
  const field = createHeightfield(input.width, input.depth, input.cellSize);
  if (input.recipe) {
    const firstRun = input.steps.find((step) => step.kind === 'run');
    runFaultFormation(field, input.recipe, { end: firstRun ? firstRun.start : input.recipe.iterations });
  }
  for (const step of input.steps) applyStep(field, step, input.recipe, { masks: options.masks });
  return field;
}
