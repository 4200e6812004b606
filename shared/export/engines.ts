/**
 * The sizes and import values of each engine, from their own documentation:
 * - Unreal Engine 5.x (Landscape Technical Guide): N = components × sections × quads + 1 per side;
 *   16-bit heightmap where 32768 is 0 and one sample is 1/128 of the Z scale in cm, so Z scale =
 *   range(m) · 100 / 512 and Location Z = mid-height(m) · 100.
 * - Unity 6 (TerrainData.heightmapResolution, "Working with Heightmaps"): 2ⁿ + 1 from 33 to 4097,
 *   RAW 16-bit "Windows" (little-endian) byte order, alphamap resolution a power of two 16…4096.
 * - Godot Terrain3D 1.0: any size, sliced into regions of 64…2048 vertices, at most 32 × 32 regions;
 *   EXR heights in metres or R16 with a height range.
 * - Godot HTerrain 1.7: square 2ⁿ + 1 maps from 65 to 4097 (it crops anything else), RAW (.raw, 16-bit) with
 *   min/max height or EXR in metres, CLASSIC4 splatmap = RGBA8 at the map's resolution.
 */

export type EnginePreset = 'unreal' | 'unity' | 'godot-terrain3d' | 'godot-hterrain';
export const ENGINE_PRESETS: readonly EnginePreset[] = ['unreal', 'unity', 'godot-terrain3d', 'godot-hterrain'];

export const ENGINE_LABELS: Record<EnginePreset, string> = {
  unreal: 'Unreal Engine 5',
  unity: 'Unity 6',
  'godot-terrain3d': 'Godot · Terrain3D 1.0',
  'godot-hterrain': 'Godot · HTerrain 1.7',
};

/** One Unreal landscape configuration: quads per section, sections per component side, components per side. */
export interface UnrealLayout {
  quadsPerSection: number;
  sectionsPerComponent: 1 | 2;
  components: number;
}

/** The Landscape Technical Guide's recommended sizes (2 × 2 sections per component). */
export const UNREAL_RECOMMENDED: ReadonlyArray<{ size: number; layout: UnrealLayout }> = [
  { size: 127, layout: { quadsPerSection: 63, sectionsPerComponent: 2, components: 1 } },
  { size: 253, layout: { quadsPerSection: 63, sectionsPerComponent: 2, components: 2 } },
  { size: 505, layout: { quadsPerSection: 63, sectionsPerComponent: 2, components: 4 } },
  { size: 1009, layout: { quadsPerSection: 63, sectionsPerComponent: 2, components: 8 } },
  { size: 2017, layout: { quadsPerSection: 63, sectionsPerComponent: 2, components: 16 } },
  { size: 4033, layout: { quadsPerSection: 63, sectionsPerComponent: 2, components: 32 } },
  { size: 8129, layout: { quadsPerSection: 127, sectionsPerComponent: 2, components: 32 } },
];

const UNREAL_QUADS = [7, 15, 31, 63, 127, 255];
const UNREAL_MAX_COMPONENTS = 32;

/** A layout giving exactly `size` vertices per side (recommended first), or null if none does. */
export function unrealLayoutFor(size: number): UnrealLayout | null {
  const recommended = UNREAL_RECOMMENDED.find((r) => r.size === size);
  if (recommended) return recommended.layout;
  for (const sectionsPerComponent of [2, 1] as const) {
    for (const quads of [...UNREAL_QUADS].reverse()) {
      const perComponent = quads * sectionsPerComponent;
      if ((size - 1) % perComponent !== 0) continue;
      const components = (size - 1) / perComponent;
      if (components >= 1 && components <= UNREAL_MAX_COMPONENTS) return { quadsPerSection: quads, sectionsPerComponent, components };
    }
  }
  return null;
}

/** The largest landscape an export makes (the recommended maximum). */
export const UNREAL_MAX_SIZE = 8129;

/** Every size (vertices per side) some Unreal layout gives, up to UNREAL_MAX_SIZE, smallest first. */
export const UNREAL_SIZES: readonly number[] = (() => {
  const sizes = new Set<number>();
  for (const quads of UNREAL_QUADS)
    for (const sections of [1, 2])
      for (let components = 1; components <= UNREAL_MAX_COMPONENTS; components++) {
        const size = components * sections * quads + 1;
        if (size <= UNREAL_MAX_SIZE) sizes.add(size);
      }
  return [...sizes].sort((a, b) => a - b);
})();

/**
 * Unreal's tiled import (LandscapeImportHelper: files NAME_x{X}_y{Y}) places tile (x, y) at
 * x · tileSize, y · tileSize with no shared edge and needs every tile the same size, so the landscape
 * is (tiles × tileSize)² vertices: the landscape sizes with this tile size, smallest first.
 */
