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
