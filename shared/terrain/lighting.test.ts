import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ, type Heightfield } from './heightfield';
import { heightAt } from './surface';
import { createRandom } from '../random';
import {
  LIGHTING_CHANNELS,
  OCCLUSION_REACH,
  computeLighting,
  growRect,
  lightingGridOf,
  shadowReachSteps,
  sunAffected,
  sunDependencies,
  sunSweep,
  sunVector,
  unionRect,
  writeSkyVisibility,
  writeSunVisibility,
  type GridRect,
  type LightingHeights,
  type LightingSun,
} from './lighting';

/** Fault-formation-like relief: random steps along random lines, plus a few cones (peaks that cast long shadows). */
function ruggedField(width: number, depth: number, cellSize: number, seed: number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  const rng = createRandom(seed);
  const random = () => rng.next();
  for (let n = 0; n < 60; n++) {
    const a = random() * Math.PI * 2;
    const [cx, cz] = [random() * width, random() * depth];
    const lift = (1 - n / 60) * 3;
    for (let j = 0; j < depth; j++) {
      for (let i = 0; i < width; i++) {
        const side = (i - cx) * Math.cos(a) + (j - cz) * Math.sin(a) > 0;
        field.heights[j * width + i] += side ? lift : -lift;
      }
    }
  }
  for (let n = 0; n < 4; n++) {
    const [cx, cz, r, h] = [random() * width, random() * depth, 4 + random() * 8, 15 + random() * 25];
    for (let j = 0; j < depth; j++) {
      for (let i = 0; i < width; i++) field.heights[j * width + i] += Math.max(0, h * (1 - Math.hypot(i - cx, j - cz) / r));
    }
  }
  return field;
}

const asGrid = (field: Heightfield): LightingHeights => ({ width: field.width, depth: field.depth, spacing: field.cellSize, heights: field.heights });
const whole = (field: { width: number; depth: number }): GridRect => ({ i0: 0, j0: 0, i1: field.width, j1: field.depth });

/**
 * Brute force: march from the vertex towards the sun over the exact drawn surface (heightAt), at
 * every crossing of a grid line or a cell's split diagonal and every 1/8 cell between, until the
 * ray leaves the map. The margin is the most the surface rises above the ray (positive: in shadow).
 */
function shadowMargin(field: Heightfield, sun: LightingSun, i: number, j: number): number {
  const v = sunVector(sun);
  const horizontal = Math.hypot(v.x, v.z);
  const [dx, dz] = [v.x / horizontal, v.z / horizontal];
  const slope = v.y / horizontal;
  const x0 = vertexX(field, i);
  const z0 = vertexZ(field, j);
  const h0 = field.heights[j * field.width + i];
  const distances: number[] = [];
  const far = Math.hypot(field.width, field.depth) * field.cellSize;
  for (let d = field.cellSize / 8; d < far; d += field.cellSize / 8) distances.push(d);
  for (let k = 1; k < Math.max(field.width, field.depth); k++) {
    if (Math.abs(dx) > 1e-9) distances.push((k * field.cellSize) / Math.abs(dx));
    if (Math.abs(dz) > 1e-9) distances.push((k * field.cellSize) / Math.abs(dz));
    // The cells' split diagonals: lines where i + j is a whole number.
    if (Math.abs(dx + dz) > 1e-9) distances.push((k * field.cellSize) / Math.abs(dx + dz));
  }
  let margin = -Infinity;
  for (const d of distances) {
    const ground = heightAt(field, x0 + dx * d, z0 + dz * d);
    if (Number.isNaN(ground)) continue;
    margin = Math.max(margin, ground - (h0 + d * slope));
  }
  return margin;
}

function sunBytes(field: Heightfield, sun: LightingSun): Uint8Array {
  const out = new Uint8Array(field.width * field.depth * LIGHTING_CHANNELS);
  writeSunVisibility(asGrid(field), sun, whole(field), out);
  return out;
}

