import { isFloodVersion, LATEST_FLOOD_VERSION, type FloodVersion } from './floodVersions';

/**
 * The automatic water layer's parameters. Rivers follow downstream hydraulic geometry (Leopold &
 * Maddock 1953, USGS Professional Paper 252: width ∝ Q^0.5, mean depth ∝ Q^0.4 — the exponents b ≈ 0.5,
 * f ≈ 0.4 as Pelletier 2021, Earth Surf. Dynam. 9:379, eq. 1 quotes them — with the bankfull discharge Q
 * taken ∝ the contributing area A):
 *   width = 0.003 m · widthScale · (A / m²)^0.5      (1.5 m at 0.25 km², 3 m at 1 km², 5.2 m at 3 km²)
 *   depth = c · depthScale · (A / m²)^0.4, c = 0.0012 m (`hydraulicGeometry` 2, new layers: 0.17 m at
 *           0.25 km², 0.30 m at 1 km², 0.47 m at 3 km²) or 0.002 m (absent or 1, layers saved before it)
 * Checked against published relations (hydraulicGeometry.test.ts), over 0.25–3 km², what drains to the
 * rivers of a 2 km map:
 * - Bieger et al. 2015 (J. Am. Water Resour. Assoc. 51(4), doi:10.1111/jawr.12282, supplementary table 1),
 *   bankfull width and depth against drainage area DA (km²) over the conterminous US:
 *   W = 2.70 · DA^0.352 m, D = 0.30 · DA^0.213 m. The width is within −10 … +31 % of it, the depth
 *   within −23 … +24 % (the old 0.002 was 1.3–2.1 times it: the coefficient was changed, below).
 * - Hey & Thorne 1986 (J. Hydraul. Eng. 112(8):671), UK gravel-bed rivers: bankfull width W = a · Q^0.5
 *   (m, m³/s), a from 4.33 (grassy banks) down to 2.34 (banks over half under trees), with the bankfull
 *   discharge of Bent & Waite's 2013 regional curve for the north-eastern US (USGS SIR 2013-5239:
 *   Q = 49.4778 · DA^0.8206 ft³/s, DA in mi²; 0.64 m³/s at 1 km²): the width lies between the two.
 * - Hey & Thorne's depth against width, as LISFLOOD-FP uses it (Neal, Schumann & Bates 2012, "British
 *   rivers average": depth = 0.12 · width^0.78): within 10 %.
 * So the rivers of a 2 km map (0.25–3 km² draining to them) are streams 1.5–5 m wide and 0.2–0.5 m deep,
 * as such streams are; the 3D view draws a strip at least STRIP_MIN_PIXELS either side on screen
 * (waterMaterial.ts), only in drawing.
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
  /**
   * Shallowest lake kept, metres of water at its deepest (`DEFAULT_MIN_LAKE_DEPTH` for new layers): a
   * depression whose water would lie shallower is a film on nearly flat ground (a plateau's swell, a
   * rounding step's dimple), not a lake; it stays dry and its water runs on as over any flat. Absent
   * (layers saved before it existed): every depression of `minLakeArea` is a lake, so a saved project
   * replays to the same bytes.
   */
  minLakeDepth?: number;
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
  /**
   * Which hydraulic-geometry constants the rivers are carved by: 2 (new layers), the depth coefficient
   * 0.0012 m checked against published bankfull depths (above); absent (layers saved before it) or 1,
   * 0.002 m, so a saved project replays to the same bytes. The width is the same in both.
   */
  hydraulicGeometry?: HydraulicGeometry;
  /**
   * Whether the layer's weight (its opacity × its mask, the weight its carve is mixed in by) decides
   * where its water is: the layer keeps its water (lake or river) only at the vertices where that weight
   * is at least ½ (`WATER_WEIGHT_THRESHOLD`), so at opacity 0, or masked out of a basin, it puts no water
   * there, and at opacity 1 unmasked it puts all of it. Per vertex, as the carve is mixed: a kept vertex's
   * surface is the unweighted one (a lake at its spill height, a river at its level), so the water never
   * rises downstream, and a mask's ½ contour across a lake cuts the lake there. Absent (layers saved
   * before it existed) or false: the water is added whole whatever the weight (only the carve is mixed),
   * so a saved project replays to the same water; new layers get true. The heights are the same either way.
   */
  weightedWater?: boolean;
  /**
   * Whether a river's banks (with `channelsAlongLines`) run on at the bank slope ring by ring of one cell
   * while a ring still cuts the ground, less deep than the ring inside it (at most MAX_BANK_RINGS,
   * channelLines.ts), so on walls under the bank slope they meet the ground as a road's shoulders do and
   * no carved edge is steeper than the larger of the ground's slope and the bank slope; on walls steeper
   * than the bank slope (which a bank would never meet) they stop a cell past the V, as before. Absent
   * (layers saved before it existed) or false: the bank stops one cell past the V, and on walls steeper
   * than the V its last cut vertex stands below its uncut neighbour; a saved project replays to the same
   * bytes. New layers get true.
   */
  blendBanks?: boolean;
  /**
   * Whether a river's banks (with `channelsAlongLines`) are those of `blendBanks` (which it implies),
   * then eased on the grid (followWalls.ts): every vertex beside a cut is lowered to the largest height
   * that leaves no grid edge steeper than the larger of the bank slope and the ground's own slope along
   * that edge. On walls under the bank slope that changes nothing (the banks already meet the ground);
   * up a wall steeper than the bank slope, where a bank at the bank slope never meets it and the rings
   * stop a cell past the V, the cut runs on at the wall's own slope (the wall stands back by it) until
   * the wall eases under the bank slope, then meets the ground; never deeper than the cut beside the
   * water. The rivers' and lakes' own vertices keep their depth. Absent (layers saved before it
   * existed) or false: the banks of `blendBanks` as it is set, so a saved project replays to the same
   * bytes. New layers get true.
   */
  followWalls?: boolean;
}