export function unrealTiledSizes(tileSize: number): number[] {
  return UNREAL_SIZES.filter((size) => size % tileSize === 0 && size / tileSize >= 2);
}

/** Tile sizes near `tileSize` that some landscape of 2…`maxTiles` tiles per side is made of, nearest first. */
export function unrealTileSizesNear(tileSize: number, count = 4, maxTiles = 32): number[] {
  const found = new Set<number>();
  for (const size of UNREAL_SIZES) for (let k = 2; k <= maxTiles; k++) if (size % k === 0 && size / k >= 8) found.add(size / k);
  return [...found].sort((a, b) => Math.abs(a - tileSize) - Math.abs(b - tileSize) || a - b).slice(0, count);
}

/** 2ⁿ + 1 sizes from `from` to `to`. */
function powerOfTwoPlusOne(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = 1; (1 << n) + 1 <= to; n++) if ((1 << n) + 1 >= from) out.push((1 << n) + 1);
  return out;
}

/** Unity heightmap resolutions of one terrain. */
export const UNITY_TILE_SIZES: readonly number[] = powerOfTwoPlusOne(33, 4097);
/** Whole-map sizes for Unity: above 4097 the map is cut into 4097² terrains sharing their edge rows. */
export const UNITY_SIZES: readonly number[] = powerOfTwoPlusOne(33, 8193);
export const UNITY_MAX_TILE = 4097;
/** HTerrain's resolutions (hterrain_data.gd: 2ⁿ + 1, at least 65, at most 4097). */
export const HTERRAIN_SIZES: readonly number[] = powerOfTwoPlusOne(65, 4097);
export const TERRAIN3D_REGION_SIZES: readonly number[] = [64, 128, 256, 512, 1024, 2048];
export const TERRAIN3D_REGIONS_PER_SIDE = 32;
export const TERRAIN3D_DEFAULT_REGION = 256;
/** Terrain3D clamps its vertex spacing to this range (terrain_3d.cpp set_vertex_spacing). */
export const TERRAIN3D_SPACING = { min: 0.25, max: 100 } as const;

/** Sizes (vertices per side) an engine takes, smallest first; Terrain3D takes any. */
export function engineSizes(preset: EnginePreset): readonly number[] {
  switch (preset) {
    case 'unreal':
      return UNREAL_RECOMMENDED.map((r) => r.size);
    case 'unity':
      return UNITY_SIZES;
    case 'godot-hterrain':
      return HTERRAIN_SIZES;
    case 'godot-terrain3d':
      return [];
  }
}

/** The engine size closest to the map's longer side (ties go to the larger): resampling changes the least. */
export function nearestEngineSize(preset: EnginePreset, side: number): number {
  let best = side;
  let bestDistance = Infinity;
  for (const size of engineSizes(preset)) {
    const distance = Math.abs(size - side);
    if (distance <= bestDistance) {
      best = size;
      bestDistance = distance;
    }
  }
  return best;
}

/** The largest engine size that fits inside the map (for cropping), or null if even the smallest does not. */
export function largestFittingSize(preset: EnginePreset, side: number): number | null {
  const fitting = engineSizes(preset).filter((s) => s <= side);
  return fitting.length > 0 ? fitting[fitting.length - 1] : null;
}

/** Problems with a chosen size for an engine, or null. */
export function engineSizeProblem(preset: EnginePreset, size: number): string | null {
  if (preset === 'godot-terrain3d') return null;
  if (preset === 'unreal') {
    return Number.isInteger(size) && size >= 8 && unrealLayoutFor(size) ? null : `${size} is not a landscape size Unreal accepts (components × sections × quads + 1, e.g. ${UNREAL_RECOMMENDED.map((r) => r.size).join(', ')})`;
  }
  const sizes = engineSizes(preset);
  return sizes.includes(size) ? null : `${size} is not a size ${ENGINE_LABELS[preset]} accepts (${sizes.join(', ')})`;
}

/** Terrain3D's region size for a map: its default unless the map needs larger regions to fit 32 × 32 of them. */
export function terrain3dRegionSize(width: number, depth: number): number {
  // Centred on the origin the map spans ±side/2 vertices; the region map spans ±16 regions.
  const side = Math.max(width, depth);
  for (const size of TERRAIN3D_REGION_SIZES) {
    if (size >= TERRAIN3D_DEFAULT_REGION && (TERRAIN3D_REGIONS_PER_SIDE / 2) * size >= Math.ceil(side / 2) + 1) return size;
  }
  return TERRAIN3D_REGION_SIZES[TERRAIN3D_REGION_SIZES.length - 1];
}

/** Unity's alphamap resolution for a terrain of this heightmap resolution: the power of two below it. */
export function unityAlphamapResolution(heightmapResolution: number): number {
  return Math.min(4096, Math.max(16, heightmapResolution - 1));
}
