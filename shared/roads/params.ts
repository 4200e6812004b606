/**
 * A road's parameters (the `road` layer's params, plain JSON): control points in world metres
 * (origin at the map centre, as `drive --route`), with optional per-point width and bank, and the
 * road-wide design values. Defaults and checks live here so the layer, the CLI and the report agree.
 */

import { crossingChoicesProblem, type CrossingChoice } from './crossings';
import { DEFAULT_E_MAX, E_MAX_CHOICES, roadClassProblem, type RoadClass } from './standard';

/** A control point: world metres; `width` (m) and `bank` (degrees, + = left side lower) override the road's. */
export interface RoadPoint {
  x: number;
  z: number;
  width?: number;
  bank?: number;
}

export interface RoadParams {
  points: RoadPoint[];
  /** Surface width, metres. */
  width: number;
  /** Shoulder: metres over which the road blends back into the ground, each side (left/right of travel). */
  falloffLeft: number;
  falloffRight: number;
  /** Steepest cut or fill slope of the shoulders, degrees. */
  slopeLimitDeg: number;
  /** Steepest grade along the centreline, percent. */
  maxGradePct: number;
  /** Cross-section: 0 flat, degrees (+ = left side lower), or 'auto' from curvature and design speed. */
  bank: number | 'auto';
  /** Cap of the auto bank, degrees. */
  maxBankDeg: number;
  designSpeedKmh: number;
  /**
   * Maximum superelevation, percent (4, 6, 8 or 10: shared/roads/standard.ts): caps the auto bank and
   * sets the minimum radius. Absent in projects saved before it: the auto bank keeps only `maxBankDeg`
   * (their heights stay as they were) and the report uses the default.
   */
  eMaxPct?: number;
  /** Functional class and terrain; picking one sets `maxGradePct` from the standard's tables. Absent: none chosen. */
  roadClass?: RoadClass;
  /**
   * Ford or bridge per water crossing, keyed by the wet stretch (metres along the road) it was chosen
   * for (shared/roads/crossings.ts). Absent or unlisted: a ford.
   */
  crossings?: CrossingChoice[];
  /** Length of the vertical curves (the moving average that rounds each change of grade), metres. */
  verticalCurve: number;
  /** Deepest cut or highest fill the road may need below / above the ground, metres (bounds the footprint). */
  maxCutFill: number;
  /** What the views draw the road's surface in; absent (projects saved before it): asphalt. It changes no height. */
  surface?: RoadSurface;
  /**
   * The profile's first and last stations at the ground's exact height there (shared/roads/profile.ts),
   * the grade limit kept in between where it can be. Every road made since it exists has it true
   * (`newRoadParams`); absent (projects saved before it) or false: the older profile, which may start
   * and end above or below the ground, so saved projects replay bit for bit.
   */
  endsOnGround?: boolean;
  /**
   * The surface's cross-section continued level (on its plane, and past each end along the end's
   * grade) over the painted gravel shoulder and one cell's diagonal beyond, before the shoulder blends
   * into the ground (shared/roads/footprint.ts): every triangle the painted road and shoulders lie on
   * is then on the road's plane, so their edges are drawn straight at any angle to the grid. Every road
   * made since it is the default has it true (`newRoadParams`); absent (projects saved before) or false:
   * the blend starts at the surface's edge, as before, so saved projects replay bit for bit.
   */
  levelShoulders?: boolean;
}

/** Gravel shoulder each side of the surface, metres (the painted one: both views). */
export const ROAD_SHOULDER_M = 1.2;

/**
 * Metres past the surface's edge (and past each end) that a road with `levelShoulders` keeps on its
 * plane: the painted shoulder and one cell's diagonal, the farthest a corner of a triangle holding a
 * shoulder point lies from it. 0 without level shoulders.
 */
export function levelShoulderWidth(p: Pick<RoadParams, 'levelShoulders'>, cellSize: number): number {
  return p.levelShoulders === true ? ROAD_SHOULDER_M + cellSize * Math.SQRT2 : 0;
}

export const ROAD_SURFACES = ['asphalt', 'gravel'] as const;
export type RoadSurface = (typeof ROAD_SURFACES)[number];

export const ROAD_DEFAULTS: Omit<RoadParams, 'points'> = {
  width: 8,
  falloffLeft: 6,
  falloffRight: 6,
  slopeLimitDeg: 35,
  maxGradePct: 10,
  bank: 0,
  maxBankDeg: 8,
  designSpeedKmh: 60,
  eMaxPct: DEFAULT_E_MAX,
  verticalCurve: 30,
  maxCutFill: 20,
};

export const MAX_ROAD_POINTS = 4096;
export const MAX_ROAD_WIDTH = 100;
export const MAX_ROAD_FALLOFF = 500;
export const MAX_ROAD_BANK = 45;
export const MAX_DESIGN_SPEED = 400;
export const MAX_VERTICAL_CURVE = 2000;
export const MAX_CUT_FILL = 1000;
export const MIN_SLOPE_LIMIT = 1;
export const MAX_SLOPE_LIMIT = 89;
export const MAX_GRADE = 100;

export function roadParams(points: RoadPoint[], overrides: Partial<Omit<RoadParams, 'points'>> = {}): RoadParams {
  return { points, ...ROAD_DEFAULTS, ...overrides };
}

