import { describe, expect, it } from 'vitest';
import { runFluvial } from './fluvial';
import { DEFAULT_FLUVIAL, fluvialProblem, type FluvialParams } from './fluvialParams';

/**
 * The fluvial layer's optional cutOnlyFalling (Canyons' plateau: no level trench held one vertex wide).
 * A plane 33 × 17 vertices, 10 m cells, falling at 5 % towards the edge x = 0. With
 * `outletArea` over any area the edge has no mouth: all of it follows the land inside it, and the
 * vertices next to it take no edge vertex as a receiver, so those at x = 1 are only uplifted and every
 * channel upstream is solved against them. Without the key the implicit solve (K·√A·dt ≫ 1) pulls
 * each channel down towards its rising outlet: the plane is cut flat towards x = 1. Closed forms:
 * - with uplift U over T: no vertex is lowered by a step (its receivers rise by U·dt as it does), so
 *   with cutOnlyFalling each is only uplifted: every vertex inside the edge ends at input + U·T;
 * - without uplift a solve never leaves a vertex above its start, so the rule never applies: the bytes
 *   of the layer without it, on both schemes (here with the whole edge the base level, the plane cut down).
 */
const width = 33;
const depth = 17;
const cellSize = 10;
const grid = { width, depth, cellSize };
const plane = new Float32Array(width * depth);
for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) plane[j * width + i] = 100 + 0.05 * i * cellSize;

const params = (over: Partial<FluvialParams>): FluvialParams => ({
  ...DEFAULT_FLUVIAL,
  k: 1e-2,
  m: 0.5,
  n: 1,
  diffusion: 0,
  strata: null,
  channelArea: 0,
  uplift: 1e-3,
  timeStep: 1000,
  time: 20_000,
  outletArea: 1e12,
  ...over,
});

function run(p: FluvialParams): Float32Array {
  const out = new Float32Array(plane.length);
  runFluvial(grid, plane, out, p);
  return out;
}

/** Largest |out − expected| over the vertices inside the edge. */
function insideError(out: Float32Array, expected: (v: number) => number): number {
  let worst = 0;
  for (let j = 1; j < depth - 1; j++) for (let i = 1; i < width - 1; i++) worst = Math.max(worst, Math.abs(out[j * width + i] - expected(j * width + i)));
  return worst;
}

describe('fluvial cutOnlyFalling', () => {
  const lift = 1e-3 * 20_000;

  it('cutOnlyFalling: towards a free edge with uplift the plane only rises (input + U·T); without it the channels are cut towards x = 1', () => {
    const cut = run(params({}));
    expect(insideError(cut, (v) => plane[v] + lift)).toBeGreaterThan(5);
    const held = run(params({ cutOnlyFalling: true }));
    expect(insideError(held, (v) => plane[v] + lift)).toBeLessThan(1e-4);
  });

  it('without uplift it never applies: the same bytes on both schemes', () => {
    for (const scheme of [undefined, 'factored'] as const) {
      const still = params({ outletArea: 0, uplift: 0, scheme });
      const cut = run(still);
      expect(insideError(cut, (v) => plane[v])).toBeGreaterThan(5);
      expect(run({ ...still, cutOnlyFalling: true })).toEqual(cut);
    }
  });

  it('refuses a value that is not true or false', () => {
    expect(fluvialProblem(params({ cutOnlyFalling: 1 as unknown as boolean }))).toMatch(/cutOnlyFalling/);
    expect(fluvialProblem(params({ cutOnlyFalling: false }))).toBeNull();
  });
});
