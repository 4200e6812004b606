import { describe, expect, it } from 'vitest';
import { priorityFlood } from '../hydrology/priorityFlood';
import { donorCounts, donorCountsAndPits } from '../hydrology/drainage';
import { fillListedPits, fillPits, pitFillScratch } from './pitFill';

const W = 24;
const D = 20;
const grid = { width: W, depth: D, cellSize: 1 };

/** A plane tilted down to x = 0 with bowls dug into it (float32 heights, as the flood takes them). */
function bowls(): Float32Array {
  const h = new Float32Array(W * D);
  for (let j = 0; j < D; j++) for (let i = 0; i < W; i++) h[j * W + i] = 10 + i * 0.5;
  for (const [ci, cj, r, depth] of [
    [6, 6, 3, 4],
    [15, 12, 4, 7],
    [20, 4, 1, 2],
  ]) {
    for (let j = cj - r; j <= cj + r; j++) {
      for (let i = ci - r; i <= ci + r; i++) {
        const d = Math.hypot(i - ci, j - cj);
        if (d <= r) h[j * W + i] -= depth * (1 - d / (r + 1));
      }
    }
  }
  return h;
}

const hasLowerNeighbour = (h: Float64Array, v: number) => {
  for (const o of [1, -1, W, -W, W + 1, W - 1, 1 - W, -1 - W]) if (h[v + o] < h[v]) return true;
  return false;
};

describe('fillPits', () => {
  it('fills each bowl to its spill height, as the whole-map Priority-Flood does, and leaves every vertex a lower neighbour', () => {
    const input = bowls();
    const h = Float64Array.from(input);
    const filled = fillPits(grid, h, pitFillScratch(W * D));
    expect(filled).toBeGreaterThanOrEqual(3);
    const { level } = priorityFlood(grid, input);
    for (let v = 0; v < W * D; v++) {
      // The flood's level is the spill height (a float32); the fill adds ε per vertex on top.
      expect(Math.abs(h[v] - level[v]), `vertex ${v}`).toBeLessThan(1e-9);
      const i = v % W;
      const j = (v - i) / W;
      if (i > 0 && j > 0 && i < W - 1 && j < D - 1) expect(hasLowerNeighbour(h, v), `vertex ${v}`).toBe(true);
    }
  });

  it('leaves a surface without pits as it is, bit for bit', () => {
    const h = new Float64Array(W * D);
    for (let v = 0; v < W * D; v++) h[v] = (v % W) * 0.25 + Math.floor(v / W) * 0.01;
    const before = h.slice();
    expect(fillPits(grid, h, pitFillScratch(W * D))).toBe(0);
    expect(h).toEqual(before);
  });

  it('fills a long trench whose banks stand at its spill level: all of it to that level, every vertex with a lower neighbour', () => {
    // A trench 200 vertices long sloping up from 0 m at its one pit, banks all round at 1 m (its spill
    // level), a channel down from 0.5 m at its far end to the map's edge, the rest 5 m and above and
    // sloping to the edge: one fill, whose flood lists the trench and one bank; the other bank joins at
    // the spill, and the depression is longer than the list the flood grew.
    const trench = { width: 220, depth: 9, cellSize: 1 };
    const at = (i: number, j: number) => j * trench.width + i;
    const h = new Float64Array(trench.width * trench.depth);
    for (let j = 0; j < trench.depth; j++) for (let i = 0; i < trench.width; i++) h[at(i, j)] = 5 + 0.01 * Math.min(j, trench.depth - 1 - j) + 0.001 * i;
    for (let i = 9; i <= 210; i++) h[at(i, 3)] = h[at(i, 5)] = 1;
    h[at(9, 4)] = h[at(210, 4)] = 1;
    for (let i = 10; i <= 209; i++) h[at(i, 4)] = (i - 10) * 1e-3;
    for (let i = 211; i < trench.width; i++) h[at(i, 4)] = 0.5 - 0.01 * (i - 211);
    // Float32 heights, as the flood takes them.
    const input = Float32Array.from(h);
    h.set(input);
    expect(fillPits(trench, h, pitFillScratch(h.length))).toBe(1);
    const { level } = priorityFlood(trench, input);
    for (let j = 1; j < trench.depth - 1; j++) {
      for (let i = 1; i < trench.width - 1; i++) {
        const v = at(i, j);
        expect(Math.abs(h[v] - level[v]), `vertex (${i}, ${j})`).toBeLessThan(1e-9);
        const lower = [1, -1, trench.width, -trench.width, trench.width + 1, trench.width - 1, 1 - trench.width, -1 - trench.width].some(
          (o) => h[v + o] < h[v],
        );
        expect(lower, `vertex (${i}, ${j}) has a lower neighbour`).toBe(true);
      }
    }
  });

  it('fills the pits the donor count lists as its scan does, and leaves the donor counts of the filled surface', () => {
    const input = bowls();
    const scanned = Float64Array.from(input);
    const scans = fillPits(grid, scanned, pitFillScratch(W * D));
    const listed = Float64Array.from(input);
    const scratch = pitFillScratch(W * D);
    const donors = new Uint8Array(W * D);
    donorCountsAndPits(grid, listed, donors, scratch.pits);
    // The listed pits are the interior vertices with no lower neighbour, in vertex order.
    const pits: number[] = [];
    for (let j = 1; j < D - 1; j++) for (let i = 1; i < W - 1; i++) if (!hasLowerNeighbour(listed, j * W + i)) pits.push(j * W + i);
    expect(Array.from(scratch.pits.list.subarray(0, scratch.pits.length))).toEqual(pits);
    expect(fillListedPits(grid, listed, scratch, donors)).toBe(scans);
    expect(listed).toEqual(scanned);
    expect(donors).toEqual(donorCounts(grid, listed));
  });
});