/** The params of a road made now (the Road tool, a route, the CLI): the defaults with its ends on the ground and level shoulders. */
export function newRoadParams(points: RoadPoint[], overrides: Partial<Omit<RoadParams, 'points'>> = {}): RoadParams {
  return roadParams(points, { endsOnGround: true, levelShoulders: true, ...overrides });
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The first problem with the values (not the geometry: see centreline.ts), or null. */
export function roadValuesProblem(p: RoadParams): string | null {
  if (!Array.isArray(p.points) || p.points.length < 2) return 'a road needs at least two control points';
  if (p.points.length > MAX_ROAD_POINTS) return `a road has at most ${MAX_ROAD_POINTS} control points, this one has ${p.points.length}`;
  for (const [n, point] of p.points.entries()) {
    if (typeof point !== 'object' || point === null || Array.isArray(point) || !finite(point.x) || !finite(point.z))
      return `point ${n + 1} must be { "x", "z" } in metres`;
    for (const key of Object.keys(point)) if (!['x', 'z', 'width', 'bank'].includes(key)) return `point ${n + 1} has an unknown field "${key}"`;
    if (point.width !== undefined && !(finite(point.width) && point.width > 0 && point.width <= MAX_ROAD_WIDTH))
      return `point ${n + 1}: width must be more than 0 and at most ${MAX_ROAD_WIDTH} m`;
    if (point.bank !== undefined && !(finite(point.bank) && Math.abs(point.bank) <= MAX_ROAD_BANK))
      return `point ${n + 1}: bank must be from −${MAX_ROAD_BANK}° to ${MAX_ROAD_BANK}°`;
  }
  if (!(finite(p.width) && p.width > 0 && p.width <= MAX_ROAD_WIDTH)) return `width must be more than 0 and at most ${MAX_ROAD_WIDTH} m`;
  for (const key of ['falloffLeft', 'falloffRight'] as const)
    if (!(finite(p[key]) && p[key] >= 0 && p[key] <= MAX_ROAD_FALLOFF)) return `${key} must be from 0 to ${MAX_ROAD_FALLOFF} m`;
  if (!(finite(p.slopeLimitDeg) && p.slopeLimitDeg >= MIN_SLOPE_LIMIT && p.slopeLimitDeg <= MAX_SLOPE_LIMIT))
    return `slopeLimitDeg must be from ${MIN_SLOPE_LIMIT} to ${MAX_SLOPE_LIMIT} degrees`;
  if (!(finite(p.maxGradePct) && p.maxGradePct > 0 && p.maxGradePct <= MAX_GRADE)) return `maxGradePct must be more than 0 and at most ${MAX_GRADE} %`;
  if (!(p.bank === 'auto' || (finite(p.bank) && Math.abs(p.bank) <= MAX_ROAD_BANK)))
    return `bank must be "auto" or from −${MAX_ROAD_BANK}° to ${MAX_ROAD_BANK}°`;
  if (!(finite(p.maxBankDeg) && p.maxBankDeg >= 0 && p.maxBankDeg <= MAX_ROAD_BANK)) return `maxBankDeg must be from 0 to ${MAX_ROAD_BANK} degrees`;
  if (!(finite(p.designSpeedKmh) && p.designSpeedKmh > 0 && p.designSpeedKmh <= MAX_DESIGN_SPEED))
    return `designSpeedKmh must be more than 0 and at most ${MAX_DESIGN_SPEED} km/h`;
  if (p.eMaxPct !== undefined && !(E_MAX_CHOICES as readonly unknown[]).includes(p.eMaxPct))
    return `eMaxPct must be one of ${E_MAX_CHOICES.join(', ')} (percent)`;
  if (p.roadClass !== undefined) {
    const problem = roadClassProblem(p.roadClass);
    if (problem) return problem;
  }
  if (p.crossings !== undefined) {
    const problem = crossingChoicesProblem(p.crossings);
    if (problem) return problem;
  }
  if (!(finite(p.verticalCurve) && p.verticalCurve >= 0 && p.verticalCurve <= MAX_VERTICAL_CURVE))
    return `verticalCurve must be from 0 to ${MAX_VERTICAL_CURVE} m`;
  if (!(finite(p.maxCutFill) && p.maxCutFill > 0 && p.maxCutFill <= MAX_CUT_FILL)) return `maxCutFill must be more than 0 and at most ${MAX_CUT_FILL} m`;
  if (p.endsOnGround !== undefined && typeof p.endsOnGround !== 'boolean') return 'endsOnGround must be true or false';
  if (p.levelShoulders !== undefined && typeof p.levelShoulders !== 'boolean') return 'levelShoulders must be true or false';
  if (p.surface !== undefined && !(ROAD_SURFACES as readonly unknown[]).includes(p.surface)) return `surface must be "asphalt" or "gravel"`;
  return null;
}

/** The road's maximum superelevation, percent (the default for roads saved without one). */
export const eMaxOf = (p: Pick<RoadParams, 'eMaxPct'>): number => p.eMaxPct ?? DEFAULT_E_MAX;

/** Widest the surface gets anywhere (per-point widths included), metres. */
export function widestOf(p: RoadParams): number {
  let w = p.width;
  for (const point of p.points) if (point.width !== undefined) w = Math.max(w, point.width);
  return w;
}

/**
 * How far a shoulder may reach beyond the road's edge on one side: the falloff, or what a cut or fill
 * of `maxCutFill` needs at the slope limit (the shoulder's smoothstep is steepest, 1.5 × its rise over
 * its run, halfway), whichever is longer.
 */
export function shoulderReach(p: RoadParams, falloff: number): number {
  return Math.min(MAX_SHOULDER, Math.max(falloff, (1.5 * p.maxCutFill) / Math.tan((p.slopeLimitDeg * Math.PI) / 180)));
}

/**
 * Longest shoulder, metres: bounds the work of a road whatever its values (a cut or fill that would
 * need more at the slope limit is steeper than the limit at its far end).
 */
export const MAX_SHOULDER = 500;
