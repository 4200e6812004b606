import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { buildPreset, DEFAULT_PRESET_ID } from '../../shared/presets/terrainPresets';
import { evaluateStack } from '../../shared/layers/evaluate';
import { heightsStack, presetStack } from '../../shared/layers/migrate';
import type { FaultsLayer, Layer } from '../../shared/layers/types';

import type { Prop } from '../../shared/props/prop';
import { erosionCoverBytes, type ErosionCoverBytes } from '../../shared/erosion/cover';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';

export type { Prop };

/**
 * The open document. The terrain is its layer stack (shared/layers, bottom to top); the heightfield
 * holds the stack's evaluated heights, which the layer edits keep equal to it (app/layers). Views
 * learn of changes through the editor's version counter and dirty regions.
 */
export interface TerrainDocument {
  field: Heightfield;
  props: Prop[];
  units: 'metres';
  /** The layers that make the heights, bottom first (an empty stack is flat ground). */
  stack: Layer[];
  /**
   * Where water flowed and sediment settled in the hydraulic erosion layers that made the current
   * heights (for masks and splat maps), as bytes (shared/erosion/cover.ts coverBytes: each of its
   * largest value); null when none ran. Not saved: evaluating the stack makes it again.
   */
  erosionMasks: ErosionCoverBytes | null;
  /**
   * The water the stack's water-making layers put down (surface and kind per vertex; its depth is
   * read against `field.heights`), for the views and exports; null when none. Not saved either.
   */
  water: WaterSurface | null;
}

/**
 * A document whose stack is `stack`; without one, the field's heights (copied) as one heights
 * layer — flat ground is the empty stack — so the stack always gives the field's heights.
 */
export function createDocument(field: Heightfield, stack?: Layer[]): TerrainDocument {
  const flat = field.heights.every((h) => h === 0 && !Object.is(h, -0));
  return { field, props: [], units: 'metres', stack: stack ?? (flat ? [] : heightsStack(field.heights.slice())), erosionMasks: null, water: null };
}

/** The bottom faults layer of the stack (the generator "Run" writes to), or null. */
export function faultsLayerOf(doc: Pick<TerrainDocument, 'stack'>): FaultsLayer | null {
  return doc.stack.find((layer): layer is FaultsLayer => layer.kind === 'faults') ?? null;
}

/** The recipe of the document's faults layer (without its continued runs), or null when it has none. */
export function documentRecipe(doc: Pick<TerrainDocument, 'stack'>): FaultRecipe | null {
  const layer = faultsLayerOf(doc);
  if (!layer) return null;
  const { runs: _runs, ...recipe } = layer.params;
  return recipe;
}

export const DEFAULT_TERRAIN_SIZE = 257;
export const DEFAULT_CELL_SIZE = 2;
export const DEFAULT_SEED = 1;

/**
 * The terrain shown on first start: a 257 × 257 map from the default preset (faults, then erosion).
 * `side` makes the same preset at another size (end-to-end tests that do not look at the default terrain).
 */
export function createDefaultDocument(side: number = DEFAULT_TERRAIN_SIZE): TerrainDocument {
  const { size, stack, eroded } = defaultStack(side);
  const masks = { flow: new Float32Array(size.width * size.depth), deposition: new Float32Array(size.width * size.depth) };
  const heights = evaluateStack(stack, size, { masks });
  if (!heights) throw new Error('the default terrain was cancelled');
  const doc = createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights), stack);
  doc.erosionMasks = eroded ? erosionCoverBytes(masks) : null;
  return doc;
}

/**
 * The default document at `side` over heights and erosion cover evaluated before (app/document/
 * bakedTerrain.ts: the window's build makes them), or null when they do not fit the default stack at
 * that side (`createDefaultDocument` evaluates it then).
 */
export function defaultDocumentOf(side: number, heights: Float32Array, erosionMasks: ErosionCoverBytes | null): TerrainDocument | null {
  const { size, stack, eroded } = defaultStack(side);
  const cells = size.width * size.depth;
  if (heights.length !== cells || eroded !== (erosionMasks !== null)) return null;
  if (erosionMasks && (erosionMasks.flow.length !== cells || erosionMasks.deposition.length !== cells)) return null;
  const doc = createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights), stack);
  doc.erosionMasks = erosionMasks;
  return doc;
}

function defaultStack(side: number): { size: { width: number; depth: number; cellSize: number }; stack: Layer[]; eroded: boolean } {
  const size = { width: side, depth: side, cellSize: DEFAULT_CELL_SIZE };
  const { recipe, finishing } = buildPreset(DEFAULT_PRESET_ID, { ...size, seed: DEFAULT_SEED });
  return { size, stack: presetStack(recipe, finishing), eroded: finishing.some((step) => step.kind === 'hydraulic') };
}
