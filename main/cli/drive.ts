/**
 * `faultline drive TERRAIN (--route route.json | --inputs inputs.csv …) --out telemetry.csv`: drives headlessly
 * with the editor's code — the kinematic car (shared/vehicle) or the physics car (shared/vehicle/physics,
 * Rapier loaded only for `--model physics`) — and writes one telemetry row per step.
 */
import { parseCommand } from './commandArgs';
import { tokenizeOptions } from './options';
import { displayFileName } from '../../shared/codecs/errors';
import type { LayerStatus } from '../../shared/codecs/project';
import type { JsonObject } from '../../shared/json';
import { measureJson } from '../../shared/codecs/jsonShape';
import { findPropType } from '../../shared/props/library';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { DEFAULT_CAR_SETTINGS, type Obstacle } from '../../shared/vehicle/drive';
import { stackHasWater, stackWaterDepth } from '../../shared/layers/stackWaterDepth';
import { waterField } from '../../shared/vehicle/water';
import { DriveRouteError, TELEMETRY_COLUMNS, formatTelemetryRow, routeRows, type DriveRouteOutcome, type TelemetryRow } from '../../shared/vehicle/telemetry';
import { MIN_AUTOPILOT_SPEED } from '../../shared/vehicle/physics/autopilot';
import { driveEndLine, longDriveProgress } from './driveMessages';
import { csvPieces, writePieces } from './driveCsv';
import { createCliProgress } from './progress';
import { STOCK_CARS, STOCK_CAR_IDS, isStockCarId } from '../../shared/vehicle/physics/cars';
import {
  InputsError,
  PHYSICS_TELEMETRY_COLUMNS,
  formatPhysicsRow,
  inputRows,
  parseInputsCsv,
  routeRowsPhysics,
  type PhysicsDriveOutcome,
  type PhysicsRows,
  type PhysicsTelemetryRow,
  type TimedInput,
} from '../../shared/vehicle/physics/physicsDrive';
import { isDecimal, parsePositive } from './numbers';
import { UsageError } from './options';
import type { CliIo } from './io';
import { loadInput } from './inputs';
import { refusedStackStatus } from './inputStack';

export type { DriveArgs, CarDynamics } from './driveArgs';
import type { DriveArgs } from './driveArgs';
import { EXIT_OK, EXIT_FAILURE, EXIT_BLOCKED } from './exitCodes';
export { EXIT_BLOCKED } from './exitCodes';

export const DRIVE_DEFAULTS = {
  speed: 10,
  length: DEFAULT_CAR_SETTINGS.length,
  width: DEFAULT_CAR_SETTINGS.width,
  step: 0.05,
  maxSlopeDeg: 90,
} as const;

/** Steps beyond this are refused before driving: the CSV would be unreasonably large. */
export const MAX_DRIVE_ROWS = 5_000_000;

const OPTIONS = [
  '--road',
  '--report',
  '--route',
  '--out',
  '--speed',
  '--length',
  '--width',
  '--step',
  '--max-slope',
  '--pose',
  '--model',
  '--car',
  '--inputs',
  '--start',
  '--duration',
] as const;
/** Options of the kinematic car only. */
const KINEMATIC_ONLY = ['--length', '--width', '--max-slope', '--pose'] as const;
/** Longest --duration, seconds (an hour of driving: 432,000 physics steps). */
export const MAX_DURATION = 3600;
type DriveOption = (typeof OPTIONS)[number];

