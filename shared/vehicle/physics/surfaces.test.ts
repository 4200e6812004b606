import { beforeAll, describe, expect, it } from 'vitest';
import { fieldFrom } from '../testFields';
import { STOCK_CARS } from './cars';
import { PHYSICS_HZ, PhysicsCar, type PhysicsInput } from './physicsCar';
import { loadRapier, type Rapier } from './rapier';
import { GRAVITY as g } from './stability';
import { SURFACES, roadCarriageways, surfaceLookup, type SurfaceId } from './surfaces';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const NONE: PhysicsInput = { throttle: 0, steer: 0, brake: 0, handbrake: false };
const runway = fieldFrom(17, 1025, 1, () => 0);
const everywhere = (id: SurfaceId) => () => id;
const spec = STOCK_CARS.hatchback;
const drag = (v: number): number => (0.5 * 1.2 * 0.35 * spec.width * spec.height * v * v) / spec.mass;

function upTo(car: PhysicsCar, speed: number): void {
  for (let k = 0; k < 60 * PHYSICS_HZ && car.state.speed < speed; k++) car.step({ ...NONE, throttle: 1 });
}

describe('surfaces under the wheels', () => {
  it.each(['road', 'grass', 'sediment', 'snow'] as const)('%s: coasting on the flat slows at g·C_rr of the surface', (id) => {
    const car = new PhysicsCar(R, runway, spec, { x: 0, z: -500, heading: 0 }, [], everywhere(id));
    try {
      upTo(car, 12);
      for (let k = 0; k < PHYSICS_HZ / 2; k++) car.step(NONE);
      const v0 = car.state.speed;
      for (let k = 0; k < PHYSICS_HZ; k++) car.step(NONE);
      const measured = v0 - car.state.speed;
      const expected = g * SURFACES[id].rollingResistance + drag((v0 + car.state.speed) / 2);
      expect(measured).toBeGreaterThan(expected * 0.95);
      expect(measured).toBeLessThan(expected * 1.05);
      expect(car.state.wheels.every((w) => w.surface === id)).toBe(true);
    } finally {
      car.dispose();
    }
  });

  it.each(['grass', 'sediment', 'snow'] as const)('%s: braking hard stops no sooner than v²/(2·grip·μ·g)', (id) => {
    const car = new PhysicsCar(R, runway, { ...spec, topSpeed: 60 }, { x: 0, z: -500, heading: 0 }, [], everywhere(id));
    try {
      upTo(car, 15);
      const v0 = car.state.speed;
      const z0 = car.state.position.z;
      for (let k = 0; k < 20 * PHYSICS_HZ && car.state.speed > 0.05; k++) car.step({ ...NONE, brake: 1 });
      const mu = SURFACES[id].grip * spec.tyreFriction;
      expect(car.state.position.z - z0).toBeGreaterThanOrEqual((v0 * v0) / (2 * (mu * g + drag(v0))));
      // And not much longer: the brakes reach the surface's limit (within 15 %).
      expect(car.state.position.z - z0).toBeLessThan((1.15 * v0 * v0) / (2 * mu * g));
    } finally {
      car.dispose();
    }
  });

  it('reads road, snow, rock, sediment and grass by their rules', () => {
    // 65 m square, 1 m cells: a 40° face at x > 20, high ground at z > 20, a road along x = 0.
    const field = fieldFrom(65, 65, 1, (x, z) => (x > 20 ? (x - 20) * Math.tan((40 * Math.PI) / 180) : 0) + (z > 20 ? 200 : 0));
    const stations = Array.from({ length: 41 }, (_, k) => -30 + k);
    const roads = roadCarriageways([{ n: 41, x: stations.map(() => 0), z: stations, width: stations.map(() => 6) }], field);
    const deposition = new Uint8Array(65 * 65);
    for (let j = 0; j < 65; j++) for (let i = 0; i < 20; i++) deposition[j * 65 + i] = 200;
    const at = surfaceLookup({ field, roads, deposition, snowLine: 150 });
    expect(at(0, -30)).toBe('road');
    expect(at(2.9, 0)).toBe('road');
    expect(at(4.2, 0)).not.toBe('road');
    expect(at(-20, 0)).toBe('sediment');
    expect(at(10, 0)).toBe('grass');
    expect(at(26, 0)).toBe('rock');
    expect(at(10, 25)).toBe('snow');
    expect(surfaceLookup({ field })(10, 25)).toBe('grass');
  });
});