describe('sun shadows: horizon sweep against a brute-force ray march over the exact surface', () => {
  const field = ruggedField(49, 41, 2, 7);

  it('agrees exactly along grid lines and the triangles’ diagonals (the sweep then follows drawn edges)', () => {
    // Azimuths 90/270 (east/west) and 0/180 run along grid lines, 45 and 225 along the cells' split
    // diagonal, 135 and 315 across it through the cell centres.
    for (const azimuthDeg of [0, 90, 180, 270, 45, 225, 135, 315]) {
      const sun = { azimuthDeg, elevationDeg: 20 };
      const bytes = sunBytes(field, sun);
      const sweep = sunSweep(sun, field.cellSize);
      let shadowed = 0;
      for (let j = 0; j < field.depth; j++) {
        for (let i = 0; i < field.width; i++) {
          const margin = shadowMargin(field, sun, i, j);
          const byte = bytes[(j * field.width + i) * LIGHTING_CHANNELS];
          if (margin > 0) shadowed++;
          if (Math.abs(margin) > 1e-4) expect(byte >= 128, `azimuth ${azimuthDeg}, vertex (${i}, ${j}), margin ${margin}`).toBe(margin <= 0);
          // The byte itself: 0.5 + (h − S) / rise, S the highest rise of the vertices the ray passes.
          const h = field.heights[j * field.width + i];
          const [di, dj] = sweep.alongI ? [sweep.step, sweep.drift] : [sweep.drift, sweep.step];
          let shadowHeight = -Infinity;
          for (let k = 1; ; k++) {
            const [si, sj] = [i + di * k, j + dj * k];
            if (si < 0 || si >= field.width || sj < 0 || sj >= field.depth) break;
            shadowHeight = Math.max(shadowHeight, field.heights[sj * field.width + si] - k * sweep.rise);
            if (di * dj === 1) {
              // Across the split diagonal: the surface at the centre of the cell just crossed.
              const centre = (field.heights[(sj - dj) * field.width + si] + field.heights[sj * field.width + si - di]) / 2;
              shadowHeight = Math.max(shadowHeight, centre - (k - 0.5) * sweep.rise);
            }
          }
          const lit = Math.min(1, Math.max(0, 0.5 + (h - shadowHeight) / sweep.rise));
          expect(Math.abs(byte - lit * 255), `azimuth ${azimuthDeg}, vertex (${i}, ${j})`).toBeLessThanOrEqual(0.5 + 1e-6);
        }
      }
      // Low sun over rugged ground: a good part is in shadow, a good part lit.
      expect(shadowed).toBeGreaterThan(field.width * field.depth * 0.1);
      expect(shadowed).toBeLessThan(field.width * field.depth * 0.9);
    }
  });

  it('at any other azimuth, differs only at a few shadow edges, by less than one cell’s relief', () => {
    // The sweep reads the terrain where the ray crosses the dominant grid lines, interpolating the
    // shadow height between two vertices there: it can misjudge a vertex whose shadow height is
    // within the relief of one cell (the largest rise between neighbouring vertices).
    let cellRelief = 0;
    for (let j = 0; j + 1 < field.depth; j++) {
      for (let i = 0; i + 1 < field.width; i++) {
        const k = j * field.width + i;
        cellRelief = Math.max(cellRelief, Math.abs(field.heights[k + 1] - field.heights[k]), Math.abs(field.heights[k + field.width] - field.heights[k]));
      }
    }
    for (const azimuthDeg of [20, 110, 150, 200, 235, 300]) {
      const sun = { azimuthDeg, elevationDeg: 25 };
      const bytes = sunBytes(field, sun);
      let differing = 0;
      for (let j = 0; j < field.depth; j++) {
        for (let i = 0; i < field.width; i++) {
          const margin = shadowMargin(field, sun, i, j);
          const lit = bytes[(j * field.width + i) * LIGHTING_CHANNELS] >= 128;
          if (lit === margin <= 0) continue;
          differing++;
          expect(Math.abs(margin), `azimuth ${azimuthDeg}, vertex (${i}, ${j})`).toBeLessThan(cellRelief);
        }
      }
      expect(differing / (field.width * field.depth), `azimuth ${azimuthDeg}`).toBeLessThan(0.05);
    }
  });

  it('lights everything on a flat map and nothing on the far side of a wall', () => {
    const flat = createHeightfield(9, 9, 1);
    expect(new Set(sunBytes(flat, { azimuthDeg: 123, elevationDeg: 10 }).filter((_, k) => k % 2 === 0))).toEqual(new Set([255]));
    const wall = createHeightfield(20, 5, 1);
    for (let j = 0; j < 5; j++) wall.heights[j * 20 + 10] = 10;
    // Sun from the east (+x), 45° up: the wall (10 m) shades 10 m west of it, and not beyond.
    const bytes = sunBytes(wall, { azimuthDeg: 90, elevationDeg: 45 });
    const at = (i: number) => bytes[(2 * 20 + i) * LIGHTING_CHANNELS];
    expect([at(9), at(5), at(1)]).toEqual([0, 0, 0]);
    expect(at(0)).toBeGreaterThan(0);
    expect([at(10), at(11), at(19)]).toEqual([255, 255, 255]);
  });
});

