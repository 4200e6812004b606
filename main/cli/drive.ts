/**
 * `faultline drive TERRAIN --route route.json --out telemetry.csv`: drives a route's waypoints headlessly
 * with the editor's pose and movement code (shared/vehicle) and writes one telemetry row per step.
 */
import { parseCommand } from './commandArgs';
import { tokenizeOptions } from './options';
import { displayFileName } from '../../shared/codecs/errors';
import { importHeightmap } from '../../shared/codecs/import-heightmap';
import type { JsonObject } from '../../shared/codecs/json';
import { measureJson } from '../../shared/codecs/jsonShape';
import { parseProject } from '../../shared/codecs/project';
import { extensionOf } from '../../shared/codecs/registry';
import { findPropType } from '../../shared/props/library';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { DEFAULT_CAR_SETTINGS, type Obstacle } from '../../shared/vehicle/drive';
import { DriveRouteError, driveRoute, telemetryCsv } from '../../shared/vehicle/telemetry';
import { UsageError } from './args';
import type { CliIo } from './cli';

const EXIT_OK = 0;
const EXIT_FAILURE = 1;
/** The route was blocked before its last waypoint; the telemetry up to the stop was written. */
export const EXIT_BLOCKED = 3;

export interface DriveArgs {
  terrain: string;
  route: string;
  out: string;
  speed: number;
  length: number;
  width: number;
  step: number;
  maxSlopeDeg: number;
  poseMethod: 'classic' | 'wheelPlane';
}

export const DRIVE_DEFAULTS = {
  speed: 10,
  length: DEFAULT_CAR_SETTINGS.length,
  width: DEFAULT_CAR_SETTINGS.width,
  step: 0.05,
  maxSlopeDeg: 90,
} as const;

/** Steps beyond this are refused before driving: the CSV would be unreasonably large. */
export const MAX_DRIVE_ROWS = 5_000_000;

