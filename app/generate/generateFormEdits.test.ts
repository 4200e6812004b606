import { describe, expect, it } from 'vitest';
import { buildPreset } from '../../shared/presets/terrainPresets';
import { createGenerateFormStore, generateFormEdits } from './generateFormStore';

describe("the Generate form's rules", () => {
  it('a new size keeps the chosen preset, rescaled to the size; a custom recipe stays as it is', () => {
    const form = createGenerateFormStore();
    const edits = generateFormEdits(form);
    edits.choosePreset('mountains');
    edits.setSeed(42);
    edits.setSize({ width: 513, depth: 513 });
    const expected = buildPreset('mountains', { width: 513, depth: 513, cellSize: form.getState().cellSize, seed: 42 });
    expect(form.getState()).toMatchObject({ presetId: 'mountains', width: 513, depth: 513, recipe: expected.recipe, finishing: expected.finishing });

    edits.setRecipe({ iterations: 77 });
    expect(form.getState().presetId).toBe('custom');
    edits.setSize({ width: 129, depth: 129 });
    expect(form.getState()).toMatchObject({ width: 129, presetId: 'custom' });
    expect(form.getState().recipe.iterations).toBe(77);
  });

  it('a seed goes to the faults and every hydraulic step, and the preset still describes the form', () => {
    const form = createGenerateFormStore();
    const edits = generateFormEdits(form);
    edits.choosePreset('mountains');
    edits.setSeed(9);
    const state = form.getState();
    expect(state.recipe.seed).toBe(9);
    const hydraulic = state.finishing.filter((step) => step.kind === 'hydraulic');
    expect(hydraulic.length).toBeGreaterThan(0);
    expect(hydraulic.every((step) => step.kind === 'hydraulic' && step.seed === 9)).toBe(true);
    expect(state.presetId).toBe('mountains');
  });

  it('hand-edited decay or finishing marks the form custom; choosing a preset keeps the seed', () => {
    const form = createGenerateFormStore();
    const edits = generateFormEdits(form);
    edits.setSeed(5);
    edits.setDecay({ disp0: 12 });
    expect(form.getState()).toMatchObject({ presetId: 'custom', recipe: { seed: 5, decay: { disp0: 12 } } });
    edits.choosePreset('canyons');
    expect(form.getState()).toMatchObject({ presetId: 'canyons', recipe: { seed: 5 } });
    edits.setFinishing([]);
    expect(form.getState()).toMatchObject({ presetId: 'custom', finishing: [] });
  });
});