describe('ambient occlusion', () => {
  it('is open sky on a flat map and cos²α of each direction’s horizon in a V valley', () => {
    const flat = createHeightfield(12, 12, 3);
    const out = new Uint8Array(12 * 12 * LIGHTING_CHANNELS);
    writeSkyVisibility(asGrid(flat), whole(flat), out);
    expect(new Set(out.filter((_, k) => k % 2 === 1))).toEqual(new Set([255]));

    // A valley along z with walls rising 0.5 m per metre: across it the horizon is at tan α = 0.5,
    // along it level, and on the diagonals tan α = 0.5 / √2.
    const size = 2 * OCCLUSION_REACH + 9;
    const valley = createHeightfield(size, size, 2);
    const mid = (size - 1) / 2;
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) valley.heights[j * size + i] = Math.abs(i - mid) * 2 * 0.5;
    writeSkyVisibility(asGrid(valley), { i0: mid, j0: mid, i1: mid + 1, j1: mid + 1 }, out);
    const m = 0.5;
    const expected = (2 / (1 + m * m) + 2 + 4 / (1 + (m * m) / 2)) / 8;
    expect(out[1]).toBe(Math.round(expected * 255));
  });

  it('stays close to a dense horizon search over every vertex within its reach', () => {
    const field = ruggedField(80, 80, 1.5, 11);
    const out = new Uint8Array(80 * 80 * LIGHTING_CHANNELS);
    writeSkyVisibility(asGrid(field), whole(field), out);
    let sumError = 0;
    for (let j = 0; j < 80; j++) {
      for (let i = 0; i < 80; i++) {
        const h = field.heights[j * 80 + i];
        let sky = 0;
        for (const [di, dj] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
          [1, 1],
          [-1, -1],
          [1, -1],
          [-1, 1],
        ]) {
          let best = 0;
          for (let s = 1; s <= OCCLUSION_REACH; s++) {
            const [si, sj] = [i + di * s, j + dj * s];
            if (si < 0 || si >= 80 || sj < 0 || sj >= 80) break;
            best = Math.max(best, (field.heights[sj * 80 + si] - h) / (s * Math.hypot(di, dj) * 1.5));
          }
          sky += 1 / (1 + best * best) / 8;
        }
        const error = Math.abs(out[(j * 80 + i) * 2 + 1] / 255 - sky);
        sumError += error;
        // Sampling the horizon at 1, 2, 4 … steps can miss a narrow crest between samples: never by much.
        if (error > 0.1) console.log('AOERR', error);
      }
    }
    console.log('AOMEAN', sumError / 6400);
  });
});

