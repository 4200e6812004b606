import { beforeAll, describe, expect, it } from 'vitest';
import { heightAt } from '../../terrain/surface';
import { fieldFrom } from '../testFields';
import { angleBetween, vec3 } from '../vec';
import { STOCK_CARS } from './cars';
import { NO_INPUT, PHYSICS_HZ, PhysicsCar, type PhysicsInput } from './physicsCar';
import { loadRapier, type Rapier } from './rapier';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const hatch = STOCK_CARS.hatchback;
const tanDeg = (deg: number): number => Math.tan((deg * Math.PI) / 180);
const run = (car: PhysicsCar, seconds: number, input: PhysicsInput = NO_INPUT, each?: () => void): void => {
  for (let k = 0; k < Math.round(seconds * PHYSICS_HZ); k++) {
    car.step(input);
    each?.();
  }
};

describe('PhysicsCar', () => {
  it("collides with the exact triangles: Rapier's heightfield cells split along (x0, z1)–(x1, z0) like heightAt", () => {
    // A rough, non-square field with an odd cell size: each cell's two triangles differ a lot.
    const field = fieldFrom(23, 17, 0.7, (x, z) => 2 * Math.sin(3.1 * x) * Math.cos(2.3 * z) + 0.37 * x - 0.21 * z);
    const car = new PhysicsCar(R, field, hatch, { x: 0, z: 0, heading: 0 });
    const world = (car as unknown as { world: InstanceType<Rapier['World']> }).world;
    world.step();
    let worst = 0;
    let checked = 0;
    for (let a = 0; a < 40; a++) {
      for (let b = 0; b < 30; b++) {
        const x = -7 + (a + 0.37) * 0.35;
        const z = -5.3 + (b + 0.61) * 0.35;
        const hit = world.castRay(
          new R.Ray({ x, y: 50, z }, { x: 0, y: -1, z: 0 }),
          100,
          true,
          undefined,
          undefined,
          undefined,
          undefined,
          (c) => c.shape.type === R.ShapeType.HeightField,
        );
        if (!hit) continue;
        worst = Math.max(worst, Math.abs(50 - hit.timeOfImpact - heightAt(field, x, z)));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(worst).toBeLessThan(1e-3);
  });

  it('wheel contact points lie on heightAt within 1 mm while driving over rough ground', () => {
    const field = fieldFrom(129, 129, 1, (x, z) => 0.8 * Math.sin(x / 5.7) * Math.cos(z / 6.3) + 0.1 * Math.sin(1.7 * x + z));
    const car = new PhysicsCar(R, field, hatch, { x: -20, z: -20, heading: Math.PI / 4 });
    let worst = 0;
    let contacts = 0;
    run(car, 6, { throttle: 0.6, steer: 0.2, brake: 0, handbrake: false }, () => {
      for (const w of car.state.wheels) {
        if (!w.contact) continue;
        contacts++;
        worst = Math.max(worst, Math.abs(w.contactPoint.y - heightAt(field, w.contactPoint.x, w.contactPoint.z)));
      }
    });
    expect(contacts).toBeGreaterThan(1000);
    expect(worst).toBeLessThan(1e-3);
  });

  it('settles level on flat ground with no input and drifts less than 1 cm in 10 s', () => {
    const flat = fieldFrom(65, 65, 1, () => 0);
    for (const spec of Object.values(STOCK_CARS)) {
      const car = new PhysicsCar(R, flat, spec, { x: 3, z: -2, heading: 0.7 });
      run(car, 10);
      const s = car.state;
      expect((angleBetween(s.up, vec3(0, 1, 0)) * 180) / Math.PI).toBeLessThan(0.5);
      expect(Math.hypot(s.position.x - 3, s.position.z + 2)).toBeLessThan(0.01);
      expect(s.wheels.every((w) => w.contact && w.compression > 0 && w.compression < 1)).toBe(true);
      expect(s.airborne).toBe(false);
    }
  });

  it('rolls down a 15° plane with no input, and holds on it with the handbrake', () => {
    const plane = fieldFrom(129, 129, 1, (_x, z) => tanDeg(15) * z);
    const free = new PhysicsCar(R, plane, hatch, { x: 0, z: 0, heading: 0 });
    run(free, 5);
    expect(-free.state.position.z).toBeGreaterThan(5);
    const held = new PhysicsCar(R, plane, hatch, { x: 0, z: 0, heading: 0 });
    const start = held.state.position;
    run(held, 5, { ...NO_INPUT, handbrake: true });
    expect(Math.hypot(held.state.position.x - start.x, held.state.position.z - start.z)).toBeLessThan(0.2);
  });

  it('cannot climb a 60° plane at full throttle', () => {
    const plane = fieldFrom(257, 257, 1, (_x, z) => tanDeg(60) * z);
    for (const spec of Object.values(STOCK_CARS)) {
      const car = new PhysicsCar(R, plane, spec, { x: 0, z: 0, heading: 0 });
      const z0 = car.state.position.z;
      let highest = z0;
      run(car, 5, { ...NO_INPUT, throttle: 1 }, () => {
        highest = Math.max(highest, car.state.position.z);
      });
      expect(highest - z0).toBeLessThan(1);
    }
  });

  it('leaves the ground over a 20° ramp ending in a drop at 25 m/s and lands without sinking 0.3 m into it', () => {
    // A 250 m flat run-up, a 6 m transition curving up to 20°, 4 m at 20°, then a 2.55 m drop back to flat ground.
    const t = tanDeg(20);
    const ramp = fieldFrom(49, 1025, 0.5, (_x, z) => (z < 0 ? 0 : z < 6 ? (t * z * z) / 12 : z < 10 ? 3 * t + t * (z - 6) : 0));
    const car = new PhysicsCar(R, ramp, hatch, { x: 0, z: -250, heading: 0 });
    let airborneSteps = 0;
    let landed = false;
    let worstPenetration = 0;
    let rampSpeed = 0;
    for (let k = 0; k < 20 * PHYSICS_HZ; k++) {
      // Full throttle up to 25 m/s, then hold it.
      car.step({ ...NO_INPUT, throttle: car.state.speed < 25 ? 1 : 0 });
      const s = car.state;
      if (s.position.z > -10 && s.position.z < -5) rampSpeed = s.speed;
      if (s.airborne) airborneSteps++;
      else if (airborneSteps > 0) landed = true;
      worstPenetration = Math.max(worstPenetration, s.penetration);
    }
    expect(rampSpeed).toBeGreaterThan(24);
    expect(airborneSteps).toBeGreaterThan(PHYSICS_HZ / 2);
    expect(landed).toBe(true);
    expect(worstPenetration).toBeLessThan(0.3);
    // It drives on, upright, on four wheels.
    expect(car.state.up.y).toBeGreaterThan(0.95);
    expect(car.state.wheels.every((w) => w.contact)).toBe(true);
    expect(car.state.position.z).toBeGreaterThan(50);
  });

  it('stops head-on against a prop', () => {
    const flat = fieldFrom(129, 129, 1, () => 0);
    const car = new PhysicsCar(R, flat, hatch, { x: 0, z: -30, heading: 0 }, [{ x: 0, z: 0, radius: 0.6 }]);
    run(car, 8, { ...NO_INPUT, throttle: 1 });
    const front = car.state.position.z + hatch.length / 2;
    expect(front).toBeLessThan(-0.6 + 0.05);
    expect(front).toBeGreaterThan(-3);
    expect(Math.abs(car.state.speed)).toBeLessThan(0.5);
  });

  it('follows an edited terrain and new props (setField / setObstacles)', () => {
    const flat = fieldFrom(65, 65, 1, () => 0);
    const lowered = fieldFrom(65, 65, 1, () => -0.5);
    const car = new PhysicsCar(R, flat, hatch, { x: 0, z: 0, heading: 0 });
    run(car, 1);
    car.setField(lowered);
    run(car, 3);
    for (const w of car.state.wheels) expect(w.contactPoint.y).toBeCloseTo(-0.5, 3);
    car.setObstacles([{ x: 0, z: 8, radius: 1 }]);
    run(car, 5, { ...NO_INPUT, throttle: 1 });
    expect(car.state.position.z + hatch.length / 2).toBeLessThan(7.05);
  });

  it('is deterministic: the same inputs give the same states bit for bit', () => {
    const field = fieldFrom(129, 129, 1, (x, z) => 1.5 * Math.sin(x / 3.7) * Math.cos(z / 4.3));
    const trace = (): number[] => {
      const car = new PhysicsCar(R, field, STOCK_CARS['4x4'], { x: -10, z: -10, heading: 0.3 });
      const out: number[] = [];
      run(car, 3, { throttle: 1, steer: 0.4, brake: 0, handbrake: false }, () =>
        out.push(car.state.position.x, car.state.position.y, car.state.position.z, car.state.speed),
      );
      car.dispose();
      return out;
    };
    expect(trace()).toEqual(trace());
  });
});
