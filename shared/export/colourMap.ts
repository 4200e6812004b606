/**
 * A colour map: the 3D view's natural colours (ground cover by slope and height through the tree and
 * snow lines, snow, and sediment and wet ground where the map has erosion results) as 8-bit sRGB, one
 * pixel per vertex, for an engine's base colour or a far-distance texture. The slope is the vertex
 * normal's from the exact triangles (as for masks and normal maps); the colours are the view's,
 * shared/ground/naturalColours.ts, mixed in linear light and encoded to sRGB once.
 */
import { naturalPalette, snowShiftAt, writeNaturalGround, type NaturalLines } from '../ground/naturalColours';
import type { CoverValues } from './masks';

/** Per-vertex erosion cover on the 0…255 scale (as masks read it), laid out like the heights. */
export interface ColourCover {
  flow: CoverValues;
  deposition: CoverValues;
}

/** Linear light 0…1 to an sRGB byte (IEC 61966-2-1). */
export function linearToSrgbByte(linear: number): number {
  const c = linear > 0 ? Math.min(1, linear) : 0;
  return Math.round((c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055) * 255);
}

/**
 * Where `heights` lie on the map (rows `row0` on of a grid `width` × `depth` vertices, cellX and cellZ
 * metres apart, centred as the view's mesh): dipping rock beds are read, and the snow line wanders
 * (shared/ground/snowLine.ts), at each vertex's world x, z.
 */
export interface ColourPlace {
  width: number;
  depth: number;
  cellX: number;
  cellZ: number;
  row0: number;
}

/**
 * sRGB bytes (3 per vertex) of the natural colours of `heights` with their unit `normals` (xyz per
 * vertex, the same vertices), read against the tree and snow lines in metres; at `place` (needed
 * where `lines` has dipping strata, and for the ragged snow line).
 */
export function naturalColourPixels(
  heights: Float32Array,
  normals: Float32Array,
  lines: NaturalLines,
  cover: ColourCover | null = null,
  place: ColourPlace | null = null,
): Uint8Array {
  const palette = naturalPalette(lines, { erosion: cover !== null, road: false });
  const out = new Uint8Array(heights.length * 3);
  const rgb = new Float32Array(3);
  const width = place?.width ?? 1;
  const centreX = (width - 1) / 2;
  const centreZ = ((place?.depth ?? 1) - 1) / 2;
  for (let k = 0; k < heights.length; k++) {
    const slopeDeg = (Math.acos(Math.min(1, Math.max(-1, normals[3 * k + 1]))) * 180) / Math.PI;
    const i = k % width;
    const j = (k - i) / width + (place?.row0 ?? 0);
    const x = place ? (i - centreX) * place.cellX : 0;
    const z = place ? (j - centreZ) * place.cellZ : 0;
    const h = heights[k];
    // Without a place the snow line is the straight one (no wander, shade or steepness).
    const shift = place ? snowShiftAt(palette, h, x, z, slopeDeg, normals[3 * k], normals[3 * k + 2]) : 0;
    writeNaturalGround(palette, h, slopeDeg, cover ? cover.flow[k] / 255 : 0, cover ? cover.deposition[k] / 255 : 0, rgb, 0, 0, 0, x, z, 0, shift);
    for (let c = 0; c < 3; c++) out[3 * k + c] = linearToSrgbByte(rgb[c]);
  }
  return out;
}
