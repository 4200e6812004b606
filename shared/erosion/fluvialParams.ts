/**
 * The fluvial (stream-power) layer's parameters: dh/dt = U − K·A^m·S^n + κ·∇²h, heights in metres,
 * time in years, A the contributing area in m², S the slope along the flow (m/m). K is in
 * m^(1−2m)/yr (1/yr for m = 0.5); the knickpoint of a river with n = 1 travels upstream at K·A^m m/yr.
 * Plain JSON (recorded in the project and sent to workers).
 */
import { strataProblem, type Strata } from '../terrain/strata';

/** Where uplift acts, as a rule on the layer's input heights (the layer mask's height and slope bands). */
export type UpliftMask = { kind: 'height'; min: number; max: number; softness: number } | { kind: 'slope'; minDeg: number; maxDeg: number; softness: number };

export interface FluvialParams {
  /** Erodibility K, m^(1−2m)/yr (before the strata's hardness divides it). */
  k: number;
  /** Area exponent m (0 … 2). */
  m: number;
  /** Slope exponent n (0.5 … 4); 1 is solved in closed form, others by Newton's method. */
  n: number;
  /**
   * Contributing area (m²) from which water cuts a channel; below it only hillslope diffusion acts
   * (a channel head, as in Montgomery & Dietrich 1988). 0: everywhere.
   */
  channelArea: number;
  /** Rock uplift U, m/yr (the map's edges are the base level and do not rise). */
  uplift: number;
  /** Uplift only where this rule holds (weights 0…1 times U), or everywhere when null. */
  upliftMask: UpliftMask | null;
  /** Hillslope diffusivity κ, m²/yr (0 for none). */
  diffusion: number;
  /** Years per time step. */
  timeStep: number;
  /** Years in all (the last step is shortened to end on it). */
  time: number;
  /** Rock beds whose hardness divides K, or null for uniform rock. */
  strata: Strata | null;
  /**
   * Which edge vertices are the base level (keep their heights): 0, all of them (Braun & Willett's
   * fixed boundary); more, only those where at least this contributing area (m²) leaves the map on
   * the input — where its rivers run off — so canyons cut back from the rivers' mouths and the rest
   * of the edge follows the land inside it (no escarpment along the map's border).
   */
  outletArea: number;
  /**
   * Optional: route the water (the drainage order and the areas) only every this many steps; the
   * steps between solve on the last routing, and a receiver that order puts after its donor is read
   * at its height at the step's start (the term explicit). Absent or 1: every step (the exact scheme,
   * and the bytes of layers saved before it existed). A step without routing costs about 60 % of one
   * with it (BENCHMARKS.md, "Session 20: fluvial routing reused").
   */
  routeEvery?: number;
  /**
   * Optional: 'factored' arranges the step's arithmetic so that the walks in the drainage order carry
   * only what depends on them (fluvialFactored.ts): the same scheme up to rounding, faster. Absent: the
   * reference's sums (the bytes of layers saved before it existed).
   */
  scheme?: FluvialScheme;
  /**
   * Optional: only soft slopes, metres (shared/erosion/softSlopes.ts): the step's change is kept on the
   * strata's softest beds at least this far from a cliff (over 50°), fading in over twice as far and
   * over half as far down from a harder bed; the caprock, its lips and the talus just under a cliff keep
   * their input heights. A short pass with it washes rills into the soft slopes under a caprock. Absent:
   * the step changes every vertex (the bytes of layers saved before it existed).
   */
  softSlopes?: number;
  /**
   * Optional: the deepest (m) the layer cuts any vertex below its input height; after each step the
   * ground is raised back to that floor wherever it lies below it, so the rivers cut gullies and
   * washes no deeper than this into what lies below (a plateau's top) and a canyon's walls and floor
   * move by no more. Absent: no limit (the bytes of layers saved before it existed).
   */
  incisionDepth?: number;
  /**
   * Optional, with `incisionDepth`: where the layer acts, as a height or slope band on its input. Each
   * step keeps the band's weight's share of its change (none where the weight is 0: a canyon's walls and
   * floor below a plateau stay as they came in, but for the input's pits, filled first as always) and the
   * floor lies incisionDepth × the weight below the input. Absent: everywhere.
   */
  incisionMask?: UpliftMask;
  /**
   * Optional: swells and hollows laid on the input before the first step (swells.ts: smooth noise
   * within ±height/2 m, its largest swells `spacing` m apart, seeded), times the `incisionMask`'s
   * weight where there is one: a rock surface's own relief, along which the water gathers and the
   * rivers branch. Absent: the input as it is.
   */
  swells?: FluvialSwells;
  /**
   * Optional: true, a channel cuts only where the step lowers it. Where the solve would leave a vertex
   * higher than at the step's start (the water's way out rises with the land: across an edge that follows
   * the land inside it, along the plateau to a vertex only uplifted), the vertex is only uplifted, as a
   * hillslope. Without it such a channel lagged behind the land a little each step: held level with its
   * rising outlet while the ground beside it rose, it stood as a trench one vertex wide deepening upstream,
   * took its neighbours' water and could not move (Canyons' plateau: a 32-cell slot along a row at seed 1,
   * a 29-row staircase at seed 3; Canyons' first layer takes it). Rivers cut back from a lowered base level
   * (the mouths) as before. The compiled solve applies it as the JavaScript does. Absent:
   * every channel cuts (the bytes of layers saved before it existed).
   */
  cutOnlyFalling?: boolean;
  /**
   * Optional: metres. After the last step each channel (contributing area at least `channelArea`) is
   * widened into a trough with a flat floor this wide at the depth the layer cut it, its banks 1.8 m wide per
   * metre of that depth (under 40°; channelTroughs.ts): washes as wide as they run, not a V one vertex wide.
   * The incision floor holds after it. Absent: the channels as the solve cut them (the bytes of layers saved
   * before it existed).
   */
  channelWidth?: number;
}

