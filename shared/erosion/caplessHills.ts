/**
 * Capless hills weathered down (ThermalParams.caplessRelief): in flat-lying or dipping strata, soft
 * ground that no caprock protects is lowered and rounded. Under a cap the soft beds stand in the
 * escarpment, held up by the rock above them; where a mesa's cap has gone, the shale left standing
 * has nothing to hold it and wears down fast into a low, rounded badland hill (Schumm 1956 on the
 * Perth Amboy badlands; Howard 1994), not the tall pyramid that two walls laid back at the talus
 * angle leave where they meet.
 *
 * Which ground a cap holds up: the morphological reconstruction by dilation (Vincent 1993) of a marker
 * under the heights. The marker is the heights on the caprock (the hardest bed) and, elsewhere, the
 * top of the cap below (no higher than the ground). The reconstruction R is, at each vertex, the
 * highest level from which a path stays at or above it all the way to a cap: every slope under a cap
 * and every spur running down from one keep R = h; a hill whose top stands in soft rock gets R = the
 * saddle that joins it to capped ground, or the top of the cap it stands on. A cap holds up only what
 * lies within reach of it, too: no higher than a cone down from every cap vertex at the soft beds'
 * standing angle under a cap (the talus angle; a grey-level dilation by that cone, two chamfer sweeps),
 * so a shale ridge joined high to a mesa but standing far out from its rim is not held up. The level L
 * is the lower of the two, and the excess x = h − L (the hill above it) becomes H·(1 − e^(−x/H)) with
 * H = caplessRelief: the same slope where the hill meets the land round it, ever gentler up it, and at
 * most H high — a dome, rounded at its top, which a wash afterwards gullies.
 *
 * A scrap of cap too narrow to stand as a butte (capWidth: no disc that wide fits in it; the morphological
 * opening of the cap's vertices by that disc, two chamfer distances) holds nothing up: its vertices
 * take the top of the cap below as their marker, so the shale cone under it weathers down like any
 * capless hill and the scrap with it (a cap on a cone's tip is not a landform: a butte's cap is as wide
 * as it stands tall, a smaller one has fallen). Pieces of cap the map's edge cuts are measured as if
 * they carried on past it.
 *
 * O(n): the reconstruction's two raster sweeps and a queue of the vertices they leave unsettled
 * (Vincent's hybrid algorithm), the cone's two sweeps and a pass.
 */
import type { Heightfield } from '../terrain/heightfield';
import { strataReader, vertexWorld, type Strata } from '../terrain/strata';

/** The cap below stratigraphic height e (the top of the hardest bed at or below it), or e in the cap. */
function capMarker(strata: Strata, period: number, capBottom: number, capTop: number, e: number): number {
  const cycle = Math.floor(e / period);
  const rest = e - cycle * period;
  if (rest >= capBottom && rest < capTop) return e;
  // The cap of this period if e is above it, else the previous period's.
  return rest >= capTop ? cycle * period + capTop : (cycle - 1) * period + capTop;
}

/**
 * Weathers the capless hills of field.heights in place (see the module comment); `talusDeg` is the soft
 * beds' standing angle under a cap, `capWidth` (metres) the narrowest cap that holds ground up (absent:
 * every piece of cap does).
 */
export function weatherCaplessHills(field: Heightfield, strata: Strata, relief: number, talusDeg: number, capWidth?: number): void {
  const reachSlope = Math.tan((talusDeg * Math.PI) / 180);
  const { width, depth, cellSize, heights: h } = field;
  const reader = strataReader(strata);
  const period = reader.period;
  const hardest = Math.max(...strata.beds.map((bed) => bed.hardness));
  let capBottom = 0;
  for (const bed of strata.beds) {
    if (bed.hardness === hardest) break;
    capBottom += bed.thickness;
  }
  const capTop = capBottom + strata.beds.find((bed) => bed.hardness === hardest)!.thickness;
  const n = width * depth;
  const r = new Float32Array(n);
  // With a cap width: 1 where a vertex lies in the cap (the marker is its height), 0 elsewhere.
  const inCap = capWidth !== undefined ? new Uint8Array(n) : null;
  for (let j = 0; j < depth; j++) {
    const rowShift = reader.gz * vertexWorld(j, depth, cellSize) + strata.base;
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      const offset = reader.gx * vertexWorld(i, width, cellSize) + rowShift;
      const m = offset + capMarker(strata, period, capBottom, capTop, h[k] - offset);
      r[k] = m < h[k] ? m : h[k];
      if (inCap) {
        const e = h[k] - offset;
        const rest = e - Math.floor(e / period) * period;
        if (rest >= capBottom && rest < capTop) inCap[k] = 1;
      }
    }
  }
  if (inCap && capWidth !== undefined) {
    // Scraps: cap vertices the opening by a disc capWidth across takes away; their marker is the cap below's top.
    const kept = openedMask(inCap, width, depth, capWidth / 2 / cellSize);
    for (let j = 0; j < depth; j++) {
      const rowShift = reader.gz * vertexWorld(j, depth, cellSize) + strata.base;
      for (let i = 0; i < width; i++) {
        const k = j * width + i;
        if (!inCap[k] || kept[k]) continue;
        const offset = reader.gx * vertexWorld(i, width, cellSize) + rowShift;
        r[k] = offset + (Math.floor((h[k] - offset) / period) - 1) * period + capTop;
      }
    }
  }
  const held = r.slice();
  reconstruct(r, h, width, depth);
  coneDown(held, width, depth, reachSlope * cellSize);
  for (let k = 0; k < n; k++) if (held[k] < r[k]) r[k] = held[k];
  if (relief <= 0) {
    h.set(r);
    return;
  }
  for (let k = 0; k < n; k++) {
    const x = h[k] - r[k];
    if (x > 0) h[k] = r[k] + relief * (1 - Math.exp(-x / relief));
  }
}

