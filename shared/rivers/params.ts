/**
 * A drawn river's parameters (the `river` layer's params, plain JSON): control points from the source
 * (first) to the mouth (last) in world metres (origin at the map centre, as a road's), with optional
 * per-point width and depth, and the river-wide values. Defaults and checks live here so the layer,
 * the CLI and the tool agree.
 */

/** A control point: world metres; `width` and `depth` (m) override the river's. */
export interface RiverPoint {
  x: number;
  z: number;
  width?: number;
  depth?: number;
}

export interface RiverParams {
  points: RiverPoint[];
  /** Width of the flat bed, metres. */
  width: number;
  /** Depth of the bed below the water surface, metres. */
  depth: number;
  /** Steepest a bank is cut, degrees from level (the bank is a smoothstep, as a road's shoulder). */
  bankSlopeDeg: number;
  /** Shortest run of a bank from the bed's edge back to the ground, metres. */
  falloff: number;
  /**
   * The limit: deepest the bed may lie below the ground under the centreline, metres. A bump across
   * the river is cut through (the surface never rises), and a cut deeper than this is refused.
   */
  maxCut: number;
  /**
   * How the river is held back where it runs on water below it (a lake, the automatic network): true
   * (new rivers), by that water's level at each station along the wet stretch — its running minimum, so
   * a river drawn along an automatic river follows that river's falling surface; absent (rivers saved
   * before it existed) or false, by the level where the stretch begins, held all along it (right for a
   * lake, a flooded valley along a falling river), so a saved project replays to the same bytes.
   */
  joinAlongWater?: boolean;
  /**
   * Whether a channel that reaches the river across its bank (an automatic river's, a tributary) is
   * graded into the river's bed: true (new rivers), its bed falls to the river's bed over up to
   * CONFLUENCE_REACH metres at no more than CONFLUENCE_SLOPE per metre at the steepest (where the
   * bank alone would drop it at the bank's slope, a waterfall in the bed), and its water surface falls
   * with it to the river's (carve.ts). Absent (rivers saved before it existed) or false: the bank cuts
   * through the channel as through the rest of the ground, so a saved project replays to the same bytes.
   */
  gradeTributaries?: boolean;
}

export const RIVER_DEFAULTS: Omit<RiverParams, 'points'> = {
  width: 6,
  depth: 1.5,
  bankSlopeDeg: 30,
  falloff: 4,
  maxCut: 10,
  joinAlongWater: true,
  gradeTributaries: true,
};

export const MAX_RIVER_POINTS = 4096;
export const MAX_RIVER_WIDTH = 500;
export const MAX_RIVER_FALLOFF = 500;
export const MAX_RIVER_CUT = 200;
/** Longest bank, metres: bounds the work of a river whatever its values (as a road's shoulder). */
export const MAX_BANK = 500;

const PARAM_KEYS = ['points', 'width', 'depth', 'bankSlopeDeg', 'falloff', 'maxCut', 'joinAlongWater', 'gradeTributaries'];
const POINT_KEYS = ['x', 'z', 'width', 'depth'];

