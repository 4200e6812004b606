import { describe, expect, it } from 'vitest';
import { referenceFaultFormation } from '../../shared/fault/reference';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { presetStack } from '../../shared/layers/migrate';
import { createGenerateFormStore, validateGenerateForm } from '../generate/generateFormStore';
import { runTerrainJob } from './runTerrainJob';

const RECIPE: FaultRecipe = {
  seed: 9,
  iterations: 120,
  lineMethod: 'two-point',
  decay: { disp0: 3, dispN: 0.5, n: 80 },
  profile: { kind: 'smooth', width: 6 },
};

describe('smooth fault profile in jobs and the generate form', () => {
  it('a job runs the recipe profile: the reference bytes, unlike the step', () => {
    const run = (recipe: FaultRecipe): Float32Array =>
      runTerrainJob({ width: 48, depth: 40, cellSize: 1.25, heights: new Float32Array(0), stack: presetStack(recipe, []) }, () => {})!.heights;
    const expected = createHeightfield(48, 40, 1.25);
    referenceFaultFormation(expected, RECIPE);
    expect(run(RECIPE)).toEqual(expected.heights);
    expect(run({ ...RECIPE, profile: { kind: 'step' } })).not.toEqual(expected.heights);
  });

  it('the form accepts a smooth profile and names a bad one', () => {
    const form = createGenerateFormStore({ recipe: RECIPE });
    expect(validateGenerateForm(form.getState())).toBeNull();
    form.setState({ recipe: { ...RECIPE, profile: { kind: 'smooth', width: 0 } } });
    expect(validateGenerateForm(form.getState())).toMatch(/^Fault width must be .* got 0/);
    form.setState({ recipe: { ...RECIPE, profile: { kind: 'smooth', width: NaN } } });
    expect(validateGenerateForm(form.getState())).toMatch(/got NaN/);
  });
});
