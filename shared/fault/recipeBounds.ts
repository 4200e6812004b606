/**
 * The one set of bounds a fault recipe must keep, wherever it comes from: the CLI's options, the
 * Generate form, a project file, "Run more". Beyond them a run would not finish (10¹⁵ iterations),
 * would not be exact (sums beyond MAX_TOTAL_DISPLACEMENT) or would not reproduce (a fractional seed).
 */
import { MAX_TOTAL_DISPLACEMENT } from './fastFormation';
import type { FaultRecipe } from './recipe';

/** Most fault iterations a recipe (and so a document, after any "Run more") may have. */
export const MAX_ITERATIONS = 1_000_000;
/** Seeds are whole numbers 0..2³² − 1 (the PRNG's state). */
export const MAX_SEED = 0xffffffff;

export type RecipeField = 'seed' | 'iterations' | 'decay.disp0' | 'decay.dispN' | 'decay.n';

export interface RecipeBoundsProblem {
  /** The recipe field that is out of bounds (for the total displacement, 'iterations'). */
  field: RecipeField;
  /** What is wrong, in words, starting with the value ("is 1e15, above …"). */
  problem: string;
}

const whole = (value: number, max: number): string | null =>
  Number.isInteger(value) && value >= 0 && value <= max ? null : `is ${value}, not a whole number from 0 to ${max}`;

/** The first field of the recipe outside the bounds, or null when it keeps them all. */
export function recipeBoundsProblem(recipe: Pick<FaultRecipe, 'seed' | 'iterations' | 'decay'>): RecipeBoundsProblem | null {
  const { seed, iterations, decay } = recipe;
  const seedProblem = whole(seed, MAX_SEED);
  if (seedProblem) return { field: 'seed', problem: seedProblem };
  const iterationsProblem = whole(iterations, MAX_ITERATIONS);
  if (iterationsProblem) return { field: 'iterations', problem: iterationsProblem };
  for (const key of ['disp0', 'dispN'] as const) {
    const d = decay[key];
    if (!Number.isFinite(d) || Math.abs(d) > MAX_TOTAL_DISPLACEMENT) {
      return { field: `decay.${key}`, problem: `is ${d}, not a number of metres from −${MAX_TOTAL_DISPLACEMENT} to ${MAX_TOTAL_DISPLACEMENT}` };
    }
  }
  const nProblem = whole(decay.n, MAX_ITERATIONS);
  if (nProblem) return { field: 'decay.n', problem: nProblem };
  const total = iterations * Math.max(Math.abs(decay.disp0), Math.abs(decay.dispN));
  if (total > MAX_TOTAL_DISPLACEMENT) {
    return { field: 'iterations', problem: `× displacement totals ${total} m, more than the ${MAX_TOTAL_DISPLACEMENT} m beyond which sums are not exact` };
  }
  return null;
}
