import type { LodOptions } from '../../../shared/lod/selectLod';
import { TERRAIN_TRIANGLE_BUDGET } from '../../../shared/lod/sceneBudget';
import type { Heightfield } from '../../../shared/terrain/heightfield';
import { usesLod } from '../../../app/lod/lodTerrainModel';

/**
 * A diagnosis switch in the page address: `?lod=exact` draws every map, small ones too, through the
 * level-of-detail surface at full detail (no error allowed), which must then look exactly like the
 * full-resolution mesh; `?lod=always` uses the normal LOD settings on small maps. Without it, only
 * maps too large for a full mesh use LOD.
 */

/**
 * `?lod=exact`'s settings: no error allowed, within the same triangle budget as every other view.
 * Any map whose full mesh fits the budget (those the full mesh draws) is drawn exactly; a larger one
 * is coarsened where the budget makes it (selectLod), never past the terrain's share of the scene's
 * 2 M triangles (shared/lod/sceneBudget.ts).
 */
export const EXACT_LOD_OPTIONS: LodOptions = { maxPixelError: 0, triangleBudget: TERRAIN_TRIANGLE_BUDGET };
export interface LodOverride {
  always: boolean;
  options?: LodOptions;
}

export function lodOverrideFrom(search: string): LodOverride {
  const value = new URLSearchParams(search).get('lod');
  if (value === 'exact') return { always: true, options: EXACT_LOD_OPTIONS };
  if (value === 'always') return { always: true };
  return { always: false };
}

const pageOverride = lodOverrideFrom(typeof window === 'undefined' ? '' : window.location.search);

/** The page's switch (read once at start). */
export function pageLodOverride(): LodOverride {
  return pageOverride;
}

/** Whether the 3D view draws this map through the LOD surface (which also draws the drivability tint). */
export function drawsWithLod(size: Pick<Heightfield, 'width' | 'depth'>): boolean {
  return pageOverride.always || usesLod(size);
}
