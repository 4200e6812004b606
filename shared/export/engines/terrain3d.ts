/**
 * Godot Terrain3D 1.0 (terrain_3d_data.cpp, importer.gd): any size, sliced into regions of 64…2048
 * vertices, at most 32 × 32 regions; EXR heights in metres or R16 with a height range; vertex spacing
 * 0.25–100 m.
 */
import type { JsonObject } from '../../json';
import { tileName, type Tile } from '../tiles';
import { fail, layoutTiles, round, tileInfo, weightFiles } from './common';
import type { EngineDefinition, EngineNumber, ExportSource, MapDims } from './engine';
import { godotHeightmap } from './godot';

export const TERRAIN3D_REGION_SIZES: readonly number[] = [64, 128, 256, 512, 1024, 2048];
export const TERRAIN3D_REGIONS_PER_SIDE = 32;
export const TERRAIN3D_DEFAULT_REGION = 256;
/** Terrain3D clamps its vertex spacing to this range (terrain_3d.cpp set_vertex_spacing). */
export const TERRAIN3D_SPACING = { min: 0.25, max: 100 } as const;

/** Terrain3D's region size for a map: its default unless the map needs larger regions to fit 32 × 32 of them. */
export function terrain3dRegionSize(width: number, depth: number): number {
  // Centred on the origin the map spans ±side/2 vertices; the region map spans ±16 regions.
  const side = Math.max(width, depth);
  for (const size of TERRAIN3D_REGION_SIZES) {
    if (size >= TERRAIN3D_DEFAULT_REGION && (TERRAIN3D_REGIONS_PER_SIDE / 2) * size >= Math.ceil(side / 2) + 1) return size;
  }
  return TERRAIN3D_REGION_SIZES[TERRAIN3D_REGION_SIZES.length - 1];
}

/** The map's first vertex on Terrain3D's vertex grid (its centre vertex at the origin). */
function terrain3dFirstVertex(dims: Pick<MapDims, 'width' | 'depth'>): { x: number; z: number } {
  return { x: -Math.floor((dims.width - 1) / 2), z: -Math.floor((dims.depth - 1) / 2) };
}

/**
 * An import_position (whole metres: importer.gd's is a Vector2i) that Terrain3D rounds down to the
 * region boundary at vertex `boundary`: the boundary itself when it is a whole number of metres, else
 * the next whole metre (still inside that region).
 */
export function terrain3dImportPosition(boundary: number, spacing: number): number {
  const metres = boundary * spacing;
  const whole = Math.abs(metres - Math.round(metres)) < 1e-9 ? Math.round(metres) : Math.ceil(metres);
  return whole === 0 ? 0 : whole;
}

/** Where Terrain3D puts an image imported at `position` (m): the first vertex of its region (terrain_3d_data.cpp). */
export function terrain3dLanding(position: number, spacing: number, regionSize: number): number {
  return Math.floor(Math.fround(position / spacing) / regionSize) * regionSize;
}

const padding = (source: ExportSource) => (source.mode === 'native' ? { padLeft: source.padLeft, padTop: source.padTop } : { padLeft: 0, padTop: 0 });

