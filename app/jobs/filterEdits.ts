import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import type { Editor } from '../editor';
import { diffTileEdit } from '../tileEdit';
import { withGenerationHistory, withGenerationSettings } from './generationEdits';
import type { GenerationStep } from '../document';
import { erosionFilter, normalizeToRange } from '../../shared/filters';

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

export const smoothTerrain = (editor: Editor, strength: number) => applyFilterEdit(editor, `Smooth (k = ${strength})`, (f) => erosionFilter(f, strength), false, { kind: 'smooth', k: strength });
export const normaliseTerrain = (editor: Editor, min: number, max: number) => applyFilterEdit(editor, `Normalise to ${min}…${max} m`, (f) => normalizeToRange(f, min, max), false, { kind: 'normalise', min, max });
/** Flat ground, no recipe: the next run starts from scratch ("run more" has nothing to continue). */
export const resetTerrain = (editor: Editor) => applyFilterEdit(editor, 'Reset to flat', (f) => f.heights.fill(0), true);