/** A type, not an interface, so it is a JSON value (recorded in projects as it is). */
export type FluvialSwells = { height: number; spacing: number; seed: number };

/** The layer's optional `scheme` values. */
export const FLUVIAL_SCHEMES = ['factored'] as const;
export type FluvialScheme = (typeof FLUVIAL_SCHEMES)[number];

export const DEFAULT_FLUVIAL: Readonly<FluvialParams> = {
  k: 2e-5,
  m: 0.5,
  n: 1,
  channelArea: 0,
  uplift: 1e-3,
  upliftMask: null,
  diffusion: 1e-3,
  timeStep: 1000,
  time: 100_000,
  strata: null,
  outletArea: 0,
};

/** Most time steps a layer may ask for (a hostile project cannot ask for more work). */
export const MAX_FLUVIAL_STEPS = 100_000;

export const FLUVIAL_LIMITS = {
  k: [0, 1],
  m: [0, 2],
  n: [0.5, 4],
  channelArea: [0, 1e12],
  outletArea: [0, 1e12],
  uplift: [-1, 1],
  diffusion: [0, 100],
  timeStep: [1e-3, 1e7],
  time: [0, 1e9],
} as const;

const FLUVIAL_KEYS = [
  'k',
  'm',
  'n',
  'channelArea',
  'uplift',
  'upliftMask',
  'diffusion',
  'timeStep',
  'time',
  'strata',
  'outletArea',
  'routeEvery',
  'scheme',
  'softSlopes',
  'incisionDepth',
  'incisionMask',
  'swells',
  'cutOnlyFalling',
  'channelWidth',
];

/** Widest cliff gap of `softSlopes`, metres (wider than any cliff's talus). */
export const MAX_SOFT_SLOPES = 10_000;

/** Widest `channelWidth` a layer may ask for (m). */
export const MAX_CHANNEL_WIDTH = 1000;

/** Deepest `incisionDepth` a layer may ask for (m). */
export const MAX_INCISION_DEPTH = 1e4;

/** Most steps one routing may serve (`routeEvery`). */
export const MAX_ROUTE_EVERY = 64;

/** Time steps a layer takes: ⌈time / timeStep⌉. */
export const fluvialSteps = (p: FluvialParams): number => (p.time > 0 ? Math.ceil(p.time / p.timeStep) : 0);

