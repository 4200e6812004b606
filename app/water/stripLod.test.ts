import { describe, expect, it } from 'vitest';
import { WATER_RIVER } from '../../shared/hydrology/water';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { THIN_ACROSS, THIN_RISE } from '../../shared/hydrology/riverStrip';
import { perspectiveFrustum } from '../../shared/lod/frustum';
import { riverStripBlock, STRIP_MAX_LEVEL, stripLevel } from './riverStripBlock';
import { WATER_BLOCK_CELLS } from './waterCorners';
import type { WaterBlock } from './waterMesh';

// A river meandering across a 4097² map (1 m cells) down a valley falling 1 cm a metre: one river
// vertex a column at row 2048 + 20 sin(i / 40) (a 251-cell wavelength, 20 cells either way, so each
// step is to an 8-neighbour), 0.3 m deep, the ground rising 0.5 m a cell away from it.
const SIDE = 4097;
const GRID = { width: SIDE, depth: SIDE, cellSize: 1 };
const rowAt = (i: number) => Math.round(2048 + 20 * Math.sin(i / 40));
const heights = new Float32Array(SIDE * SIDE);
const water = createWaterSurface(SIDE * SIDE);
for (let j = 0; j < SIDE; j++) {
  for (let i = 0; i < SIDE; i++) {
    const v = j * SIDE + i;
    const away = Math.abs(j - rowAt(i));
    heights[v] = 100 - 0.01 * i + 0.5 * away;
    if (away === 0) {
      water.surface[v] = heights[v] + 0.3;
      water.kind[v] = WATER_RIVER;
    }
  }
}
const HALF = () => 2;
const COLUMNS = (SIDE - 1) / WATER_BLOCK_CELLS;
/** The block rows the river crosses. */
const ROWS = [Math.floor(2028 / WATER_BLOCK_CELLS), Math.floor(2068 / WATER_BLOCK_CELLS)];

function strips(levelOf: (bi: number, bj: number) => number): Array<{ bi: number; bj: number; level: number; block: WaterBlock | null }> {
  const out = [];
  for (let bj = ROWS[0]; bj <= ROWS[1]; bj++) {
    for (let bi = 0; bi < COLUMNS; bi++) {
      const level = levelOf(bi, bj);
      out.push({ bi, bj, level, block: riverStripBlock(GRID, water, heights, null, HALF, bi, bj, null, level) });
    }
  }
  return out;
}

const triangles = (list: ReturnType<typeof strips>) => list.reduce((n, s) => n + (s.block ? s.block.indices.length / 3 : 0), 0);

/** A strip's centre line: its segments between vertices on it (no offset across), as [x0, y0, z0, x1, y1, z1]. */
function centreSegments(block: WaterBlock): number[][] {
  const across = block.stripAcross!;
  const p = block.positions;
  const onCentre = (n: number) => across[2 * n] === 0 && across[2 * n + 1] === 0;
  const out: number[][] = [];
  for (let t = 0; t < block.indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = block.indices[t + e];
      const b = block.indices[t + ((e + 1) % 3)];
      if (onCentre(a) && onCentre(b)) out.push([p[3 * a], p[3 * a + 1], p[3 * a + 2], p[3 * b], p[3 * b + 1], p[3 * b + 2]]);
    }
  }
  return out;
}

