/**
 * Talus aprons and alluvial floors (ThermalParams.talusShare, floorFill): what a retreating wall sheds
 * piles up at its foot, and what the river leaves flattens its floor.
 *
 * - Talus: rock that falls from a cliff comes to rest at its angle of repose (talusDeg) against the
 *   cliff's foot and buries the lower part of the wall; the top, the free face, stays bare (the
 *   cliff–talus profile of Fisher 1866 and Lehmann 1933). The largest talus a wall can hold is the
 *   closing of the ground by a cone: the surface that hangs from every rim at the cone's angle,
 *   ⊓(x) = min over y of (max over z of (h(z) − tan·|y − z|) + tan·|x − y|). Its depth over the ground,
 *   ⊓ − h, is largest at a wall's foot and in proportion to the wall's height; W, that depth carried out
 *   from each foot falling at WALL_REACH × the talus's slope, is the height of the nearest wall. The
 *   apron is ⊓ lowered by (1 − talusShare) · W: it buries talusShare of each wall, a low wall a little
 *   and a tall one a lot, and never stands as a cone from the tallest cliff over everything below it.
 *   Where W falls away from a straight wall the apron's slope is (1 − (1 − talusShare) · WALL_REACH)
 *   · tan talusDeg (32.2° at a share of ½ and 35°), steepening to talusDeg where walls gather (W
 *   level): a talus slope within the angles of repose of scree (Statham 1977: 33–37°).
 * - Floors: a canyon's river deposits as well as cuts; its bed fills with alluvium to a flat floor
 *   between the walls. The floor lies floorFill metres (at most FLOOR_SHARE of the valley's depth
 *   under the closing) over the lowest ground nearby and rises at FLOOR_DEG away from it (a valley
 *   floor's gentle fall), only under the closing, so inside valleys and never on open ground. Where
 *   both are asked, the river keeps its floor clear: the talus rests on the floor's edge.
 *
 * Both are raised only: h' = max(h, apron, min(floor, closing)). Distances are the 5 × 5 chamfer's
 * (steps 1, √2, √5; within 2 % of the Euclidean in every direction, Borgefors 1986), so aprons are
 * round around a butte, not diamonds; each cone is two raster sweeps, O(n) whatever its reach.
 */
import type { Heightfield } from '../terrain/heightfield';

/** A valley floor's rise away from its lowest ground: alluvial floors fall a degree or two. */
export const FLOOR_DEG = 2;
/** How the height of a wall is felt away from its foot: falling at this share of the talus's slope. */
export const WALL_REACH = 0.2;
/**
 * The most of a valley's depth (below the talus surface that closes over it) its alluvium fills: a
 * shallow valley keeps its shape rather than fill to its rims.
 */
export const FLOOR_SHARE = 0.5;

/** Chamfer steps in cells: a row or column, a diagonal, a knight's move. */
const KNIGHT = Math.sqrt(5);

/**
 * One raster sweep of a dilation by a cone (see `dilate`), forward (`direction` 1: rows and columns up)
 * or backward (−1). Each vertex takes the largest of itself and its eight chamfer neighbours already
 * swept, each lowered by its step's drop, read in the order row, column, diagonals, knight's moves (the
 * first of equal values is kept, so ±0 come out as they always have). Vertices two or more cells from
 * every edge take the unrolled path, the rest the checked one: the same neighbours, the same order.
 */
function sweep(g: Float32Array, width: number, depth: number, drops: readonly [number, number, number], direction: 1 | -1): void {
  const [straight, diagonal, knight] = drops;
  const d = direction;
  const w = direction * width;
  // Index steps to the neighbours, in the chamfer order, and their column and row offsets for the edges.
  const steps = [-d, -w, -w - d, -w + d, -w - 2 * d, -w + 2 * d, -2 * w - d, -2 * w + d];
  const columns = [-1, 0, -1, 1, -2, 2, -1, 1];
  const rows = [0, -1, -1, -1, -1, -1, -2, -2];
  const changes = [straight, straight, diagonal, diagonal, knight, knight, knight, knight];
  const [s0, s1, s2, s3, s4, s5, s6, s7] = steps;
  const checked = (k: number, ii: number, jj: number): void => {
    let best = g[k];
    for (let n = 0; n < 8; n++) {
      const ni = ii + columns[n];
      const nj = jj + rows[n];
      if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      const reached = g[k + steps[n]] - changes[n];
      if (reached > best) best = reached;
    }
    g[k] = best;
  };
  for (let jj = 0; jj < depth; jj++) {
    const j = d > 0 ? jj : depth - 1 - jj;
    // The row's first vertex in sweep order, and its index step along the sweep.
    const first = j * width + (d > 0 ? 0 : width - 1);
    if (jj < 2 || width < 5) {
      for (let ii = 0; ii < width; ii++) checked(first + ii * d, ii, jj);
      continue;
    }
    checked(first, 0, jj);
    checked(first + d, 1, jj);
    const end = first + (width - 2) * d;
    for (let k = first + 2 * d; k !== end; k += d) {
      let best = g[k];
      let reached = g[k + s0] - straight;
      if (reached > best) best = reached;
      reached = g[k + s1] - straight;
      if (reached > best) best = reached;
      reached = g[k + s2] - diagonal;
      if (reached > best) best = reached;
      reached = g[k + s3] - diagonal;
      if (reached > best) best = reached;
      reached = g[k + s4] - knight;
      if (reached > best) best = reached;
      reached = g[k + s5] - knight;
      if (reached > best) best = reached;
      reached = g[k + s6] - knight;
      if (reached > best) best = reached;
      reached = g[k + s7] - knight;
      if (reached > best) best = reached;
      g[k] = best;
    }
    checked(end, width - 2, jj);
    checked(end + d, width - 1, jj);
  }
}

