import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import type { Editor } from '../document/editor';
import { diffTileEdit } from '../document/tileEdit';
import { withGenerationHistory, withGenerationSettings } from '../document/generationEdits';
import type { GenerationStep } from '../document/document';
import { applyStep, stepLabel, type NormaliseStep, type SmoothStep } from '../../shared/recipe/steps';

/** Runs a whole-map filter (shared/filters; its RangeErrors propagate) on a copy and records the change as one tile edit; false if nothing changed. */
export function applyFilterEdit(
  editor: Editor,
  label: string,
  filter: (field: Heightfield) => void,
  clearsGeneration = false,
  step: GenerationStep | null = null,
): boolean {
  const { field } = editor.document;
  const copy = createHeightfield(field.width, field.depth, field.cellSize, field.heights.slice());
  filter(copy);
  const edit = diffTileEdit(label, field.width, field.depth, field.heights, copy.heights);
  if (edit.tileCount === 0 && !clearsGeneration) return false;
  const { generation, history } = editor.document;
  // A reset starts the history afresh; a filter is one more step of it.
  const nextHistory = clearsGeneration ? [] : step ? [...history, step] : history;
  const recorded = withGenerationHistory(edit, history, nextHistory);
  editor.apply(clearsGeneration ? withGenerationSettings(recorded, generation, null) : recorded);
  return true;
}

/** A quick step on the calling thread (headless use and tests; the editor runs steps as jobs). */
function applyStepNow(editor: Editor, step: SmoothStep | NormaliseStep): boolean {
  return applyFilterEdit(editor, stepLabel(step), (f) => applyStep(f, step, null), false, { ...step });
}
export const smoothTerrain = (editor: Editor, k: number) => applyStepNow(editor, { kind: 'smooth', k });
export const normaliseTerrain = (editor: Editor, min: number, max: number) => applyStepNow(editor, { kind: 'normalise', min, max });
/** Flat ground, no recipe: the next run starts from scratch ("run more" has nothing to continue). */
export const resetTerrain = (editor: Editor) => applyFilterEdit(editor, 'Reset to flat', (f) => f.heights.fill(0), true);
