/**
 * The engine exports as the rest of Faultline sees them: the list, the labels and the size rules,
 * derived from the one object per engine in `engines/` (each engine's sources are named in its module).
 */
import { largestOf, nearestOf } from './engines/common';
import type { EngineId } from './engines/engine';
import { engineFor, ENGINE_IDS } from './engines/registry';

export type { EngineId, EngineForm } from './engines/engine';
export { ENGINE_IDS, engineFor } from './engines/registry';
export { UNREAL_MAX_SIZE, UNREAL_RECOMMENDED, UNREAL_SIZES, unrealLayoutFor, unrealTiledSizes, unrealTileSizesNear, type UnrealLayout } from './engines/unreal';
export { UNITY_MAX_TILE, UNITY_SIZES, UNITY_TILE_SIZES, unityAlphamapResolution } from './engines/unity';
export { HTERRAIN_SIZES } from './engines/hterrain';
export { TERRAIN3D_DEFAULT_REGION, TERRAIN3D_REGION_SIZES, TERRAIN3D_REGIONS_PER_SIDE, TERRAIN3D_SPACING, terrain3dRegionSize } from './engines/terrain3d';

export const ENGINE_LABELS: Record<EngineId, string> = Object.fromEntries(ENGINE_IDS.map((p) => [p, engineFor(p).label])) as Record<
  EngineId,
  string
>;

/** Sizes (vertices per side) an engine takes, smallest first; Terrain3D takes any. */
export function engineSizes(engineId: EngineId): readonly number[] {
  return engineFor(engineId).form.sizes;
}

/** The engine size closest to the map's longer side (ties go to the larger): resampling changes the least. */
export function nearestEngineSize(engineId: EngineId, side: number): number {
  return nearestOf(engineSizes(engineId), side);
}

/** The largest engine size that fits inside the map (for cropping), or null if even the smallest does not. */
export function largestFittingSize(engineId: EngineId, side: number): number | null {
  return largestOf(engineSizes(engineId), side);
}

/** Problems with a chosen size for an engine, or null. */
export function engineSizeProblem(engineId: EngineId, size: number): string | null {
  return engineFor(engineId).sizeProblem(size);
}
