/**
 * When an autopilot drive ends, and why: the same rules for the CLI's headless drives and the editor's
 * "Drive this road", so the window and the report say the same thing.
 * - `arrived`: stopped on the last waypoint, or held at the route's end (within ARRIVAL_SLACK metres of
 *   its length) for STUCK_SECONDS — a car that overshot the last point down a slope has still got there;
 * - `rolledOver`: |roll| above ROLLOVER_ROLL_DEG for ROLLOVER_SECONDS;
 * - `stuck`: no progress along the route (PROGRESS_STEP metres) for STUCK_SECONDS, whatever the
 *   throttle (a prop, a wall, a slope, a car on its side);
 * - `leftRoad`: the car's centre further from the road's centreline than its half width plus its width;
 * - `timeUp`: the drive took longer than its bound, length / 2 m/s + 30 s;
 * - `flooded`: the water at the car is deeper than its fording depth (shared/vehicle/water.ts).
 */

export type DriveEndReason = 'arrived' | 'rolledOver' | 'stuck' | 'leftRoad' | 'timeUp' | 'flooded';

export interface DriveEnd {
  readonly reason: DriveEndReason;
  /** Seconds of drive time. */
  readonly t: number;
  readonly x: number;
  readonly z: number;
  /** Metres along the route where the car was. */
  readonly at: number;
}

export const ROLLOVER_ROLL_DEG = 60;
export const ROLLOVER_SECONDS = 1;
export const STUCK_SECONDS = 3;
/** Progress smaller than this (metres along the route) does not count against `stuck`. */
export const PROGRESS_STEP = 0.5;
/** A car this close to the route's end (metres along it) that makes no more progress has arrived. */
export const ARRIVAL_SLACK = 2;
/** The slowest average speed a drive is given time for, m/s, and the time added for starting and stopping. */
export const BOUND_SPEED = 2;
export const BOUND_SLACK_SECONDS = 30;
/** Longest drive accepted, seconds of drive time (ten hours: a route of about 72 km). */
export const MAX_AUTOPILOT_SECONDS = 36_000;

/** The drive-time bound of a route of this length, seconds. */
export const driveTimeLimit = (routeLength: number): number => routeLength / BOUND_SPEED + BOUND_SLACK_SECONDS;

/** Words for a reason, for the HUD, the CLI and the report ("rolled over"). */
export const DRIVE_END_WORDS: Readonly<Record<DriveEndReason, string>> = {
  arrived: 'arrived at the end',
  rolledOver: `rolled over (roll beyond ${ROLLOVER_ROLL_DEG}° for ${ROLLOVER_SECONDS} s)`,
  stuck: `got stuck (no progress along the route for ${STUCK_SECONDS} s)`,
  leftRoad: 'left the road (further off its centreline than half its width plus its width)',
  timeUp: `ran out of time (length / ${BOUND_SPEED} m/s + ${BOUND_SLACK_SECONDS} s)`,
  flooded: 'flooded (water deeper than its fording depth)',
};

export interface DriveWatchOptions {
  readonly routeLength: number;
  /** Road width, metres: beyond width / 2 + width from the centreline the car has left it (none: never). */
  readonly roadWidth?: number;
}

/** What the watch reads each step. */
export interface WatchedStep {
  readonly t: number;
  readonly x: number;
  readonly z: number;
  /** Radians. */
  readonly roll: number;
  /** Metres along the route, and from its line. */
  readonly progress: number;
  readonly offset: number;
}

/** Watches a drive step by step; `observe` returns the end once one is reached (and again after). */
export class DriveWatch {
  private rolledSince: number | null = null;
  private best = -Infinity;
  private bestAt = 0;
  private ended: DriveEnd | null = null;
  readonly timeLimit: number;

  constructor(private readonly options: DriveWatchOptions) {
    this.timeLimit = driveTimeLimit(options.routeLength);
  }

  get end(): DriveEnd | null {
    return this.ended;
  }

  /** Ends the drive as arrived (the autopilot stopped on the last waypoint). */
  arrive(step: Pick<WatchedStep, 't' | 'x' | 'z' | 'progress'>): DriveEnd {
    this.ended ??= { reason: 'arrived', t: step.t, x: step.x, z: step.z, at: step.progress };
    return this.ended;
  }

  /** Ends the drive as flooded (the water at the car is deeper than its fording depth). */
  flood(step: Pick<WatchedStep, 't' | 'x' | 'z' | 'progress'>): DriveEnd {
    this.ended ??= { reason: 'flooded', t: step.t, x: step.x, z: step.z, at: step.progress };
    return this.ended;
  }

  observe(step: WatchedStep): DriveEnd | null {
    if (this.ended) return this.ended;
    const end = (reason: DriveEndReason): DriveEnd => (this.ended = { reason, t: step.t, x: step.x, z: step.z, at: step.progress });
    if (Math.abs(step.roll) > (ROLLOVER_ROLL_DEG * Math.PI) / 180) {
      this.rolledSince ??= step.t;
      if (step.t - this.rolledSince >= ROLLOVER_SECONDS - 1e-9) return end('rolledOver');
    } else this.rolledSince = null;
    const { roadWidth } = this.options;
    if (roadWidth !== undefined && step.offset > roadWidth * 1.5) return end('leftRoad');
    if (step.progress > this.best + PROGRESS_STEP || this.best === -Infinity) {
      this.best = step.progress;
      this.bestAt = step.t;
    } else if (step.t - this.bestAt >= STUCK_SECONDS - 1e-9) return end(this.best >= this.options.routeLength - ARRIVAL_SLACK ? 'arrived' : 'stuck');
    if (step.t > this.timeLimit) return end('timeUp');
    return null;
  }
}
