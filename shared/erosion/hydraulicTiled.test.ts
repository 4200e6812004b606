import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { runFaultFormation } from '../fault/fastFormation';
import { DEFAULT_RECIPE } from '../fault/recipe';
import { createRandom } from '../random';
import type { ErosionMasks } from './hydraulic';
import { dropletReach, hydraulicErosionTiled, hydraulicKernel, hydraulicTilePlan, prepareHydraulic, tileRandom } from './hydraulicTiled';
import { DEFAULT_HYDRAULIC, type HydraulicParams } from './params';

const params = (overrides: Partial<HydraulicParams> = {}): HydraulicParams => ({
  ...DEFAULT_HYDRAULIC,
  version: 2,
  droplets: 20_000,
  lifetime: 12,
  radius: 2,
  ...overrides,
});

function faultField(size: number): Heightfield {
  const field = createHeightfield(size, size, 1);
  runFaultFormation(field, { ...DEFAULT_RECIPE, seed: 5, iterations: 200 });
  return field;
}

const masksFor = (field: Heightfield): ErosionMasks => ({ flow: new Float32Array(field.heights.length), deposition: new Float32Array(field.heights.length) });
const bits = (values: Float32Array): Uint32Array => new Uint32Array(values.buffer, values.byteOffset, values.length);

/** Runs the phases in order with each phase's tiles in the order `order` gives (another thread schedule). */
function runInOrder(field: Heightfield, p: HydraulicParams, masks: ErosionMasks, order: (tiles: number[]) => number[]): void {
  const floor = prepareHydraulic(field, p, masks);
  const kernel = hydraulicKernel(field, p, floor, masks);
  for (const phase of kernel.plan.phases) {
    for (const tile of order([...phase])) kernel.run(tile, tileRandom(p, tile), kernel.plan.counts[tile]);
  }
}

