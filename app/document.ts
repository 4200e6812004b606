import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { runFaultFormation } from '../shared/fault/engine';
import { DEFAULT_RECIPE, type FaultRecipe } from '../shared/fault/recipe';

import type { Prop } from '../shared/props/prop';
import type { JsonObject } from '../shared/codecs/json';

export type { Prop };

export interface GenerationSettings {
  recipe: FaultRecipe;
}

/**
 * The open document. Heights live in the heightfield's Float32Array and are edited in place by
 * document edits; views learn of changes through the editor's version counter and dirty regions.
 */
export interface TerrainDocument {
  field: Heightfield;
  props: Prop[];
  units: 'metres';
  generation: GenerationSettings | null;
  /**
   * The steps that made the terrain after its recipe's first run, in order, as saved in the project
   * file: continued runs, manual faults, smoothing, normalising (brush strokes are not replayable and
   * live only in the heights). A fresh generation, an import or a reset starts it afresh.
   */
  history: GenerationStep[];
}

/** One recorded generation step (a JSON object, e.g. `{ "kind": "manualFault", … }`). */
export type GenerationStep = JsonObject;

export function createDocument(field: Heightfield, generation: GenerationSettings | null = null): TerrainDocument {
  return { field, props: [], units: 'metres', generation, history: [] };
}

export const DEFAULT_TERRAIN_SIZE = 257;
export const DEFAULT_CELL_SIZE = 2;

/** The terrain shown on first start: a 257 × 257 fault-formation map from the default recipe. */
export function createDefaultDocument(): TerrainDocument {
  const field = createHeightfield(DEFAULT_TERRAIN_SIZE, DEFAULT_TERRAIN_SIZE, DEFAULT_CELL_SIZE);
  const recipe = DEFAULT_RECIPE;
  runFaultFormation(field, recipe);
  return createDocument(field, { recipe });
}
