/**
 * The autopilot of route drives ("Drive this road", `faultline drive --route/--road`): pure pursuit of a
 * point ahead along the route, and a speed plan a driver would keep — through each bend at most
 * 0.8·√(μ·g·R), over each crest under √(g/κ) (the speed at which the car would leave the ground), braking
 * early enough to get there at PLANNED_BRAKING, and stopping on the last waypoint.
 *
 * Everything that depends on the whole route (arc length, curvature, the speed plan) is computed once in
 * the constructor (O(waypoints)); each step then only moves two indices forwards, so a drive costs
 * O(waypoints + steps) whatever the route's length.
 */
import type { Heightfield } from '../../terrain/heightfield';
import { heightAt } from '../../terrain/surface';
import type { PhysicsCarSpec } from './cars';
import type { PhysicsInput } from './physicsCar';
import { GRAVITY } from './stability';

/** Within this distance of the last waypoint and slower than STOPPED_SPEED, the route is done. */
export const ARRIVAL_RADIUS = 1.5;
export const STOPPED_SPEED = 0.3;
/** Deceleration the autopilot plans with when it slows for a bend, a crest or the end, m/s². */
export const PLANNED_BRAKING = 3;
/** Share of the tyres' grip (μ·g) a bend may use: at most 0.8·√(μ·g·R). */
export const BEND_GRIP_SHARE = 0.8 * 0.8;
/** Share of √(g/κ) a crest may be taken at. */
const CREST_SHARE = 0.8;
/**
 * Slowest the autopilot plans to go, m/s (a cruise speed below it is raised to it): a drive always
 * progresses, and a polyline's corners (no radius at all) are taken at walking-plus pace.
 */
export const MIN_AUTOPILOT_SPEED = 3;
/** Half the chord over which a bend's radius is measured, metres (at least): smooths 2 m stations. */
const CURVE_HALF_WINDOW = 4;
/** Half the chord over which a crest's vertical curvature is measured, metres (the road report's 5 m). */
const CREST_HALF_WINDOW = 5;
const SPEED_GAIN = 0.5;

/** What the autopilot reads of a car (a physics state, or the kinematic car's). */
export interface AutopilotCar {
  readonly position: { readonly x: number; readonly z: number };
  readonly heading: number;
  readonly speed: number;
}

export interface AutopilotOptions {
  /** The ground, for the crest limit (none: bends and the end only). */
  readonly field?: Heightfield;
  /** Tyre friction the bends are planned for (default the car's). */
  readonly friction?: number;
}

type Waypoints = readonly (readonly [number, number])[];

/** Arc length at each waypoint from the first. */
function arcLengths(waypoints: Waypoints): Float64Array {
  const s = new Float64Array(waypoints.length);
  for (let k = 1; k < waypoints.length; k++) s[k] = s[k - 1] + Math.hypot(waypoints[k][0] - waypoints[k - 1][0], waypoints[k][1] - waypoints[k - 1][1]);
  return s;
}

/**
 * A cursor that moves along the route by arc length (forwards or backwards by a little each call),
 * giving the interpolated point: O(1) amortised over a pass.
 */
class ArcCursor {
  private k = 0;
  constructor(
    private readonly waypoints: Waypoints,
    private readonly s: Float64Array,
  ) {}
  at(target: number): [number, number] {
    const { waypoints: w, s } = this;
    const last = w.length - 1;
    const t = Math.max(0, Math.min(s[last], target));
    while (this.k < last - 1 && s[this.k + 1] < t) this.k++;
    while (this.k > 0 && s[this.k] > t) this.k--;
    const k = this.k;
    if (k >= last) return [w[last][0], w[last][1]];
    const span = s[k + 1] - s[k];
    const f = span > 0 ? (t - s[k]) / span : 0;
    return [w[k][0] + (w[k + 1][0] - w[k][0]) * f, w[k][1] + (w[k + 1][1] - w[k][1]) * f];
  }
}

/** Radius of the circle through three points (Infinity when they are in line). */
function circumradius(a: readonly [number, number], b: readonly [number, number], c: readonly [number, number]): number {
  const ab = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const bc = Math.hypot(c[0] - b[0], c[1] - b[1]);
  const ca = Math.hypot(a[0] - c[0], a[1] - c[1]);
  const cross2 = Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  return cross2 < 1e-12 ? Infinity : (ab * bc * ca) / (2 * cross2);
}

