/**
 * Erosion steps as plain JSON records (for the project history and for workers) and one dispatcher.
 * A new model (e.g. a grid "virtual pipe" model) adds a member to ErosionStep, a case to
 * erosionStepProblem and runErosionStep, and may fill the same masks.
 */
import type { Heightfield } from '../terrain/heightfield';
import { hydraulicErosion, type ErosionMasks } from './hydraulic';
import { hydraulicProblem, thermalProblem, type ErosionRunOptions, type HydraulicParams, type ThermalParams } from './params';
import { thermalErosion } from './thermal';
import { hydraulicErosionTiled } from './hydraulicTiled';
import { hydraulicErosionScales } from './hydraulicScales';

export * from './params';
export { thermalErosion, talusHeight } from './thermal';
export {
  hydraulicErosionTiled,
  hydraulicTilePlan,
  hydraulicKernel,
  tileRandom,
  prepareHydraulic,
  dropletReach,
  type HydraulicKernel,
  type HydraulicTilePlan,
} from './hydraulicTiled';
export { hydraulicErosion, erosionBrush, type ErosionMasks, type ErosionBrush, type HydraulicRunOptions } from './hydraulic';

export type ErosionStep = ({ kind: 'thermal' } & ThermalParams) | ({ kind: 'hydraulic' } & HydraulicParams);
export type ErosionKind = ErosionStep['kind'];
export const EROSION_KINDS: readonly ErosionKind[] = ['thermal', 'hydraulic'];

export interface ErosionStepOptions extends ErosionRunOptions {
  /** Filled by the steps that make masks (hydraulic); others leave them alone. */
  masks?: ErosionMasks;
}

/** The first problem with a step read from JSON (unknown kind, bad parameters), in words, or null. */
export function erosionStepProblem(step: unknown): string | null {
  if (typeof step !== 'object' || step === null) return 'an erosion step must be an object';
  const kind = (step as { kind?: unknown }).kind;
  switch (kind) {
    case 'thermal':
      return thermalProblem(step as ThermalParams);
    case 'hydraulic':
      return hydraulicProblem(step as HydraulicParams);
    default:
      return `unknown erosion kind ${JSON.stringify(kind) ?? String(kind)}`;
  }
}

/** Runs one step on field.heights in place; false when cancelled (the caller discards the heights). */
export function runErosionStep(field: Heightfield, step: ErosionStep, options: ErosionStepOptions = {}): boolean {
  switch (step.kind) {
    case 'thermal':
      return thermalErosion(field, step, options);
    case 'hydraulic':
      // Steps recorded before version 2 carry no version: they keep the sequential kernel.
      if (step.version === 3) return hydraulicErosionScales(field, step, options);
      return step.version === 2 ? hydraulicErosionTiled(field, step, options) : hydraulicErosion(field, step, options);
    default: {
      const unknownStep: never = step;
      throw new RangeError(erosionStepProblem(unknownStep) ?? 'unknown erosion step');
    }
  }
}
