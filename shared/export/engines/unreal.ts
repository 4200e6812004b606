/**
 * Unreal Engine 5.x (Landscape Technical Guide; LandscapeImportHelper.cpp for tiled imports):
 * N = components × sections × quads + 1 per side; a 16-bit PNG heightmap where 32768 is 0 and one
 * sample is 1/128 of the Z scale in cm, so Z scale = range(m) · 100 / 512 and Location Z = mid-height(m) · 100.
 */
import type { JsonObject } from '../../json';
import type { Tile } from '../tiles';
import { fail, layoutTiles, round, squareShape, tileInfo, weightFiles } from './common';
import type { EngineDefinition, EngineExportOptions, EngineNumber, FitMode, MapDims } from './engine';

const LABEL = 'Unreal Engine 5';

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

const SIZES = UNREAL_RECOMMENDED.map((r) => r.size);

function sizeProblem(size: number): string | null {
  return Number.isInteger(size) && size >= 8 && unrealLayoutFor(size)
    ? null
    : `${size} is not a landscape size Unreal accepts (components × sections × quads + 1, e.g. ${SIZES.join(', ')})`;
}

/**
 * The landscape size of a tiled export: a multiple of the tile size (UE's tiled import puts tiles
 * edge to edge, all the same size) that is also a landscape size. Resampled: the one nearest the
 * map; cropped: the largest that fits.
 */
function tiledSize(options: EngineExportOptions, side: number, fit: FitMode, dims: MapDims): number | null {
  if (!options.tiles) return null;
  const tileSize = options.tiles.size;
  const asked = options.size;
  const sizes = unrealTiledSizes(tileSize);
  const suggest = () => `tile sizes that make one: ${unrealTileSizesNear(tileSize).join(', ')}`;
  if (asked !== undefined) {
    if (!sizes.includes(asked))
      fail(
        `Unreal's tiled import needs a landscape of equal tiles: ${asked} is not a landscape size that is 2 or more tiles of ${tileSize} ` +
          `(${sizes.length > 0 ? `with tiles of ${tileSize}: ${sizes.join(', ')}` : suggest()})`,
      );
    return asked;
  }
  if (sizes.length === 0) fail(`Unreal's tiled import needs a landscape of equal tiles, and no landscape size is 2 or more tiles of ${tileSize}; ${suggest()}`);
  if (fit === 'crop') {
    const fitting = sizes.filter((s) => s <= side);
    if (fitting.length === 0)
      fail(`the map (${dims.width} × ${dims.depth}) is smaller than ${sizes[0]}, the smallest landscape of tiles of ${tileSize}; resample instead`);
    return fitting[fitting.length - 1];
  }
  return sizes.reduce((best, s) => (Math.abs(s - side) <= Math.abs(best - side) ? s : best), sizes[0]);
}