/**
 * Each value becomes the smallest within `reach` metres of arc either side (a sliding minimum over a
 * monotone deque, O(n)): a bend's radius is measured over a chord, and its limit holds over all of it,
 * so the car is down to the bend's speed where the bend begins, not a few metres into it.
 */
function spreadMinimum(values: Float64Array, s: Float64Array, reach: number): void {
  const n = values.length;
  const source = values.slice();
  const deque = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let next = 0;
  for (let k = 0; k < n; k++) {
    // Take in every index up to s[k] + reach; drop those before s[k] − reach.
    while (next < n && s[next] <= s[k] + reach) {
      while (tail > head && source[deque[tail - 1]] >= source[next]) tail--;
      deque[tail++] = next++;
    }
    while (s[deque[head]] < s[k] - reach) head++;
    values[k] = source[deque[head]];
  }
}

/**
 * The highest speed the autopilot allows at each waypoint: the cruise speed, the bend and crest limits
 * there, and no more than it can brake from at PLANNED_BRAKING before any lower limit ahead (a backward
 * pass), ending at 0 on the last waypoint.
 */
export function speedPlan(waypoints: Waypoints, s: Float64Array, cruise: number, friction: number, window: number, field?: Heightfield): Float64Array {
  const n = waypoints.length;
  const plan = new Float64Array(n);
  const behind = new ArcCursor(waypoints, s);
  const ahead = new ArcCursor(waypoints, s);
  const crestBehind = new ArcCursor(waypoints, s);
  const crestAhead = new ArcCursor(waypoints, s);
  for (let k = 0; k < n; k++) {
    let limit = cruise;
    const radius = circumradius(behind.at(s[k] - window), waypoints[k], ahead.at(s[k] + window));
    if (Number.isFinite(radius)) limit = Math.min(limit, Math.sqrt(BEND_GRIP_SHARE * friction * GRAVITY * radius));
    if (field && s[k] >= CREST_HALF_WINDOW && s[k] <= s[n - 1] - CREST_HALF_WINDOW) {
      const [ax, az] = crestBehind.at(s[k] - CREST_HALF_WINDOW);
      const [bx, bz] = crestAhead.at(s[k] + CREST_HALF_WINDOW);
      const y = heightAt(field, waypoints[k][0], waypoints[k][1]);
      const curvature = (heightAt(field, ax, az) - 2 * y + heightAt(field, bx, bz)) / CREST_HALF_WINDOW ** 2;
      if (curvature < 0) limit = Math.min(limit, CREST_SHARE * Math.sqrt(GRAVITY / -curvature));
    }
    plan[k] = Math.max(MIN_AUTOPILOT_SPEED, limit);
  }
  spreadMinimum(plan, s, window);
  plan[n - 1] = 0;
  for (let k = n - 2; k >= 0; k--) plan[k] = Math.min(plan[k], Math.sqrt(plan[k + 1] ** 2 + 2 * PLANNED_BRAKING * (s[k + 1] - s[k])));
  return plan;
}

/**
 * The autopilot's controller, one physics step at a time (the CLI's headless drive and the editor's
 * "Drive this road" use the same one). `progress` and `offset` say where the car is on the route.
 */
export class Autopilot {
  readonly routeLength: number;
  /** The cruise speed used (the one asked, at least MIN_AUTOPILOT_SPEED), m/s. */
  readonly cruise: number;
  private readonly s: Float64Array;
  private readonly plan: Float64Array;
  private target: number;
  /** The route segment (near, near + 1) the car was last projected on. */
  private near = 0;
  private along = 0;
  private across = 0;
  private readonly last: number;
  private readonly maxSteer: number;

  constructor(
    private readonly waypoints: Waypoints,
    private readonly spec: PhysicsCarSpec,
    speed: number,
    options: AutopilotOptions = {},
  ) {
    this.s = arcLengths(waypoints);
    this.last = waypoints.length - 1;
    this.routeLength = this.s[this.last];
    this.cruise = Math.max(MIN_AUTOPILOT_SPEED, Number.isFinite(speed) ? speed : MIN_AUTOPILOT_SPEED);
    const window = Math.max(CURVE_HALF_WINDOW, spec.wheelbase * 1.5);
    this.plan = speedPlan(waypoints, this.s, this.cruise, options.friction ?? spec.tyreFriction, window, options.field);
    this.target = Math.min(1, this.last);
    this.maxSteer = (spec.maxSteerDeg * Math.PI) / 180;
  }

