/** `faults`: the generator — the recipe's fault lines added to the heights below (flat ground at the bottom). */
import { FaultLineStream, runFaultFormation } from '../../fault/fastFormation';
import { terrainExtent } from '../../terrain/heightfield';
import { faultProfileProblem } from '../../fault/profile';
import { LINE_METHODS } from '../../fault/recipe';
import { MAX_ITERATIONS, recipeBoundsProblem } from '../../fault/recipeBounds';
import { isFiniteNumber, isWhole, type LayerKindModule } from '../kind';
import type { FaultsLayer, FaultsParams } from '../types';
import { fieldOver } from './wholeMap';

/** Most iterations a faults layer runs (a hostile project cannot ask for more work): the recipe's. */
export const MAX_FAULT_ITERATIONS = MAX_ITERATIONS;

/**
 * The faults layer's check is the recipe's (recipeBounds.ts): what a project file, the Generate form
 * and the CLI accept as a recipe is exactly what a faults layer may hold, so no stack can be written
 * whose recipe a reader refuses.
 */
export function faultsProblem(p: FaultsParams): string | null {
  if (!isFiniteNumber(p.seed)) return 'seed must be a number';
  if (!isWhole(p.iterations, 0, MAX_FAULT_ITERATIONS)) return `iterations must be a whole number from 0 to ${MAX_FAULT_ITERATIONS}`;
  if (!(LINE_METHODS as readonly unknown[]).includes(p.lineMethod))
    return `line method ${JSON.stringify(p.lineMethod)} is unknown (known: ${LINE_METHODS.join(', ')})`;
  if (typeof p.decay !== 'object' || p.decay === null) return 'decay must be an object';
  for (const key of ['disp0', 'dispN', 'n'] as const) if (!isFiniteNumber(p.decay[key])) return `decay.${key} must be a number`;
  const bounds = recipeBoundsProblem(p);
  if (bounds) return `${bounds.field} ${bounds.problem}`;
  if (p.profile !== undefined) {
    const problem = faultProfileProblem(p.profile);
    if (problem) return problem;
  }
  if (p.runs !== undefined) {
    if (!Array.isArray(p.runs) || p.runs.length > 10_000) return 'runs must be a list of at most 10000 iterations';
    let last = 0;
    for (const end of p.runs) {
      if (!isWhole(end, last + 1, p.iterations - 1)) return 'runs must be whole iterations, increasing, between 0 and the iterations';
      last = end;
    }
  }
  return null;
}

export const faultsKind: LayerKindModule<FaultsLayer> = {
  kind: 'faults',
  local: false,
  problem: (layer) => faultsProblem(layer.params),
  apply(layer, input, out, size, _rect, options) {
    const field = fieldOver(input, out, size);
    const { params } = layer;
    // Each run rounds to float32 at its end, as "Run more" always did. Progress is faults applied
    // over all the runs, so one bar rises through every run (long runs stream: engine.ts).
    const ends = [...(params.runs ?? []), params.iterations];
    // The runs read one line sequence on: each line is generated once, however many runs there are.
    const { onProgress, shouldCancel } = options;
    const lines = new FaultLineStream(params, terrainExtent(field));
    let start = 0;
    for (const end of ends) {
      const before = start;
      const progress = onProgress && ((done: number) => onProgress(before + done, params.iterations));
      if (!runFaultFormation(field, params, { start, end, lines, onProgress: progress, shouldCancel, discardOnCancel: true })) return false;
      start = end;
    }
    return true;
  },
};
