import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import { applyErosionCover, writeNaturalColour, type ColorMode, type ErosionCover } from '../../shared/terrain/naturalColours';
import { HYPSOMETRIC_RAMP, SLOPE_RAMP, linearRamp, normalisedHeight, rampIndex } from './colorRamp';

// The natural colours' pure part is shared (the CLI's colour map paints them too); this module keeps its API.
export { applyErosionCover, colourRange, DEFAULT_NATURAL_LINES, erosionCoverOf, naturalAxis, naturalLinesOf, sameNaturalLines, writeNaturalColour, type ColorMode, type ErosionCover, type NaturalLines } from '../../shared/terrain/naturalColours';

const HYPSOMETRIC_LINEAR = linearRamp(HYPSOMETRIC_RAMP);
const SLOPE_LINEAR = linearRamp(SLOPE_RAMP);

/**
 * Writes linear RGB vertex colours for rows [rowStart, rowEnd): by height (hypsometric ramp over
 * `range`), by slope (angle of the shading normal from vertical, 0–90°), or natural (ground cover
 * by both: NATURAL_TABLE, its height axis over `range`, which colourRange makes the natural axis;
 * with `cover`, sediment and wet ground from erosion results on top: applyErosionCover).
 */
export function writeVertexColors(
  field: Heightfield,
  normals: Float32Array,
  colors: Float32Array,
  mode: ColorMode,
  range: HeightRange,
  rowStart = 0,
  rowEnd = field.depth,
  cover: ErosionCover | null = null,
): void {
  const { width, heights } = field;
  const j0 = Math.max(0, rowStart);
  const j1 = Math.min(field.depth, rowEnd);
  for (let k = j0 * width; k < j1 * width; k++) {
    let t: number;
    let lut: Float32Array;
    if (mode === 'natural') {
      const ny = Math.min(1, Math.max(-1, normals[k * 3 + 1]));
      const angle = Math.acos(ny);
      writeNaturalColour(colors, k * 3, angle / (Math.PI / 2), normalisedHeight(heights[k], range.min, range.max));
      if (cover) applyErosionCover(colors, k * 3, (angle * 180) / Math.PI, cover.flow[k] / 255, cover.deposition[k] / 255);
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
    colors[k * 3] = lut[r];
    colors[k * 3 + 1] = lut[r + 1];
    colors[k * 3 + 2] = lut[r + 2];
  }
}

/** Copies the heights of rows [rowStart, rowEnd) into the y components of a positions buffer. */
export function writeHeightRows(field: Heightfield, positions: Float32Array, rowStart: number, rowEnd: number): void {
  const { width, heights } = field;
  const j0 = Math.max(0, rowStart);
  const j1 = Math.min(field.depth, rowEnd);
  for (let k = j0 * width; k < j1 * width; k++) positions[k * 3 + 1] = heights[k];
}
