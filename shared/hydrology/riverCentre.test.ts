import { describe, expect, it } from 'vitest';
import type { HydrologyGrid } from './grid';
import { hydraulicHalfWidth, riverStripMesh, SMOOTH_MAX_RISE } from './riverStrip';
import { sampled } from './testing/surfaces';
import { evaluateWater, WATER_RIVER } from './water';
import { DEFAULT_WATER_PARAMS, type WaterParams } from './waterParams';

// A river's strip follows the river's smoothed centre line, not the zig-zag from grid vertex to its
// steepest neighbour. Checked on V valleys whose floor is known in closed form — a straight line at
// 21.8° to the grid (a zig-zag of straight and diagonal steps) and a circular arc — carved by the
// automatic water layer as the editor carves them, against the floor line; and on both, the strip's
// surface never rises downstream, its centre stays on the water and its edges on the carved channel.

const GRID: HydrologyGrid = { width: 129, depth: 129, cellSize: 2 };
const FALL = 0.02;
const SIDES = 1;
const PARAMS: WaterParams = { ...DEFAULT_WATER_PARAMS, riverArea: 5000, widthScale: 5, depthScale: 3, lakes: false };

/** A valley whose floor is the curve `floor` gives: along (m from the top), across (signed m from the floor line). */
function valley(floor: (x: number, z: number) => { along: number; across: number }, smooth = true) {
  const input = sampled(GRID, (x, z) => {
    const { along, across } = floor(x, z);
    return 40 - FALL * along + SIDES * Math.abs(across);
  });
  const heights = new Float32Array(input.length);
  const water = evaluateWater(GRID, input, heights, PARAMS)!;
  const strip = riverStripMesh(GRID, water, heights, hydraulicHalfWidth(PARAMS), 0, 0, GRID.width, GRID.depth, smooth);
  return { input, heights, water, strip };
}

/** Straight: through (0, 60) m at 21.8° (tan = 0.4) to the x axis. */
const ANGLE = Math.atan(0.4);
const straight = (x: number, z: number) => ({
  along: x * Math.cos(ANGLE) + (z - 60) * Math.sin(ANGLE),
  across: -x * Math.sin(ANGLE) + (z - 60) * Math.cos(ANGLE),
});
/** An arc of radius 180 m about the map's corner (0, 0), falling from the x axis towards the z axis. */
const RADIUS = 180;
const arc = (x: number, z: number) => ({ along: RADIUS * Math.atan2(z, x), across: Math.hypot(x, z) - RADIUS });

/** Map metres from the grid's corner of strip vertex n. */
function at(strip: ReturnType<typeof riverStripMesh>, n: number) {
  const half = ((GRID.width - 1) / 2) * GRID.cellSize;
  return { x: strip.positions[3 * n] + half, y: strip.positions[3 * n + 1], z: strip.positions[3 * n + 2] + half };
}

/** The ground at (x, z) on the terrain's triangles (split from (i, j + 1) to (i + 1, j)). */
function groundAt(heights: Float32Array, x: number, z: number): number {
  const { width, cellSize } = GRID;
  const ci = Math.min(width - 2, Math.floor(x / cellSize));
  const cj = Math.min(GRID.depth - 2, Math.floor(z / cellSize));
  const fx = x / cellSize - ci;
  const fz = z / cellSize - cj;
  const h = (i: number, j: number) => heights[j * width + i];
  return fx + fz <= 1
    ? (1 - fx - fz) * h(ci, cj) + fx * h(ci + 1, cj) + fz * h(ci, cj + 1)
    : (1 - fz) * h(ci + 1, cj) + (1 - fx) * h(ci, cj + 1) + (fx + fz - 1) * h(ci + 1, cj + 1);
}

/**
 * The strip's centre points (each river vertex's section's middle: the one with depth) downstream,
 * less the first SKIP from the source (where the smoothing's window is cut to nothing: a source stays on
 * its vertex) and those near the map's edge; and the river vertices' own places.
 */
const SKIP = 6;
type Floor = (x: number, z: number) => { along: number; across: number };
function centres(result: ReturnType<typeof valley>, floor: Floor) {
  const { strip, water, heights } = result;
  const all: Array<{ x: number; y: number; z: number; vx: number; vz: number; along: number }> = [];
  const seen = new Set<number>();
  for (let n = 0; n < strip.depth.length; n++) {
    const v = strip.source[n];
    if (strip.depth[n] <= 0 || seen.has(v) || water.kind[v] !== WATER_RIVER || !(water.surface[v] > heights[v])) continue;
    seen.add(v);
    const i = v % GRID.width;
    const j = (v - i) / GRID.width;
    const p = at(strip, n);
    all.push({ ...p, vx: i * GRID.cellSize, vz: j * GRID.cellSize, along: floor(p.x, p.z).along });
  }
  all.sort((a, b) => a.along - b.along);
  const inside = (x: number) => x >= 16 && x <= (GRID.width - 9) * GRID.cellSize;
  const centre = all.slice(SKIP).filter((p) => inside(p.vx) && inside(p.vz));
  return { centre, vertices: centre.map((p) => ({ x: p.vx, z: p.vz })) };
}

