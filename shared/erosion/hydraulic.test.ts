import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { runFaultFormation } from '../fault/fastFormation';
import { DEFAULT_RECIPE } from '../fault/recipe';
import { erosionBrush, hydraulicErosion as sequentialErosion, type ErosionMasks, type HydraulicRunOptions } from './hydraulic';
import { hydraulicErosionTiled } from './hydraulicTiled';
import { DEFAULT_HYDRAULIC, MAX_EROSION_RADIUS, type HydraulicParams } from './params';

const params = (overrides: Partial<HydraulicParams> = {}): HydraulicParams => ({ ...DEFAULT_HYDRAULIC, droplets: 3000, ...overrides });

function faultField(size: number, cellSize = 1): Heightfield {
  const field = createHeightfield(size, size, cellSize);
  runFaultFormation(field, { ...DEFAULT_RECIPE, seed: 11, iterations: 200 });
  return field;
}

/** A cone in a bowl: height rises with `slope` (per metre) both ways from a ring valley of radius `valley` cells. */
function coneInBowl(size: number, cellSize: number, slope: number, valley: number): Heightfield {
  const field = createHeightfield(size, size, cellSize);
  const middle = (size - 1) / 2;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) field.heights[j * size + i] = Math.abs(Math.hypot(i - middle, j - middle) - valley) * cellSize * slope;
  }
  return field;
}

function masksFor(field: Heightfield): ErosionMasks {
  return { flow: new Float32Array(field.heights.length), deposition: new Float32Array(field.heights.length) };
}

function bits(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}

function sameBytes(a: Float32Array, b: Float32Array): boolean {
  const x = bits(a);
  const y = bits(b);
  return x.length === y.length && x.every((v, k) => v === y[k]);
}

function allFinite(values: Float32Array): boolean {
  return values.every(Number.isFinite);
}

describe('erosionBrush', () => {
  it('weights the vertices within the radius by 1 − distance / radius, summing to 1', () => {
    for (let radius = 1; radius <= MAX_EROSION_RADIUS; radius++) {
      const brush = erosionBrush(radius);
      let sum = 0;
      const centre = brush.weights[brush.di.findIndex((x, b) => x === 0 && brush.dj[b] === 0)];
      for (let b = 0; b < brush.weights.length; b++) {
        const distance = Math.hypot(brush.di[b], brush.dj[b]);
        expect(distance).toBeLessThan(radius);
        expect(brush.weights[b]).toBeGreaterThan(0);
        if (distance > 0) expect(brush.weights[b]).toBeLessThan(centre);
        sum += brush.weights[b];
      }
      expect(sum).toBeCloseTo(1, 12);
    }
    expect(erosionBrush(1).weights.length).toBe(1);
    expect(erosionBrush(3).weights.length).toBe(25);
  });
});

// Both kernels: version 1 (sequential, kept for old projects) and version 2 (tiled) behave alike.
type Kernel = (field: Heightfield, params: HydraulicParams, options?: HydraulicRunOptions) => boolean;
const KERNELS: Array<[string, Kernel]> = [
  ['version 1 (sequential)', sequentialErosion],
  ['version 2 (tiled)', hydraulicErosionTiled],
];

