/**
 * The steps a terrain is made of after its recipe's first run: continued runs, manual faults,
 * filters and erosion. Each is plain JSON (recorded in the project's history and sent to workers),
 * and `applyStep` is the one place that says what a step does to the heights, so a job, the CLI and
 * a replay of a saved project all get the same bytes.
 */
import type { Heightfield } from '../terrain/heightfield';
import { applyFaults, lineThroughPoints, runFaultFormation } from '../fault/fastFormation';
import type { FaultRecipe } from '../fault/recipe';
import { MAX_ITERATIONS } from '../fault/recipeBounds';
import { erosionFilter } from '../filters/erosion';
import { normalizeToRange } from '../filters/normalize';
import { terraceHeights, terraceProblem, type TerraceParams } from '../filters/terrace';
import { carveChannels, channelProblem, type ChannelParams } from '../filters/channels';
import { runErosionStep } from '../erosion';
import { runFluvial } from '../erosion/fluvial';
import { DEFAULT_FLUVIAL, fluvialProblem, type FluvialParams } from '../erosion/fluvialParams';
import type { ErosionMasks } from '../erosion/hydraulic';
import {
  DEFAULT_HYDRAULIC,
  DEFAULT_THERMAL,
  HYDRAULIC_VERSION,
  hydraulicProblem,
  thermalProblem,
  type ErosionRunOptions,
  type HydraulicParams,
  type ThermalParams,
} from '../erosion/params';

/** Iterations [start, end) of the document's recipe, added to the heights as they are. */
export interface RunStep {
  kind: 'run';
  start: number;
  end: number;
}
/** One fault through two world points (metres); the left of p1 → p2 (seen from above) rises. */
export interface ManualFaultStep {
  kind: 'manualFault';
  x1: number;
  z1: number;
  x2: number;
  z2: number;
  displacement: number;
}
/** The FIR smoothing filter with strength k ∈ [0, 1). */
export interface SmoothStep {
  kind: 'smooth';
  k: number;
}
/** Linear stretch of the heights onto [min, max]. */
export interface NormaliseStep {
  kind: 'normalise';
  min: number;
  max: number;
}
/** Terraces: flat treads at base + n · step metres with soft risers (shared/filters/terrace.ts). */
export type TerraceStep = { kind: 'terrace' } & TerraceParams;
/** Canyons cut along the drainage network (shared/filters/channels.ts). */
export type ChannelsStep = { kind: 'channels' } & ChannelParams;
export type ThermalStep = { kind: 'thermal' } & ThermalParams;
export type HydraulicStep = { kind: 'hydraulic' } & HydraulicParams;
/** Stream-power erosion over time (shared/erosion/fluvial.ts). */
export type FluvialStep = { kind: 'fluvial' } & FluvialParams;

export type TerrainStep = RunStep | ManualFaultStep | SmoothStep | NormaliseStep | TerraceStep | ChannelsStep | ThermalStep | HydraulicStep | FluvialStep;
export type TerrainStepKind = TerrainStep['kind'];

/** Steps that can follow a generation in a preset (they need no recipe to continue). */
export type FinishingStep = SmoothStep | NormaliseStep | TerraceStep | ChannelsStep | ThermalStep | HydraulicStep | FluvialStep;

export const fluvialStep = (params: Partial<FluvialParams> = {}): FluvialStep => ({ kind: 'fluvial', ...DEFAULT_FLUVIAL, ...params });
export const thermalStep = (params: Partial<ThermalParams> = {}): ThermalStep => ({ kind: 'thermal', ...DEFAULT_THERMAL, ...params });
/** A new hydraulic step records the current kernel (HYDRAULIC_VERSION) unless `params` names one. */
export const hydraulicStep = (params: Partial<HydraulicParams> = {}): HydraulicStep => ({
  kind: 'hydraulic',
  ...DEFAULT_HYDRAULIC,
  version: HYDRAULIC_VERSION,
  ...params,
});

/** What a step's progress and cancel hooks, and its optional erosion masks, need. */
export interface StepRunOptions extends ErosionRunOptions {
  /** Filled by hydraulic steps (accumulated over several). */
  masks?: ErosionMasks;
}