const OPTIONS = ['--route', '--out', '--speed', '--length', '--width', '--step', '--max-slope', '--pose'] as const;
type DriveOption = (typeof OPTIONS)[number];
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function parseDriveArgs(args: readonly string[]): DriveArgs {
  const tokens = tokenizeOptions(args, OPTIONS);
  const positional = tokens.positional;
  const values = { get: (option: DriveOption): string | undefined => tokens.values.get(option)?.[0] };
  if (positional.length === 0) throw new UsageError('give the TERRAIN file to drive on');
  if (positional.length > 1) throw new UsageError(`unexpected argument "${positional[1]}"`);
  const route = values.get('--route');
  if (!route) throw new UsageError('--route FILE is required');
  const out = values.get('--out');
  if (!out) throw new UsageError('--out FILE is required');
  const positive = (option: DriveOption, fallback: number): number => {
    const text = values.get(option);
    if (text === undefined) return fallback;
    const value = DECIMAL.test(text) ? Number(text) : NaN;
    if (!(value > 0) || !Number.isFinite(value)) throw new UsageError(`${option} must be a positive number, got "${text}"`);
    return value;
  };
  const maxSlopeDeg = positive('--max-slope', DRIVE_DEFAULTS.maxSlopeDeg);
  if (maxSlopeDeg > 90) throw new UsageError(`--max-slope must be at most 90 degrees, got "${values.get('--max-slope')}"`);
  const pose = values.get('--pose') ?? 'classic';
  if (pose !== 'classic' && pose !== 'wheel-plane') throw new UsageError(`--pose must be classic or wheel-plane, got "${pose}"`);
  return {
    terrain: positional[0],
    route,
    out,
    speed: positive('--speed', DRIVE_DEFAULTS.speed),
    length: positive('--length', DRIVE_DEFAULTS.length),
    width: positive('--width', DRIVE_DEFAULTS.width),
    step: positive('--step', DRIVE_DEFAULTS.step),
    maxSlopeDeg,
    poseMethod: pose === 'classic' ? 'classic' : 'wheelPlane',
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
    throw new InputError(shape.limit === 'depth' ? `${name}: must be a JSON array of [x, z] waypoints in metres` : `${name}: has more than ${MAX_ROUTE_WAYPOINTS.toLocaleString('en-US')} waypoints`);
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

/** Any terrain file Faultline reads; a project's props become obstacles. */
export function loadDriveTerrain(bytes: Uint8Array, fileName: string): { field: Heightfield; obstacles: Obstacle[] } {
  if (extensionOf(fileName) === 'faultline') {
    const project = parseProject(bytes, fileName);
    return { field: project.field, obstacles: obstaclesFromJson(project.props) };
  }
  return { field: importHeightmap(bytes, fileName).field, obstacles: [] };
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
  return `Usage: faultline drive TERRAIN --route route.json --out telemetry.csv [options]

Drives a car along the route's waypoints over the exact terrain surface with the editor's test-drive
code: circular arcs from waypoint to waypoint at a constant speed, sub-stepped so no step is longer
than half a cell, oriented by the classic terrain-following samples (three across the front, one at
the back). TERRAIN is any file Faultline reads (.png, .r16, .raw, .r32, .faultline); a project's
props are obstacles.

  --route FILE       JSON: [[x, z], …] in metres, origin at the terrain centre (required)
  --out FILE         telemetry CSV, written atomically (required)
  --speed m/s        cruise speed (default: ${d.speed})
  --length m         car length (default: ${d.length})
  --width m          car width (default: ${d.width})
  --step s           time between rows (default: ${d.step})
  --max-slope deg    refuse to climb ground steeper than this, 0..90 (default: ${d.maxSlopeDeg}, no limit)
  --pose METHOD      classic | wheel-plane (a least-squares plane through the four wheels)

CSV columns, one row per step: t,x,y,z,heading,pitch,roll,upX,upY,upZ,fwdX,fwdY,fwdZ,clip
(seconds, metres, radians, unit vectors in world space with y up; heading 0 faces +z, π/2 faces +x;
clip is how deep the terrain cuts into the body's underside).

Exit codes: 0 the route was driven to its end; 3 the car was stopped (obstacle, slope, edge) — the
rows up to the stop are written; 1 a file could not be read or written (no output); 2 bad arguments.
`;
}

export async function runDrive(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommand('drive', args, io, driveHelp, parseDriveArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
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
  let waypoints: [number, number][];
  try {
    ({ field, obstacles } = loadDriveTerrain(await read(options.terrain), options.terrain));
    waypoints = parseRoute(await read(options.route), options.route);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  let routeLength = 0;
  for (let k = 1; k < waypoints.length; k++) routeLength += Math.hypot(waypoints[k][0] - waypoints[k - 1][0], waypoints[k][1] - waypoints[k - 1][1]);
  if (routeLength / (options.speed * options.step) > MAX_DRIVE_ROWS) {
    return fail(`the route would take more than ${MAX_DRIVE_ROWS} steps of ${options.step} s at ${options.speed} m/s; use a larger --step or a higher --speed`);
  }
  let result: ReturnType<typeof driveRoute>;
  try {
    result = driveRoute(field, waypoints, {
      speed: options.speed,
      length: options.length,
      width: options.width,
      step: options.step,
      maxClimbSlopeDeg: options.maxSlopeDeg,
      obstacles,
      poseMethod: options.poseMethod,
    });
  } catch (error) {
    if (!(error instanceof DriveRouteError)) throw error;
    return fail(`${displayFileName(options.route)}: ${error.message}`);
  }
  if (result.stoppedBy === 'maxSteps') return fail(`the car did not reach the last waypoint of ${displayFileName(options.route)} in time`);
  try {
    await io.writeFile(options.out, new TextEncoder().encode(telemetryCsv(result.rows)));
  } catch (error) {
    return fail(`cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const last = result.rows[result.rows.length - 1];
  io.stdout(`wrote ${options.out} (${result.rows.length} rows, ${last.t.toFixed(2)} s)\n`);
  if (result.reachedEnd) return EXIT_OK;
  const why = result.stoppedBy === 'slope' ? 'ground steeper than --max-slope' : result.stoppedBy === 'obstacle' ? 'a prop' : 'the map edge';
  io.stderr(`faultline drive: stopped by ${why} at t = ${last.t.toFixed(2)} s, x ${last.x.toFixed(2)} m, z ${last.z.toFixed(2)} m\n`);
  return EXIT_BLOCKED;
}
