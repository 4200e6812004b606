import type { Heightfield } from '../terrain/heightfield';
import { drivableBounds, moveCar, overlapsObstacle, type CarSettings, type Obstacle } from './drive';
import { groundHeight } from './ground';
import { clipDepth, horizontalForward, horizontalLeft, poseFromTerrain, type CarBody, type CarPlacement, type PoseFunction } from './pose';
import { steepestTanWithin } from './footprintSlope';
import { climbableFraction } from './profile';
import { wheelContacts, wheelLayoutFor, type WheelLayout } from './wheels';

/**
 * Where to put a test car so that it can drive: the nearest spot to a point (the view centre, or the
 * car itself for a reset) whose footprint is drivable, facing a direction it can drive in.
 *
 * A spot is drivable when the ground under the car (every drawn triangle within the circle round its
 * footprint, whatever the heading) is no steeper than SPOT_SLOPE_FRACTION of the climb limit, the water
 * there (when given) is no deeper than the car fords, the car's pose there (the same pose function the
 * drive uses) has pitch and roll within the same fraction of the limit, the body clears the exact surface everywhere
 * under its footprint, every wheel reaches the ground within its suspension travel, no obstacle
 * overlaps it and the whole car is on the map with a margin. Spots are then ranked by the run ahead —
 * what the drive itself does in the next few seconds at full throttle:
 * - 'clear': the run is not stopped and pitch and roll stay within the climb limit all along;
 * - 'rough': the run is not stopped but tips beyond the limit on the way (down a step, say);
 * - 'blocked': the spot is drivable but the run is stopped (a climb, a prop, the edge); of these, one
 *   that gets at least MIN_FREE_SECONDS of driving before the stop is preferred;
 * - 'none': no drivable spot was found; the placement is the least tilted one seen.
 * The search visits points on rings of growing radius (nearest first), with spacing that grows with
 * the radius beyond RING_DETAIL·spacing, so the number of points grows only with the logarithm of the
 * map's size; a budget of footprint evaluations bounds the work on any map (8193² included).
 * It stops at the first 'clear' spot; a 'rough' one is kept while the search goes on for a clear one
 * within PREFERENCE_RUNS runs ahead beyond it, a 'blocked' one while the budget lasts. Climbs on the
 * run are checked exactly (shared/vehicle/profile.ts), so the drive — whatever its frame rate — does
 * not stop where the search said it would not.
 *
 * Heading: downhill where the ground is sloped (the direction the car would roll, and one it can
 * always drive: the drive refuses climbs, not descents); on flat ground the heading whose run ahead
 * is flattest, ties going to the preferred heading (the view direction).
 */

export type SpawnQuality = 'clear' | 'rough' | 'blocked' | 'none';

export interface SpawnCar extends CarSettings {
  readonly clearance?: number;
}

export interface SpawnOptions {
  readonly car: SpawnCar;
  /** The pose function the drive uses (default the classic four-sample pose). */
  readonly pose?: PoseFunction;
  readonly obstacles?: readonly Obstacle[];
  /** Heading to favour where the ground does not choose one, radians. */
  readonly preferredHeading?: number;
  /** Most footprint evaluations to spend (default DEFAULT_MAX_EVALUATIONS). */
  readonly maxEvaluations?: number;
  /** Metres of water at (x, z) (none: dry everywhere); a spot deeper than `fordingDepth` is not drivable. */
  readonly water?: (x: number, z: number) => number;
  /** Deepest water the car stands in, metres (default 0 when `water` is given). */
  readonly fordingDepth?: number;
}

export interface SpawnResult {
  readonly placement: CarPlacement;
  readonly quality: SpawnQuality;
  /** Horizontal distance from the point asked for, metres. */
  readonly distance: number;
  /**
   * Largest |pitch| or |roll| on the run ahead up to the point it first exceeds the climb limit, radians
   * (Infinity when the run is stopped or none was tried).
   */
  readonly runTilt: number;
  /** How far the drive gets straight ahead before it is stopped, metres, up to the run ahead's length (0 for 'none'). */
  readonly freeRun: number;
  /** Footprint evaluations spent (spot poses and runs ahead). */
  readonly evaluations: number;
  /** Points of the search visited (each checked at least by its planar slope). */
  readonly locations: number;
}