export function parseDriveArgs(args: readonly string[]): DriveArgs {
  const tokens = tokenizeOptions(args, OPTIONS);
  const positional = tokens.positional;
  const values = { get: (option: DriveOption): string | undefined => tokens.values.get(option)?.[0] };
  if (positional.length === 0) throw new UsageError('give the TERRAIN file to drive on');
  if (positional.length > 1) throw new UsageError(`unexpected argument "${positional[1]}"`);
  const road = values.get('--road');
  if (road !== undefined) return parseRoadDrive(positional[0], road, values.get, values.get('--model'));
  const model = values.get('--model') ?? 'kinematic';
  if (model !== 'kinematic' && model !== 'physics') throw new UsageError(`--model must be physics or kinematic, got "${model}"`);
  const car = values.get('--car') ?? 'hatchback';
  if (!isStockCarId(car)) throw new UsageError(`--car must be ${STOCK_CAR_IDS.join(', ')}, got "${car}"`);
  if (model === 'kinematic' && values.get('--car') !== undefined) throw new UsageError('--car applies to --model physics');
  if (model === 'physics') {
    for (const option of KINEMATIC_ONLY)
      if (values.get(option) !== undefined) throw new UsageError(`${option} applies to --model kinematic (the physics car takes its size from --car)`);
  }
  const route = values.get('--route');
  const inputs = values.get('--inputs');
  if (route && inputs) throw new UsageError('give --route or --inputs, not both');
  if (values.get('--report') !== undefined) throw new UsageError('--report goes with --road');
  if (!route && !inputs) throw new UsageError('--route FILE is required (or --inputs FILE --start x,z,headingDeg --duration s with --model physics)');
  if (inputs && model !== 'physics') throw new UsageError('--inputs needs --model physics');
  if (!inputs && (values.get('--start') !== undefined || values.get('--duration') !== undefined))
    throw new UsageError('--start and --duration go with --inputs');
  if (inputs && values.get('--speed') !== undefined) throw new UsageError('--speed goes with --route');
  const out = values.get('--out');
  if (!out) throw new UsageError('--out FILE is required');
  const positive = (option: DriveOption, fallback: number): number => {
    const text = values.get(option);
    return text === undefined ? fallback : parsePositive(option, text);
  };
  const maxSlopeDeg = positive('--max-slope', DRIVE_DEFAULTS.maxSlopeDeg);
  if (maxSlopeDeg > 90) throw new UsageError(`--max-slope must be at most 90 degrees, got "${values.get('--max-slope')}"`);
  const pose = values.get('--pose') ?? 'classic';
  if (pose !== 'classic' && pose !== 'wheel-plane') throw new UsageError(`--pose must be classic or wheel-plane, got "${pose}"`);
  let start: DriveArgs['start'];
  let duration: number | undefined;
  if (inputs) {
    const startText = values.get('--start');
    if (startText === undefined) throw new UsageError('--start x,z,headingDeg is required with --inputs');
    const parts = startText.split(',');
    if (parts.length !== 3 || !parts.every((p) => isDecimal(p.trim())))
      throw new UsageError(`--start must be x,z,headingDeg (three numbers), got "${startText}"`);
    const [x, z, headingDeg] = parts.map(Number);
    start = { x, z, heading: (headingDeg * Math.PI) / 180 };
    if (values.get('--duration') === undefined) throw new UsageError('--duration s is required with --inputs');
    duration = positive('--duration', 0);
    if (duration > MAX_DURATION) throw new UsageError(`--duration must be at most ${MAX_DURATION} s, got "${values.get('--duration')}"`);
  }
  return {
    terrain: positional[0],
    model,
    car,
    ...(route ? { route } : {}),
    ...(inputs ? { inputs, start, duration } : {}),
    out,
    speed: autopilotSpeed(model, positive('--speed', DRIVE_DEFAULTS.speed), values.get('--speed')),
    length: positive('--length', DRIVE_DEFAULTS.length),
    width: positive('--width', DRIVE_DEFAULTS.width),
    step: positive('--step', DRIVE_DEFAULTS.step),
    maxSlopeDeg,
    poseMethod: pose === 'classic' ? 'classic' : 'wheelPlane',
  };
}

/** The physics autopilot's cruise speed: at least MIN_AUTOPILOT_SPEED (a slower drive would not be bounded). */
function autopilotSpeed(model: string, speed: number, text: string | undefined): number {
  if (model === 'physics' && speed < MIN_AUTOPILOT_SPEED)
    throw new UsageError(`--speed must be at least ${MIN_AUTOPILOT_SPEED} m/s for the physics autopilot, got "${text}"`);
  return speed;
}

