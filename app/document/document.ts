import type { Heightfield } from '../../shared/terrain/heightfield';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { buildPreset, DEFAULT_PRESET_ID } from '../../shared/presets/terrainPresets';
import { replayTerrain } from '../../shared/recipe/replay';

import type { Prop } from '../../shared/props/prop';
import type { JsonObject } from '../../shared/codecs/json';
import type { ErosionMasks } from '../../shared/erosion/hydraulic';

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
  /**
   * Where water flowed and sediment settled in the hydraulic erosion that made the current heights
   * (for masks and splat maps); null when none ran since the last generation. Not saved: a replay of
   * the recipe and history makes it again.
   */
  erosionMasks: ErosionMasks | null;
}

/** One recorded generation step (a JSON object, e.g. `{ "kind": "manualFault", … }`). */
export type GenerationStep = JsonObject;

export function createDocument(field: Heightfield, generation: GenerationSettings | null = null): TerrainDocument {
  return { field, props: [], units: 'metres', generation, history: [], erosionMasks: null };
}

export const DEFAULT_TERRAIN_SIZE = 257;
export const DEFAULT_CELL_SIZE = 2;
export const DEFAULT_SEED = 1;

/** The terrain shown on first start: a 257 × 257 map from the default preset (faults, then erosion). */
export function createDefaultDocument(): TerrainDocument {
  const size = { width: DEFAULT_TERRAIN_SIZE, depth: DEFAULT_TERRAIN_SIZE, cellSize: DEFAULT_CELL_SIZE };
  const { recipe, finishing } = buildPreset(DEFAULT_PRESET_ID, { ...size, seed: DEFAULT_SEED });
  const masks = { flow: new Float32Array(size.width * size.depth), deposition: new Float32Array(size.width * size.depth) };
  const field = replayTerrain({ ...size, recipe, steps: finishing }, { masks });
  const doc = createDocument(field, { recipe });
  doc.history = finishing.map((step) => ({ ...step }));
  doc.erosionMasks = finishing.some((step) => step.kind === 'hydraulic') ? masks : null;
  return doc;
}
