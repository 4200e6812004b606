/**
 * Parameters of the erosion steps (a recipe step each; see shared/erosion/thermal.ts and
 * hydraulic.ts). Plain JSON so they can be recorded in a project's history and passed to workers.
 */
import { strataProblem, type Strata } from '../terrain/strata';

/** Thermal erosion: material slides downhill wherever the slope between neighbours exceeds the talus angle. */
export interface ThermalParams {
  /** Whole passes over the map (≥ 0). */
  iterations: number;
  /** Talus (angle of repose), degrees in (0, 90): steeper slopes shed material. */
  talusDeg: number;
  /** Fraction (0, 1] of the excess height moved per pass; 0.5 settles a pair of cells exactly. */
  strength: number;
  /**
   * Talus from strata: when set, a pair of vertices settles at the talus of the bed its higher vertex
   * is in, atan(√hardness · tan(talusDeg)): hard beds stand as cliff bands and ledges, soft beds (hardness
   * 1) slope at talusDeg into benches and aprons. Absent: one talus everywhere.
   */
  strata?: Strata;
  /**
   * Wall retreat before the passes: slopes steeper than retreatDeg (in hard beds of the strata,
   * atan(√hardness · tan(retreatDeg))) are cut back to it and what falls is carried away, as rock walls
   * stand at their threshold angle over a river that clears their foot (shared/erosion/wallRetreat.ts).
   * The passes then shed the walls' loose tops into talus at talusDeg. Absent: no retreat.
   */
  retreatDeg?: number;
  /**
   * Cliff angle, with strata: the column's hardest bed stands at cliffDeg, in the wall retreat and in
   * the passes, its softest at retreatDeg and talusDeg, the beds between at angles between by log
   * hardness, and no bed steeper than its thickness over four cells (shared/erosion/bedSlopes.ts), so
   * cliff-formers stand steep over slope-formers at their angle of repose. Absent: every bed at
   * atan(√hardness · tan(angle)), as before it existed.
   */
  cliffDeg?: number;
  /**
   * With a cliff angle: the fewest cells a bed's face spans (its thickness over this many cells caps
   * how steep it stands; shared/erosion/bedSlopes.ts). Fewer cells let thick cliff-formers stand
   * nearer vertical, at the cost of thin beds drawn as one-cell risers. Absent: four (FACE_CELLS), as
   * before it existed.
   */
  faceCells?: number;
  /**
   * With a cliff angle: cliff-forming beds that touch (harder than the geometric mean of the column's
   * softest and hardest) make one face, so faceCells caps each by the run's summed thickness, not its
   * own: a thin cap on a thick sandstone stands as the top of one cliff, with its rim crisp, not as a
   * gentle shoulder over it (shared/erosion/bedSlopes.ts unitThicknesses). Absent or false: each bed
   * by its own thickness, as before it existed.
   */
  faceUnits?: boolean;
  /**
   * Talus aprons after the passes: rock fallen from the walls rests at talusDeg against their feet
   * and buries this share (0…1) of each wall's height (shared/erosion/talusApron.ts). Absent: no aprons.
   */
  talusShare?: number;
  /**
   * Alluvial floors after the passes: valley bottoms fill floorFill metres over their lowest ground,
   * flat between the walls (shared/erosion/talusApron.ts). Absent: no fill.
   */
  floorFill?: number;
  /**
   * Creases rounded at the cell scale, last: where a ridge, lip or valley floor runs along the cells'
   * other diagonal, the fixed split draws it as saw-teeth; the crease is rounded until no cell breaks
   * across it by more than creaseBreak metres (shared/erosion/creaseSoftening.ts). Absent: left as is.
   */
  creaseBreak?: number;
  /**
   * Narrow tops cut flat, right after the wall retreat: ridges, spurs and peaks narrower than topWidth
   * metres come down to a flat top that wide (promontories, buttes and pinnacles instead of knife
   * edges and needles; shared/erosion/narrowTops.ts). Absent: left as is.
   */
  topWidth?: number;
  /**
   * Lips rounded, before the creases: passes that bring the vertices along the top of every wall
   * towards their neighbours' mean, so a rim slanting across the grid follows its line instead of a
   * one-cell staircase (shared/erosion/narrowTops.ts roundLips). Absent: left as is.
   */
  lipPasses?: number;
  /**
   * The map's edge continued from the land inside it, last: each edge vertex where the line into the
   * map carried on one cell puts it, so no edge stands as a lip where a cliff meets it
   * (shared/erosion/mapEdge.ts). Absent or false: left as the passes leave it.
   */
  edgeContinues?: boolean;
  /**
   * Lips drawn along their line, after the lip passes: every vertex that drops more than lipDrop metres
   * to a neighbour is raised towards the surface a cell either way along its contour (three passes,
   * never lowered), so a caprock's face slanting across the grid is not a comb of slivers with notches
   * in its rim; a rim along a row or column stays as it is (shared/erosion/narrowTops.ts smoothLipsAlong).
   * Absent: left as is.
   */
  lipDrop?: number;
  /**
   * With a wall retreat: how unevenly walls retreat along their joints, the factor 1 ± jointing on the
   * run a wall needs (shared/erosion/wallRetreat.ts). Absent: JOINTING (0.6), as before it existed.
   */
  jointing?: number;
  /**
   * With a wall retreat: the joints' spacing in cells (their streaks run four times as long). Joints
   * a few cells apart notch a rim every few cells; wider ones bend it into alcoves and spurs. Absent:
   * three cells, as before it existed.
   */
  jointSpacing?: number;
  /**
   * With strata, after the aprons: soft ground no caprock holds up (a hill whose top stands in a soft
   * bed, above the saddle that joins it to capped ground) is weathered down to a rounded hill at most
   * caplessRelief metres over that saddle (shared/erosion/caplessHills.ts). Absent: left as is.
   */
  caplessRelief?: number;
  /**
   * With caplessRelief: the narrowest cap that holds ground up, metres. A piece of caprock no disc this
   * wide fits in (a scrap left on a shale cone's tip) holds nothing up, so the cone under it and the
   * scrap itself weather down with the capless hills; a butte or mesa at least this wide stands
   * (shared/erosion/caplessHills.ts). Absent: every piece of cap holds ground up, as before it existed.
   */
  capWidth?: number;
}

