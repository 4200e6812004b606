/**
 * The 3D view's triangle budget (issue 34: at most 2 M triangles at 4097², the whole scene) and its
 * split: the terrain's LOD keeps to TERRAIN_TRIANGLE_BUDGET (renderer/viewport/lod/lodTerrainMeshes.ts),
 * the props' levels of detail to PROPS_TRIANGLE_BUDGET (shared/props/propLod.ts), the water (the lakes'
 * sheets and the rivers' strips) to WATER_TRIANGLE_BUDGET (app/water/waterLevels.ts). Measured at 4097²
 * (renderer/viewport/lod/triangleBudget.test.ts, from the overview to the ground): the terrain draws at
 * most about 250 k at its default error and fills its share only when asked for a hundredth of a pixel or
 * the exact mode; a dense scatter's props up to 230 k; the water 96–131 k, 80–87 k of it the strips.
 * Roads are painted by the terrain's shader (no triangles of their own); the car is one mesh of a few
 * thousand, left to the rounding of the shares.
 */
export const SCENE_TRIANGLE_BUDGET = 2_000_000;
/** The props' share: a dense scatter's near trees at full detail and thousands more as low meshes. */
export const PROPS_TRIANGLE_BUDGET = 250_000;
/** The water's share: the lakes' sheets and the rivers' strips together. */
export const WATER_TRIANGLE_BUDGET = 150_000;
/**
 * Of the water's share, what the rivers' strips are given (their level of detail, app/water/riverStripBlock.ts);
 * the lakes' sheets choose their levels within the rest when the rivers are strips, within the whole share when not.
 */
export const RIVER_STRIP_TRIANGLE_BUDGET = 40_000;
/** The terrain's share: the rest. */
export const TERRAIN_TRIANGLE_BUDGET = SCENE_TRIANGLE_BUDGET - PROPS_TRIANGLE_BUDGET - WATER_TRIANGLE_BUDGET;
