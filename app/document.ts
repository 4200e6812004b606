import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { runFaultFormation } from '../shared/fault/engine';
import { DEFAULT_RECIPE, type FaultRecipe } from '../shared/fault/recipe';

import type { Prop } from '../shared/props/prop';

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
}

export function createDocument(field: Heightfield, generation: GenerationSettings | null = null): TerrainDocument {
  return { field, props: [], units: 'metres', generation };
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