/**
 * In place: g(x) ← max over y of (g(y) − slope·|x − y|), a dilation by a cone falling at `slope`
 * metres per cell, |·| the chamfer distance: two raster sweeps.
 */
function dilate(g: Float32Array, width: number, depth: number, slope: number): void {
  const drops = [slope * 1, slope * Math.SQRT2, slope * KNIGHT] as const;
  sweep(g, width, depth, drops, 1);
  sweep(g, width, depth, drops, -1);
}

/**
 * In place: g(x) ← min over y of (g(y) + slope·|x − y|), an erosion by a cone rising at `slope`: the
 * dilation of −g, negated (negation is exact, so the bytes are those of the erosion itself).
 */
function erode(g: Float32Array, width: number, depth: number, slope: number): void {
  negate(g);
  dilate(g, width, depth, slope);
  negate(g);
}

function negate(g: Float32Array): void {
  for (let k = 0; k < g.length; k++) g[k] = -g[k];
}

export interface ApronParams {
  /** Angle of repose of the talus and the closing's cone, degrees. */
  talusDeg: number;
  /** Share (0…1) of each wall's height its talus buries; undefined: no aprons. */
  talusShare?: number;
  /** Metres of alluvium over the lowest ground of a valley; undefined: no floors. */
  floorFill?: number;
}

/** Raises field.heights in place by talus aprons and alluvial floors (see the module comment). */
export function talusApron(field: Heightfield, params: ApronParams): void {
  const { width, depth, cellSize, heights: h } = field;
  const { talusShare, floorFill } = params;
  if (talusShare === undefined && floorFill === undefined) return;
  const talus = Math.tan((params.talusDeg * Math.PI) / 180) * cellSize;
  const bare = 1 - (talusShare ?? 1);
  const closing = h.slice();
  dilate(closing, width, depth, talus);
  erode(closing, width, depth, talus);
  let walls: Float32Array | null = null;
  if (talusShare !== undefined) {
    walls = new Float32Array(h.length);
    for (let k = 0; k < h.length; k++) walls[k] = closing[k] - h[k];
    dilate(walls, width, depth, talus * WALL_REACH);
  }
  let floor: Float32Array | null = null;
  if (floorFill !== undefined) {
    // Each vertex's alluvium: floorFill, or less where the valley is shallow (FLOOR_SHARE of its depth).
    floor = new Float32Array(h.length);
    for (let k = 0; k < h.length; k++) floor[k] = h[k] + Math.min(floorFill, FLOOR_SHARE * (closing[k] - h[k]));
    erode(floor, width, depth, Math.tan((FLOOR_DEG * Math.PI) / 180) * cellSize);
  }
  // Where alluvium lies the river keeps its floor clear: talus rests on the floor's edge and rises from
  // it at the angle of repose, so aprons from two walls never meet over the floor.
  let toes: Float32Array | null = null;
  if (floor && walls) {
    toes = new Float32Array(h.length);
    for (let k = 0; k < h.length; k++) toes[k] = floor[k] > h[k] ? floor[k] : Infinity;
    erode(toes, width, depth, talus);
  }
  for (let k = 0; k < h.length; k++) {
    let raised = h[k];
    if (walls) {
      const apron = closing[k] - bare * walls[k];
      raised = Math.max(raised, toes ? Math.min(apron, toes[k]) : apron);
    }
    if (floor) raised = Math.max(raised, Math.min(floor[k], closing[k]));
    h[k] = raised;
  }
}
