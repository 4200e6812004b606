/**
 * A colour map: the 3D view's natural colours (ground cover by slope and height through the tree and
 * snow lines, snow, and sediment and wet ground where the map has erosion results) as 8-bit sRGB, one
 * pixel per vertex, for an engine's base colour or a far-distance texture. The slope is the vertex
 * normal's from the exact triangles (as for masks and normal maps); the colours are the view's,
 * shared/ground/naturalColours.ts, mixed in linear light and encoded to sRGB once.
 */
import { naturalPalette, vertexSnowShift, writeNaturalGround, type NaturalLines } from '../ground/naturalColours';
import type { CoverValues } from './masks';

/** Where the pixels lie, so the ragged snow line (snowLine.ts) is placed as the 3D view places it: the map's size and spacing, and the first row given. */
export interface ColourPlace {
  width: number;
  depth: number;
  cellX: number;
  cellZ: number;
  firstRow: number;
}

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
 * sRGB bytes (3 per vertex) of the natural colours of `heights` with their unit `normals` (xyz per
 * vertex, the same vertices), read against the tree and snow lines in metres.
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
  for (let k = 0; k < heights.length; k++) {
    const slopeDeg = (Math.acos(Math.min(1, Math.max(-1, normals[3 * k + 1]))) * 180) / Math.PI;
    // Without a place the snow line is the straight one (no wander, shade or steepness).
    const shift = place ? vertexSnowShift(palette, place, k + place.firstRow * place.width, slopeDeg, normals[3 * k], normals[3 * k + 2]) : 0;
    writeNaturalGround(palette, heights[k], slopeDeg, cover ? cover.flow[k] / 255 : 0, cover ? cover.deposition[k] / 255 : 0, rgb, 0, 0, 0, shift);
    for (let c = 0; c < 3; c++) out[3 * k + c] = linearToSrgbByte(rgb[c]);
  }
  return out;
}