export const unreal: EngineDefinition = {
  id: 'unreal',
  label: LABEL,
  infoSuffix: 'unreal',
  axes: 'unreal',
  world: {
    units: 'cm',
    axes: 'X = x, Y = z, Z = height (centimetres, the landscape centred as the export places it)',
    map: (x, y, z) => [x * 100, z * 100, y * 100],
    scale: 100,
  },
  form: { sizes: SIZES, choosesSize: true, rawHeightLabel: null, tiling: { label: 'Tile size (vertices)', sharedEdge: false }, normalGreen: 'down' },
  sizeProblem,
  formTiles: (size, overlap) => ({ size, overlap }),
  heightmap: () => ({
    codec: 'png',
    extension: 'png',
    // Unreal reads sample s as (s − 32768)/128 · scaleZ cm around Location Z, so the range's top is one
    // step past the last sample: the samples span min … min + (max − min) · 65535/65536.
    options: (range) => ({ bits: 16, range: { min: range.min, max: range.min + ((range.max - range.min) * 65535) / 65536 } }),
  }),
  shape: (dims, options) => squareShape(dims, options, { label: LABEL, sizes: SIZES, sizeProblem, chooseSize: tiledSize }),
  // The tiled import: tiles edge to edge, no shared row or column.
  tiles: (shape, options) => (options.tiles ? layoutTiles(shape, { size: options.tiles.size, overlap: 0 }) : null),
  maskFiles: weightFiles,
  describe({ shape, tiles, range, sizeX, sizeZ, heightFiles, masks, common }) {
    const span = range.max - range.min;
    const layout = unrealLayoutFor(shape.width)!;
    const scaleX = (sizeX * 100) / (shape.width - 1);
    const scaleY = (sizeZ * 100) / (shape.depth - 1);
    const scaleZ = (span * 100) / 512;
    const locationZ = ((range.min + range.max) / 2) * 100;
    // The landscape's location is its first vertex; this puts its centre where Faultline's is.
    const locationX = (-sizeX / 2) * 100;
    const locationY = (-sizeZ / 2) * 100;
    const numbers: EngineNumber[] = [
      { key: 'size', label: 'Heightmap size', value: `${shape.width} × ${shape.depth}`, unit: '' },
      { key: 'scaleX', label: 'Scale X', value: round(scaleX), unit: 'cm' },
      { key: 'scaleY', label: 'Scale Y', value: round(scaleY), unit: 'cm' },
      { key: 'scaleZ', label: 'Scale Z', value: round(scaleZ), unit: 'cm' },
      { key: 'locationX', label: 'Location X', value: round(locationX), unit: 'cm' },
      { key: 'locationY', label: 'Location Y', value: round(locationY), unit: 'cm' },
      { key: 'locationZ', label: 'Location Z', value: round(locationZ), unit: 'cm' },
      { key: 'sections', label: 'Quads per section', value: `${layout.quadsPerSection}×${layout.quadsPerSection}`, unit: '' },
      {
        key: 'components',
        label: 'Sections per component / components',
        value: `${layout.sectionsPerComponent}×${layout.sectionsPerComponent} / ${layout.components}×${layout.components}`,
        unit: '',
      },
    ];
    const tilesX = tiles ? Math.max(...tiles.map((t: Tile) => t.x)) + 1 : 0;
    const tilesY = tiles ? Math.max(...tiles.map((t: Tile) => t.y)) + 1 : 0;
    const tileSize = tiles ? tiles[0].width : 0;
    if (tiles) {
      numbers.push({
        key: 'tiledImport',
        label: 'Tiled import (files × tile size)',
        value: `${tilesX} × ${tilesY} files of ${tileSize} × ${tileSize}`,
        unit: '',
      });
      numbers.push({ key: 'tileFile', label: 'Select (tiled import)', value: heightFiles[0].name, unit: '' });
    }
    const info: JsonObject = {
      size: shape.width,
      scaleX,
      scaleY,
      scaleZ,
      locationZ,
      locationX,
      locationY,
      quadsPerSection: layout.quadsPerSection,
      sectionsPerComponent: layout.sectionsPerComponent,
      components: layout.components,
      heightMin: range.min,
      heightMax: range.max,
      ...common,
      ...(tiles && {
        tiledImport: { tileSize, tilesX, tilesY, select: heightFiles[0].name },
        tiles: tileInfo(heightFiles, () => ({})),
      }),
    };
    const notes: string[] = [];
    if (tiles) {
      notes.push(
        `Tiled import: Landscape ▸ Import from File with “Tiled” on, select ${heightFiles[0].name}; Unreal finds the other _x_y files and places ` +
          `tile (x, y) at x · ${tileSize}, y · ${tileSize} vertices (equal tiles, no shared edge), making the ${shape.width} × ${shape.depth} ` +
          `landscape above. Type the scale and location above; 16-bit sample 32768 is the middle height.`,
      );
    } else {
      notes.push(
        'Import the PNG as the landscape heightmap (Landscape ▸ Manage ▸ Import from File) and type the scale and location above; 16-bit sample ' +
          '32768 is the middle height.',
      );
    }
    if (masks.length > 0)
      notes.push(
        `Weightmaps: one 8-bit PNG per layer${tiles ? ' and tile, named like the heightmap tiles' : ' at the heightmap size'}, weight-blended (they ` +
          `sum to 255).`,
      );
    return { numbers, info, notes };
  },
};
