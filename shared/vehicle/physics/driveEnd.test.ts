import { describe, expect, it } from 'vitest';
import { ARRIVAL_SLACK, DriveWatch, driveTimeLimit, PROGRESS_STEP, ROLLOVER_SECONDS, STUCK_SECONDS } from './driveEnd';

const DT = 1 / 120;
const DEG = Math.PI / 180;

/** Feeds the watch `seconds` of steps from `t0`; returns the end, if any. */
function feed(watch: DriveWatch, t0: number, seconds: number, at: (t: number) => { roll?: number; progress: number; offset?: number }) {
  for (let k = 0; k * DT <= seconds; k++) {
    const t = t0 + k * DT;
    const { roll = 0, progress, offset = 0 } = at(t);
    const end = watch.observe({ t, x: 1, z: 2, roll, progress, offset });
    if (end) return end;
  }
  return null;
}

describe('when an autopilot drive ends', () => {
  it('rolled over: |roll| beyond 60° for a whole second, not a brief lean', () => {
    const watch = new DriveWatch({ routeLength: 1000 });
    expect(feed(watch, 0, 5, (t) => ({ roll: (t % 1 < 0.9 ? 70 : 10) * DEG, progress: 10 * t }))).toBeNull();
    const end = feed(watch, 5.05, 3, (t) => ({ roll: -95 * DEG, progress: 10 * t }));
    expect(end?.reason).toBe('rolledOver');
    expect(end!.t).toBeCloseTo(5.05 + ROLLOVER_SECONDS, 1);
    expect(end!.at).toBeGreaterThan(50);
  });

  it('stuck: no progress along the route for 3 s, whatever the car does meanwhile', () => {
    const watch = new DriveWatch({ routeLength: 1000 });
    // Creeping back and forth by less than PROGRESS_STEP (throttle or not: the watch never reads it).
    const end = feed(watch, 0, 10, (t) => ({ progress: t < 2 ? 5 * t : 10 + (PROGRESS_STEP / 2) * Math.sin(t * 5) }));
    expect(end?.reason).toBe('stuck');
    // The creep's first swing still counts as the last progress (it passes the 0.5 m step once).
    expect(end!.t).toBeGreaterThan(2 + STUCK_SECONDS - 0.5);
    expect(end!.t).toBeLessThan(2 + STUCK_SECONDS + 1);
  });

  it('arrived, not stuck: a car held at the end of the route (it overshot the last point) has got there', () => {
    const watch = new DriveWatch({ routeLength: 100 });
    // Progress is measured along the route, so a car past the last point reads the route's length.
    const end = feed(watch, 0, 20, (t) => ({ progress: Math.min(100, 20 * t) }));
    expect(end?.reason).toBe('arrived');
    expect(end!.at).toBe(100);
    // Held short of the end by more than the slack, it is stuck.
    const short = feed(new DriveWatch({ routeLength: 100 }), 0, 20, (t) => ({ progress: Math.min(100 - ARRIVAL_SLACK - 1, 20 * t) }));
    expect(short?.reason).toBe('stuck');
  });

  it('left the road: further off its centreline than half its width plus its width', () => {
    const watch = new DriveWatch({ routeLength: 1000, roadWidth: 8 });
    expect(feed(watch, 0, 2, (t) => ({ progress: 10 * t, offset: 11.9 }))).toBeNull();
    expect(watch.observe({ t: 2.1, x: 0, z: 0, roll: 0, progress: 21, offset: 12.1 })?.reason).toBe('leftRoad');
    // A route without a road never ends that way.
    expect(feed(new DriveWatch({ routeLength: 1000 }), 0, 1, (t) => ({ progress: 10 * t, offset: 500 }))).toBeNull();
  });

  it('out of time: length / 2 m/s + 30 s of drive time', () => {
    expect(driveTimeLimit(100)).toBe(80);
    const watch = new DriveWatch({ routeLength: 100 });
    const end = feed(watch, 0, 200, (t) => ({ progress: t }));
    expect(end?.reason).toBe('timeUp');
    expect(end!.t).toBeCloseTo(80, 1);
  });

  it('once ended, stays ended', () => {
    const watch = new DriveWatch({ routeLength: 10 });
    const arrived = watch.arrive({ t: 3, x: 1, z: 2, progress: 10 });
    expect(watch.observe({ t: 4, x: 0, z: 0, roll: 3, progress: 0, offset: 99 })).toBe(arrived);
  });
});