/** Hydraulic erosion, droplet model (Beyer 2015; parameters as in Lague's Hydraulic-Erosion). */
export interface HydraulicParams {
  /** Seeds the droplets' start positions; the same params give the same bytes. */
  seed: number;
  /** Number of droplets simulated (≥ 0). */
  droplets: number;
  /** Steps a droplet lives at most (≥ 1). */
  lifetime: number;
  /** 0…1: how much a droplet keeps its direction instead of following the gradient. */
  inertia: number;
  /** Sediment capacity factor: capacity = max(−Δh, minSlope) · speed · water · capacity. */
  capacity: number;
  /** Smallest slope used in the capacity, so droplets on flats still carry some sediment. */
  minSlope: number;
  /** 0…1: fraction of the free capacity eroded per step. */
  erosionRate: number;
  /** 0…1: fraction of the surplus sediment deposited per step. */
  depositionRate: number;
  /** 0…1: fraction of the water evaporated per step. */
  evaporation: number;
  /** Gravity in the droplet's speed update. */
  gravity: number;
  /** Erosion brush radius in cells (≥ 1). */
  radius: number;
  /**
   * Which kernel: absent or 1 = the sequential droplet loop of projects saved before version 2 (kept
   * so they replay bit for bit); 2 = the tiled kernel (hydraulicTiled.ts), the same bytes for any
   * number of threads; 3 = version 2 at two scales (hydraulicScales.ts: a coarse pass carves valleys
   * the fine pass's rills gather into), what the presets use. New steps record HYDRAULIC_VERSION.
   */
  version?: HydraulicVersion;
}