  /** Index of the waypoint being pursued. */
  get targetIndex(): number {
    return this.target;
  }

  /** How far along the route the car is, metres (its projection on the route, as of the last `next`). */
  get progress(): number {
    return this.along;
  }

  /** How far the car is from the route's line, metres (as of the last `next`). */
  get offset(): number {
    return this.across;
  }

  /** The speed the plan allows at a distance along the route, m/s. */
  allowedAt(distance: number): number {
    const { s, plan, last } = this;
    let k = this.near;
    while (k < last && s[k + 1] <= distance) k++;
    const next = Math.min(last, k + 1);
    // The limit of the waypoint behind holds up to the next one, and the car brakes for the next one's.
    return Math.min(this.cruise, k < last ? plan[k] : 0, Math.sqrt(plan[next] ** 2 + 2 * PLANNED_BRAKING * Math.max(0, s[next] - distance)));
  }

  /** The input for the next step from the car's state; null once the car has stopped on the last waypoint. */
  next(car: AutopilotCar): PhysicsInput | null {
    const { waypoints, spec, last } = this;
    const { x, z } = car.position;
    this.project(x, z);
    const lookahead = Math.max(spec.wheelbase * 1.5, 0.6 * Math.abs(car.speed));
    while (this.target < last && (this.target <= this.near || Math.hypot(waypoints[this.target][0] - x, waypoints[this.target][1] - z) < lookahead))
      this.target++;
    const [tx, tz] = waypoints[this.target];
    const distance = Math.hypot(tx - x, tz - z);
    if (this.target === last && distance < ARRIVAL_RADIUS && Math.abs(car.speed) < STOPPED_SPEED) return null;
    const bearing = Math.atan2(tx - x, tz - z);
    const alpha = Math.atan2(Math.sin(bearing - car.heading), Math.cos(bearing - car.heading));
    const steerAngle = Math.atan2(2 * spec.wheelbase * Math.sin(alpha), Math.max(distance, 1e-3));
    const steer = Math.max(-1, Math.min(1, -steerAngle / Math.max(this.maxSteer, 1e-6)));
    // The plan ahead of the car, and to stop on the last waypoint (within half the arrival radius).
    const toEnd = Math.max(0, this.routeLength - this.along, this.target === last ? distance : 0);
    const wanted = Math.min(
      this.allowedAt(this.along) * Math.max(0.25, Math.cos(alpha)),
      Math.sqrt(2 * PLANNED_BRAKING * Math.max(0, toEnd - ARRIVAL_RADIUS / 2)),
    );
    const error = wanted - car.speed;
    return error >= 0
      ? { throttle: Math.min(1, SPEED_GAIN * error), steer, brake: 0, handbrake: false }
      : { throttle: 0, steer, brake: Math.min(1, -SPEED_GAIN * error), handbrake: false };
  }

  /** Moves the projection forwards along the route to the segment nearest (x, z) ahead of it. */
  private project(x: number, z: number): void {
    const { waypoints: w, s, last } = this;
    if (last === 0) {
      this.along = 0;
      this.across = Math.hypot(x - w[0][0], z - w[0][1]);
      return;
    }
    const onSegment = (k: number): { t: number; d: number } => {
      const [ax, az] = w[k];
      const dx = w[k + 1][0] - ax;
      const dz = w[k + 1][1] - az;
      const len2 = dx * dx + dz * dz;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (z - az) * dz) / len2)) : 0;
      return { t, d: Math.hypot(x - ax - dx * t, z - az - dz * t) };
    };
    let here = onSegment(this.near);
    // Forwards while the next segment is at least as near (the car moves on; it never goes back).
    while (this.near < last - 1) {
      const ahead = onSegment(this.near + 1);
      if (ahead.d > here.d) break;
      this.near++;
      here = ahead;
    }
    this.along = s[this.near] + here.t * (s[this.near + 1] - s[this.near]);
    this.across = here.d;
  }
}