/**
 * The mask's opening by a disc of `radius` cells: the vertices within `radius` of a vertex whose
 * distance to the nearest vertex outside the mask is at least `radius` (two chamfer distances; the
 * map's edge does not bound the mask).
 */
function openedMask(mask: Uint8Array, width: number, depth: number, radius: number): Uint8Array {
  const n = width * depth;
  const inside = new Float32Array(n);
  for (let k = 0; k < n; k++) inside[k] = mask[k] ? Infinity : 0;
  distanceDown(inside, width, depth);
  const toCore = new Float32Array(n);
  for (let k = 0; k < n; k++) toCore[k] = inside[k] >= radius ? 0 : Infinity;
  distanceDown(toCore, width, depth);
  const out = new Uint8Array(n);
  for (let k = 0; k < n; k++) if (mask[k] && toCore[k] <= radius) out[k] = 1;
  return out;
}

/**
 * d becomes the chamfer distance (cells, by the 5 × 5 chamfer) to the nearest vertex where d is 0, in place:
 * the nearest distance is the highest cone of −d falling a cell a cell, negated.
 */
function distanceDown(d: Float32Array, width: number, depth: number): void {
  for (let k = 0; k < d.length; k++) d[k] = -d[k];
  coneDown(d, width, depth, 1);
  for (let k = 0; k < d.length; k++) d[k] = -d[k];
}

/** Chamfer steps in cells: a row or column, a diagonal, a knight's move (as the wall retreat's). */
const KNIGHT = Math.sqrt(5);
const COLUMNS = [-1, 0, -1, 1, -2, 2, -1, 1] as const;
const ROWS = [0, -1, -1, -1, -1, -1, -2, -2] as const;
const CELLS = [1, 1, Math.SQRT2, Math.SQRT2, KNIGHT, KNIGHT, KNIGHT, KNIGHT] as const;

/** p becomes the highest of p(y) − drop·|x − y| (|x − y| in cells by the 5 × 5 chamfer), in place. */
function coneDown(p: Float32Array, width: number, depth: number, drop: number): void {
  for (const sign of [1, -1] as const) {
    for (let jj = 0; jj < depth; jj++) {
      const j = sign > 0 ? jj : depth - 1 - jj;
      for (let ii = 0; ii < width; ii++) {
        const i = sign > 0 ? ii : width - 1 - ii;
        const k = j * width + i;
        let v = p[k];
        for (let q = 0; q < 8; q++) {
          const ni = i + sign * COLUMNS[q];
          const nj = j + sign * ROWS[q];
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
          const c = p[nj * width + ni] - drop * CELLS[q];
          if (c > v) v = c;
        }
        p[k] = v;
      }
    }
  }
}

/** r becomes the reconstruction by dilation of r (≤ mask everywhere) under mask, 8-connected, in place. */
function reconstruct(r: Float32Array, mask: Float32Array, width: number, depth: number): void {
  const DI = [-1, 0, 1, -1] as const;
  const DJ = [-1, -1, -1, 0] as const;
  const raise = (k: number, i: number, j: number, sign: 1 | -1): void => {
    let v = r[k];
    for (let q = 0; q < 4; q++) {
      const ni = i + sign * DI[q];
      const nj = j + sign * DJ[q];
      if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      const nv = r[nj * width + ni];
      if (nv > v) v = nv;
    }
    r[k] = v < mask[k] ? v : mask[k];
  };
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) raise(j * width + i, i, j, 1);
  const queue: number[] = [];
  for (let j = depth - 1; j >= 0; j--)
    for (let i = width - 1; i >= 0; i--) {
      const k = j * width + i;
      raise(k, i, j, -1);
      // A later (forward) neighbour this vertex could still raise goes on the queue.
      for (let q = 0; q < 4; q++) {
        const ni = i - DI[q];
        const nj = j - DJ[q];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        const nk = nj * width + ni;
        if (r[nk] < r[k] && r[nk] < mask[nk]) {
          queue.push(k);
          break;
        }
      }
    }
  for (let head = 0; head < queue.length; head++) {
    const k = queue[head];
    const i = k % width;
    const j = (k - i) / width;
    for (let dj = -1; dj <= 1; dj++)
      for (let di = -1; di <= 1; di++) {
        if (di === 0 && dj === 0) continue;
        const ni = i + di;
        const nj = j + dj;
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        const nk = nj * width + ni;
        if (r[nk] < r[k] && r[nk] !== mask[nk]) {
          r[nk] = r[k] < mask[nk] ? r[k] : mask[nk];
          queue.push(nk);
        }
      }
  }
}