/** `drive FILE.faultline --road ID [--speed m/s] [--car CAR] [--step s] [--report FILE] --out FILE`: always the physics car. */
function parseRoadDrive(terrain: string, road: string, get: (option: DriveOption) => string | undefined, model: string | undefined): DriveArgs {
  if (road.length === 0) throw new UsageError('--road needs a road layer id (e.g. road-1)');
  if (get('--route') !== undefined || get('--inputs') !== undefined) throw new UsageError('give --road, --route or --inputs, only one');
  if (!terrain.toLowerCase().endsWith('.faultline')) throw new UsageError(`${terrain}: roads are kept in .faultline projects only`);
  if (model !== undefined && model !== 'physics') throw new UsageError('--road drives the physics car');
  for (const option of [...KINEMATIC_ONLY, '--start', '--duration'] as const)
    if (get(option) !== undefined) throw new UsageError(`${option} does not apply to --road`);
  const out = get('--out');
  if (!out) throw new UsageError('--out FILE is required');
  const report = get('--report');
  if (report !== undefined && !/\.(json|csv)$/i.test(report)) throw new UsageError(`--report ${report}: must be a .json or .csv file`);
  const number = (option: DriveOption): number | undefined => {
    const text = get(option);
    if (text === undefined) return undefined;
    const value = isDecimal(text) ? Number(text) : NaN;
    if (!(value > 0) || !Number.isFinite(value)) throw new UsageError(`${option} must be a positive number, got "${text}"`);
    return value;
  };
  const car = get('--car') ?? 'hatchback';
  if (!isStockCarId(car)) throw new UsageError(`--car must be ${STOCK_CAR_IDS.join(', ')}, got "${car}"`);
  const roadSpeed = number('--speed');
  if (roadSpeed !== undefined) autopilotSpeed('physics', roadSpeed, get('--speed'));
  return {
    terrain,
    model: 'physics',
    car,
    road,
    ...(report !== undefined ? { report } : {}),
    ...(roadSpeed !== undefined ? { roadSpeed } : {}),
    out,
    speed: roadSpeed ?? DRIVE_DEFAULTS.speed,
    length: DRIVE_DEFAULTS.length,
    width: DRIVE_DEFAULTS.width,
    step: number('--step') ?? DRIVE_DEFAULTS.step,
    maxSlopeDeg: DRIVE_DEFAULTS.maxSlopeDeg,
    poseMethod: 'classic',
  };
}

class InputError extends Error {}

/** Most waypoints a route may have: far more than any drive needs, and a bound on what parsing one costs. */
export const MAX_ROUTE_WAYPOINTS = 1_000_000;