export const terrain3d: EngineDefinition = {
  id: 'godot-terrain3d',
  label: 'Godot · Terrain3D 1.0',
  infoSuffix: 'terrain3d',
  axes: 'faultline',
  world: { units: 'm', axes: 'X = x, Y = height, Z = z (the import position puts the map where it is in Faultline)', map: (x, y, z) => [x, y, z], scale: 1 },
  form: { sizes: [], choosesSize: false, rawHeightLabel: 'R16 16-bit (.r16)', tiling: { label: 'Tile size (vertices)', sharedEdge: false }, normalGreen: 'up' },
  sizeProblem: () => null,
  formTiles: (size, overlap) => ({ size, overlap }),
  heightmap: (options) => godotHeightmap(options, 'r16'),
  /**
   * Terrain3D takes the map as it is. Its importer rounds import_position down to a region boundary
   * (terrain_3d_data.cpp import_images: region location = floor(position / region size)) and puts the
   * image's first pixel there, so the image is padded in front with copies of its edge to start on that
   * boundary: the map's own vertices then land where they are in Faultline.
   */
  shape(dims, options) {
    if (options.size !== undefined) fail('Terrain3D takes the map at its own size: a resolution cannot be chosen (resample the map in Faultline instead)');
    if (options.fit === 'crop') fail('Terrain3D takes the whole map: crop is not available for it');
    const spacing = dims.cellSize;
    if (!(spacing >= TERRAIN3D_SPACING.min && spacing <= TERRAIN3D_SPACING.max)) {
      fail(
        `Terrain3D's vertex spacing is ${TERRAIN3D_SPACING.min}–${TERRAIN3D_SPACING.max} m and it clamps anything else; this map's cells ` +
          `are ${spacing} m (resample the map to a cell size in that range)`,
      );
    }
    const region = terrain3dRegionSize(dims.width, dims.depth);
    const first = terrain3dFirstVertex(dims);
    const padLeft = first.x - Math.floor(first.x / region) * region;
    const padTop = first.z - Math.floor(first.z / region) * region;
    return { width: dims.width + padLeft, depth: dims.depth + padTop, cellX: spacing, cellZ: spacing, source: { mode: 'native', padLeft, padTop } };
  },
  // Regions: tiles edge to edge, no shared row or column, each a whole number of regions.
  tiles(shape, options) {
    if (!options.tiles) return null;
    const pad = padding(shape.source);
    const region = terrain3dRegionSize(shape.width - pad.padLeft, shape.depth - pad.padTop);
    if (options.tiles.size % region !== 0) fail(`Terrain3D tiles must be whole regions: a tile size that is a multiple of the region size ${region}`);
    return layoutTiles(shape, { size: options.tiles.size, overlap: 0 });
  },
  maskFiles: weightFiles,
  describe({ dims, options, shape, tiles, range, heightFiles, common }) {
    const { name } = options;
    const format = options.heightFormat ?? 'exr';
    const regionSize = terrain3dRegionSize(dims.width, dims.depth);
    const spacing = shape.cellX;
    // The padded image starts on a region boundary (shape): Terrain3D keeps the position as it is.
    const first = terrain3dFirstVertex(dims);
    const pad = padding(shape.source);
    const boundaryX = first.x - pad.padLeft;
    const boundaryZ = first.z - pad.padTop;
    const importX = terrain3dImportPosition(boundaryX, spacing);
    const importZ = terrain3dImportPosition(boundaryZ, spacing);
    const numbers: EngineNumber[] = [
      { key: 'regionSize', label: 'Region size', value: regionSize, unit: '' },
      { key: 'vertexSpacing', label: 'Vertex spacing', value: round(spacing), unit: 'm' },
      { key: 'importPosition', label: 'Import position (x, z)', value: `${importX}, ${importZ}`, unit: 'm' },
      { key: 'importScale', label: 'Import scale / height offset', value: '1 / 0', unit: '' },
    ];
    if (format === 'r16') {
      numbers.push({ key: 'r16Range', label: 'R16 range (min, max)', value: `${round(range.min)}, ${round(range.max)}`, unit: 'm' });
      numbers.push({ key: 'r16Size', label: 'R16 size', value: `${shape.width}, ${shape.depth}`, unit: '' });
    }
    const tilePosition = (tile: Tile) => [terrain3dImportPosition(boundaryX + tile.i0, spacing), 0, terrain3dImportPosition(boundaryZ + tile.j0, spacing)];
    if (tiles) {
      // The dialog lists the first few; the JSON has every tile's.
      const listed = tiles.slice(0, 8).map((t) => `${tileName(name, t)}: ${tilePosition(t)[0]}, ${tilePosition(t)[2]}`);
      numbers.push({
        key: 'tilePositions',
        label: 'Tile import positions (x, z)',
        value: listed.join('; ') + (tiles.length > 8 ? `; … ${tiles.length - 8} more in ${name}.terrain3d.json` : ''),
        unit: 'm',
      });
    }
    const info: JsonObject = {
      format,
      regionSize,
      vertexSpacing: spacing,
      importPosition: [importX, 0, importZ],
      importScale: 1,
      heightOffset: 0,
      padding: { left: pad.padLeft, top: pad.padTop },
      ...(format === 'r16' && { r16Range: [range.min, range.max], r16Size: [shape.width, shape.depth] }),
      ...common,
      ...(tiles && { tiles: tileInfo(heightFiles, (tile) => ({ importPosition: tilePosition(tile) })) }),
    };
    const notes = [
      'Terrain3D importer (addons/terrain_3d/tools/importer.tscn): set region size and vertex spacing on the Terrain3D node first, then the import ' +
        'position (whole metres; Terrain3D rounds it down to a region boundary, which is where the image starts).',
    ];
    if (pad.padLeft > 0 || pad.padTop > 0)
      notes.push(
        `The image starts ${pad.padLeft} columns and ${pad.padTop} rows before the map (copies of its edge) so that it begins on a region boundary ` +
          `and the map lands where it is in Faultline.`,
      );
    if (dims.width % 2 === 0 || dims.depth % 2 === 0)
      notes.push('An even vertex count cannot be centred on Terrain3D’s vertex grid: the map sits half a cell off Faultline’s origin.');
    return { numbers, info, notes };
  },
};
