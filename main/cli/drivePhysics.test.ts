import { beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../shared/codecs/project';
import { compileR32 } from '../../shared/codecs/raw';
import { STOCK_CARS } from '../../shared/vehicle/physics/cars';
import { PHYSICS_TELEMETRY_COLUMNS, driveInputs, physicsTelemetryCsv } from '../../shared/vehicle/physics/physicsDrive';
import { loadRapier, type Rapier } from '../../shared/vehicle/physics/rapier';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { runCli } from './cli';
import { EXIT_BLOCKED } from './drive';
import { fakeCliIo } from './testing/fakeCliIo';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const tanDeg = (deg: number): number => Math.tan((deg * Math.PI) / 180);
const hills = fieldFrom(97, 97, 1, (x, z) => 1.2 * Math.sin(x / 9) + 0.8 * Math.cos(z / 7));
const plane15 = fieldFrom(129, 129, 1, (_x, z) => tanDeg(15) * z);
const text = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);
const table = (csv: string): Record<string, number>[] => {
  const [header, ...lines] = csv.trimEnd().split('\n');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, k) => [names[k], Number(v)])));
};

describe('faultline drive --model physics', () => {
  it('drives an inputs schedule and writes the same bytes as the shared code, run after run', async () => {
    const inputs = 't,throttle,steer,brake,handbrake\n0,1,0,0,0\n2,0.5,1,0,0\n3.5,0,0,1,0\n';
    const args = [
      'drive',
      'hills.r32',
      '--model',
      'physics',
      '--car',
      '4x4',
      '--inputs',
      'in.csv',
      '--start',
      '-10,-20,30',
      '--duration',
      '5',
      '--out',
      't.csv',
    ];
    const outputs: string[] = [];
    for (let k = 0; k < 2; k++) {
      const io = fakeCliIo({ inputs: { 'hills.r32': compileR32(hills), 'in.csv': inputs } });
      expect(await runCli(args, io)).toBe(0);
      expect(io.err).toBe('');
      outputs.push(text(io.files.get('t.csv')));
    }
    expect(outputs[1]).toBe(outputs[0]);
    const expected = driveInputs(
      R,
      hills,
      { x: -10, z: -20, heading: (30 * Math.PI) / 180 },
      [
        { t: 0, throttle: 1, steer: 0, brake: 0, handbrake: false },
        { t: 2, throttle: 0.5, steer: 1, brake: 0, handbrake: false },
        { t: 3.5, throttle: 0, steer: 0, brake: 1, handbrake: false },
      ],
      5,
      { spec: STOCK_CARS['4x4'], step: 0.05 },
    );
    expect(outputs[0]).toBe(physicsTelemetryCsv(expected.rows));
    const rows = table(outputs[0]);
    expect(Object.keys(rows[0])).toEqual([...PHYSICS_TELEMETRY_COLUMNS]);
    expect(rows).toHaveLength(101);
    expect(rows.at(-1)!.t).toBeCloseTo(5, 9);
    // Full throttle for 2 s, then a right turn (heading falls), then braking.
    expect(rows[40].speed).toBeGreaterThan(5);
    expect(rows[70].heading).toBeLessThan(rows[40].heading - 0.2);
    expect(Math.abs(rows.at(-1)!.speed)).toBeLessThan(rows[70].speed);
    // Row 0 (the placement, before the first step) has its contacts too.
    expect(rows.every((r) => r.airborne === 0 && r.contact0 + r.contact1 + r.contact2 + r.contact3 === 4)).toBe(true);
    expect(rows.every((r) => r.compression0 > 0 && r.compression0 < 1)).toBe(true);
  });

  it('rolls down a 15° plane with no input and holds with the handbrake', async () => {
    const moved = async (inputs: string): Promise<number> => {
      const io = fakeCliIo({ inputs: { 'plane.r32': compileR32(plane15), 'in.csv': inputs } });
      expect(
        await runCli(['drive', 'plane.r32', '--model', 'physics', '--inputs', 'in.csv', '--start', '0,0,0', '--duration', '5', '--out', 't.csv'], io),
      ).toBe(0);
      const rows = table(text(io.files.get('t.csv')));
      return Math.hypot(rows.at(-1)!.x - rows[0].x, rows.at(-1)!.z - rows[0].z);
    };
    expect(await moved('t,throttle,steer,brake,handbrake\n')).toBeGreaterThan(5);
    expect(await moved('t,throttle,steer,brake,handbrake\n0,0,0,0,1\n')).toBeLessThan(0.2);
  });

  it('follows a route with the autopilot at the asked speed and stops on the last waypoint', async () => {
    const route = [
      [-30, -30],
      [20, -25],
      [25, 25],
    ];
    const io = fakeCliIo({ inputs: { 'hills.r32': compileR32(hills), 'route.json': JSON.stringify(route) } });
    expect(await runCli(['drive', 'hills.r32', '--model', 'physics', '--route', 'route.json', '--speed', '8', '--out', 't.csv'], io)).toBe(0);
    const rows = table(text(io.files.get('t.csv')));
    const last = rows.at(-1)!;
    expect(Math.hypot(last.x - 25, last.z - 25)).toBeLessThan(1.5);
    expect(Math.abs(last.speed)).toBeLessThan(0.3);
    expect(Math.max(...rows.map((r) => r.speed))).toBeGreaterThan(7);
    expect(Math.max(...rows.map((r) => r.speed))).toBeLessThan(9);
    // It passes near the middle waypoint.
    expect(Math.min(...rows.map((r) => Math.hypot(r.x - 20, r.z + 25)))).toBeLessThan(4);
    expect(io.out).toMatch(/physics, hatchback/);
  });

  it("is stopped head-on by a project's prop and exits 3 with the rows up to the stop", async () => {
    const flat = fieldFrom(97, 97, 1, () => 0);
    const project = compileProject({ field: flat, recipe: null, history: [], props: [{ id: 'p1', type: 'rock', x: 0, z: 0, yaw: 0, scale: 2 }], view: {} });
    const io = fakeCliIo({ inputs: { 'map.faultline': project, 'line.json': '[[0, -30], [0, 30]]' } });
    expect(await runCli(['drive', 'map.faultline', '--model', 'physics', '--route', 'line.json', '--out', 't.csv'], io)).toBe(EXIT_BLOCKED);
    expect(io.err).toMatch(
      /^faultline drive: the car got stuck \(no progress along the route for 3 s\) at t = [\d.]+ s, x -?[\d.]+ m, z -?[\d.]+ m, \d+ m along the route; the rows up to there are written\n$/,
    );
    const rows = table(text(io.files.get('t.csv')));
    expect(rows.at(-1)!.z).toBeLessThan(0);
    expect(rows.at(-1)!.z).toBeGreaterThan(-8);
  });

  it('reports bad arguments and bad inputs files in one line and writes nothing', async () => {
    const cases: Array<{ args: string[]; inputs?: Record<string, string>; code: number; message: RegExp }> = [
      { args: ['--model', 'rocket', '--route', 'r.json'], code: 2, message: /--model must be physics or kinematic, got "rocket"/ },
      { args: ['--car', 'truck', '--route', 'r.json'], code: 2, message: /--car applies to --model physics/ },
      { args: ['--model', 'physics', '--car', 'bus', '--route', 'r.json'], code: 2, message: /--car must be hatchback, 4x4, truck, got "bus"/ },
      { args: ['--inputs', 'in.csv', '--start', '0,0,0', '--duration', '1'], code: 2, message: /--inputs needs --model physics/ },
      { args: ['--model', 'physics', '--inputs', 'in.csv', '--duration', '1'], code: 2, message: /--start x,z,headingDeg is required/ },
      { args: ['--model', 'physics', '--inputs', 'in.csv', '--start', '0,0', '--duration', '1'], code: 2, message: /--start must be x,z,headingDeg/ },
      { args: ['--model', 'physics', '--inputs', 'in.csv', '--start', '0,0,0'], code: 2, message: /--duration s is required/ },
      { args: ['--model', 'physics', '--route', 'r.json', '--inputs', 'in.csv'], code: 2, message: /not both/ },
      { args: ['--model', 'physics', '--route', 'r.json', '--pose', 'classic'], code: 2, message: /--pose applies to --model kinematic/ },
      {
        args: ['--model', 'physics', '--inputs', 'in.csv', '--start', '0,0,0', '--duration', '1'],
        inputs: { 'in.csv': 'time,throttle\n' },
        code: 1,
        message: /in\.csv: line 1: the header must be t,throttle,steer,brake,handbrake/,
      },
      {
        args: ['--model', 'physics', '--inputs', 'in.csv', '--start', '0,0,0', '--duration', '1'],
        inputs: { 'in.csv': 't,throttle,steer,brake,handbrake\n0,1,0,0,0\n0.5,2,0,0,0\n' },
        code: 1,
        message: /in\.csv: line 3: throttle must be between -1 and 1, got "2"/,
      },
      {
        args: ['--model', 'physics', '--inputs', 'in.csv', '--start', '0,0,0', '--duration', '1'],
        inputs: { 'in.csv': 't,throttle,steer,brake,handbrake\n1,1,0,0,0\n0.5,0,0,0,0\n' },
        code: 1,
        message: /in\.csv: line 3: t must be greater than the previous row's t/,
      },
    ];
    for (const c of cases) {
      const io = fakeCliIo({ inputs: { 'hills.r32': compileR32(hills), 'r.json': '[[0,0],[5,0]]', ...c.inputs } });
      expect(await runCli(['drive', 'hills.r32', ...c.args, '--out', 't.csv'], io), c.args.join(' ')).toBe(c.code);
      expect(io.err).toMatch(c.message);
      expect(io.err.trimEnd().split('\n')).toHaveLength(1);
      expect(io.files.size).toBe(0);
    }
  });

  it('documents the physics options', async () => {
    const io = fakeCliIo({});
    expect(await runCli(['drive', '--help'], io)).toBe(0);
    for (const option of ['--model', '--car', '--inputs', '--start', '--duration', 'hatchback', '4x4', 'truck', 't,throttle,steer,brake,handbrake'])
      expect(io.out).toContain(option);
    expect(io.out).toContain(PHYSICS_TELEMETRY_COLUMNS.slice(PHYSICS_TELEMETRY_COLUMNS.indexOf('speed')).join(','));
  });
});