/** A route file: `[[x, z], …]` in metres (or `{ "waypoints": [[x, z], …] }`). */
export function parseRoute(bytes: Uint8Array, fileName: string): [number, number][] {
  const name = displayFileName(fileName);
  // Measured before it is parsed: a file under the size cap can still hold 100 M tiny waypoints.
  const shape = measureJson(bytes, { maxDepth: 3, maxValues: 3 * MAX_ROUTE_WAYPOINTS + 2 });
  if (!shape.ok) {
    throw new InputError(
      shape.limit === 'depth'
        ? `${name}: must be a JSON array of [x, z] waypoints in metres`
        : `${name}: has more than ${MAX_ROUTE_WAYPOINTS.toLocaleString('en-US')} waypoints`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new InputError(`${name}: is not valid JSON text`);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { waypoints?: unknown } | null)?.waypoints;
  if (!Array.isArray(list)) throw new InputError(`${name}: must be a JSON array of [x, z] waypoints in metres`);
  if (list.length === 0) throw new InputError(`${name}: has no waypoints`);
  return list.map((point: unknown, k) => {
    if (!Array.isArray(point) || point.length !== 2 || !point.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw new InputError(`${name}: waypoint ${k} is not [x, z] in metres`);
    }
    return [point[0] as number, point[1] as number];
  });
}

/**
 * Any terrain file Faultline reads; a project's props become obstacles, and the water of its `water` and
 * `river` layers (metres per vertex, shared/layers/stackWater.ts) the water the car wades or floods in.
 */
export async function loadDriveTerrain(
  bytes: Uint8Array,
  fileName: string,
): Promise<{ field: Heightfield; obstacles: Obstacle[]; water?: Heightfield; layerStatus?: LayerStatus }> {
  const { field, props, layers, layerStatus } = await loadInput(bytes, fileName, {});
  const water = layers && stackHasWater(layers) ? waterField(field, stackWaterDepth(layers, field)) : undefined;
  return { field, obstacles: obstaclesFromJson(props), ...(water ? { water } : {}), ...(layerStatus ? { layerStatus } : {}) };
}

function obstaclesFromJson(props: readonly JsonObject[]): Obstacle[] {
  const obstacles: Obstacle[] = [];
  for (const prop of props) {
    const type = typeof prop.type === 'string' ? findPropType(prop.type) : undefined;
    const { x, z } = prop;
    const scale = typeof prop.scale === 'number' ? prop.scale : 1;
    if (!type || typeof x !== 'number' || typeof z !== 'number') continue;
    obstacles.push({ x, z, radius: type.footprintRadius * Math.abs(scale) });
  }
  return obstacles;
}

export function driveHelp(): string {
  const d = DRIVE_DEFAULTS;
  return `Usage: faultline drive TERRAIN [--model kinematic|physics] [--car CAR]
         (--route route.json [--speed m/s] | --inputs inputs.csv --start x,z,headingDeg --duration s)
         --out telemetry.csv [options]
       faultline drive FILE.faultline --road ID [--speed m/s] [--car CAR] [--report FILE.json|.csv]
         --out telemetry.csv

Drives a test car over the exact terrain surface with the editor's test-drive code. TERRAIN is any
file Faultline reads (.png, .r16, .raw, .r32, .exr, .tif, .tiff, .faultline); a project's props are obstacles.

  --model kinematic  (default) the seeds' terrain-following car: circular arcs from waypoint to
                     waypoint at a constant speed, sub-stepped so no step is longer than half a cell,
                     oriented by the classic samples (three across the front, one at the back)
  --model physics    a Rapier raycast-wheel car (mass, suspension, engine, brakes, tyre friction) at a
                     fixed 120 Hz on the exact triangles; the same command gives the same bytes
  --car CAR          physics car: ${STOCK_CAR_IDS.join(' | ')} (default: hatchback)
  --route FILE       JSON: [[x, z], …] in metres, origin at the terrain centre; with physics an
                     autopilot steers along the waypoints (pure pursuit) at --speed, slows for bends
                     (at most 0.8·√(μ·g·R)) and crests, and stops on the last one; the drive ends
                     when it arrives, rolls over (|roll| > 60° for 1 s), is stuck (no progress for
                     3 s) or runs out of time (length / 2 m/s + 30 s; longer than 36,000 s: refused)
  --road ID          a road layer of the project (road-1, …): the physics car starts on its first
                     control point facing along it, and the autopilot follows its centreline to the
                     last at --speed (default: the road's design speed); --report FILE writes the road
                     report per 10 m (grade, bank, radius, vertical curvature, highest speed, where
                     the car stopped, lifted a wheel or left the ground, flags, how the drive ended),
                     JSON or CSV; the drive also ends when the car leaves the road by its width
  --inputs FILE      physics only: CSV with header t,throttle,steer,brake,handbrake (throttle -1..1,
                     steer -1..1 with +1 right, brake 0..1, handbrake 0/1); each row holds from its t
                     until the next row
  --start x,z,deg    with --inputs: start position (metres, on the map) and heading (degrees, 0
                     faces +z, 90 +x)
  --duration s       with --inputs: seconds to drive (at most ${MAX_DURATION})
  --out FILE         telemetry CSV, written atomically as it is driven (required)
  --speed m/s        cruise speed (default: ${d.speed}; physics: at least ${MIN_AUTOPILOT_SPEED})
  --step s           time between rows (default: ${d.step}; physics rounds it to whole 1/120 s steps)
  --length m         kinematic car length (default: ${d.length})
  --width m          kinematic car width (default: ${d.width})
  --max-slope deg    kinematic: refuse to climb ground steeper than this, 0..90 (default: ${d.maxSlopeDeg}, no limit)
  --pose METHOD      kinematic: classic | wheel-plane (a least-squares plane through the four wheels)

CSV columns, one row per step: t,x,y,z,heading,pitch,roll,upX,upY,upZ,fwdX,fwdY,fwdZ,clip,water
(seconds, metres, radians, unit vectors in world space with y up; heading 0 faces +z, π/2 faces +x;
clip is how deep the terrain cuts into the body's underside; water the metres of water at the car,
from a project's water and river layers). Physics adds
speed,airborne,contact0,contact1,contact2,contact3,compression0,compression1,compression2,compression3
(m/s along the body; wheels front-left, front-right, rear-left, rear-right; contact 0/1; compression
0..1 of the suspension travel) and its x,y,z is the centre of the body's underside.

Exit codes: 0 the route (or the inputs' duration) was driven to its end; 3 the car was stopped
(kinematic: obstacle, slope, edge; physics: rolled over, stuck, off the road, out of time; both:
flooded, water deeper than the car's fording depth — --car's, the hatchback's 0.3 m for kinematic;
shallower water slows the car to 1 - depth / (2 x fording depth) of its speed) — the rows
up to the stop are written and stderr says what happened and where; 1 a file could not be read or
written, or the route or start is invalid (no output); 2 bad arguments, or a bad water or river
layer in the terrain's stack (its water cannot be known: one line naming it, no output). Drives
bounded by 300 s or more print progress on stderr.
`;
}

export async function runDrive(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommand('drive', args, io, driveHelp, parseDriveArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
  if (options.road !== undefined) return (await import('./roadDrive')).runRoadDrive(options, io);
  const fail = (message: string): number => {
    io.stderr(`faultline drive: ${message.split('\n')[0]}\n`);
    return EXIT_FAILURE;
  };
  const readFile = io.readFile ?? (await import('./readInputFile')).readInputFile;
  const read = async (path: string): Promise<Uint8Array> => {
    try {
      return await readFile(path);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const name = displayFileName(path);
      throw new InputError(text.startsWith(`${name}:`) ? text : `${name}: ${text}`);
    }
  };
  let field: Heightfield;
  let obstacles: Obstacle[];
  let water: Heightfield | undefined;
  let waypoints: [number, number][] = [];
  let schedule: TimedInput[] = [];
  let layerStatus: LayerStatus | undefined;
  try {
    ({ field, obstacles, water, layerStatus } = await loadDriveTerrain(await read(options.terrain), options.terrain));
    if (options.route) waypoints = parseRoute(await read(options.route), options.route);
    if (options.inputs) schedule = parseInputs(await read(options.inputs), options.inputs);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  // The car wades the water of the project's layers: a bad stack's water cannot be known.
  const refusedStack = refusedStackStatus(io, 'drive', displayFileName(options.terrain), layerStatus);
  if (refusedStack !== null) return refusedStack;
  if (options.model === 'physics') return runPhysicsDrive(options, field, obstacles, waypoints, schedule, io, fail, water);
  const routeFile = options.route ?? '';
  let routeLength = 0;
  for (let k = 1; k < waypoints.length; k++) routeLength += Math.hypot(waypoints[k][0] - waypoints[k - 1][0], waypoints[k][1] - waypoints[k - 1][1]);
  if (routeLength / (options.speed * options.step) > MAX_DRIVE_ROWS) {
    return fail(`the route would take more than ${MAX_DRIVE_ROWS} steps of ${options.step} s at ${options.speed} m/s; use a larger --step or a higher --speed`);
  }
  let rows: ReturnType<typeof routeRows>;
  try {
    rows = routeRows(field, waypoints, {
      speed: options.speed,
      length: options.length,
      width: options.width,
      step: options.step,
      maxClimbSlopeDeg: options.maxSlopeDeg,
      obstacles,
      poseMethod: options.poseMethod,
      // The kinematic car fords as the default car, the hatchback.
      water,
      fordingDepth: STOCK_CARS[options.car].fordingDepth,
    });
  } catch (error) {
    if (!(error instanceof DriveRouteError)) throw error;
    return fail(`${displayFileName(routeFile)}: ${error.message}`);
  }
  let count = 0;
  let outcome: DriveRouteOutcome = { reachedEnd: false };
  let last: TelemetryRow | undefined;
  const line = (row: TelemetryRow): string => {
    count++;
    return formatTelemetryRow(row);
  };
  try {
    await writePieces(
      io,
      options.out,
      csvPieces(TELEMETRY_COLUMNS.join(','), rows, line, (value, row) => {
        // Out of steps: nothing is written (the staged file is dropped).
        if (value.stoppedBy === 'maxSteps') throw new DriveCut(`the car did not reach the last waypoint of ${displayFileName(routeFile)} in time`);
        outcome = value;
        last = row;
      }),
    );
  } catch (error) {
    if (error instanceof DriveCut) return fail(error.message);
    return fail(`cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
  }
  io.stdout(`wrote ${options.out} (${count} rows, ${last!.t.toFixed(2)} s)\n`);
  if (outcome.reachedEnd) return EXIT_OK;
  const why =
    outcome.stoppedBy === 'slope'
      ? 'ground steeper than --max-slope'
      : outcome.stoppedBy === 'obstacle'
        ? 'a prop'
        : outcome.stoppedBy === 'flooded'
          ? `water deeper than the car's fording depth (${STOCK_CARS[options.car].fordingDepth} m): flooded`
          : 'the map edge';
  io.stderr(`faultline drive: stopped by ${why} at t = ${last!.t.toFixed(2)} s, x ${last!.x.toFixed(2)} m, z ${last!.z.toFixed(2)} m\n`);
  return EXIT_BLOCKED;
}

/** A drive that must not be written (the car ran out of steps). */
class DriveCut extends Error {}

/** Most bytes an inputs file may have (a million rows of short numbers). */
const MAX_INPUTS_BYTES = 64 * 1024 * 1024;

function parseInputs(bytes: Uint8Array, fileName: string): TimedInput[] {
  const name = displayFileName(fileName);
  if (bytes.length > MAX_INPUTS_BYTES) throw new InputError(`${name}: is larger than ${MAX_INPUTS_BYTES / 1024 / 1024} MiB`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(`${name}: is not UTF-8 text`);
  }
  try {
    return parseInputsCsv(text);
  } catch (error) {
    if (error instanceof InputsError) throw new InputError(`${name}: ${error.message}`);
    throw error;
  }
}

async function runPhysicsDrive(
  options: DriveArgs,
  field: Heightfield,
  obstacles: Obstacle[],
  waypoints: [number, number][],
  schedule: TimedInput[],
  io: CliIo,
  fail: (message: string) => number,
  water?: Heightfield,
): Promise<number> {
  const { loadRapier } = await import('../../shared/vehicle/physics/rapier');
  const rapier = await loadRapier();
  const spec = STOCK_CARS[options.car];
  const progress = longDriveProgress(createCliProgress(io, 'drive', 'physics drive', [{ label: 'driving', work: 1 }], false).stage(0));
  const common = { spec, step: options.step, obstacles, onProgress: progress, water };
  let rows: PhysicsRows;
  try {
    rows =
      options.inputs && options.start && options.duration !== undefined
        ? inputRows(rapier, field, options.start, schedule, options.duration, common)
        : routeRowsPhysics(rapier, field, waypoints, { ...common, speed: options.speed });
  } catch (error) {
    if (!(error instanceof DriveRouteError)) throw error;
    const what = options.inputs ? `${displayFileName(options.inputs)}: --start` : displayFileName(options.route ?? '');
    return fail(`${what}: ${error.message}`);
  }
  let count = 0;
  let outcome: PhysicsDriveOutcome = { reachedEnd: false };
  let last: PhysicsTelemetryRow | undefined;
  const line = (row: PhysicsTelemetryRow): string => {
    count++;
    return formatPhysicsRow(row);
  };
  try {
    await writePieces(
      io,
      options.out,
      csvPieces(PHYSICS_TELEMETRY_COLUMNS.join(','), rows, line, (value, row) => {
        outcome = value;
        last = row;
      }),
    );
  } catch (error) {
    return fail(`cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
  }
  io.stdout(`wrote ${options.out} (${count} rows, ${last!.t.toFixed(2)} s, physics, ${options.car})\n`);
  if (outcome.reachedEnd) return EXIT_OK;
  io.stderr(`faultline drive: ${driveEndLine(outcome.end, last!)}\n`);
  return EXIT_BLOCKED;
}
