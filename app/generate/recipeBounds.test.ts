import { describe, expect, it } from 'vitest';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { MAX_ITERATIONS } from '../../shared/fault/recipeBounds';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument, documentRecipe } from '../document/document';
import { faultsLayer } from '../../shared/layers/migrate';
import { createEditorSession } from '../editorSession';
import { createMemoryFaultlineApi } from '../platform/memoryApi';
import { createGenerateFormStore, validateGenerateForm } from './generateFormStore';

describe('the Generate form and Run more keep the recipe bounds of the CLI and the project check', () => {
  it('the form refuses what a hostile project held: 10¹⁵ iterations, seed −5.5, decay 1e308, negative n', () => {
    const form = createGenerateFormStore();
    const recipe = form.getState().recipe;
    expect(validateGenerateForm(form.getState())).toBeNull();
    const cases: [typeof recipe, RegExp][] = [
      [{ ...recipe, iterations: 1e15 }, /^Iterations is 1000000000000000, not a whole number from 0 to 1000000$/],
      [{ ...recipe, seed: -5.5 }, /^Seed is -5\.5, not a whole number from 0 to 4294967295$/],
      [{ ...recipe, decay: { ...recipe.decay, dispN: 1e308 } }, /^dispN is 1e\+308, not a number of metres/],
      [{ ...recipe, decay: { ...recipe.decay, n: -1 } }, /^n is -1, not a whole number/],
    ];
    for (const [bad, message] of cases) expect(validateGenerateForm({ ...form.getState(), recipe: bad })).toMatch(message);
  });

  it('"Run more" cannot take a document past the iteration bound', async () => {
    const recipe = { ...DEFAULT_RECIPE, iterations: MAX_ITERATIONS - 5, decay: { disp0: 1, dispN: 0.5, n: 10 } };
    const document = createDocument(createHeightfield(9, 9, 1), [faultsLayer(recipe)]);
    const session = createEditorSession({ api: createMemoryFaultlineApi(), document });
    session.design.form.setState({ runMoreCount: 6 });
    expect(await session.design.runMore()).toBe(
      'Run more 6 would take the recipe beyond its bounds: Iterations is 1000001, not a whole number from 0 to 1000000',
    );
    expect(session.design.jobs.isRunning).toBe(false);
    expect(documentRecipe(session.editor.document)?.iterations).toBe(MAX_ITERATIONS - 5);
    session.dispose();
  });
});
