/**
 * Unity 6 (TerrainData.heightmapResolution, "Working with Heightmaps", TerrainWizards.cs): 2ⁿ + 1 from
 * 33 to 4097 per terrain, RAW 16-bit "Windows" (little-endian) byte order, alphamap resolution a power
 * of two 16…4096. Above 4097 the map is cut into terrains sharing their edge rows.
 */
import type { JsonObject } from '../../json';
import { tileLayout, type Tile } from '../tiles';
import { fail, perTile, powerOfTwoPlusOne, round, squareShape, tileInfo } from './common';
import type { EngineDefinition, EngineNumber, PlannedFile } from './engine';

const LABEL = 'Unity 6';

/** Unity heightmap resolutions of one terrain. */
export const UNITY_TILE_SIZES: readonly number[] = powerOfTwoPlusOne(33, 4097);
/** Whole-map sizes for Unity: above 4097 the map is cut into 4097² terrains sharing their edge rows. */
export const UNITY_SIZES: readonly number[] = powerOfTwoPlusOne(33, 8193);
export const UNITY_MAX_TILE = 4097;

/** Unity's alphamap resolution for a terrain of this heightmap resolution: the power of two below it. */
export function unityAlphamapResolution(heightmapResolution: number): number {
  return Math.min(4096, Math.max(16, heightmapResolution - 1));
}

function sizeProblem(size: number): string | null {
  return UNITY_SIZES.includes(size) ? null : `${size} is not a size ${LABEL} accepts (${UNITY_SIZES.join(', ')})`;
}

/** Unity terrains are 2ⁿ + 1: the largest such size not above the one typed (at least 33). */
function terrainResolution(size: number): number {
  return UNITY_TILE_SIZES.filter((s) => s <= size).at(-1) ?? UNITY_TILE_SIZES[0];
}

export const unity: EngineDefinition = {
  id: 'unity',
  label: LABEL,
  infoSuffix: 'unity',
  axes: 'unity',
  world: {
    units: 'm',
    axes: 'X = x, Y = height, Z = −z (Unity is left-handed; the terrain placed as the export says)',
    map: (x, y, z) => [x, y, -z],
    scale: 1,
  },
  form: { sizes: UNITY_SIZES, choosesSize: true, rawHeightLabel: null, tiling: { label: 'Terrain resolution (2ⁿ+1)', sharedEdge: true }, normalGreen: 'up' },
  sizeProblem,
  formTiles: (size) => ({ size: terrainResolution(size), overlap: 1 }),
  heightmap: () => ({ codec: 'r16', extension: 'raw', options: (range) => ({ range, byteOrder: 'le', flip: true }) }),
  shape: (dims, options) => squareShape(dims, options, { label: LABEL, sizes: UNITY_SIZES, sizeProblem }),
  tiles(shape, options) {
    const tileSize = options.tiles?.size ?? Math.min(shape.width, UNITY_MAX_TILE);
    if (!UNITY_TILE_SIZES.includes(tileSize) || tileSize > shape.width)
      fail(`a Unity terrain tile must be one of ${UNITY_TILE_SIZES.filter((s) => s <= shape.width).join(', ')} vertices`);
    // Shapes are 2ⁿ + 1, so tiles of 2ᵐ + 1 sharing their edges divide them exactly.
    return tileSize === shape.width ? null : tileLayout(shape.width, shape.depth, { size: tileSize, overlap: 1 });
  },
  maskFiles(options, shape, tiles) {
    const set = options.masks;
    if (!set || set.layers.length === 0) return [];
    const names = set.layers.map((l) => l.name);
    const files: PlannedFile[] = [];
    // Alphamaps are a power of two, one less than the terrain's heightmap resolution.
    const alphamap = (tile: Tile | null) => unityAlphamapResolution(tile ? tile.width : shape.width);
    for (let s = 0; s * 4 < names.length; s++)
      files.push(...perTile(options.name, `_splat${s}`, 'png', shape, tiles, 'splatmap', names.slice(4 * s, 4 * s + 4), alphamap));
    return files;
  },
  // Each terrain's alphamap is sampled at the texel centres of its power-of-two grid.
  splatResolution: unityAlphamapResolution,
  describe({ shape, tiles, range, sizeX, sizeZ, heightFiles, masks, common }) {
    const span = range.max - range.min;
    const tileRes = tiles ? tiles[0].width : shape.width;
    const tileWidth = (tileRes - 1) * shape.cellX;
    const tileLength = (tileRes - 1) * shape.cellZ;
    // Unity reads a 16-bit sample s as s / 65536 of the terrain height (TerrainWizards.cs: 1.0F / (1 << 16)),
    // so sample 65535 (the map's top) is at height × 65535/65536: the height to type is one step more.
    const unityHeight = (span * 65536) / 65535;
    const numbers: EngineNumber[] = [
      { key: 'heightmapResolution', label: 'Heightmap resolution', value: tileRes, unit: '' },
      { key: 'width', label: 'Terrain width', value: round(tileWidth), unit: 'm' },
      { key: 'length', label: 'Terrain length', value: round(tileLength), unit: 'm' },
      { key: 'height', label: 'Terrain height', value: round(unityHeight), unit: 'm' },
      { key: 'positionY', label: 'Position Y', value: round(range.min), unit: 'm' },
      { key: 'byteOrder', label: 'Depth / byte order', value: '16 bit / Windows', unit: '' },
    ];
    if (!tiles) numbers.push({ key: 'positionXZ', label: 'Position X, Z (centred)', value: `${round(-sizeX / 2)}, ${round(-sizeZ / 2)}`, unit: 'm' });
    if (tiles)
      numbers.push({
        key: 'tiles',
        label: 'Terrains',
        value: `${Math.max(...tiles.map((t) => t.x)) + 1} × ${Math.max(...tiles.map((t) => t.y)) + 1}`,
        unit: '',
      });
    const alphamapResolution = unityAlphamapResolution(tileRes);
    // Unity is left-handed: its z runs against Faultline's, so rows are written last to first and a
    // tile's Unity z starts at the far edge of its Faultline z range.
    const position = (tile: Pick<Tile, 'i0' | 'j0' | 'depth'>) => ({
      positionX: -sizeX / 2 + tile.i0 * shape.cellX,
      positionZ: -(-sizeZ / 2 + (tile.j0 + tile.depth - 1) * shape.cellZ),
    });
    const info: JsonObject = {
      heightmapResolution: tileRes,
      width: tileWidth,
      length: tileLength,
      height: unityHeight,
      positionY: range.min,
      ...position({ i0: 0, j0: 0, depth: shape.depth }),
      depth: 16,
      byteOrder: 'Windows',
      flipVertically: false,
      ...(masks.length > 0 && { alphamapResolution }),
      ...common,
      ...(tiles && { tiles: tileInfo(heightFiles, (tile) => position(tile)) }),
    };
    const notes = [
      'Terrain ▸ Import Raw: Depth 16 bit, Byte Order Windows, Flip Vertically off (rows are already in Unity’s order), then the size and position above.',
    ];
    if (masks.length > 0) notes.push(`Alphamaps: RGBA PNGs, 4 layers each, ${alphamapResolution}² per terrain (set with TerrainData.SetAlphamaps).`);
    return { numbers, info, notes };
  },
};
