import type { Heightfield } from '../terrain/heightfield';
import { heightRange } from '../terrain/heightfield';

/**
 * Maps the heights linearly so the lowest becomes `min` and the highest `max` (in place). A flat map
 * has no range to stretch: every height becomes the middle of the target range.
 */
export function normalizeToRange(field: Heightfield, min: number, max: number): void {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) {
    throw new RangeError(`normalise needs finite min ≤ max, got ${min}..${max}`);
  }
  const { heights } = field;
  const { min: low, max: high } = heightRange(heights);
  if (!Number.isFinite(low) || !Number.isFinite(high)) throw new RangeError('cannot normalise a map with non-finite heights');
  if (low === high) {
    heights.fill(min + (max - min) / 2);
    return;
  }
  const span = high - low;
  for (let k = 0; k < heights.length; k++) {
    const t = (heights[k] - low) / span;
    // (1 − t)·min + t·max hits both ends exactly at t = 0 and t = 1.
    heights[k] = (1 - t) * min + t * max;
  }
}