describe('hydraulic erosion version 2: the tile plan', () => {
  it('gives every droplet to one tile and keeps the tiles of a phase farther apart than two droplets reach', () => {
    for (const [width, depth, lifetime, radius, droplets] of [
      [1025, 1025, 30, 3, 100_000],
      [257, 129, 12, 2, 12_345],
      [300, 40, 5, 1, 999],
      [2, 2, 30, 16, 10],
      [4097, 4097, 40, 3, 50_000_000],
      [1025, 1025, 1000, 16, 7],
    ]) {
      const plan = hydraulicTilePlan(width, depth, { lifetime, radius, droplets });
      expect(plan.counts.reduce((a, b) => a + b, 0)).toBe(droplets);
      expect(plan.counts.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
      expect(plan.xs[0]).toBe(0);
      expect(plan.xs[plan.tilesX]).toBe(width - 1);
      expect(plan.ys[plan.tilesY]).toBe(depth - 1);
      const reach = dropletReach({ lifetime, radius });
      const all = plan.phases.flatMap((phase) => [...phase]);
      expect(new Set(all).size).toBe(all.length);
      let close = 0;
      for (const phase of plan.phases) {
        for (const a of phase) {
          for (const b of phase) {
            if (a === b) continue;
            const [ai, aj, bi, bj] = [a % plan.tilesX, Math.floor(a / plan.tilesX), b % plan.tilesX, Math.floor(b / plan.tilesX)];
            // The footprints [start − reach, end + reach] of a and b are disjoint along x or along y.
            const apartX = plan.xs[Math.max(ai, bi)] - reach > plan.xs[Math.min(ai, bi) + 1] + reach;
            const apartY = plan.ys[Math.max(aj, bj)] - reach > plan.ys[Math.min(aj, bj) + 1] + reach;
            if (!apartX && !apartY) close++;
          }
        }
      }
      expect(close).toBe(0);
    }
  });

  it('keeps every droplet of a tile within its reach of the tile', () => {
    const field = faultField(257);
    const p = params({ droplets: 30_000, inertia: 1, lifetime: 20, radius: 3 });
    const masks = masksFor(field);
    const floor = prepareHydraulic(field, p, masks);
    const kernel = hydraulicKernel(field, p, floor, masks);
    const tile = kernel.plan.phases[3][0];
    kernel.run(tile, tileRandom(p, tile), kernel.plan.counts[tile]);
    const i = tile % kernel.plan.tilesX;
    const j = Math.floor(tile / kernel.plan.tilesX);
    const reach = dropletReach(p);
    let touched = 0;
    for (let y = 0; y < 257; y++) {
      for (let x = 0; x < 257; x++) {
        const k = y * 257 + x;
        if (masks.flow[k] === 0 && masks.deposition[k] === 0) continue;
        touched++;
        expect(x).toBeGreaterThanOrEqual(kernel.plan.xs[i] - reach);
        expect(x).toBeLessThanOrEqual(kernel.plan.xs[i + 1] + reach);
        expect(y).toBeGreaterThanOrEqual(kernel.plan.ys[j] - reach);
        expect(y).toBeLessThanOrEqual(kernel.plan.ys[j + 1] + reach);
      }
    }
    expect(touched).toBeGreaterThan(100);
  });
});

describe('hydraulic erosion version 2: determinism', () => {
  it('gives the same bytes whatever order the tiles of a phase run in (any thread schedule)', () => {
    const p = params({ droplets: 8000 });
    const reference = faultField(193);
    const referenceMasks = masksFor(reference);
    expect(hydraulicErosionTiled(reference, p, { masks: referenceMasks })).toBe(true);
    const random = createRandom(9);
    const shuffle = (tiles: number[]): number[] => {
      for (let k = tiles.length - 1; k > 0; k--) {
        const r = Math.floor(random.next() * (k + 1));
        [tiles[k], tiles[r]] = [tiles[r], tiles[k]];
      }
      return tiles;
    };
    for (const order of [(tiles: number[]) => tiles.reverse(), shuffle, shuffle]) {
      const field = faultField(193);
      const masks = masksFor(field);
      runInOrder(field, p, masks, order);
      expect(bits(field.heights)).toEqual(bits(reference.heights));
      expect(bits(masks.flow)).toEqual(bits(referenceMasks.flow));
      expect(bits(masks.deposition)).toEqual(bits(referenceMasks.deposition));
    }
    // Phases do depend on each other: running them in another order changes the bytes.
    const field = faultField(193);
    const floor = prepareHydraulic(field, p);
    const kernel = hydraulicKernel(field, p, floor);
    for (const phase of [...kernel.plan.phases].reverse()) for (const tile of phase) kernel.run(tile, tileRandom(p, tile), kernel.plan.counts[tile]);
    expect(bits(field.heights)).not.toEqual(bits(reference.heights));
  });

  it('gives the same bytes for the same seed and others for another seed', () => {
    const run = (seed: number): Float32Array => {
      const field = faultField(129);
      hydraulicErosionTiled(field, params({ seed }));
      return field.heights;
    };
    const a = run(1);
    expect(bits(run(1))).toEqual(bits(a));
    expect(bits(run(2))).not.toEqual(bits(a));
  });

  it('gives the same bytes with the written-out radius-3 brush as with the general brush loop, floor and edges included', () => {
    const p = params({ droplets: 12_000, radius: 3, lifetime: 20 });
    const run = (writtenOut: boolean): { field: Heightfield; masks: ErosionMasks } => {
      const field = faultField(161);
      // A flat bottom at the lowest height: droplets erode down to the floor there.
      const low = prepareHydraulic(field, p) + 2;
      for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.max(field.heights[k], low);
      const masks = masksFor(field);
      const kernel = hydraulicKernel(field, p, prepareHydraulic(field, p, masks), masks, writtenOut);
      for (const phase of kernel.plan.phases) for (const tile of phase) kernel.run(tile, tileRandom(p, tile), kernel.plan.counts[tile]);
      return { field, masks };
    };
    const loop = run(false);
    const written = run(true);
    expect(bits(written.field.heights)).toEqual(bits(loop.field.heights));
    expect(bits(written.masks.flow)).toEqual(bits(loop.masks.flow));
    expect(bits(written.masks.deposition)).toEqual(bits(loop.masks.deposition));
    // The run did erode, also down to the floor.
    const floor = Math.min(...loop.field.heights);
    expect(loop.masks.deposition.some((d) => d < 0)).toBe(true);
    expect(loop.field.heights.filter((h) => h === floor).length).toBeGreaterThan(0);
  });
});
