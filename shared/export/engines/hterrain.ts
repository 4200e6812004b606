/**
 * Godot HTerrain 1.7 (hterrain_data.gd): square 2ⁿ + 1 maps from 65 to 4097 (it crops anything else),
 * RAW (.raw, 16-bit) with min/max height or EXR in metres, CLASSIC4 splatmap = RGBA8 at the map's resolution.
 */
import { fail, perTile, powerOfTwoPlusOne, round, squareShape } from './common';
import type { EngineDefinition } from './engine';
import { godotHeightmap } from './godot';

const LABEL = 'Godot · HTerrain 1.7';

/** HTerrain's resolutions (hterrain_data.gd: 2ⁿ + 1, at least 65, at most 4097). */
export const HTERRAIN_SIZES: readonly number[] = powerOfTwoPlusOne(65, 4097);

function sizeProblem(size: number): string | null {
  return HTERRAIN_SIZES.includes(size) ? null : `${size} is not a size ${LABEL} accepts (${HTERRAIN_SIZES.join(', ')})`;
}

export const hterrain: EngineDefinition = {
  id: 'godot-hterrain',
  label: LABEL,
  infoSuffix: 'hterrain',
  axes: 'faultline',
  world: { units: 'm', axes: 'X = x, Y = height, Z = z (the node at the position the export gives)', map: (x, y, z) => [x, y, z], scale: 1 },
  form: { sizes: HTERRAIN_SIZES, choosesSize: true, rawHeightLabel: 'RAW 16-bit (.raw)', tiling: null, normalGreen: 'up' },
  sizeProblem,
  formTiles: (size, overlap) => ({ size, overlap }),
  // HTerrain's importer reads 16-bit RAW only under the .raw extension.
  heightmap: (options) => godotHeightmap(options, 'raw'),
  shape: (dims, options) => squareShape(dims, options, { label: LABEL, sizes: HTERRAIN_SIZES, sizeProblem }),
  tiles(_shape, options) {
    if (options.tiles) fail('HTerrain takes one square map; tiles are not available for it');
    return null;
  },
  maxMaskLayers: 4,
  maskFiles(options, shape, tiles) {
    const set = options.masks;
    if (!set || set.layers.length === 0) return [];
    const names = set.layers.map((l) => l.name);
    if (names.length > 4) fail(`HTerrain's CLASSIC4 splatmap holds 4 layers; this mask set has ${names.length}`);
    return perTile(options.name, '_splat', 'png', shape, tiles, 'splatmap', names);
  },
  describe({ options, shape, range, sizeX, sizeZ, common }) {
    const format = options.heightFormat ?? 'exr';
    const positionX = -sizeX / 2;
    const positionZ = -sizeZ / 2;
    return {
      numbers: [
        { key: 'resolution', label: 'Resolution', value: shape.width, unit: '' },
        { key: 'minHeight', label: 'Min height', value: round(range.min), unit: 'm' },
        { key: 'maxHeight', label: 'Max height', value: round(range.max), unit: 'm' },
        { key: 'mapScale', label: 'Map scale (x, y, z)', value: `${round(shape.cellX)}, 1, ${round(shape.cellZ)}`, unit: '' },
        { key: 'position', label: 'Node position (x, z)', value: `${round(positionX)}, ${round(positionZ)}`, unit: 'm' },
      ],
      info: {
        format: format === 'exr' ? 'exr' : 'raw',
        resolution: shape.width,
        minHeight: range.min,
        maxHeight: range.max,
        mapScale: [shape.cellX, 1, shape.cellZ],
        position: [positionX, 0, positionZ],
        ...common,
      },
      notes: [
        format === 'exr'
          ? 'HTerrain ▸ Import: EXR heights are in metres (min/max are not used).'
          : 'HTerrain ▸ Import: RAW 16-bit little-endian with the min and max height above.',
      ],
    };
  },
};