describe('a river strip’s centre line', () => {
  it('is straight along a straight channel at 21.8° to the grid: within 12 cm of the floor line (its vertices zig-zag 0.7 m about it)', () => {
    const result = valley(straight);
    const { centre, vertices } = centres(result, straight);
    expect(centre.length).toBeGreaterThan(80);
    const off = (p: { x: number; z: number }) => Math.abs(straight(p.x, p.z).across);
    const strayed = Math.max(...centre.map(off));
    const zigzag = Math.max(...vertices.map(off));
    // Measured: the centre 0.05 m at worst; the vertices 0.74 m (a straight-and-diagonal staircase).
    expect(zigzag).toBeGreaterThan(0.5);
    expect(strayed).toBeLessThanOrEqual(0.12);
  });

  it('follows a circular arc of radius 180 m: within 0.4 m of it, 0.2 m RMS (its vertices up to 0.94 m off, 0.5 m RMS)', () => {
    const result = valley(arc);
    const { centre, vertices } = centres(result, arc);
    expect(centre.length).toBeGreaterThan(80);
    const off = (p: { x: number; z: number }) => Math.abs(arc(p.x, p.z).across);
    const rms = (points: Array<{ x: number; z: number }>) => Math.sqrt(points.reduce((sum, p) => sum + off(p) ** 2, 0) / points.length);
    // Measured: the centre 0.39 m off at worst, 0.18 m RMS; the vertices 0.94 m, 0.50 m RMS. What is left is the vertices'
    // own path: where the arc runs near 45° the river keeps to one diagonal of vertices for twenty steps, 0.39 m to one side.
    expect(Math.max(...vertices.map(off))).toBeGreaterThan(0.8);
    expect(rms(vertices)).toBeGreaterThan(0.4);
    expect(Math.max(...centre.map(off))).toBeLessThanOrEqual(0.4);
    expect(rms(centre)).toBeLessThanOrEqual(0.2);
  });

  for (const [name, floor] of [
    ['straight', straight],
    ['arc', arc],
  ] as const) {
    it(`(${name}) never rises downstream, runs forward, stays on the water and keeps its edges on the carved channel`, () => {
      const result = valley(floor);
      const { strip, heights } = result;
      const { centre } = centres(result, floor);
      // Downstream is `along`: in that order the surface never rises, and the river vertices' order is kept (the centre line never turns back).
      for (let k = 1; k < centre.length; k++) {
        expect(centre[k].y).toBeLessThanOrEqual(centre[k - 1].y);
        expect(floor(centre[k].vx, centre[k].vz).along).toBeGreaterThan(floor(centre[k - 1].vx, centre[k - 1].vz).along);
      }
      // On the water: the ground (the carved triangles) under every centre point lies below its surface.
      for (const p of centre) expect(groundAt(heights, p.x, p.z), `${p.x}, ${p.z} from ${p.vx}, ${p.vz}`).toBeLessThan(p.y);
      // Within the channel: the ground under the strip's points stands at most SMOOTH_MAX_RISE higher over its water than
      // under the same strip laid on the vertices' path at each vertex's own depth (where the carved V's facets between
      // the vertices already reach over a strip's edge).
      const rise = (mesh: typeof strip) => {
        let worst = -Infinity;
        for (let n = 0; n < mesh.depth.length; n++) {
          const p = at(mesh, n);
          if (p.x < 16 || p.z < 16 || p.x > 240 || p.z > 240) continue;
          worst = Math.max(worst, groundAt(heights, p.x, p.z) - p.y);
        }
        return worst;
      };
      const smoothed = rise(strip);
      const onVertices = rise(valley(floor, false).strip);
      // Measured: straight 0.64 m smoothed, 1.70 m on the vertices; the arc 0.39 and 2.43 m (on the vertices a pit's depth
      // read as the river's widened the strip onto the banks). Both valleys' walls are 45°, steeper than the carved banks.
      expect(smoothed).toBeLessThanOrEqual(onVertices + SMOOTH_MAX_RISE);
      expect(smoothed).toBeLessThan(onVertices);
    });
  }
});