/** Headings tried at each spot, evenly spaced. */
export const SPAWN_HEADINGS = 16;
/** A spot's pitch and roll must be within this fraction of the climb limit. */
export const SPOT_SLOPE_FRACTION = 0.8;
/** The run ahead: how far the car gets in this many seconds at full throttle from rest. */
export const RUN_AHEAD_SECONDS = 3;
/** A blocked spot whose run goes on for this many seconds of full throttle is preferred to one stopped sooner. */
export const MIN_FREE_SECONDS = 2;
const FRAME_STEP_ALLOWANCE = 0.25;
/** Ground flatter than this (radians) has no downhill worth facing. */
export const FLAT_TILT = (2 * Math.PI) / 180;
/** Ring spacing is at least radius / RING_DETAIL. */
export const RING_DETAIL = 32;
/** How much farther than a lesser spot the search looks for a clear one, in runs ahead. */
export const PREFERENCE_RUNS = 2;
export const DEFAULT_MAX_EVALUATIONS = 12_000;
/** Kept between the car and the map's edge, metres (at least one cell). */
export const EDGE_MARGIN = 2;

const RANK: Readonly<Record<SpawnQuality, number>> = { none: 0, blocked: 1, rough: 2, clear: 3 };

/** Distance covered in `t` seconds (default RUN_AHEAD_SECONDS) at full throttle from rest, metres. */
export function runAheadDistance(car: Pick<CarSettings, 'accel' | 'maxSpeed'>, t = RUN_AHEAD_SECONDS): number {
  const toTop = car.maxSpeed / car.accel;
  return t <= toTop ? 0.5 * car.accel * t * t : 0.5 * car.maxSpeed * toTop + car.maxSpeed * (t - toTop);
}

interface Choice {
  readonly x: number;
  readonly z: number;
  readonly heading: number;
  readonly quality: SpawnQuality;
  readonly runTilt: number;
  readonly freeRun: number;
}

interface Run {
  /** Largest |pitch| or |roll| on the way (Infinity when stopped). */
  readonly tilt: number;
  /** Metres driven before the stop (the whole run when not stopped). */
  readonly free: number;
}

const wrap = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));

/** The nearest drivable placement to (x, z); see the module comment. Never throws on a valid field. */
export function findSpawn(field: Heightfield, from: { x: number; z: number }, options: SpawnOptions): SpawnResult {
  const search = new SpawnSearch(field, options);
  return search.run(from);
}

class SpawnSearch {
  private readonly car: SpawnCar;
  private readonly freeClimbCar: SpawnCar;
  /** The drive's climb limit as a rise per metre, less a hair so that rounding never decides. */
  private readonly maxRise: number;
  private readonly bounds: ReturnType<typeof drivableBounds>;
  private readonly body: CarBody;
  private readonly pose: PoseFunction;
  private readonly obstacles: readonly Obstacle[];
  private readonly layout: WheelLayout;
  private readonly spotLimit: number;
  private readonly runLimit: number;
  private readonly runDistance: number;
  private readonly minFree: number;
  private readonly maxEvaluations: number;
  private readonly preferred: number;
  /** tan of the steepest ground a spot may have under the circle round the footprint. */
  private readonly groundTanLimit: number;
  /** Radius of the circle that holds the footprint at any heading, metres. */
  private readonly footprintRadius: number;
  private readonly water: ((x: number, z: number) => number) | null;
  private readonly fordingDepth: number;
  evaluations = 0;
  locations = 0;
  /** Least tilted placement seen among the poses taken, for the 'none' fallback, and when it was offered. */
  private fallback: { choice: Choice; badness: number; order: number } | null = null;
  /** Fallback candidates offered so far (poses taken and deferred ones). */
  private offered = 0;
  /**
   * Spots rejected for their ground or water before any pose was taken: x, z and the order in which they
   * were offered to the fallback. Their poses are taken only when no spot is found.
   */
  private readonly deferred: number[] = [];

