import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../terrain/heightfield';
import { thermalErosion } from './thermal';
import { continueEdges } from './mapEdge';
import { thermalStep } from '../recipe/steps';

/** A field of `size`² vertices at 2 m with heights f(i, j). */
function field(size: number, f: (i: number, j: number) => number) {
  const heights = new Float32Array(size * size);
  for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) heights[j * size + i] = f(i, j);
  return createHeightfield(size, size, 2, heights);
}

describe('the map edge continued from the land inside it', () => {
  it('leaves a tilted plane exactly as it is, corners included', () => {
    const plane = (i: number, j: number) => 0.75 * i - 1.25 * j + 40;
    const f = field(9, plane);
    const before = Float32Array.from(f.heights);
    continueEdges(f);
    expect(Array.from(f.heights)).toEqual(Array.from(before));
  });

  it('sets each edge vertex on the line through the two inside it, so a lip at the edge is gone', () => {
    // A 76° cliff (8 m a cell) rising along the columns; the edge row stands 5 m proud of the line.
    const f = field(7, (_i, j) => 8 * j);
    for (let i = 0; i < 7; i++) f.heights[6 * 7 + i] += 5;
    continueEdges(f);
    for (let i = 1; i < 6; i++) expect(f.heights[6 * 7 + i]).toBe(48);
    // The inside is untouched.
    for (let j = 1; j < 6; j++) for (let i = 1; i < 6; i++) expect(f.heights[j * 7 + i]).toBe(8 * j);
  });

  it('leaves maps under three vertices a side alone', () => {
    const f = field(2, (i, j) => i * 3 + j * 7);
    const before = Float32Array.from(f.heights);
    continueEdges(f);
    expect(Array.from(f.heights)).toEqual(Array.from(before));
  });

  it('in the thermal layer: only with edgeContinues, after the passes', () => {
    const cone = (i: number, j: number) => Math.max(0, 30 - 6 * Math.hypot(i - 4, j - 8));
    const plain = field(17, cone);
    const continued = field(17, cone);
    thermalErosion(plain, thermalStep({ iterations: 5, talusDeg: 35, strength: 0.25 }));
    thermalErosion(continued, thermalStep({ iterations: 5, talusDeg: 35, strength: 0.25, edgeContinues: true }));
    const expected = Float32Array.from(plain.heights);
    continueEdges({ ...plain, heights: expected });
    expect(Array.from(continued.heights)).toEqual(Array.from(expected));
    // The cone meets the left edge: there the continued edge differs from the passes' own.
    expect(Array.from(continued.heights)).not.toEqual(Array.from(plain.heights));
  });
});
