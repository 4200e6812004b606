import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random';
import { stackProblem } from '../validate';
import { wholeRect, type FlattenLayer, type LayerSize, type Rect } from '../types';
import { referenceFlatten } from '../testing/flattenReference';
import { flattenKind, mapDiagonal, MAX_FLATTEN_POINTS, MAX_FLATTEN_WORK } from './flatten';

const pad = (points: [number, number][], height: number, falloff: number): FlattenLayer => ({
  id: 'pad',
  name: 'Pad',
  enabled: true,
  opacity: 1,
  kind: 'flatten',
  params: { points, height, falloff },
});

function ground(size: LayerSize, seed: number): Float32Array {
  const random = createRandom(seed);
  const heights = new Float32Array(size.width * size.depth);
  for (let k = 0; k < heights.length; k++) heights[k] = Math.sin(k * 0.013) * 30 + random.next() * 4;
  return heights;
}

/** The pads of the repository's fixtures (test stacks, the ten-layer project, the bench) and odd shapes. */
const FIXTURE_PADS: { size: LayerSize; layer: FlattenLayer }[] = [
  {
    size: { width: 97, depth: 71, cellSize: 2 },
    layer: pad(
      [
        [-30, -20],
        [-10, -20],
        [-10, 0],
        [-30, 0],
      ],
      5,
      8,
    ),
  },
  {
    size: { width: 65, depth: 65, cellSize: 1 },
    layer: pad(
      [
        [-10, -10],
        [10, -10],
        [10, 10],
        [-10, 10],
      ],
      40,
      6,
    ),
  },
  {
    size: { width: 97, depth: 71, cellSize: 2 },
    layer: pad(
      [
        [0, 0],
        [30, 5],
        [10, 25],
      ],
      2,
      6,
    ),
  },
  {
    size: { width: 97, depth: 71, cellSize: 2 },
    layer: pad(
      [
        [-20, -20],
        [10, -25],
        [5, 15],
      ],
      3,
      5,
    ),
  },
  {
    size: { width: 257, depth: 257, cellSize: 8 },
    layer: pad(
      [
        [-600, -600],
        [-300, -620],
        [-280, -350],
        [-590, -360],
      ],
      20,
      40,
    ),
  },
  {
    size: { width: 257, depth: 257, cellSize: 4 },
    layer: pad(
      [
        [-400, -400],
        [-200, -420],
        [-180, -250],
        [-390, -260],
      ],
      20,
      30,
    ),
  },
  // Falloff 0, a pad over the map's edge, a self-crossing bow tie, repeated and collinear points, points on vertices.
  {
    size: { width: 65, depth: 49, cellSize: 1.5 },
    layer: pad(
      [
        [-20, -12],
        [18, -10],
        [4, 20],
      ],
      -3,
      0,
    ),
  },
  {
    size: { width: 65, depth: 49, cellSize: 1.5 },
    layer: pad(
      [
        [30, -50],
        [80, -40],
        [60, 10],
        [35, 5],
      ],
      9,
      12.5,
    ),
  },
  {
    size: { width: 65, depth: 49, cellSize: 1 },
    layer: pad(
      [
        [-20, -15],
        [20, 15],
        [20, -15],
        [-20, 15],
      ],
      4,
      7,
    ),
  },
  {
    size: { width: 65, depth: 49, cellSize: 1 },
    layer: pad(
      [
        [-10, 0],
        [-10, 0],
        [0, 0],
        [10, 0],
        [10, 10],
        [-10, 10],
      ],
      1,
      3,
    ),
  },
  {
    size: { width: 64, depth: 48, cellSize: 1 },
    layer: pad(
      [
        [-10.5, -10.5],
        [10.5, -10.5],
        [10.5, 10.5],
        [-10.5, 10.5],
      ],
      2,
      4,
    ),
  },
];

function randomPad(seed: number): { size: LayerSize; layer: FlattenLayer } {
  const random = createRandom(seed);
  const size = { width: 40 + Math.floor(random.next() * 60), depth: 40 + Math.floor(random.next() * 60), cellSize: 0.5 + random.next() * 3 };
  const count = 3 + Math.floor(random.next() * 60);
  const extent = size.width * size.cellSize * 0.7;
  // A star around a centre, with spikes: concave, and crossing itself now and then.
  const points = Array.from({ length: count }, (_, k): [number, number] => {
    const angle = (k / count) * 2 * Math.PI + random.next() * 0.8;
    const radius = extent * (0.1 + random.next() * 0.5);
    return [Math.cos(angle) * radius + (random.next() - 0.5) * extent * 0.3, Math.sin(angle) * radius];
  });
  return { size, layer: pad(points, random.next() * 50 - 25, random.next() < 0.2 ? 0 : random.next() * extent * 0.5) };
}

