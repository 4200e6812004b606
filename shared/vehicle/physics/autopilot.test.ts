import { describe, expect, it } from 'vitest';
import { fieldFrom } from '../testFields';
import { ARRIVAL_RADIUS, Autopilot, BEND_GRIP_SHARE, MIN_AUTOPILOT_SPEED, PLANNED_BRAKING } from './autopilot';
import { STOCK_CARS } from './cars';
import { GRAVITY as g } from './stability';

const hatch = STOCK_CARS.hatchback;

/** A straight run along +z, a quarter circle of radius R to the right, and a straight run along +x. */
function bendRoute(R: number, spacing = 2, straight = 200): [number, number][] {
  const out: [number, number][] = [];
  for (let z = -straight; z < 0; z += spacing) out.push([0, z]);
  const n = Math.ceil(((Math.PI / 2) * R) / spacing);
  for (let k = 0; k <= n; k++) {
    const a = (k / n) * (Math.PI / 2);
    out.push([R - R * Math.cos(a), R * Math.sin(a)]);
  }
  for (let x = R + spacing; x <= R + straight; x += spacing) out.push([x, R]);
  return out;
}

/** The plan's speed at each metre along the route, read by driving a point along its line. */
function planAlong(route: [number, number][], speed: number): { s: number; v: number; x: number; z: number }[] {
  const pilot = new Autopilot(route, hatch, speed);
  const out: { s: number; v: number; x: number; z: number }[] = [];
  for (let k = 0; k < route.length; k++) {
    const [x, z] = route[k];
    pilot.next({ position: { x, z }, heading: 0, speed: 0 });
    out.push({ s: pilot.progress, v: pilot.allowedAt(pilot.progress), x, z });
  }
  return out;
}

describe('the autopilot speed plan', () => {
  it.each([10, 15, 20, 40])('takes a bend of radius %d m at no more than 0.8·√(μ·g·R), braking for it at the planned rate', (R) => {
    const cruise = 60 / 3.6;
    const plan = planAlong(bendRoute(R), cruise);
    const bendLimit = Math.max(MIN_AUTOPILOT_SPEED, Math.sqrt(BEND_GRIP_SHARE * hatch.tyreFriction * g * R));
    expect(BEND_GRIP_SHARE).toBeCloseTo(0.64, 12);
    const start = plan.find((p) => p.z >= 0)!.s;
    for (const p of plan) {
      // On the arc (its ends included), at most the bend limit (1 % for the chord's radius estimate).
      if (p.z >= 0 && p.x <= R) expect(p.v).toBeLessThanOrEqual(bendLimit * 1.01);
      // Before it, no faster than it can brake from at PLANNED_BRAKING to reach the bend at its limit.
      if (p.s < start) expect(p.v).toBeLessThanOrEqual(Math.sqrt((bendLimit * 1.01) ** 2 + 2 * PLANNED_BRAKING * (start - p.s)) + 1e-9);
    }
    // Far from the bend it cruises.
    expect(plan[5].v).toBeCloseTo(cruise, 9);
  });

  it('plans to stop on the last waypoint and never goes slower than its minimum before that', () => {
    const plan = planAlong(bendRoute(30), 20);
    const length = plan.at(-1)!.s;
    for (const p of plan) {
      const toEnd = length - p.s;
      expect(p.v).toBeLessThanOrEqual(Math.sqrt(2 * PLANNED_BRAKING * toEnd) + 1e-9);
      if (toEnd > MIN_AUTOPILOT_SPEED ** 2 / (2 * PLANNED_BRAKING) + 1) expect(p.v).toBeGreaterThanOrEqual(MIN_AUTOPILOT_SPEED - 1e-9);
    }
  });

  it('slows over a crest to under √(g/κ), the speed that would lift the car off it', () => {
    // A parabolic crest y = −κx²/2 with κ = 1/50: leaves the ground above √(9.81 · 50) = 22 m/s.
    const kappa = 1 / 50;
    const field = fieldFrom(9, 601, 1, (_x, z) => (-kappa * z * z) / 2);
    const route: [number, number][] = [];
    for (let z = -280; z <= 280; z += 2) route.push([0, z]);
    const pilot = new Autopilot(route, hatch, 40, { field });
    pilot.next({ position: { x: 0, z: 0 }, heading: 0, speed: 0 });
    expect(pilot.allowedAt(pilot.progress)).toBeLessThan(Math.sqrt(g / kappa));
    const flat = new Autopilot(route, hatch, 40);
    flat.next({ position: { x: 0, z: 0 }, heading: 0, speed: 0 });
    expect(flat.allowedAt(flat.progress)).toBe(40);
  });

  it('raises a cruise speed below its minimum to it', () => {
    expect(new Autopilot(bendRoute(30), hatch, 1e-9).cruise).toBe(MIN_AUTOPILOT_SPEED);
    expect(new Autopilot(bendRoute(30), hatch, 1e-300).cruise).toBe(MIN_AUTOPILOT_SPEED);
  });

  it('does a bounded amount of work per step, whatever the route length (no sum over the rest of the route)', () => {
    for (const n of [1_000, 100_000]) {
      const points: [number, number][] = [];
      for (let k = 0; k < n; k++) points.push([0, k * 0.05]);
      let reads = 0;
      const counted = new Proxy(points, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const pilot = new Autopilot(counted, hatch, 10);
      reads = 0;
      // A car moving 10 cm a step along the line, 400 steps.
      for (let k = 0; k < 400; k++) pilot.next({ position: { x: 0, z: k * 0.1 }, heading: 0, speed: 10 });
      expect(reads / 400).toBeLessThan(40);
      expect(pilot.progress).toBeCloseTo(39.9, 6);
      expect(pilot.offset).toBeCloseTo(0, 9);
    }
  });

  it('stops steering at the end: null once stopped within the arrival radius of the last waypoint', () => {
    const route: [number, number][] = [
      [0, 0],
      [0, 20],
    ];
    const pilot = new Autopilot(route, hatch, 10);
    expect(pilot.next({ position: { x: 0, z: 20 - ARRIVAL_RADIUS / 2 }, heading: 0, speed: 0.1 })).toBeNull();
  });
});