export function riverParams(points: RiverPoint[], overrides: Partial<Omit<RiverParams, 'points'>> = {}): RiverParams {
  return { points, ...RIVER_DEFAULTS, ...overrides };
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The first problem with the values (not the geometry: see roads/centreline.ts), or null. */
export function riverValuesProblem(p: RiverParams): string | null {
  for (const key of Object.keys(p)) if (!PARAM_KEYS.includes(key)) return `unknown river parameter "${key}"`;
  if (!Array.isArray(p.points) || p.points.length < 2) return 'a river needs at least two points (its source and its mouth)';
  if (p.points.length > MAX_RIVER_POINTS) return `a river has at most ${MAX_RIVER_POINTS} points, this one has ${p.points.length}`;
  if (!(finite(p.maxCut) && p.maxCut > 0 && p.maxCut <= MAX_RIVER_CUT)) return `maxCut must be more than 0 and at most ${MAX_RIVER_CUT} m`;
  const depthProblem = (depth: number) =>
    depth > p.maxCut ? `a bed ${depth} m deep is deeper than the limit (maxCut ${p.maxCut} m)` : `depth must be more than 0 m`;
  for (const [n, point] of p.points.entries()) {
    if (typeof point !== 'object' || point === null || Array.isArray(point) || !finite(point.x) || !finite(point.z))
      return `point ${n + 1} must be { "x", "z" } in metres`;
    for (const key of Object.keys(point)) if (!POINT_KEYS.includes(key)) return `point ${n + 1} has an unknown field "${key}"`;
    if (point.width !== undefined && !(finite(point.width) && point.width > 0 && point.width <= MAX_RIVER_WIDTH))
      return `point ${n + 1}: width must be more than 0 and at most ${MAX_RIVER_WIDTH} m`;
    if (point.depth !== undefined && !(finite(point.depth) && point.depth > 0 && point.depth <= p.maxCut))
      return `point ${n + 1}: ${finite(point.depth) ? depthProblem(point.depth) : 'depth must be a number of metres'}`;
  }
  if (!(finite(p.width) && p.width > 0 && p.width <= MAX_RIVER_WIDTH)) return `width must be more than 0 and at most ${MAX_RIVER_WIDTH} m`;
  if (!(finite(p.depth) && p.depth > 0 && p.depth <= p.maxCut)) return finite(p.depth) ? depthProblem(p.depth) : 'depth must be a number of metres';
  if (!(finite(p.bankSlopeDeg) && p.bankSlopeDeg >= 1 && p.bankSlopeDeg <= 89)) return 'bankSlopeDeg must be from 1 to 89 degrees';
  if (!(finite(p.falloff) && p.falloff >= 0 && p.falloff <= MAX_RIVER_FALLOFF)) return `falloff must be from 0 to ${MAX_RIVER_FALLOFF} m`;
  if (p.joinAlongWater !== undefined && typeof p.joinAlongWater !== 'boolean') return 'joinAlongWater must be true or false';
  if (p.gradeTributaries !== undefined && typeof p.gradeTributaries !== 'boolean') return 'gradeTributaries must be true or false';
  return null;
}

/** Widest the bed gets anywhere (per-point widths included), metres. */
export function widestRiver(p: RiverParams): number {
  let w = p.width;
  for (const point of p.points) if (point.width !== undefined) w = Math.max(w, point.width);
  return w;
}

/**
 * How far a bank may reach beyond the bed's edge: the falloff, or what a cut of `maxCut` needs at
 * the bank slope (the smoothstep is steepest, 1.5 × rise / run, halfway), whichever is longer.
 */
export function bankReach(p: RiverParams): number {
  return Math.min(MAX_BANK, Math.max(p.falloff, (1.5 * p.maxCut) / Math.tan((p.bankSlopeDeg * Math.PI) / 180)));
}

/**
 * A tributary's graded bed (`gradeTributaries`) falls at most this much per metre at its steepest (the
 * middle of its smoothstep; 2/3 of it on average over the reach): 0.15, the fall of a steep mountain
 * stream's bed (a cascade), where the bank alone drops it at the bank's slope (tan 30° = 0.58).
 */
export const CONFLUENCE_SLOPE = 0.15;
/**
 * The longest reach over which a tributary's bed is graded into the river's, metres (so a step of up
 * to CONFLUENCE_SLOPE · 40 / 1.5 = 4 m keeps that slope; a deeper one is steeper over the 40 m).
 */
export const CONFLUENCE_REACH = 40;

/** How far beyond the bed's edge the river can change anything, metres (the bank, or a graded tributary's reach). */
export const sideReach = (p: RiverParams): number => (p.gradeTributaries === true ? Math.max(bankReach(p), CONFLUENCE_REACH) : bankReach(p));

/** How far from the centreline the river can change anything, metres. */
export const riverReach = (p: RiverParams): number => widestRiver(p) / 2 + sideReach(p);