function evaluate(layer: FlattenLayer, input: Float32Array, size: LayerSize, rect: Rect, reference: boolean): Float32Array {
  const out = new Float32Array(input.length).fill(Number.NaN);
  if (reference) referenceFlatten(layer, input, out, size, rect);
  else flattenKind.apply(layer, input, out, size, rect, {});
  return out;
}

describe('flatten pads: edges indexed by row', () => {
  it('gives the same bytes as every vertex against every edge, over the whole map and over sub-rectangles', () => {
    const cases = [...FIXTURE_PADS, ...Array.from({ length: 40 }, (_, n) => randomPad(n + 1))];
    for (const [n, { size, layer }] of cases.entries()) {
      expect(flattenKind.problem(layer, size), `pad ${n}`).toBeNull();
      const input = ground(size, n);
      const rects: Rect[] = [
        wholeRect(size),
        { i0: 3, j0: 5, i1: Math.floor(size.width / 2), j1: size.depth - 2 },
        { i0: size.width - 9, j0: 0, i1: size.width, j1: 7 },
      ];
      for (const rect of rects) {
        const expected = evaluate(layer, input, size, rect, true);
        const actual = evaluate(layer, input, size, rect, false);
        expect(new Uint8Array(actual.buffer), `pad ${n}, rect ${JSON.stringify(rect)}`).toEqual(new Uint8Array(expected.buffer));
      }
    }
  });

  it("refuses a falloff beyond the map's diagonal and a pad that would cost vertices × points", () => {
    const size = { width: 257, depth: 257, cellSize: 1 };
    // The 3-4-5 triangle: a 301 × 401-vertex map with 1 m cells has a 500 m diagonal.
    expect(mapDiagonal({ width: 401, depth: 301, cellSize: 1 })).toBe(500);
    const ring = (count: number, radius: number) =>
      Array.from({ length: count }, (_, k): [number, number] => [Math.cos((k / count) * 2 * Math.PI) * radius, Math.sin((k / count) * 2 * Math.PI) * radius]);
    expect(flattenKind.problem(pad(ring(4096, 60), 5, 1e300), size)).toMatch(/falloff must be at most the map's diagonal \(362 m\)/);
    const hostile = pad(ring(MAX_FLATTEN_POINTS, 60), 5, mapDiagonal(size));
    expect(flattenKind.problem(hostile, size)).toMatch(/too costly to evaluate \(4096 points with a 362\.03\d* m falloff over 66049 vertices\)/);
    expect(stackProblem([hostile], size)).toMatch(/^layer 1 "Pad" \(flatten\): the pad is too costly/);
    // The same points with an ordinary falloff are fine: each edge costs only the vertices near it.
    const ordinary = pad(ring(MAX_FLATTEN_POINTS, 60), 5, 10);
    expect(flattenKind.problem(ordinary, size)).toBeNull();
    // Bounded: at most MAX_FLATTEN_WORK vertex-edge distances (a hostile pad that passes is a small map's).
    expect(
      flattenKind.problem(pad(ring(MAX_FLATTEN_POINTS, 60), 5, mapDiagonal({ width: 65, depth: 65, cellSize: 1 })), { width: 65, depth: 65, cellSize: 1 }),
    ).toBeNull();
    expect(MAX_FLATTEN_WORK).toBeLessThan(4096 * 257 * 257);
  });

  it('reports progress, rows done of rows, on a long evaluation', () => {
    const size = { width: 513, depth: 513, cellSize: 1 };
    const ring = Array.from({ length: 1024 }, (_, k): [number, number] => [Math.cos((k / 1024) * 2 * Math.PI) * 200, Math.sin((k / 1024) * 2 * Math.PI) * 200]);
    const layer = pad(ring, 5, 20);
    expect(flattenKind.problem(layer, size)).toBeNull();
    const seen: [number, number][] = [];
    const input = new Float32Array(size.width * size.depth);
    flattenKind.apply(layer, input, new Float32Array(input.length), size, wholeRect(size), { onProgress: (done, total) => seen.push([done, total]) });
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toEqual([seen.at(-1)![1], seen.at(-1)![1]]);
    expect(seen.every(([done], n) => n === 0 || done > seen[n - 1][0])).toBe(true);
  });
});
