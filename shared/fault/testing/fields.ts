import { createRandom } from '../../random';
import { createHeightfield, type Heightfield } from '../../terrain/heightfield';
import { faultSide, risesAt, type FaultLine } from '../lines';
import type { Fault } from '../fastFormation';
import { rampedDisplacement, smoothScale } from '../profile';
import { quantizeDisplacement } from '../recipe';

/** Random starting heights, so that "added to the existing heights" is exercised too. */
export function bumpy(width: number, depth: number, cellSize: number, seed: number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  const random = createRandom(seed);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = (random.next() - 0.5) * 20;
  return field;
}

export function copyField(field: Heightfield): Heightfield {
  return { ...field, heights: field.heights.slice() };
}

/** 'identical' when the heights are the same bytes, else the first differing vertex and both values. */
export function compareBytes(actual: Heightfield, expected: Heightfield): string {
  const a = new Uint32Array(actual.heights.buffer, actual.heights.byteOffset, actual.heights.length);
  const b = new Uint32Array(expected.heights.buffer, expected.heights.byteOffset, expected.heights.length);
  if (a.length !== b.length) return `${a.length} vs ${b.length} heights`;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return `vertex ${k}: ${actual.heights[k]} vs ${expected.heights[k]}`;
  return 'identical';
}

/**
 * The plain loop over explicit faults, each with its own profile: the same definition as
 * referenceFaultFormation, written out again so a fault list can be checked without a recipe.
 */
export function plainApply(field: Heightfield, faults: readonly Fault[]): void {
  const { width, depth, cellSize, heights } = field;
  const sums = new Float64Array(width * depth);
  for (const { line, displacement, profile } of faults) {
    const d = quantizeDisplacement(displacement);
    const scale = profile?.kind === 'smooth' ? smoothScale(line, profile.width) : 0;
    for (let j = 0; j < depth; j++) {
      const z = (j - (depth - 1) / 2) * cellSize;
      for (let i = 0; i < width; i++) {
        const x = (i - (width - 1) / 2) * cellSize;
        sums[j * width + i] += profile?.kind === 'smooth' ? rampedDisplacement(d, faultSide(line, x, z) * scale) : risesAt(line, x, z) ? d : -d;
      }
    }
  }
  for (let k = 0; k < sums.length; k++) heights[k] = heights[k] + sums[k];
}

/** A normal-form line a·x + b·z = c, taken as given (degenerate coefficients included). */
export function normalLine(a: number, b: number, c: number): FaultLine {
  return { a, b, c, x1: 0, z1: 0, x2: 0, z2: 0, method: 'normal' };
}

/** The line through (x1, z1) and (x2, z2) as the 'cross' method stores it. */
export function crossLine(x1: number, z1: number, x2: number, z2: number): FaultLine {
  const length = Math.hypot(x2 - x1, z2 - z1);
  const a = -(z2 - z1) / length;
  const b = (x2 - x1) / length;
  return { a, b, c: a * x1 + b * z1, x1, z1, x2, z2, method: 'cross' };
}
