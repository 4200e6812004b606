import { isFloodVersion, LATEST_FLOOD_VERSION, type FloodVersion } from './floodVersions';

/**
 * The automatic water layer's parameters. Rivers follow hydraulic geometry (Leopold & Maddock 1953:
 * width ∝ Q^0.5, depth ∝ Q^0.4, with discharge Q taken ∝ the contributing area A):
 *   width = 0.003 m · widthScale · (A / m²)^0.5     (3 m at 1 km², 30 m at 100 km²)
 *   depth = 0.002 m · depthScale · (A / m²)^0.4     (0.5 m at 1 km², 3.2 m at 100 km²)
 * The width is a bankfull width: Hey & Thorne (1986) measured w = 4.33 · Q^0.5 (m, m³/s) on gravel-bed
 * rivers with grassy banks (2.34 under trees), and with a bankfull runoff of 0.48 m³/s per km² of
 * drainage (Q = q · A) that is 0.003 · A^0.5 (hydraulicGeometry.test.ts: within the published range for
 * 0.3–1.0 m³/s per km²). So the rivers of a 2 km map (0.25–3 km² draining to them) are streams 1.5–5 m
 * wide, as such streams are; the 3D view draws a strip at least STRIP_MIN_PIXELS either side on
 * screen (waterMaterial.ts), only in drawing. The depth is about twice Hey & Thorne's mean bankfull
 * depth (0.22 · Q^0.37 · D50^−0.11: 0.23 m at 1 km² on 5 cm gravel) — a carved channel that reads as
 * one; depthScale 0.5 gives about theirs.
 */
export interface WaterParams {
  /** Contributing area (m²) from which a river flows. */
  riverArea: number;
  /** Multiplies the hydraulic-geometry width. */
  widthScale: number;
  /** Multiplies the hydraulic-geometry depth. */
  depthScale: number;
  /** Whether depressions hold lakes. */
  lakes: boolean;
  /** Smallest lake kept, m² of surface. */
  minLakeArea: number;
  /** Steepest a river bank is cut, degrees from level. */
  bankSlopeDeg: number;
  /**
   * Whether a river, once started, runs on down the steepest fall to its mouth (a lake, the map's
   * edge or another river) where the flow spreads and the contributing area of each cell dips under
   * `riverArea`. Absent (layers saved before it existed) or false: the river stops there and starts
   * again below, so a saved project replays to the same bytes; new layers get true.
   */
  continueRivers?: boolean;
  /**
   * Which Priority-Flood+ε the water drains by (floodVersions.ts): the same lakes and levels either way,
   * the ε drainage on flats (and so where a river crosses one) its own. Absent (layers saved before it
   * existed): 1, so a saved project replays to the same bytes; new layers get 2, the faster flood.
   */
  floodVersion?: FloodVersion;
  /**
   * Whether a river's channel is carved along the line joining each river vertex to the water below
   * it (a V across the line whose banks meet the water at half the river's width from it), so the
   * water drawn between the vertices is a ribbon of the river's width, not a bead at each vertex.
   * Absent (layers saved before it existed) or false: a cone around each river vertex, so a saved
   * project replays to the same bytes; new layers get true.
   */
  channelsAlongLines?: boolean;
}

export const RIVER_WIDTH_COEFFICIENT = 0.003;
export const RIVER_WIDTH_EXPONENT = 0.5;
export const RIVER_DEPTH_COEFFICIENT = 0.002;
export const RIVER_DEPTH_EXPONENT = 0.4;

/**
 * 0.25 km²: a river needs a quarter of a square kilometre draining to it. A 512 m map holds
 * 0.26 km² in all, and on a gentle slope its water spreads instead of gathering (a vertex of a plane
 * collects one strip, ≤ 512 m × the cell size), so such a map has no rivers; a 2 km Mountains map has
 * rivers down its main valleys.
 */
export const DEFAULT_RIVER_AREA = 250_000;

export const DEFAULT_WATER_PARAMS: Readonly<WaterParams> = {
  riverArea: DEFAULT_RIVER_AREA,
  widthScale: 1,
  depthScale: 1,
  lakes: true,
  minLakeArea: 1000,
  bankSlopeDeg: 30,
  continueRivers: true,
  floodVersion: LATEST_FLOOD_VERSION,
  channelsAlongLines: true,
};

export const WATER_LIMITS = {
  riverArea: [100, 1e12],
  widthScale: [0.01, 100],
  depthScale: [0.01, 100],
  minLakeArea: [0, 1e12],
  bankSlopeDeg: [5, 80],
} as const;

const WATER_KEYS = ['riverArea', 'widthScale', 'depthScale', 'lakes', 'minLakeArea', 'bankSlopeDeg', 'continueRivers', 'floodVersion', 'channelsAlongLines'];

/** River width (m) at contributing area `area` (m²). */
export const riverWidth = (params: WaterParams, area: number): number => RIVER_WIDTH_COEFFICIENT * params.widthScale * Math.pow(area, RIVER_WIDTH_EXPONENT);
/** River depth (m) at contributing area `area` (m²). */
export const riverDepth = (params: WaterParams, area: number): number => RIVER_DEPTH_COEFFICIENT * params.depthScale * Math.pow(area, RIVER_DEPTH_EXPONENT);

/** The first problem with the values, or null. */
export function waterProblem(params: WaterParams): string | null {
  for (const key of Object.keys(params)) if (!WATER_KEYS.includes(key)) return `unknown water parameter "${key}"`;
  for (const key of ['riverArea', 'widthScale', 'depthScale', 'minLakeArea', 'bankSlopeDeg'] as const) {
    const [min, max] = WATER_LIMITS[key];
    const value = params[key];
    if (!(typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max))
      return `${key} must be a number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got ${JSON.stringify(value)}`;
  }
  if (typeof params.lakes !== 'boolean') return 'lakes must be true or false';
  if (params.continueRivers !== undefined && typeof params.continueRivers !== 'boolean') return 'continueRivers must be true or false';
  if (params.channelsAlongLines !== undefined && typeof params.channelsAlongLines !== 'boolean') return 'channelsAlongLines must be true or false';
  if (params.floodVersion !== undefined && !isFloodVersion(params.floodVersion))
    return `floodVersion must be 1 or 2, got ${JSON.stringify(params.floodVersion)}`;
  return null;
}