const OVERVIEW = { position: { x: 0, y: 3000, z: 4000 }, fovYDegrees: 50, viewportHeight: 1000 };
const LOW = { position: { x: 0, y: 60, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 };

describe('the river strips’ level of detail', () => {
  const full = strips(() => 0);
  const fullTriangles = triangles(full);

  it('at 4097², from the overview, draws a long meandering river in a small share of its full triangles', () => {
    const overview = strips((bi, bj) => stripLevel(GRID, bi, bj, OVERVIEW, 50, 101));
    const drawn = triangles(overview);
    expect(fullTriangles).toBeGreaterThan(16_000);
    // Budget: 1,500 triangles for the 4.1 km river (the Mountains map's rivers, ~250 km of them, ~30 k at the same rate).
    expect(drawn).toBeLessThanOrEqual(1_500);
    expect(drawn).toBeGreaterThan(0);
    // Every block still draws its share of the river.
    for (let k = 0; k < full.length; k++) expect(overview[k].block === null).toBe(full[k].block === null);
  }, 120_000);

  it('draws the blocks near the camera exactly as at full resolution, and the far ones coarser', () => {
    const levels = strips((bi, bj) => stripLevel(GRID, bi, bj, LOW, 50, 101));
    const near = levels.filter((s) => s.level === 0 && s.block);
    expect(near.length).toBeGreaterThan(0);
    expect(levels.some((s) => s.level >= 2 && s.block)).toBe(true);
    for (const s of near) {
      const same = full.find((f) => f.bi === s.bi && f.bj === s.bj)!.block!;
      expect(s.block!.positions).toEqual(same.positions);
      expect(s.block!.indices).toEqual(same.indices);
      expect(s.block!.depth).toEqual(same.depth);
    }
    // No camera yet: the coarsest.
    expect(stripLevel(GRID, 0, 0, null, 0, 1)).toBe(STRIP_MAX_LEVEL);
    // Looking at the block beside the camera, then away from it (+x): in sight full resolution, out of sight the coarsest.
    const eye = { x: 0, y: 60, z: 0 };
    const frustum = (x: number) => perspectiveFrustum(eye, { x, y: -0.2, z: 0 }, { x: 0, y: 1, z: 0 }, 50, 1.6, 0.5, 20_000);
    const camera = (x: number) => ({ ...LOW, frustum: frustum(x) });
    const beside = COLUMNS / 2 - 2;
    expect(stripLevel(GRID, beside, 16, camera(-1), 50, 101)).toBe(0);
    expect(stripLevel(GRID, beside, 16, camera(1), 50, 101)).toBe(STRIP_MAX_LEVEL);
  }, 120_000);

  it('keeps a thinned strip’s centre within half a coarse cell of the full one’s, and on its water', () => {
    for (const level of [2, 4, STRIP_MAX_LEVEL]) {
      const thin = strips(() => level);
      expect(triangles(thin)).toBeLessThan(fullTriangles / 2);
      const stride = 2 ** level;
      let checked = 0;
      for (let k = 0; k < full.length; k++) {
        if (!full[k].block) continue;
        const segments = centreSegments(thin[k].block!);
        const p = full[k].block!.positions;
        const across = full[k].block!.stripAcross!;
        for (let n = 0; n < p.length / 3; n++) {
          if (across[2 * n] !== 0 || across[2 * n + 1] !== 0) continue;
          let best = Infinity;
          let rise = Infinity;
          for (const [x0, y0, z0, x1, y1, z1] of segments) {
            const dx = x1 - x0;
            const dz = z1 - z0;
            const t = Math.max(0, Math.min(1, ((p[3 * n] - x0) * dx + (p[3 * n + 2] - z0) * dz) / (dx * dx + dz * dz || 1)));
            const d = Math.hypot(x0 + t * dx - p[3 * n], z0 + t * dz - p[3 * n + 2]);
            if (d < best) {
              best = d;
              rise = Math.abs(y0 + t * (y1 - y0) - p[3 * n + 1]);
            }
          }
          // Half a coarse cell across (the thinning keeps within THIN_ACROSS of one, plus the curve between river vertices).
          expect(best).toBeLessThanOrEqual(Math.max(0.5 * stride, THIN_ACROSS * stride + 0.5) * GRID.cellSize);
          expect(rise).toBeLessThanOrEqual(THIN_RISE + 0.02);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(4000);
    }
  }, 240_000);
});

// A dense network on the same 4097² map: the meandering river above, and a tributary into it every 24 columns,
// alternately from the north and the south, straight down its own column from 100–250 cells away, 0.2 m deep (so
// the river stays the main inflow at each confluence), its water falling 0.5 m a cell towards the river.
const TRIBUTARY_EVERY = 24;
const network = (() => {
  const surface = Float32Array.from(water.surface);
  const kind = Uint8Array.from(water.kind);
  let tributaries = 0;
  for (let c = TRIBUTARY_EVERY; c < SIDE - TRIBUTARY_EVERY; c += TRIBUTARY_EVERY, tributaries++) {
    const side = tributaries % 2 === 0 ? -1 : 1;
    const length = 100 + 50 * (tributaries % 4);
    for (let d = 1; d <= length; d++) {
      const v = (rowAt(c) + side * d) * SIDE + c;
      surface[v] = heights[v] + 0.2;
      kind[v] = WATER_RIVER;
    }
  }
  return { water: { surface, kind }, tributaries };
})();

function networkStrips(levelOf: (bi: number, bj: number) => number): Array<{ level: number; block: WaterBlock | null }> {
  const out = [];
  const rows = [Math.floor((2028 - 260) / WATER_BLOCK_CELLS), Math.floor((2068 + 260) / WATER_BLOCK_CELLS)];
  for (let bj = rows[0]; bj <= rows[1]; bj++) {
    for (let bi = 0; bi < COLUMNS; bi++) {
      const level = levelOf(bi, bj);
      out.push({ level, block: riverStripBlock(GRID, network.water, heights, null, HALF, bi, bj, null, level) });
    }
  }
  return out;
}

/**
 * How many pieces the strips' centre lines make: segments joined where one's end lies within `reach(level)` metres of
 * another's line (the same point at a block's seam; at a confluence the tributary's end, which stops at the river's bank
 * at full resolution and at its centre, within a quarter of a coarse step of its thinned line, further off).
 */
function pieces(list: Array<{ level: number; block: WaterBlock | null }>, reach: (level: number) => number): number {
  const segments: Array<{ s: number[]; level: number }> = [];
  for (const { level, block } of list) if (block) for (const s of centreSegments(block)) segments.push({ s, level });
  const parent = segments.map((_, k) => k);
  const root = (k: number): number => (parent[k] === k ? k : (parent[k] = root(parent[k])));
  // Segments by the 16 m squares their boxes touch.
  const CELL = 16;
  const buckets = new Map<string, number[]>();
  segments.forEach(({ s }, k) => {
    for (let a = Math.floor(Math.min(s[0], s[3]) / CELL); a <= Math.floor(Math.max(s[0], s[3]) / CELL); a++)
      for (let b = Math.floor(Math.min(s[2], s[5]) / CELL); b <= Math.floor(Math.max(s[2], s[5]) / CELL); b++) {
        const key = `${a},${b}`;
        buckets.set(key, [...(buckets.get(key) ?? []), k]);
      }
  });
  segments.forEach(({ s, level }, k) => {
    for (const [x, z] of [
      [s[0], s[2]],
      [s[3], s[5]],
    ]) {
      const near = reach(level);
      for (let a = Math.floor((x - near) / CELL); a <= Math.floor((x + near) / CELL); a++)
        for (let b = Math.floor((z - near) / CELL); b <= Math.floor((z + near) / CELL); b++)
          for (const m of buckets.get(`${a},${b}`) ?? []) {
            const [x0, , z0, x1, , z1] = segments[m].s;
            const dx = x1 - x0;
            const dz = z1 - z0;
            const t = Math.max(0, Math.min(1, ((x - x0) * dx + (z - z0) * dz) / (dx * dx + dz * dz || 1)));
            if (Math.hypot(x0 + t * dx - x, z0 + t * dz - z) <= near) parent[root(m)] = root(k);
          }
    }
  });
  return new Set(segments.map((_, k) => root(k))).size;
}

describe('the river strips’ level of detail on a dense network', () => {
  it('at 4097², from the overview, draws a network with a confluence every 24 cells under its budget, its tributaries meeting the river', () => {
    expect(network.tributaries).toBe(169);
    const overview = networkStrips((bi, bj) => stripLevel(GRID, bi, bj, OVERVIEW, 50, 101));
    expect(overview.every((s) => s.level === 4)).toBe(true);
    // Budget: 4,097 + 169 tributaries of 100–250 cells, ≈ 34 km of river at a 16-cell step (≈ 4 px from the overview):
    // ≈ 2,100 joins of 4 triangles if every run were straight (8,400), and a join more at some runs' ends and bends
    // (9,156 drawn). With the tributaries' ends and the cuts at the confluences at full resolution it drew 17,631.
    const drawn = triangles(overview.map((s, k) => ({ bi: k, bj: 0, ...s })));
    expect(drawn).toBeLessThanOrEqual(12_000);
    // One network: every tributary's strip ends within a quarter of a coarse step (4 m, a pixel) of the river's line.
    expect(pieces(overview, (level) => THIN_ACROSS * 2 ** level * GRID.cellSize + 1e-3)).toBe(1);
    // Near the camera (full resolution beside coarser blocks): still one, a tributary's end at the river's bank (2 m).
    const mixed = networkStrips((bi, bj) => stripLevel(GRID, bi, bj, LOW, 50, 101));
    expect(mixed.some((s) => s.level === 0 && s.block) && mixed.some((s) => s.level >= 2 && s.block)).toBe(true);
    expect(pieces(mixed, (level) => Math.max(HALF(), THIN_ACROSS * 2 ** level * GRID.cellSize) + 1e-3)).toBe(1);
  }, 240_000);
});
