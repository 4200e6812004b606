import { describe, expect, it } from 'vitest';
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import { hydraulicHalfWidth } from '../../shared/hydrology/riverStrip';
import { sampled } from '../../shared/hydrology/testing/surfaces';
import { evaluateWater, WATER_LAKE } from '../../shared/hydrology/water';
import { findWaterFeatures } from '../../shared/hydrology/waterFeatures';
import { DEFAULT_WATER_PARAMS, type WaterParams } from '../../shared/hydrology/waterParams';
import { replayTerrain } from '../../shared/recipe/replay';
import { buildPreset } from '../../shared/presets/terrainPresets';
import { waterSelectionSegments } from './waterSelection';

// The selection's lines against shapes whose answer is known in closed form: a lake in a cone's bowl
// (its shore a circle of radius level / slope), and a river down a straight V valley at 21.8° to the
// grid (its centre line that valley's floor, not the grid's zig-zag).

const LIFT = 0.4;

describe('the selected lake: its shore', () => {
  // Two cones (slope 0.25) sunk in a plane; the first holds water to 10 m (a circle of 40 m radius).
  const grid: HydrologyGrid = { width: 129, depth: 97, cellSize: 2 };
  const SLOPE = 0.25;
  const LEVEL = 10;
  const A = { x: 90, z: 96 };
  const B = { x: 200, z: 96 };
  const heights = sampled(grid, (x, z) => SLOPE * Math.min(Math.hypot(x - A.x, z - A.z), Math.hypot(x - B.x, z - B.z)));
  const surface = new Float32Array(heights.length).fill(NaN);
  const kind = new Uint8Array(heights.length);
  const featureOf = new Uint8Array(heights.length);
  for (let v = 0; v < heights.length; v++) {
    const x = (v % grid.width) * grid.cellSize;
    if (heights[v] >= LEVEL) continue;
    // The first cone's lake is feature 1, the other (the same level) feature 2.
    featureOf[v] = x < (A.x + B.x) / 2 ? 1 : 2;
    surface[v] = LEVEL;
    kind[v] = WATER_LAKE;
  }
  let i0 = grid.width;
  let j0 = grid.depth;
  let i1 = 0;
  let j1 = 0;
  for (let v = 0; v < heights.length; v++) {
    if (featureOf[v] !== 1) continue;
    const i = v % grid.width;
    const j = (v - i) / grid.width;
    [i0, j0, i1, j1] = [Math.min(i0, i), Math.min(j0, j), Math.max(i1, i + 1), Math.max(j1, j + 1)];
  }
  const feature = { id: 1, kind: 'lake' as const, top: LEVEL, bounds: { i0, j0, i1, j1 } };
  const segments = waterSelectionSegments(grid, { surface, kind }, heights, featureOf, feature, () => 0, LIFT);
  const half = { x: ((grid.width - 1) / 2) * grid.cellSize, z: ((grid.depth - 1) / 2) * grid.cellSize };
  const radius = LEVEL / SLOPE;

  it('lies on the circle where the cone meets the level, and only round that lake', () => {
    expect(segments.length).toBeGreaterThan(0);
    let worst = 0;
    for (let k = 0; k < segments.length; k += 3) {
      const r = Math.hypot(segments[k] + half.x - A.x, segments[k + 2] + half.z - A.z);
      worst = Math.max(worst, Math.abs(r - radius));
      expect(segments[k + 1]).toBeCloseTo(LEVEL + LIFT, 5);
    }
    // Linear interpolation of a cone along a 2 m edge at 40 m: off by at most c²/(8r)·(1 + √2) ≈ 3 cm.
    expect(worst).toBeLessThan(0.05);
  });

  it('is one closed loop as long as the circle', () => {
    const { ends, length } = segmentEnds(segments);
    // Every point where the shore crosses an edge ends two segments (the triangles either side).
    for (const count of ends.values()) expect(count).toBe(2);
    expect(Math.abs(length / (2 * Math.PI * radius) - 1)).toBeLessThan(0.01);
  });
});