const STEP_LABELS: Record<TerrainStepKind, string> = {
  run: 'Run more',
  manualFault: 'Manual fault',
  smooth: 'Smooth',
  normalise: 'Normalise',
  terrace: 'Terrace',
  channels: 'Cut canyons',
  thermal: 'Thermal erosion',
  hydraulic: 'Hydraulic erosion',
  fluvial: 'Fluvial erosion',
};

/** A short label for undo, progress and the history list. */
export function stepLabel(step: TerrainStep): string {
  switch (step.kind) {
    case 'run':
      return `Run ${step.end - step.start} more`;
    case 'smooth':
      return `Smooth (k = ${step.k})`;
    case 'normalise':
      return `Normalise to ${step.min}…${step.max} m`;
    case 'terrace':
      return `Terrace every ${step.step} m`;
    case 'thermal':
      return `Thermal erosion (${step.iterations} × ${step.talusDeg}°)`;
    case 'fluvial':
      return `Fluvial erosion (${step.time.toLocaleString('en-US')} years)`;
    case 'hydraulic':
      return `Hydraulic erosion (${step.droplets.toLocaleString('en-US')} droplets)`;
    default:
      return STEP_LABELS[step.kind];
  }
}

/** The first problem with a step's values, in words, or null (the step's functions throw it too). */
export function stepProblem(step: TerrainStep): string | null {
  switch (step.kind) {
    case 'run':
      // Bounded as a recipe is: a project's "run more" step of 10¹⁵ iterations would never finish.
      return Number.isSafeInteger(step.start) && Number.isSafeInteger(step.end) && step.start >= 0 && step.end >= step.start && step.end <= MAX_ITERATIONS
        ? null
        : `a run needs whole iterations 0 ≤ start ≤ end ≤ ${MAX_ITERATIONS}`;
    case 'manualFault':
      return [step.x1, step.z1, step.x2, step.z2, step.displacement].every(Number.isFinite) ? null : 'a manual fault needs finite points and displacement';
    case 'smooth':
      return step.k >= 0 && step.k < 1 ? null : 'smoothing strength must be in [0, 1)';
    case 'normalise':
      return Number.isFinite(step.min) && Number.isFinite(step.max) && step.min <= step.max ? null : 'normalise needs finite min ≤ max';
    case 'terrace':
      return terraceProblem(step);
    case 'channels':
      return channelProblem(step);
    case 'thermal':
      return thermalProblem(step);
    case 'hydraulic':
      return hydraulicProblem(step);
    case 'fluvial': {
      const { kind: _kind, ...params } = step;
      return fluvialProblem(params);
    }
  }
}

/**
 * Applies one step to the field in place. `recipe` is the document's recipe (needed by 'run' steps
 * only). Returns false when cancelled (the heights are then partly changed: callers work on a copy).
 */
export function applyStep(field: Heightfield, step: TerrainStep, recipe: FaultRecipe | null, options: StepRunOptions = {}): boolean {
  const problem = stepProblem(step);
  if (problem) throw new RangeError(problem);
  const { onProgress, shouldCancel } = options;
  switch (step.kind) {
    case 'run': {
      if (!recipe) throw new RangeError('a run step needs a recipe to continue');
      return runFaultFormation(field, recipe, { start: step.start, end: step.end, onProgress, shouldCancel, discardOnCancel: true });
    }
    case 'manualFault':
      applyFaults(field, [{ line: lineThroughPoints(step.x1, step.z1, step.x2, step.z2), displacement: step.displacement }]);
      onProgress?.(1, 1);
      return true;
    case 'smooth':
      erosionFilter(field, step.k);
      onProgress?.(1, 1);
      return true;
    case 'normalise':
      normalizeToRange(field, step.min, step.max);
      onProgress?.(1, 1);
      return true;
    case 'terrace':
      terraceHeights(field, step);
      onProgress?.(1, 1);
      return true;
    case 'channels':
      carveChannels(field, step);
      onProgress?.(1, 1);
      return true;
    case 'fluvial': {
      const { kind: _kind, ...params } = step;
      return runFluvial(field, field.heights, field.heights, params, { onProgress, shouldCancel });
    }
    case 'thermal':
    case 'hydraulic':
      return runErosionStep(field, step, { onProgress, shouldCancel, masks: options.masks });
  }
}