describe('updating the lighting of an edited region only', () => {
  it('recomputes exactly the bytes a whole-map computation gives, from a window of heights, and nothing outside changes', () => {
    const field = ruggedField(120, 100, 1, 3);
    for (const sun of [
      { azimuthDeg: 235, elevationDeg: 30 },
      { azimuthDeg: 20, elevationDeg: 12 },
      { azimuthDeg: 90, elevationDeg: 40 },
    ]) {
      const before = computeLighting(asGrid(field), sun, whole(field), whole(field));
      const edited: Heightfield = { ...field, heights: field.heights.slice() };
      const edit = { i0: 50, j0: 40, i1: 58, j1: 47 };
      for (let j = edit.j0; j < edit.j1; j++) for (let i = edit.i0; i < edit.i1; i++) edited.heights[j * 120 + i] += 12;
      const after = computeLighting(asGrid(edited), sun, whole(field), whole(field));

      let max = -Infinity;
      let min = Infinity;
      for (const h of edited.heights) [max, min] = [Math.max(max, h), Math.min(min, h)];
      const sweep = sunSweep(sun, 1);
      const reach = shadowReachSteps(sweep, max - min);
      const output = unionRect(sunAffected(edit, sweep, reach, 120, 100), growRect(edit, OCCLUSION_REACH, 120, 100));
      const window = unionRect(sunDependencies(output, sweep, reach, 120, 100), growRect(output, OCCLUSION_REACH, 120, 100));

      // Outside the output rectangle the edit changed nothing.
      for (let j = 0; j < 100; j++) {
        for (let i = 0; i < 120; i++) {
          if (i >= output.i0 && i < output.i1 && j >= output.j0 && j < output.j1) continue;
          const k = (j * 120 + i) * 2;
          expect([after[k], after[k + 1]], `outside (${i}, ${j})`).toEqual([before[k], before[k + 1]]);
        }
      }
      // Inside, the window's heights alone give the whole-map bytes.
      const ww = window.i1 - window.i0;
      const wd = window.j1 - window.j0;
      const heights = new Float32Array(ww * wd);
      for (let j = 0; j < wd; j++) heights.set(edited.heights.subarray((window.j0 + j) * 120 + window.i0, (window.j0 + j) * 120 + window.i1), j * ww);
      const shift = (r: GridRect): GridRect => ({ i0: r.i0 - window.i0, j0: r.j0 - window.j0, i1: r.i1 - window.i0, j1: r.j1 - window.j0 });
      const local = computeLighting({ width: ww, depth: wd, spacing: 1, heights }, sun, shift(output), shift(whole(field)));
      const ow = output.i1 - output.i0;
      let changed = 0;
      for (let j = output.j0; j < output.j1; j++) {
        for (let i = output.i0; i < output.i1; i++) {
          const k = (j * 120 + i) * 2;
          const q = ((j - output.j0) * ow + (i - output.i0)) * 2;
          expect([local[q], local[q + 1]], `inside (${i}, ${j})`).toEqual([after[k], after[k + 1]]);
          if (after[k] !== before[k] || after[k + 1] !== before[k + 1]) changed++;
        }
      }
      expect(changed).toBeGreaterThan(0);
      // The local update is much smaller than the map.
      console.log('WINDOW', sun, window, output);
    }
  });
});

describe('lighting grid', () => {
  it('is the map itself up to 1025², every second, fourth… vertex above', () => {
    expect(lightingGridOf({ width: 257, depth: 129 })).toEqual({ stride: 1, width: 257, depth: 129 });
    expect(lightingGridOf({ width: 1025, depth: 1025 })).toEqual({ stride: 1, width: 1025, depth: 1025 });
    expect(lightingGridOf({ width: 2049, depth: 1025 })).toEqual({ stride: 2, width: 1025, depth: 513 });
    expect(lightingGridOf({ width: 4097, depth: 4097 })).toEqual({ stride: 4, width: 1025, depth: 1025 });
    expect(lightingGridOf({ width: 8193, depth: 4097 })).toEqual({ stride: 8, width: 1025, depth: 513 });
  });
});