  constructor(
    private readonly field: Heightfield,
    options: SpawnOptions,
  ) {
    this.car = options.car;
    this.freeClimbCar = { ...options.car, maxClimbSlopeDeg: 90 };
    this.bounds = drivableBounds(field, options.car);
    this.body = { length: options.car.length, width: options.car.width, clearance: options.car.clearance };
    this.pose = options.pose ?? poseFromTerrain;
    this.obstacles = options.obstacles ?? [];
    this.layout = wheelLayoutFor(options.car);
    const limit = (Math.min(90, options.car.maxClimbSlopeDeg) * Math.PI) / 180;
    this.runLimit = limit;
    this.maxRise = options.car.maxClimbSlopeDeg >= 90 ? Infinity : Math.tan(limit) * (1 - 1e-6);
    this.spotLimit = limit * SPOT_SLOPE_FRACTION;
    this.groundTanLimit = Math.tan(this.spotLimit);
    this.footprintRadius = Math.hypot(options.car.length, options.car.width) / 2;
    this.water = options.water ?? null;
    this.fordingDepth = Math.max(0, options.fordingDepth ?? 0);
    this.runDistance = runAheadDistance(options.car);
    // A quarter second more: the drive's frame steps (up to a quarter second each) run a little ahead of exact motion.
    this.minFree = runAheadDistance(options.car, MIN_FREE_SECONDS + FRAME_STEP_ALLOWANCE);
    this.maxEvaluations = options.maxEvaluations ?? DEFAULT_MAX_EVALUATIONS;
    this.preferred = Number.isFinite(options.preferredHeading) ? wrap(options.preferredHeading ?? 0) : 0;
  }