export type HydraulicGeometry = 1 | 2;

export const RIVER_WIDTH_COEFFICIENT = 0.003;
export const RIVER_WIDTH_EXPONENT = 0.5;
/** The depth coefficient of layers saved before `hydraulicGeometry` (1). */
export const RIVER_DEPTH_COEFFICIENT = 0.002;
/** The depth coefficient checked against published bankfull depths (`hydraulicGeometry` 2). */
export const PUBLISHED_DEPTH_COEFFICIENT = 0.0012;
/** The depth coefficient a layer's rivers are carved by (m at 1 m² of area, before depthScale). */
export const riverDepthCoefficient = (params: Pick<WaterParams, 'hydraulicGeometry'>): number =>
  params.hydraulicGeometry === 2 ? PUBLISHED_DEPTH_COEFFICIENT : RIVER_DEPTH_COEFFICIENT;
export const RIVER_DEPTH_EXPONENT = 0.4;

/**
 * 0.25 km²: a river needs a quarter of a square kilometre draining to it. A 512 m map holds
 * 0.26 km² in all, and on a gentle slope its water spreads instead of gathering (a vertex of a plane
 * collects one strip, ≤ 512 m × the cell size), so such a map has no rivers; a 2 km Mountains map has
 * rivers down its main valleys.
 */
export const DEFAULT_RIVER_AREA = 250_000;

/**
 * 0.1 m: the shallowest water the layer calls a lake. Shallower, a "lake" is the float rounding and
 * the relief of nearly flat rock (Canyons' plateau at 257² held one 0.008 m deep over 3,500 m²), a
 * sheet of water the 3D view cannot draw apart from the ground; a pond a hand deep is drawn and listed.
 * It does not scale with the cell size: the depth is read at the vertices, and a depression this
 * deep is one whatever the spacing.
 */
export const DEFAULT_MIN_LAKE_DEPTH = 0.1;

export const DEFAULT_WATER_PARAMS: Readonly<WaterParams> = {
  riverArea: DEFAULT_RIVER_AREA,
  widthScale: 1,
  depthScale: 1,
  lakes: true,
  minLakeArea: 1000,
  minLakeDepth: DEFAULT_MIN_LAKE_DEPTH,
  bankSlopeDeg: 30,
  continueRivers: true,
  floodVersion: LATEST_FLOOD_VERSION,
  channelsAlongLines: true,
  hydraulicGeometry: 2,
  weightedWater: true,
  followWalls: true,
};

/** The least weight (opacity × mask) at which a `weightedWater` layer keeps its water at a vertex. */
export const WATER_WEIGHT_THRESHOLD = 0.5;

export const WATER_LIMITS = {
  riverArea: [100, 1e12],
  widthScale: [0.01, 100],
  depthScale: [0.01, 100],
  minLakeArea: [0, 1e12],
  bankSlopeDeg: [5, 80],
} as const;

/** Deepest `minLakeDepth` a layer may ask for (m). */
export const MAX_MIN_LAKE_DEPTH = 1e4;

const WATER_KEYS = [
  ...['riverArea', 'widthScale', 'depthScale', 'lakes', 'minLakeArea', 'bankSlopeDeg'],
  ...['continueRivers', 'floodVersion', 'channelsAlongLines', 'hydraulicGeometry', 'minLakeDepth', 'weightedWater', 'blendBanks', 'followWalls'],
];

/** River width (m) at contributing area `area` (m²). */
export const riverWidth = (params: WaterParams, area: number): number => RIVER_WIDTH_COEFFICIENT * params.widthScale * Math.pow(area, RIVER_WIDTH_EXPONENT);
/** River depth (m) at contributing area `area` (m²). */
export const riverDepth = (params: WaterParams, area: number): number =>
  riverDepthCoefficient(params) * params.depthScale * Math.pow(area, RIVER_DEPTH_EXPONENT);

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
  const shallowest = params.minLakeDepth;
  if (shallowest !== undefined && !(typeof shallowest === 'number' && Number.isFinite(shallowest) && shallowest >= 0 && shallowest <= MAX_MIN_LAKE_DEPTH))
    return `minLakeDepth must be a number from 0 to ${MAX_MIN_LAKE_DEPTH.toLocaleString('en-US')} (or absent), got ${JSON.stringify(shallowest)}`;
  if (params.continueRivers !== undefined && typeof params.continueRivers !== 'boolean') return 'continueRivers must be true or false';
  if (params.channelsAlongLines !== undefined && typeof params.channelsAlongLines !== 'boolean') return 'channelsAlongLines must be true or false';
  if (params.weightedWater !== undefined && typeof params.weightedWater !== 'boolean') return 'weightedWater must be true or false';
  if (params.blendBanks !== undefined && typeof params.blendBanks !== 'boolean') return 'blendBanks must be true or false';
  if (params.followWalls !== undefined && typeof params.followWalls !== 'boolean') return 'followWalls must be true or false';
  if (params.hydraulicGeometry !== undefined && params.hydraulicGeometry !== 1 && params.hydraulicGeometry !== 2)
    return `hydraulicGeometry must be 1 or 2, got ${JSON.stringify(params.hydraulicGeometry)}`;
  if (params.floodVersion !== undefined && !isFloodVersion(params.floodVersion))
    return `floodVersion must be 1 or 2, got ${JSON.stringify(params.floodVersion)}`;
  return null;
}
