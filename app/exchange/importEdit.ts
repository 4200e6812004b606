import type { Heightfield } from '../../shared/terrain/heightfield';
import type { GenerationSettings, GenerationStep } from '../document/document';
import type { DocumentEdit } from '../document/history';
import { createFieldReplaceEdit, withGenerationHistory, withGenerationSettings } from '../document/generationEdits';

/**
 * Importing replaces the whole map (any size) as ONE undoable edit. Imported terrain has no recipe,
 * so the generation settings and history go with it and come back on undo.
 */
export function createImportEdit(
  fileName: string,
  before: Heightfield,
  beforeGeneration: GenerationSettings | null,
  imported: Heightfield,
  beforeHistory: readonly GenerationStep[] = [],
): DocumentEdit {
  return withGenerationHistory(withGenerationSettings(createFieldReplaceEdit(`Import ${fileName}`, before, imported), beforeGeneration, null), beforeHistory, []);
}
