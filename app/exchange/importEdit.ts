import type { Heightfield } from '../../shared/terrain/heightfield';
import { heightsStack } from '../../shared/layers/migrate';
import type { Layer } from '../../shared/layers/types';
import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import type { DocumentEdit } from '../document/history';
import { createFieldReplaceEdit, withErosionMasks, withStack, withWater } from '../document/generationEdits';

/**
 * Importing replaces the whole map (any size) as ONE undoable edit. The imported heights become the
 * stack's one layer (a copy: the field's heights are the evaluated result); the layers before come
 * back on undo.
 */
export function createImportEdit(
  fileName: string,
  before: Heightfield,
  beforeStack: readonly Layer[],
  imported: Heightfield,
  beforeMasks: ErosionCoverBytes | null = null,
  beforeWater: WaterSurface | null = null,
): DocumentEdit {
  const stack = heightsStack(imported.heights.slice(), fileName.slice(0, 200));
  return withWater(
    withErosionMasks(withStack(createFieldReplaceEdit(`Import ${fileName}`, before, imported), beforeStack, stack), beforeMasks, null),
    beforeWater,
    null,
  );
}