/** The first problem with the values, or null. */
export function fluvialProblem(p: FluvialParams): string | null {
  if (typeof p !== 'object' || p === null) return 'fluvial parameters must be an object';
  for (const key of Object.keys(p)) if (!FLUVIAL_KEYS.includes(key)) return `unknown fluvial parameter "${key}"`;
  for (const key of ['k', 'm', 'n', 'channelArea', 'outletArea', 'uplift', 'diffusion', 'timeStep', 'time'] as const) {
    const [min, max] = FLUVIAL_LIMITS[key];
    const value = p[key];
    if (!(typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max))
      return `fluvial ${key} must be a number from ${min} to ${max}, got ${JSON.stringify(value)}`;
  }
  const every = p.routeEvery;
  if (every !== undefined && !(typeof every === 'number' && Number.isInteger(every) && every >= 1 && every <= MAX_ROUTE_EVERY))
    return `fluvial routeEvery must be a whole number from 1 to ${MAX_ROUTE_EVERY} (or absent), got ${JSON.stringify(every)}`;
  if (p.cutOnlyFalling !== undefined && typeof p.cutOnlyFalling !== 'boolean')
    return `fluvial cutOnlyFalling must be true or false (or absent), got ${JSON.stringify(p.cutOnlyFalling)}`;
  const channelWidth = p.channelWidth;
  if (
    channelWidth !== undefined &&
    !(typeof channelWidth === 'number' && Number.isFinite(channelWidth) && channelWidth >= 0 && channelWidth <= MAX_CHANNEL_WIDTH)
  )
    return `fluvial channelWidth must be a number from 0 to ${MAX_CHANNEL_WIDTH} m (or absent), got ${JSON.stringify(channelWidth)}`;
  const soft = p.softSlopes;
  if (soft !== undefined && !(typeof soft === 'number' && Number.isFinite(soft) && soft >= 0 && soft <= MAX_SOFT_SLOPES))
    return `fluvial softSlopes must be a number from 0 to ${MAX_SOFT_SLOPES} m (or absent), got ${JSON.stringify(soft)}`;
  if (p.scheme !== undefined && !FLUVIAL_SCHEMES.includes(p.scheme))
    return `fluvial scheme must be ${FLUVIAL_SCHEMES.map((name) => JSON.stringify(name)).join(' or ')} (or absent), got ${JSON.stringify(p.scheme)}`;
  const depth = p.incisionDepth;
  if (depth !== undefined && !(typeof depth === 'number' && Number.isFinite(depth) && depth >= 0 && depth <= MAX_INCISION_DEPTH))
    return `fluvial incisionDepth must be a number from 0 to ${MAX_INCISION_DEPTH} (or absent), got ${JSON.stringify(depth)}`;
  if (p.incisionMask !== undefined) {
    if (depth === undefined) return 'fluvial incisionMask needs an incisionDepth';
    const problem = bandMaskProblem(p.incisionMask);
    if (problem) return `fluvial incisionMask: ${problem}`;
  }
  const swells = p.swells;
  if (swells !== undefined) {
    if (typeof swells !== 'object' || swells === null) return 'fluvial swells must be { height, spacing, seed } (or absent)';
    for (const key of Object.keys(swells)) if (!['height', 'spacing', 'seed'].includes(key)) return `unknown fluvial swells parameter "${key}"`;
    if (!(typeof swells.height === 'number' && Number.isFinite(swells.height) && swells.height >= 0 && swells.height <= MAX_INCISION_DEPTH))
      return `fluvial swells.height must be a number from 0 to ${MAX_INCISION_DEPTH}, got ${JSON.stringify(swells.height)}`;
    if (!(typeof swells.spacing === 'number' && Number.isFinite(swells.spacing) && swells.spacing > 0 && swells.spacing <= 1e6))
      return `fluvial swells.spacing must be a number over 0 and at most 1000000, got ${JSON.stringify(swells.spacing)}`;
    if (!(typeof swells.seed === 'number' && Number.isInteger(swells.seed) && Math.abs(swells.seed) <= 2 ** 31))
      return `fluvial swells.seed must be a whole number, got ${JSON.stringify(swells.seed)}`;
  }
  if (fluvialSteps(p) > MAX_FLUVIAL_STEPS) return `fluvial time / timeStep asks for ${fluvialSteps(p)} steps, more than ${MAX_FLUVIAL_STEPS}`;
  if (p.upliftMask !== null) {
    const problem = bandMaskProblem(p.upliftMask);
    if (problem) return `fluvial uplift ${problem}`;
  }
  if (p.strata !== null) {
    const problem = strataProblem(p.strata);
    if (problem) return `fluvial strata: ${problem}`;
  }
  return null;
}

/** The first problem with a height or slope band (an uplift or incision mask), or null. */
function bandMaskProblem(mask: UpliftMask): string | null {
  if (typeof mask !== 'object' || mask === null) return 'mask must be a height or slope band';
  const finite = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (mask.kind === 'height') {
    if (!(finite(mask.min) && finite(mask.max) && mask.min <= mask.max && finite(mask.softness) && mask.softness >= 0))
      return 'height mask needs finite min ≤ max and softness ≥ 0';
  } else if (mask.kind === 'slope') {
    const band = finite(mask.minDeg) && finite(mask.maxDeg) && mask.minDeg >= 0 && mask.minDeg <= mask.maxDeg && mask.maxDeg <= 90;
    if (!(band && finite(mask.softness) && mask.softness >= 0)) return 'slope mask needs 0 ≤ minDeg ≤ maxDeg ≤ 90 and softness ≥ 0';
  } else return 'mask must be a height or slope band';
  return null;
}