export type HydraulicVersion = 1 | 2 | 3;
/** The kernel new hydraulic steps are recorded with. */
export const HYDRAULIC_VERSION: HydraulicVersion = 2;

export const DEFAULT_THERMAL: ThermalParams = { iterations: 50, talusDeg: 35, strength: 0.5 };

export const DEFAULT_HYDRAULIC: HydraulicParams = {
  seed: 1,
  droplets: 100_000,
  lifetime: 30,
  inertia: 0.05,
  capacity: 4,
  minSlope: 0.01,
  erosionRate: 0.3,
  depositionRate: 0.3,
  evaporation: 0.01,
  gravity: 4,
  radius: 3,
};

/** Upper bounds that keep one step's work finite on any map (a hostile project cannot ask for more). */
export const MAX_THERMAL_ITERATIONS = 10_000;
export const MAX_DROPLETS = 50_000_000;
export const MAX_DROPLET_LIFETIME = 1_000;
export const MAX_EROSION_RADIUS = 16;
/** Largest floor fill, metres (deeper than any map's relief). */
export const MAX_FLOOR_FILL = 100_000;
/** Largest crease break, metres (no crease of any map breaks more). */
export const MAX_CREASE_BREAK = 100_000;

/** The fewest and most cells a bed's face may be asked to span (thermal faceCells). */
export const MIN_FACE_CELLS = 1;
export const MAX_FACE_CELLS = 64;
/** Widest narrow-top cut, metres (a disc of more than a few dozen cells would cost seconds a step). */
export const MAX_TOP_WIDTH = 200;
/** Most lip-rounding passes (each rounds about a cell further back from the rim). */
export const MAX_LIP_PASSES = 16;
/** Highest capless relief, metres (no map's hills stand higher). */
export const MAX_CAPLESS_RELIEF = 100_000;
/** Widest capWidth, metres. */
export const MAX_CAP_WIDTH = 100_000;
/** Most jointing (below 1, so a wall's run never falls to zero). */
export const MAX_JOINTING = 0.9;
/** The closest and widest joint spacings, cells. */
export const MIN_JOINT_SPACING = 1;
export const MAX_JOINT_SPACING = 256;
/** Largest lip drop, metres (no map's lip drops more in one cell). */
export const MAX_LIP_DROP = 100_000;

