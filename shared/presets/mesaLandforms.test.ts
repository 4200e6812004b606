import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import type { Heightfield } from '../terrain/heightfield';
import { strataPeriod, type Strata } from '../terrain/strata';
import { buildPreset } from './terrainPresets';

/**
 * Mesas made by the process (issue 35 §3): at 513² × 2 m and every seed tried (1 is the default),
 * a hard caprock over soft beds leaves flat-topped mesas and buttes bounded by cliffs, with talus at
 * the cliffs' feet. Measured on the geometry the way a geomorphologist reads a map:
 * - a top: a connected (4-neighbour) area of at least 400 vertices (1,600 m², 40 m across) under 5°
 *   of slope whose mean height lies in a caprock bed of the preset's own strata (from a cap's bottom
 *   to 2 m above its top) and at least 10 m above the map's lowest ground;
 * - bounded by cliffs: at least half of its rim has ground steeper than 35° within 8 m, and at least
 *   a fifth of its rim has such a cliff below the top (it drops away: a top, not a floor at the foot
 *   of a higher cliff);
 * - talus: ground between 25° and 35° lower than a cliff and within 8 m of it, at the feet of at
 *   least a quarter of the cliff vertices.
 * Slope from central differences (one-sided at the map's edge).
 */
const SEEDS = [1, 3, 11, 29];
const MIN_TOP_VERTICES = 400;
const FLAT_DEG = 5;
const CLIFF_DEG = 35;
const TALUS_DEG = [25, 35] as const;
const REACH = 4;

function slopeDegrees(field: Heightfield): Float32Array {
  const { width, depth, cellSize, heights } = field;
  const out = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const i0 = Math.max(0, i - 1);
      const i1 = Math.min(width - 1, i + 1);
      const j0 = Math.max(0, j - 1);
      const j1 = Math.min(depth - 1, j + 1);
      const gx = (heights[j * width + i1] - heights[j * width + i0]) / ((i1 - i0) * cellSize);
      const gz = (heights[j1 * width + i] - heights[j0 * width + i]) / ((j1 - j0) * cellSize);
      out[j * width + i] = (Math.atan(Math.hypot(gx, gz)) * 180) / Math.PI;
    }
  }
  return out;
}

/** Vertices within REACH cells (a square) of vertex k for which `hit` holds. */
function anyNear(field: Heightfield, k: number, hit: (n: number) => boolean): boolean {
  const { width, depth } = field;
  const x = k % width;
  const y = (k - x) / width;
  for (let ny = Math.max(0, y - REACH); ny <= Math.min(depth - 1, y + REACH); ny++)
    for (let nx = Math.max(0, x - REACH); nx <= Math.min(width - 1, x + REACH); nx++) if (hit(ny * width + nx)) return true;
  return false;
}

/** Whether height h lies in a caprock (the hardest bed), from its bottom to `above` metres over its top. */
function inCaprock(strata: Strata, h: number, above: number): boolean {
  const period = strataPeriod(strata);
  const hardest = Math.max(...strata.beds.map((bed) => bed.hardness));
  let bottom = 0;
  for (const bed of strata.beds) {
    if (bed.hardness === hardest) {
      const e = h - strata.base - bottom;
      const r = e - Math.floor(e / period) * period;
      if (r <= bed.thickness + above) return true;
    }
    bottom += bed.thickness;
  }
  return false;
}

interface Tops {
  /** Flat tops bounded by cliffs. */
  mesas: number;
  /** Share of cliff vertices with talus at their feet. */
  footedCliffs: number;
}

function measureMesas(field: Heightfield, strata: Strata): Tops {
  const { width, depth, heights } = field;
  const slope = slopeDegrees(field);
  const lowest = heights.reduce((a, b) => Math.min(a, b), Infinity);
  const label = new Int32Array(width * depth).fill(-1);
  let mesas = 0;
  let region = 0;
  for (let start = 0; start < label.length; start++) {
    if (label[start] >= 0 || slope[start] >= FLAT_DEG) continue;
    const cells = [start];
    label[start] = region;
    for (let c = 0; c < cells.length; c++) {
      const k = cells[c];
      const x = k % width;
      for (const n of [x > 0 ? k - 1 : -1, x < width - 1 ? k + 1 : -1, k - width, k + width]) {
        if (n < 0 || n >= label.length || label[n] >= 0 || slope[n] >= FLAT_DEG) continue;
        label[n] = region;
        cells.push(n);
      }
    }
    const mean = cells.reduce((sum, k) => sum + heights[k], 0) / cells.length;
    if (cells.length >= MIN_TOP_VERTICES && mean >= lowest + 10 && inCaprock(strata, mean, 2)) {
      let rim = 0;
      let bounded = 0;
      let dropping = 0;
      for (const k of cells) {
        const x = k % width;
        const y = (k - x) / width;
        if (x === 0 || y === 0 || x === width - 1 || y === depth - 1) continue;
        if (label[k - 1] === region && label[k + 1] === region && label[k - width] === region && label[k + width] === region) continue;
        rim++;
        if (anyNear(field, k, (n) => slope[n] > CLIFF_DEG)) bounded++;
        if (anyNear(field, k, (n) => slope[n] > CLIFF_DEG && heights[n] < mean - 1)) dropping++;
      }
      if (rim > 0 && bounded >= 0.5 * rim && dropping >= 0.2 * rim) mesas++;
    }
    region++;
  }
  let cliffs = 0;
  let footed = 0;
  for (let k = 0; k < slope.length; k++) {
    if (slope[k] <= CLIFF_DEG) continue;
    cliffs++;
    if (anyNear(field, k, (n) => slope[n] >= TALUS_DEG[0] && slope[n] <= TALUS_DEG[1] && heights[n] < heights[k])) footed++;
  }
  return { mesas, footedCliffs: cliffs > 0 ? footed / cliffs : 0 };
}

describe('Mesas: caprock over soft beds, cut back into mesas and buttes', () => {
  it('the recipe erodes strata with a hard caprock (the fluvial layer, K from hardness)', () => {
    const { finishing } = buildPreset('mesas', { width: 513, depth: 513, cellSize: 2, seed: 1 });
    const fluvial = finishing.find((step) => step.kind === 'fluvial');
    expect(fluvial?.kind).toBe('fluvial');
    if (fluvial?.kind !== 'fluvial') return;
    const hardness = fluvial.strata?.beds.map((bed) => bed.hardness) ?? [];
    // A caprock at least 5× as hard as the beds under it.
    expect(Math.max(...hardness) / Math.min(...hardness)).toBeGreaterThanOrEqual(5);
  });

  for (const seed of SEEDS) {
    it(`seed ${seed}: three or more flat tops in the caprock bounded by cliffs, talus at the cliffs' feet`, () => {
      const target = { width: 513, depth: 513, cellSize: 2, seed };
      const { recipe, finishing } = buildPreset('mesas', target);
      const fluvial = finishing.find((step) => step.kind === 'fluvial');
      const strata = fluvial?.kind === 'fluvial' ? fluvial.strata : null;
      expect(strata, 'the preset has strata').not.toBeNull();
      if (!strata) return;
      const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
      const { mesas, footedCliffs } = measureMesas(field, strata);
      expect(mesas).toBeGreaterThanOrEqual(3);
      expect(footedCliffs).toBeGreaterThanOrEqual(0.25);
    }, 60_000);
  }
});
