import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import {
  DEFAULT_NATURAL_LINES,
  naturalPalette,
  snowShiftAt,
  writeNaturalGround,
  type ColourMode,
  type ErosionCover,
  type NaturalLines,
} from '../../shared/ground/naturalColours';
import { normalSlopeDeg } from '../../shared/terrain/shadingNormals';
import { HYPSOMETRIC_RAMP, SLOPE_RAMP, linearRamp, normalisedHeight, rampIndex } from './colourRamp';

// The natural colours' pure part is shared (the CLI's colour map paints them too); this module keeps its API.
export {
  applyErosionCover,
  colourRange,
  naturalPalette,
  snowShiftAt,
  writeNaturalGround,
  DEFAULT_NATURAL_LINES,
  erosionCoverOf,
  naturalAxis,
  naturalLinesOf,
  sameNaturalLines,
  strataKey,
  writeNaturalColour,
  type ColourMode,
  type ErosionCover,
  type NaturalLines,
} from '../../shared/ground/naturalColours';

const HYPSOMETRIC_LINEAR = linearRamp(HYPSOMETRIC_RAMP);
const SLOPE_LINEAR = linearRamp(SLOPE_RAMP);

/**
 * Writes linear RGB vertex colours for rows [rowStart, rowEnd): by height (hypsometric ramp over
 * `range`), by slope (angle of the shading normal from vertical, 0–90°), or natural (ground cover
 * by both: the ground materials' mean colours by the ground layers of `lines` (writeNaturalGround),
 * with `cover` also sediment, gravel and wet ground from erosion results; `range` is not read).
 */
export function writeVertexColours(
  field: Heightfield,
  normals: Float32Array,
  colours: Float32Array,
  mode: ColourMode,
  range: HeightRange,
  rowStart = 0,
  rowEnd = field.depth,
  cover: ErosionCover | null = null,
  lines: NaturalLines = DEFAULT_NATURAL_LINES,
): void {
  const { width, depth, cellSize, heights } = field;
  const palette = mode === 'natural' ? naturalPalette(lines, { erosion: cover !== null, road: false }) : null;
  const j0 = Math.max(0, rowStart);
  const j1 = Math.min(field.depth, rowEnd);
  for (let k = j0 * width; k < j1 * width; k++) {
    let t: number;
    let lut: Float32Array;
    if (palette) {
      const slopeDeg = normalSlopeDeg(normals[k * 3 + 1]);
      // World x, z as the mesh places the vertex (shared/terrain/mesh.ts): where dipping beds are read, where the snow line wanders.
      const i = k % width;
      const x = (i - (width - 1) / 2) * cellSize;
      const z = ((k - i) / width - (depth - 1) / 2) * cellSize;
      const h = heights[k];
      const snowShift = snowShiftAt(palette, h, x, z, slopeDeg, normals[k * 3], normals[k * 3 + 2]);
      const flow = cover ? cover.flow[k] / 255 : 0;
      writeNaturalGround(palette, h, slopeDeg, flow, cover ? cover.deposition[k] / 255 : 0, colours, k * 3, 0, 0, x, z, 0, snowShift);
      continue;
    }
    if (mode === 'slope') {
      const ny = Math.min(1, Math.max(-1, normals[k * 3 + 1]));
      t = Math.acos(ny) / (Math.PI / 2);
      lut = SLOPE_LINEAR;
    } else {
      t = normalisedHeight(heights[k], range.min, range.max);
      lut = HYPSOMETRIC_LINEAR;
    }
    const r = rampIndex(t) * 3;
    colours[k * 3] = lut[r];
    colours[k * 3 + 1] = lut[r + 1];
    colours[k * 3 + 2] = lut[r + 2];
  }
}

/** Copies the heights of rows [rowStart, rowEnd) into the y components of a positions buffer. */
export function writeHeightRows(field: Heightfield, positions: Float32Array, rowStart: number, rowEnd: number): void {
  const { width, heights } = field;
  const j0 = Math.max(0, rowStart);
  const j1 = Math.min(field.depth, rowEnd);
  for (let k = j0 * width; k < j1 * width; k++) positions[k * 3 + 1] = heights[k];
}