const isWhole = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** The first problem with thermal parameters, in words, or null. */
export function thermalProblem(p: ThermalParams): string | null {
  if (!isWhole(p.iterations, 0, MAX_THERMAL_ITERATIONS)) return `thermal iterations must be a whole number from 0 to ${MAX_THERMAL_ITERATIONS}`;
  if (!isIn(p.talusDeg, 0, 90) || p.talusDeg === 0 || p.talusDeg === 90) return 'talus angle must be between 0° and 90°';
  if (!isIn(p.strength, 0, 1) || p.strength === 0) return 'thermal strength must be in (0, 1]';
  if (p.retreatDeg !== undefined && (!isIn(p.retreatDeg, 0, 90) || p.retreatDeg === 0 || p.retreatDeg === 90))
    return 'wall retreat angle must be between 0° and 90°';
  if (p.cliffDeg !== undefined && (!isIn(p.cliffDeg, 0, 90) || p.cliffDeg === 0 || p.cliffDeg === 90)) return 'cliff angle must be between 0° and 90°';
  if (p.faceCells !== undefined && !isIn(p.faceCells, MIN_FACE_CELLS, MAX_FACE_CELLS)) return `face cells must be from ${MIN_FACE_CELLS} to ${MAX_FACE_CELLS}`;
  if (p.edgeContinues !== undefined && typeof p.edgeContinues !== 'boolean') return 'edge continues must be true or false';
  if (p.faceUnits !== undefined && typeof p.faceUnits !== 'boolean') return 'face units must be true or false';
  if (p.talusShare !== undefined && !isIn(p.talusShare, 0, 1)) return 'talus share must be from 0 to 1';
  if (p.floorFill !== undefined && !isIn(p.floorFill, 0, MAX_FLOOR_FILL)) return `floor fill must be from 0 to ${MAX_FLOOR_FILL} m`;
  if (p.creaseBreak !== undefined && !isIn(p.creaseBreak, 0, MAX_CREASE_BREAK)) return `crease break must be from 0 to ${MAX_CREASE_BREAK} m`;
  if (p.lipPasses !== undefined && !isWhole(p.lipPasses, 0, MAX_LIP_PASSES)) return `lip passes must be a whole number from 0 to ${MAX_LIP_PASSES}`;
  if (p.lipDrop !== undefined && !isIn(p.lipDrop, 0, MAX_LIP_DROP)) return `lip drop must be from 0 to ${MAX_LIP_DROP} m`;
  if (p.topWidth !== undefined && !isIn(p.topWidth, 0, MAX_TOP_WIDTH)) return `top width must be from 0 to ${MAX_TOP_WIDTH} m`;
  if (p.capWidth !== undefined && !isIn(p.capWidth, 0, MAX_CAP_WIDTH)) return `cap width must be from 0 to ${MAX_CAP_WIDTH} m`;
  if (p.caplessRelief !== undefined && !isIn(p.caplessRelief, 0, MAX_CAPLESS_RELIEF)) return `capless relief must be from 0 to ${MAX_CAPLESS_RELIEF} m`;
  if (p.jointing !== undefined && !isIn(p.jointing, 0, MAX_JOINTING)) return `jointing must be from 0 to ${MAX_JOINTING}`;
  if (p.jointSpacing !== undefined && !isIn(p.jointSpacing, MIN_JOINT_SPACING, MAX_JOINT_SPACING))
    return `joint spacing must be from ${MIN_JOINT_SPACING} to ${MAX_JOINT_SPACING} cells`;
  if (p.strata !== undefined) {
    const problem = strataProblem(p.strata);
    if (problem) return `thermal strata: ${problem}`;
  }
  return null;
}

/** The first problem with hydraulic parameters, in words, or null. */
export function hydraulicProblem(p: HydraulicParams): string | null {
  if (!isWhole(p.seed, 0, 0xffffffff)) return 'hydraulic seed must be a whole number from 0 to 4294967295';
  if (!isWhole(p.droplets, 0, MAX_DROPLETS)) return `droplets must be a whole number from 0 to ${MAX_DROPLETS}`;
  if (!isWhole(p.lifetime, 1, MAX_DROPLET_LIFETIME)) return `droplet lifetime must be a whole number from 1 to ${MAX_DROPLET_LIFETIME}`;
  if (!isWhole(p.radius, 1, MAX_EROSION_RADIUS)) return `erosion radius must be a whole number from 1 to ${MAX_EROSION_RADIUS}`;
  if (p.version !== undefined && p.version !== 1 && p.version !== 2 && p.version !== 3) return 'hydraulic version must be 1, 2 or 3';
  for (const [name, value] of [
    ['inertia', p.inertia],
    ['erosion rate', p.erosionRate],
    ['deposition rate', p.depositionRate],
    ['evaporation', p.evaporation],
  ] as const) {
    if (!isIn(value, 0, 1)) return `${name} must be from 0 to 1`;
  }
  for (const [name, value] of [
    ['capacity', p.capacity],
    ['minimum slope', p.minSlope],
    ['gravity', p.gravity],
  ] as const) {
    if (!isIn(value, 0, 1e6)) return `${name} must be a number ≥ 0`;
  }
  return null;
}

/** Progress and cancel hooks shared by the erosion steps (same meaning as the fault formation's). */
export interface ErosionRunOptions {
  onProgress?: (done: number, total: number) => void;
  /** Polled between chunks of work; returning true abandons the run (the caller discards the heights). */
  shouldCancel?: () => boolean;
}