describe.each(KERNELS)('hydraulic erosion, %s', (_name, hydraulicErosion) => {
  it('carves a cone in a bowl: lowers slopes, deposits in the valley, fills the masks where droplets went', () => {
    const field = coneInBowl(65, 1, 0.5, 20);
    const before = field.heights.slice();
    const masks = masksFor(field);
    expect(hydraulicErosion(field, params({ droplets: 5000 }), { masks })).toBe(true);
    let lowered = 0;
    let raised = 0;
    let worstMaskError = 0;
    for (let k = 0; k < before.length; k++) {
      const change = field.heights[k] - before[k];
      if (change < 0) lowered++;
      if (change > 0) raised++;
      worstMaskError = Math.max(worstMaskError, Math.abs(masks.deposition[k] - change));
    }
    expect(lowered).toBeGreaterThan(500);
    expect(raised).toBeGreaterThan(50);
    // The deposition mask is the run's net height change, up to its own float32 sums.
    expect(worstMaskError).toBeLessThan(1e-4);
    expect(masks.deposition.some((v) => v > 0)).toBe(true);
    expect(masks.deposition.some((v) => v < 0)).toBe(true);
    // Flow: non-negative, present on most of the map, and largest in the valley where paths converge.
    expect(masks.flow.every((v) => v >= 0)).toBe(true);
    expect(masks.flow.filter((v) => v > 0).length).toBeGreaterThan(before.length / 2);
    const ring = (values: Float32Array, radius: number): number => {
      let total = 0;
      for (let a = 0; a < 64; a++) {
        const i = Math.round(32 + radius * Math.cos((a * Math.PI) / 32));
        const j = Math.round(32 + radius * Math.sin((a * Math.PI) / 32));
        total += values[j * 65 + i];
      }
      return total;
    };
    const ringFlow = (radius: number): number => ring(masks.flow, radius);
    const ringDeposit = (radius: number): number => ring(masks.deposition, radius);
    expect(ringFlow(20)).toBeGreaterThan(2 * ringFlow(10));
    expect(ringFlow(20)).toBeGreaterThan(2 * ringFlow(28));
    // Sediment settles in the valley rather than on the slopes.
    expect(ringDeposit(20)).toBeGreaterThan(0);
  });

  it('adds to the masks it is given, so runs can share them', () => {
    const field = faultField(65);
    const masks = masksFor(field);
    hydraulicErosion(field, params({ droplets: 500 }), { masks });
    const once = masks.flow.slice();
    hydraulicErosion(field, params({ droplets: 500, seed: 2 }), { masks });
    expect(masks.flow.every((v, k) => v >= once[k])).toBe(true);
    expect(masks.flow.some((v, k) => v > once[k])).toBe(true);
  });

  it('gives the same bytes for the same inputs and different ones for another seed', () => {
    const run = (seed: number): [Float32Array, ErosionMasks] => {
      const field = faultField(129);
      const masks = masksFor(field);
      hydraulicErosion(field, params({ seed }), { masks, onProgress: () => undefined, shouldCancel: () => false });
      return [field.heights, masks];
    };
    const [a, maskA] = run(5);
    const [b, maskB] = run(5);
    expect(sameBytes(a, b)).toBe(true);
    expect(sameBytes(maskA.flow, maskB.flow)).toBe(true);
    expect(sameBytes(maskA.deposition, maskB.deposition)).toBe(true);
    const [c] = run(6);
    expect(sameBytes(a, c)).toBe(false);
    // Masks do not change the heights.
    const plain = faultField(129);
    hydraulicErosion(plain, params({ seed: 5 }));
    expect(sameBytes(plain.heights, a)).toBe(true);
  });

  it('depends on the shape, not the scale: twice the heights on twice the cells give exactly twice the result', () => {
    const small = faultField(97, 1);
    const large = createHeightfield(
      97,
      97,
      2,
      small.heights.map((h) => 2 * h),
    );
    const smallMasks = masksFor(small);
    const largeMasks = masksFor(large);
    hydraulicErosion(small, params(), { masks: smallMasks });
    hydraulicErosion(large, params(), { masks: largeMasks });
    expect(
      sameBytes(
        large.heights,
        small.heights.map((h) => 2 * h),
      ),
    ).toBe(true);
    expect(sameBytes(largeMasks.flow, smallMasks.flow)).toBe(true);
    expect(
      sameBytes(
        largeMasks.deposition,
        smallMasks.deposition.map((h) => 2 * h),
      ),
    ).toBe(true);
    // The same heights on 2 m cells are half as steep: the droplets carve less.
    const flatter = faultField(97, 2);
    const original = flatter.heights.slice();
    hydraulicErosion(flatter, params());
    const carved = (after: Float32Array): number => after.reduce((total, h, k) => total + Math.max(0, original[k] - h), 0);
    const reference = faultField(97, 1);
    hydraulicErosion(reference, params());
    expect(carved(flatter.heights)).toBeLessThan(carved(reference.heights));
  });

  it('never erodes below the lowest starting height and lets droplets leave the map', () => {
    // A plane tilted toward x = 0: every droplet runs off the left edge.
    const field = createHeightfield(40, 30, 1);
    for (let j = 0; j < 30; j++) for (let i = 0; i < 40; i++) field.heights[j * 40 + i] = i * 0.8;
    const masks = masksFor(field);
    expect(hydraulicErosion(field, params({ droplets: 2000, lifetime: 100 }), { masks })).toBe(true);
    expect(Math.min(...field.heights)).toBe(0);
    expect(allFinite(field.heights)).toBe(true);
    // Water reached the left edge columns.
    let edgeFlow = 0;
    for (let j = 0; j < 30; j++) edgeFlow += masks.flow[j * 40];
    expect(edgeFlow).toBeGreaterThan(0);
  });

  it('produces no NaN or infinity on hostile maps and parameters', () => {
    const random = createRandom(3);
    const spiky = createHeightfield(33, 33, 1);
    for (let k = 0; k < spiky.heights.length; k++) spiky.heights[k] = random.next() < 0.1 ? 1000 * (random.next() - 0.3) : 0;
    const huge = createHeightfield(17, 17, 0.001);
    for (let k = 0; k < huge.heights.length; k++) huge.heights[k] = (random.next() - 0.5) * 1e30;
    const cases: Array<[string, Heightfield, Partial<HydraulicParams>]> = [
      ['flat', createHeightfield(20, 20, 1), {}],
      ['spiky', spiky, {}],
      ['spiky, wild parameters', spiky, { inertia: 0, capacity: 1e6, gravity: 1e6, erosionRate: 1, depositionRate: 1, evaporation: 0, lifetime: 1000 }],
      ['spiky, all water evaporates at once', spiky, { evaporation: 1, minSlope: 0 }],
      ['spiky, full inertia', spiky, { inertia: 1 }],
      ['2 × 2', createHeightfield(2, 2, 1, Float32Array.of(0, 5, 3, 9)), { radius: MAX_EROSION_RADIUS }],
      ['radius bigger than the map', faultField(9), { radius: MAX_EROSION_RADIUS, lifetime: 50 }],
      ['tall map, tiny cells', huge, { gravity: 1e6, capacity: 1e6 }],
      [
        'one-vertex-wide strips',
        createHeightfield(
          2,
          50,
          1,
          Float32Array.from({ length: 100 }, (_, k) => k % 7),
        ),
        { radius: 4 },
      ],
    ];
    for (const [name, field, overrides] of cases) {
      const masks = masksFor(field);
      expect(hydraulicErosion(field, params({ droplets: 2000, ...overrides }), { masks }), name).toBe(true);
      expect(allFinite(field.heights), name).toBe(true);
      expect(allFinite(masks.flow) && allFinite(masks.deposition), name).toBe(true);
    }
  });

  it('leaves a flat map unchanged (droplets stop where there is no slope)', () => {
    const field = createHeightfield(20, 20, 1);
    field.heights.fill(3);
    const masks = masksFor(field);
    hydraulicErosion(field, params(), { masks });
    expect(field.heights.every((h) => h === 3)).toBe(true);
    expect(masks.deposition.every((v) => v === 0)).toBe(true);
  });

  it('reports progress up to the total and stops when cancelled', () => {
    const field = faultField(65);
    const seen: number[] = [];
    expect(hydraulicErosion(field, params({ droplets: 20_000 }), { onProgress: (done, total) => seen.push(done / total) })).toBe(true);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen[seen.length - 1]).toBe(1);
    let polls = 0;
    expect(hydraulicErosion(field, params({ droplets: 1_000_000 }), { shouldCancel: () => ++polls > 2 })).toBe(false);
    expect(polls).toBe(3);
  });

  it('does nothing for zero droplets', () => {
    const field = faultField(33);
    const before = field.heights.slice();
    expect(hydraulicErosion(field, params({ droplets: 0 }), { masks: masksFor(field) })).toBe(true);
    expect(sameBytes(field.heights, before)).toBe(true);
  });

  it('rejects bad parameters and masks of the wrong size with a RangeError', () => {
    const field = faultField(9);
    for (const bad of [
      { droplets: -1 },
      { lifetime: 0 },
      { radius: 0 },
      { radius: 17 },
      { inertia: 1.5 },
      { evaporation: -0.1 },
      { capacity: Number.NaN },
      { seed: 2 ** 32 },
    ]) {
      expect(() => hydraulicErosion(field, params(bad))).toThrow(RangeError);
    }
    expect(() => hydraulicErosion(field, params(), { masks: { flow: new Float32Array(81), deposition: new Float32Array(80) } })).toThrow(RangeError);
  });
});
