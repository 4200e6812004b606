import type { Heightfield } from '../../terrain/heightfield';

/**
 * Straight one-cell trenches in a plateau's top: lines of vertices each lower than both of its neighbours
 * across the line by more than `rise` m, the line at least `minLength` cells long and straight.
 *
 * A vertex is a trench floor when, along a row, a column or a diagonal, both of its neighbours one step away
 * stand over `rise` higher: ground falls into it from both sides that steeply within one cell, a valley no
 * wider than a cell. Floors touching (eight neighbours) make one trench; it is straight when every floor
 * lies within `offLine` cells of the line fitted through them (principal axis: a row, a diagonal or a
 * staircase across the grid at any angle), and its length is its extent along that line. Only vertices at
 * `topFrom` m or higher count (the plateau's top).
 */
export interface Trench {
  /** Cells along the fitted line, end to end. */
  length: number;
  /** Floor vertices in it. */
  floors: number;
  /** The farthest floor from the fitted line, cells. */
  offLine: number;
  /** The first floor (lowest index): column and row. */
  i: number;
  j: number;
}

export interface TrenchRule {
  /** Metres a floor lies under both of its across-neighbours. */
  rise: number;
  /** Only vertices at least this high (m). */
  topFrom: number;
}

/** Every trench (component of floor vertices) with its length and straightness, longest first. */
export function trenches(field: Heightfield, rule: TrenchRule): Trench[] {
  const { width, depth, heights: h } = field;
  const { rise, topFrom } = rule;
  const floor = new Uint8Array(width * depth);
  // A diagonal neighbour is √2 cells away: the same slope needs √2 the rise.
  const riseDiagonal = rise * Math.SQRT2;
  for (let j = 1; j < depth - 1; j++) {
    for (let i = 1; i < width - 1; i++) {
      const v = j * width + i;
      const hv = h[v];
      if (hv < topFrom) continue;
      const under = (a: number, b: number, by: number) => h[a] - hv > by && h[b] - hv > by;
      if (
        under(v - 1, v + 1, rise) ||
        under(v - width, v + width, rise) ||
        under(v - width - 1, v + width + 1, riseDiagonal) ||
        under(v - width + 1, v + width - 1, riseDiagonal)
      )
        floor[v] = 1;
    }
  }
  const seen = new Uint8Array(width * depth);
  const found: Trench[] = [];
  const stack: number[] = [];
  for (let start = 0; start < floor.length; start++) {
    if (!floor[start] || seen[start]) continue;
    const members: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const v = stack.pop() as number;
      members.push(v);
      const i = v % width;
      const j = (v - i) / width;
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          const ni = i + di;
          const nj = j + dj;
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
          const u = nj * width + ni;
          if (floor[u] && !seen[u]) {
            seen[u] = 1;
            stack.push(u);
          }
        }
      }
    }
    found.push(fitLine(members, width));
  }
  return found.sort((a, b) => b.length - a.length);
}

/** The principal axis of the floors' positions: length along it and the farthest floor off it. */
function fitLine(members: readonly number[], width: number): Trench {
  const n = members.length;
  let mi = 0;
  let mj = 0;
  for (const v of members) {
    mi += v % width;
    mj += Math.floor(v / width);
  }
  mi /= n;
  mj /= n;
  let sii = 0;
  let sjj = 0;
  let sij = 0;
  for (const v of members) {
    const di = (v % width) - mi;
    const dj = Math.floor(v / width) - mj;
    sii += di * di;
    sjj += dj * dj;
    sij += di * dj;
  }
  const angle = 0.5 * Math.atan2(2 * sij, sii - sjj);
  const ci = Math.cos(angle);
  const cj = Math.sin(angle);
  let lo = Infinity;
  let hi = -Infinity;
  let off = 0;
  for (const v of members) {
    const di = (v % width) - mi;
    const dj = Math.floor(v / width) - mj;
    const along = di * ci + dj * cj;
    lo = Math.min(lo, along);
    hi = Math.max(hi, along);
    off = Math.max(off, Math.abs(-di * cj + dj * ci));
  }
  const first = Math.min(...members);
  return { length: n > 1 ? hi - lo + 1 : 1, floors: n, offLine: off, i: first % width, j: Math.floor(first / width) };
}

/** The straight trenches: at least `minLength` cells long, every floor within `offLine` cells of the line. */
export const straightTrenches = (found: readonly Trench[], minLength: number, offLine: number): Trench[] =>
  found.filter((t) => t.length >= minLength && t.offLine <= offLine);