describe('the selected river: its centre line', () => {
  // As riverCentre.test.ts: a V valley falling 2 % along a line at 21.8° (tan 0.4) to the grid's x axis.
  const grid: HydrologyGrid = { width: 129, depth: 129, cellSize: 2 };
  const params: WaterParams = { ...DEFAULT_WATER_PARAMS, riverArea: 5000, widthScale: 5, depthScale: 3, lakes: false };
  const angle = Math.atan(0.4);
  const floor = (x: number, z: number) => ({
    along: x * Math.cos(angle) + (z - 60) * Math.sin(angle),
    across: -x * Math.sin(angle) + (z - 60) * Math.cos(angle),
  });
  const input = sampled(grid, (x, z) => 40 - 0.02 * floor(x, z).along + Math.abs(floor(x, z).across));
  const heights = new Float32Array(input.length);
  const water = evaluateWater(grid, input, heights, params)!;
  const found = findWaterFeatures(grid, water, heights);
  const rivers = found.features.filter((f) => f.kind === 'river').sort((a, b) => b.length - a.length);
  const river = rivers[0];
  const segments = waterSelectionSegments(grid, water, heights, found.featureOf, river, hydraulicHalfWidth(params), LIFT);
  const half = ((grid.width - 1) / 2) * grid.cellSize;
  const points = () => {
    const out: Array<{ x: number; y: number; z: number }> = [];
    for (let k = 0; k < segments.length; k += 3) out.push({ x: segments[k] + half, y: segments[k + 1], z: segments[k + 2] + half });
    return out;
  };

  it('follows the valley floor, not the zig-zag of grid steps', () => {
    expect(segments.length).toBeGreaterThan(6 * 20);
    // Away from its source (its first 6 steps: the smoothing's window is cut short there, as in
    // riverCentre.test.ts) and the map's edges.
    const all = points();
    const source = Math.min(...all.map((p) => floor(p.x, p.z).along));
    const inner = all.filter((p) => floor(p.x, p.z).along > source + 6 * grid.cellSize && p.x < 230 && p.z > 16 && p.z < 240);
    expect(inner.length).toBeGreaterThan(40);
    let worst = 0;
    for (const p of inner) worst = Math.max(worst, Math.abs(floor(p.x, p.z).across));
    // The strip's centre line's bound (riverCentre.test.ts); the grid's path strays up to 0.37 cells (0.74 m).
    expect(worst).toBeLessThan(0.12);
    // A zig-zag of straight and diagonal steps is 8 % longer than the line it follows.
    let length = 0;
    let first = Infinity;
    let last = -Infinity;
    for (let k = 0; k < segments.length; k += 6) {
      length += Math.hypot(segments[k + 3] - segments[k], segments[k + 5] - segments[k + 2]);
      for (const p of [k, k + 3]) {
        const along = floor(segments[p] + half, segments[p + 2] + half).along;
        first = Math.min(first, along);
        last = Math.max(last, along);
      }
    }
    expect(length / (last - first)).toBeLessThan(1.02);
  });

  it('stands LIFT over the water, which never rises downstream', () => {
    for (const p of points()) {
      const i = Math.round(p.x / grid.cellSize);
      const j = Math.round(p.z / grid.cellSize);
      // The water at the nearest vertex (the centre moves at most half a cell from its own).
      expect(Math.abs(p.y - LIFT - water.surface[j * grid.width + i])).toBeLessThan(0.02 * grid.cellSize * 1.5 + 1e-3);
    }
    for (let k = 0; k < segments.length; k += 6) expect(segments[k + 4]).toBeLessThanOrEqual(segments[k + 1]);
  });
});

describe('the selected river on River valleys: one line along its course, no spurs', () => {
  // River valleys at 257² (seed 1) with rivers from 4,000 m², as the tour shows it: its creeks are
  // river vertices two wide in places and gather one- or two-vertex side branches, each of which was
  // drawn as a spur off the line (45 loose ends on the longest river).
  const target = { width: 257, depth: 257, cellSize: 2, seed: 1 };
  const { recipe, finishing } = buildPreset('river-valleys', target);
  const field = replayTerrain({ ...target, recipe, steps: finishing });
  const params: WaterParams = { ...DEFAULT_WATER_PARAMS, riverArea: 4000 };
  const heights = new Float32Array(field.heights.length);
  const water = evaluateWater(target, field.heights, heights, params)!;
  const found = findWaterFeatures(target, water, heights);
  const rivers = found.features.filter((f) => f.kind === 'river').sort((a, b) => b.length - a.length);

  it('draws each of the five longest rivers as one line from head to mouth', () => {
    expect(rivers.length).toBeGreaterThanOrEqual(5);
    for (const river of rivers.slice(0, 5)) {
      const segments = waterSelectionSegments(target, water, heights, found.featureOf, river, hydraulicHalfWidth(params), LIFT);
      // How many segments end at each point: 2 along a line, 1 at its two ends, more at a junction.
      const { ends, length } = segmentEnds(segments);
      const counts = [...ends.values()];
      expect(counts.filter((c) => c > 2)).toEqual([]);
      expect(counts.filter((c) => c === 1).length).toBe(2);
      // The whole course: the list's length counts grid steps (a zig-zag 8 % longer than the smoothed
      // line) from its head's dry vertices; the line is most of it.
      expect(length).toBeGreaterThan(0.75 * river.length);
      expect(length).toBeLessThan(river.length);
    }
  });
});

/** How many segments (x, y, z pairs in a flat list) end at each point, and their summed length on the map. */
function segmentEnds(segments: ArrayLike<number>): { ends: Map<string, number>; length: number } {
  const ends = new Map<string, number>();
  let length = 0;
  for (let k = 0; k < segments.length; k += 6) {
    for (const p of [k, k + 3]) {
      const key = `${segments[p].toFixed(3)},${segments[p + 2].toFixed(3)}`;
      ends.set(key, (ends.get(key) ?? 0) + 1);
    }
    length += Math.hypot(segments[k + 3] - segments[k], segments[k + 5] - segments[k + 2]);
  }
  return { ends, length };
}
