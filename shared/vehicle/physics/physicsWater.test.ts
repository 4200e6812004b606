import { beforeAll, describe, expect, it } from 'vitest';
import { fieldFrom } from '../testFields';
import { STOCK_CARS } from './cars';
import { collectRows, driveRoutePhysics, inputRows } from './physicsDrive';
import { loadRapier, type Rapier } from './rapier';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const flat = fieldFrom(129, 129, 1, () => 0);
const start = { x: -50, z: 0, heading: Math.PI / 2 };
const fullThrottle = [{ t: 0, throttle: 1, steer: 0, brake: 0, handbrake: false }];

describe('the physics car in water', () => {
  it('records the water at the car and is slower wading (¾ of its throttle at half its fording depth)', () => {
    const spec = STOCK_CARS['4x4'];
    const shallow = fieldFrom(129, 129, 1, () => spec.fordingDepth / 2);
    const dry = collectRows(inputRows(R, flat, start, fullThrottle, 1, { spec, step: 0.5 }));
    const wet = collectRows(inputRows(R, flat, start, fullThrottle, 1, { spec, step: 0.5, water: shallow }));
    expect(wet.rows.at(-1)!.water).toBeCloseTo(spec.fordingDepth / 2, 6);
    expect(dry.rows.at(-1)!.water).toBe(0);
    expect(wet.reachedEnd).toBe(true);
    // From rest on the flat, for a second (far below top speed, where the engine force fades), speed grows with the
    // engine's push less rolling resistance: at ¾ throttle, (¾F − r) / (F − r) < ¾ of the dry speed.
    expect(wet.rows.at(-1)!.speed).toBeLessThan(0.76 * dry.rows.at(-1)!.speed);
    expect(wet.rows.at(-1)!.speed).toBeGreaterThan(0);
  });

  it('ends an autopilot drive "flooded" where the water is deeper than its fording depth; a truck fords it', () => {
    // 0.5 m of water for x ≥ 0: above the hatchback's 0.3 m, below the truck's 0.9 m.
    const river = fieldFrom(129, 129, 1, (x) => (x >= 0 ? 0.5 : 0));
    const route: [number, number][] = [
      [-40, 0],
      [40, 0],
    ];
    const hatch = driveRoutePhysics(R, flat, route, { spec: STOCK_CARS.hatchback, step: 0.25, speed: 8, water: river });
    expect(hatch.end?.reason).toBe('flooded');
    expect(hatch.reachedEnd).toBe(false);
    expect(hatch.end!.x).toBeGreaterThan(-1.5);
    expect(hatch.end!.x).toBeLessThan(1);
    expect(hatch.rows.at(-1)!.water).toBeGreaterThan(STOCK_CARS.hatchback.fordingDepth);
    const truck = driveRoutePhysics(R, flat, route, { spec: STOCK_CARS.truck, step: 0.25, speed: 8, water: river });
    expect(truck.end?.reason).toBe('arrived');
  });
});