  run(from: { x: number; z: number }): SpawnResult {
    const margin = Math.max(EDGE_MARGIN, this.field.cellSize);
    const b = drivableBounds(this.field, this.car);
    const minX = Math.min(0, b.minX + margin);
    const maxX = Math.max(0, b.maxX - margin);
    const minZ = Math.min(0, b.minZ + margin);
    const maxZ = Math.max(0, b.maxZ - margin);
    const fx = Number.isFinite(from.x) ? from.x : 0;
    const fz = Number.isFinite(from.z) ? from.z : 0;
    const cx = Math.min(maxX, Math.max(minX, fx));
    const cz = Math.min(maxZ, Math.max(minZ, fz));
    const result = (c: Choice): SpawnResult => ({
      placement: { x: c.x, z: c.z, heading: c.heading },
      quality: c.quality,
      distance: Math.hypot(c.x - fx, c.z - fz),
      runTilt: c.runTilt,
      freeRun: c.freeRun,
      evaluations: this.evaluations,
      locations: this.locations,
    });

    let best = this.evaluate(cx, cz, true);
    if (best?.quality === 'clear') return result(best);
    // Only a spot the car can drive away from ('rough') ends the search by distance: a clear one is looked
    // for within `reach` beyond it. A 'blocked' spot is kept but the search goes on for better.
    let nearestRough = best?.quality === 'rough' ? 0 : Infinity;
    const spacing0 = Math.max(this.field.cellSize, Math.min(this.car.length, this.car.width) / 4);
    const maxR = Math.hypot(Math.max(cx - minX, maxX - cx), Math.max(cz - minZ, maxZ - cz));
    const reach = PREFERENCE_RUNS * this.runDistance;
    let ring = 0;
    for (let r = spacing0; r <= maxR && this.evaluations < this.maxEvaluations; ring++) {
      if (nearestRough + reach < r) break;
      const spacing = Math.max(spacing0, r / RING_DETAIL);
      const n = Math.max(8, Math.ceil((2 * Math.PI * r) / spacing));
      const step = (2 * Math.PI) / n;
      // Each ring starts straight ahead of the preferred heading and alternates sides, so ties go ahead.
      const phase = this.preferred + (ring % 2 === 1 ? step / 2 : 0);
      for (let k = 0; k < n && this.evaluations < this.maxEvaluations; k++) {
        const angle = phase + (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * step;
        const x = cx + r * Math.sin(angle);
        const z = cz + r * Math.cos(angle);
        if (x < minX || x > maxX || z < minZ || z > maxZ) continue;
        const choice = this.evaluate(x, z, false);
        if (!choice) continue;
        if (choice.quality === 'clear') return result(choice);
        if (!best || this.rank(choice) > this.rank(best)) best = choice;
        if (choice.quality === 'rough') nearestRough = Math.min(nearestRough, r);
      }
      r += spacing;
    }
    if (best) return result(best);
    // Nothing drivable: the least tilted placement seen (the start itself was always evaluated).
    this.takeDeferredPoses();
    const fallback = this.fallback?.choice ?? { x: cx, z: cz, heading: this.preferred, quality: 'none' as const, runTilt: Infinity, freeRun: 0 };
    return result(fallback);
  }

  /**
   * The best heading at (x, z), or undefined when no heading makes it a drivable spot. `force` skips the
   * planar pre-check (the starting point is always tried in full so that the fallback has a candidate).
   */
  private evaluate(x: number, z: number, force: boolean): Choice | undefined {
    this.locations++;
    const a = this.car.length / 2;
    const gx = (groundHeight(this.field, x + a, z) - groundHeight(this.field, x - a, z)) / (2 * a);
    const gz = (groundHeight(this.field, x, z + a) - groundHeight(this.field, x, z - a)) / (2 * a);
    const grade = Math.hypot(gx, gz);
    // On a plane, the least tilt over all headings is atan(grade/√2) (heading 45° off the fall line).
    if (!force && Math.atan(grade / Math.SQRT2) > this.spotLimit) return undefined;
    // A car may stand across a steep face with little pitch or roll, and then slide or tip: the ground itself must be gentle.
    if (steepestTanWithin(this.field, x, z, this.footprintRadius) > this.groundTanLimit) return this.fallbackOnly(x, z);
    if (this.water && this.water(x, z) > this.fordingDepth) return this.fallbackOnly(x, z);
    const sloped = Math.atan(grade) >= FLAT_TILT;
    const base = sloped ? Math.atan2(-gx, -gz) : this.preferred;
    const step = (2 * Math.PI) / SPAWN_HEADINGS;
    let best: Choice | undefined;
    for (let k = 0; k < SPAWN_HEADINGS; k++) {
      // Nearest to the base heading first: base, +step, −step, +2·step, …
      const heading = wrap(base + (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2) * step);
      const placement = { x, z, heading };
      if (!this.isSpot(placement)) continue;
      const run = this.runAhead(placement);
      const quality: SpawnQuality = run.tilt === Infinity ? 'blocked' : run.tilt <= this.runLimit ? 'clear' : 'rough';
      const choice: Choice = { x, z, heading, quality, runTilt: run.tilt, freeRun: run.free };
      const better =
        !best ||
        this.rank(choice) > this.rank(best) ||
        // On flat ground the flattest run wins; on a slope the first (most downhill) of the best quality.
        (!sloped && this.rank(choice) === this.rank(best) && run.tilt < best.runTilt - 1e-9);
      if (better) best = choice;
      if (sloped && quality === 'clear') break;
    }
    return best;
  }

  /**
   * No spot at (x, z) (its ground is too steep or its water too deep); it is still offered to the 'none'
   * fallback at the preferred heading, as a spot whose pose was taken would be, and counts as one
   * evaluation (its ground was read under the whole footprint), but its pose is taken only if no spot
   * is found at all (takeDeferredPoses).
   */
  private fallbackOnly(x: number, z: number): undefined {
    if (this.obstacles.length > 0 && overlapsObstacle(this.obstacles, { x, z, heading: this.preferred }, this.car)) return undefined;
    this.evaluations++;
    this.deferred.push(x, z, this.offered++);
    return undefined;
  }

  /**
   * The deferred spots' poses, offered to the fallback as if taken when they were rejected: the least
   * badness wins and, of equal ones, the first offered, so the fallback is the one the search would
   * have kept had it taken every pose in turn.
   */
  private takeDeferredPoses(): void {
    const list = this.deferred;
    for (let p = 0; p < list.length; p += 3) {
      const placement = { x: list[p], z: list[p + 1], heading: this.preferred };
      const order = list[p + 2];
      const pose = this.pose(this.field, placement, this.body, false);
      const tilt = Math.max(Math.abs(pose.pitch), Math.abs(pose.roll));
      // The clip depth is never negative: a tilt beyond the fallback's badness cannot beat it.
      const f = this.fallback;
      if (f && (tilt > f.badness || (tilt === f.badness && order > f.order))) continue;
      const badness = tilt + clipDepth(this.field, pose.position, pose, this.body);
      if (!f || badness < f.badness || (badness === f.badness && order < f.order)) {
        this.fallback = { choice: { ...placement, quality: 'none', runTilt: Infinity, freeRun: 0 }, badness, order };
      }
    }
    list.length = 0;
  }

  /** Whether the car can stand here: see the module comment. Records the least tilted pose seen. */
  private isSpot(placement: CarPlacement): boolean {
    if (this.obstacles.length > 0 && overlapsObstacle(this.obstacles, placement, this.car)) return false;
    this.evaluations++;
    const order = this.offered++;
    // Orientation first (four samples); the clip depth samples the whole footprint, so only when needed.
    const pose = this.pose(this.field, placement, this.body, false);
    const tilt = Math.max(Math.abs(pose.pitch), Math.abs(pose.roll));
    const upright = tilt <= this.spotLimit;
    const depth = upright || !this.fallback || tilt < this.fallback.badness ? clipDepth(this.field, pose.position, pose, this.body) : Infinity;
    const badness = tilt + depth;
    if (!this.fallback || badness < this.fallback.badness) {
      this.fallback = { choice: { ...placement, quality: 'none', runTilt: Infinity, freeRun: 0 }, badness, order };
    }
    if (!upright || !(depth <= 0)) return false;
    return wheelContacts(this.field, pose, this.layout).every((w) => w.grounded);
  }

  /** Quality as a number; a blocked spot that still gets MIN_FREE_SECONDS of driving ranks half a step up. */
  private rank(c: Choice): number {
    return RANK[c.quality] + (c.quality === 'blocked' && c.freeRun >= this.minFree ? 0.5 : 0);
  }

  /** The run ahead at full throttle: how far it gets before a stop, and how much it tips on the way. */
  private runAhead(placement: CarPlacement): Run {
    this.evaluations++;
    const f = horizontalForward(placement.heading);
    const l = horizontalLeft(placement.heading);
    let free = this.runDistance;
    // The drive stops when a front sample point climbs faster than the limit over any sub-step, and its
    // sub-steps depend on the frame rate: no piece of a front point's path may be that steep.
    if (this.maxRise < Infinity) {
      const front = this.car.length / 2;
      for (const side of [0, -1, 1]) {
        const v = (side * this.car.width) / 2;
        const x = placement.x + front * f.x + v * l.x;
        const z = placement.z + front * f.z + v * l.z;
        free = Math.min(free, this.runDistance * climbableFraction(this.field, x, z, x + f.x * this.runDistance, z + f.z * this.runDistance, this.maxRise));
      }
    }
    // The drive's area is a rectangle: the run leaves it where the ray from the centre first crosses a side.
    const b = this.bounds;
    const toSide = (p: number, d: number, lo: number, hi: number): number => (d > 1e-12 ? (hi - p) / d : d < -1e-12 ? (lo - p) / d : Infinity);
    free = Math.min(free, toSide(placement.x, f.x, b.minX, b.maxX), toSide(placement.z, f.z, b.minZ, b.maxZ));
    if (this.obstacles.length > 0 && free > 0) {
      const moved = moveCar(this.field, placement, free, 0, this.freeClimbCar, this.obstacles);
      if (moved.stoppedBy) free = Math.hypot(moved.placement.x - placement.x, moved.placement.z - placement.z);
    }
    free = Math.max(0, free);
    if (free < this.runDistance) return { tilt: Infinity, free };
    const spacing = Math.max(this.field.cellSize, 1);
    const n = Math.max(1, Math.ceil(this.runDistance / spacing));
    let worst = 0;
    for (let k = 1; k <= n; k++) {
      const d = (this.runDistance * k) / n;
      const pose = this.pose(this.field, { x: placement.x + f.x * d, z: placement.z + f.z * d, heading: placement.heading }, this.body, false);
      worst = Math.max(worst, Math.abs(pose.pitch), Math.abs(pose.roll));
      // Past the limit the run is 'rough' whatever follows; its exact worst tilt is not needed.
      if (worst > this.runLimit) return { tilt: worst, free };
    }
    return { tilt: worst, free };
  }
}
