import { describe, expect, it } from 'vitest';
import { DEFAULT_RECIPE, type FaultRecipe } from './recipe';
import { MAX_ITERATIONS, recipeBoundsProblem } from './recipeBounds';
import { stepProblem } from '../recipe/steps';

type Patch = Partial<Omit<FaultRecipe, 'decay'>> & { decay?: Partial<FaultRecipe['decay']> };
const withValues = (patch: Patch): FaultRecipe => ({
  ...DEFAULT_RECIPE,
  ...patch,
  decay: { ...DEFAULT_RECIPE.decay, ...patch.decay },
});

describe('recipe bounds', () => {
  it('accept the default recipe and the edges of every bound', () => {
    expect(recipeBoundsProblem(DEFAULT_RECIPE)).toBeNull();
    expect(recipeBoundsProblem(withValues({ seed: 0xffffffff, iterations: MAX_ITERATIONS, decay: { disp0: 1, dispN: 0.5, n: MAX_ITERATIONS } }))).toBeNull();
    expect(recipeBoundsProblem(withValues({ iterations: 0, decay: { disp0: 2 ** 26, dispN: -(2 ** 26), n: 0 } }))).toBeNull();
  });

  it('name the field of what the issue found in a project: 10¹⁵ iterations, seed −5.5, decay 1e308, a negative n', () => {
    const cases: [Patch, string, RegExp][] = [
      [{ iterations: 1e15 }, 'iterations', /is 1000000000000000, not a whole number from 0 to 1000000/],
      [{ iterations: MAX_ITERATIONS + 1 }, 'iterations', /from 0 to 1000000/],
      [{ seed: -5.5 }, 'seed', /is -5.5, not a whole number from 0 to 4294967295/],
      [{ seed: 2 ** 32 }, 'seed', /not a whole number/],
      [{ decay: { disp0: 1e308 } }, 'decay.disp0', /is 1e\+308, not a number of metres/],
      [{ decay: { dispN: NaN } }, 'decay.dispN', /is NaN/],
      [{ decay: { n: -1 } }, 'decay.n', /is -1, not a whole number/],
      [{ decay: { n: 2.5 } }, 'decay.n', /is 2.5/],
      [{ iterations: 1_000_000, decay: { disp0: 100 } }, 'iterations', /totals 100000000 m, more than the 67108864 m/],
    ];
    for (const [patch, field, problem] of cases) {
      const found = recipeBoundsProblem(withValues(patch));
      expect(found?.field, JSON.stringify(patch)).toBe(field);
      expect(found?.problem).toMatch(problem);
    }
  });

  it('bound a history run step ("Run more" in a project) the same way', () => {
    expect(stepProblem({ kind: 'run', start: 400, end: MAX_ITERATIONS })).toBeNull();
    expect(stepProblem({ kind: 'run', start: 400, end: 1e15 })).toMatch(/end ≤ 1000000/);
  });
});
