import type { Benchmark } from './harness';
import { createHeightfield, vertexX, vertexZ, type Heightfield } from '../shared/terrain/heightfield';
import type { Obstacle } from '../shared/vehicle/drive';
import { STOCK_CARS } from '../shared/vehicle/physics/cars';
import { Autopilot } from '../shared/vehicle/physics/autopilot';
import { PhysicsCar, type PhysicsInput } from '../shared/vehicle/physics/physicsCar';
import { loadRapier } from '../shared/vehicle/physics/rapier';

/**
 * One fixed 1/120 s step of the physics test drive (shared/vehicle/physics): four raycast wheels on a
 * 4097² map (1 m cells, rolling ground) with 10,000 props, the car at full throttle with a little steer,
 * so the figure includes the ground-patch rebuilds as the car crosses the map (amortised per step).
 */

const SIZE = 4097;
const PROPS = 10_000;
const STEPS_PER_RUN = 120;
const INPUT: PhysicsInput = { throttle: 1, steer: 0.05, brake: 0, handbrake: false };

function rollingMap(): Heightfield {
  const field = createHeightfield(SIZE, SIZE, 1);
  for (let j = 0; j < SIZE; j++) {
    const z = vertexZ(field, j);
    for (let i = 0; i < SIZE; i++) {
      const x = vertexX(field, i);
      field.heights[j * SIZE + i] = 6 * Math.sin(x / 37) * Math.cos(z / 43) + 0.4 * Math.sin(x / 5.3 + z / 7.1);
    }
  }
  return field;
}

/** Seeded props over the whole map (a small LCG: the same layout every run). */
function props(): Obstacle[] {
  let seed = 12345;
  const next = (): number => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const half = (SIZE - 1) / 2 - 10;
  return Array.from({ length: PROPS }, () => ({ x: (next() * 2 - 1) * half, z: (next() * 2 - 1) * half, radius: 0.3 + next() }));
}

let car: PhysicsCar | undefined;

async function start(): Promise<PhysicsCar> {
  const rapier = await loadRapier();
  car = new PhysicsCar(rapier, rollingMap(), STOCK_CARS.hatchback, { x: 0, z: -1500, heading: 0 }, props());
  return car;
}

function drive(c: PhysicsCar): void {
  for (let k = 0; k < STEPS_PER_RUN; k++) c.step(INPUT);
}

/**
 * The autopilot's work per step (issue 38 item 4): 1,200 steps of a car moving 10 cm a step along a
 * straight 5 km route cut into 1,000 or 1,000,000 waypoints. O(1) per step: the same time for both
 * (before, the rest of the route was summed every step: about 1,000× more for the long one).
 */
function autopilotRoute(waypoints: number): { pilot: Autopilot; step: number } {
  const points: [number, number][] = [];
  for (let k = 0; k < waypoints; k++) points.push([0, (k / (waypoints - 1)) * 5000 - 2500]);
  return { pilot: new Autopilot(points, STOCK_CARS.hatchback, 20), step: 0 };
}

function pilotSteps(state: unknown): void {
  const s = state as { pilot: Autopilot; step: number };
  for (let k = 0; k < AUTOPILOT_STEPS; k++, s.step++) s.pilot.next({ position: { x: 0, z: -2500 + (s.step % 40_000) * 0.1 }, heading: 0, speed: 20 });
}

const AUTOPILOT_STEPS = 1200;

export const benchmarks: Benchmark[] = [
  {
    name: 'physics autopilot: 1,200 steps, 1,000 waypoints',
    params: { waypoints: 1000, steps_per_run: AUTOPILOT_STEPS },
    opsPerRun: AUTOPILOT_STEPS,
    samples: 15,
    warmup: 3,
    setup: () => autopilotRoute(1000),
    run: pilotSteps,
  },
  {
    name: 'physics autopilot: 1,200 steps, 1,000,000 waypoints',
    baseline: 'physics autopilot: 1,200 steps, 1,000 waypoints',
    params: { waypoints: 1_000_000, steps_per_run: AUTOPILOT_STEPS },
    opsPerRun: AUTOPILOT_STEPS,
    samples: 15,
    warmup: 3,
    setup: () => autopilotRoute(1_000_000),
    run: pilotSteps,
  },
  {
    name: 'physics drive: one step, 4 wheels, 10,000 props',
    size: SIZE,
    params: { props: PROPS, steps_per_run: STEPS_PER_RUN, car: 'hatchback' },
    opsPerRun: STEPS_PER_RUN,
    samples: 15,
    // The wasm tiers up over the first seconds of driving: those are not the steady figure.
    warmup: 6,
    run: () => (car ? drive(car) : start().then(drive)),
    measure: () => {
      // The worst single steps (the ones that rebuild the ground patch), over 10 s more of driving.
      const c = car!;
      const times: number[] = [];
      for (let k = 0; k < 1200; k++) {
        const t0 = performance.now();
        c.step(INPUT);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      return {
        step_p99_ms: Math.round(times[Math.floor(times.length * 0.99)] * 1000) / 1000,
        step_max_ms: Math.round(times[times.length - 1] * 1000) / 1000,
        speed_m_s: Math.round(c.state.speed * 10) / 10,
      };
    },
  },
];
