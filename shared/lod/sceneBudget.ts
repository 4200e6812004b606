/**
 * The 3D view's triangle budget (issue 34: at most 2 M triangles at 4097², the whole scene) and its
 * split: the terrain's LOD keeps to TERRAIN_TRIANGLE_BUDGET (renderer/viewport/lod/lodTerrainMeshes.ts),
 * the props' levels of detail to PROPS_TRIANGLE_BUDGET (shared/props/propLod.ts). Water, roads and
 * the car have budgets of their own, counted apart.
 */
export const SCENE_TRIANGLE_BUDGET = 2_000_000;
/** The props' share: a dense scatter's near trees at full detail and thousands more as low meshes. */
export const PROPS_TRIANGLE_BUDGET = 250_000;
/** The terrain's share. */
export const TERRAIN_TRIANGLE_BUDGET = SCENE_TRIANGLE_BUDGET - PROPS_TRIANGLE_BUDGET;
