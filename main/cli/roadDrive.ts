/**
 * `faultline drive FILE.faultline --road ID [--speed m/s] [--report FILE] --out telemetry.csv`: drives a
 * project's road with the physics car and the autopilot along its centreline (shared/roads/drive.ts),
 * from its first control point to its last, and writes the telemetry and the road report, all or
 * nothing. The project's props are obstacles.
 */
import { displayFileName } from '../../shared/codecs/errors';
import type { JsonObject } from '../../shared/codecs/json';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { RoadLayer } from '../../shared/layers/types';
import { buildRoadModel } from '../../shared/roads/model';
import { findPropType } from '../../shared/props/library';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { CAR_PRESETS } from '../../shared/vehicle/physics/cars';
import { physicsTelemetryCsv } from '../../shared/vehicle/physics/physicsDrive';
import { DriveRouteError } from '../../shared/vehicle/telemetry';
import type { CliIo } from './io';
import type { DriveArgs } from './driveArgs';
import { message, readAndLoad } from './exchangeCommands';
import { checkOutputs, writeOutputs, type OutputFile } from './outputSet';
import { reportBytes, stackOfInput } from './road';

const EXIT_OK = 0;
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;
/** As `drive --route`: the car was stopped before the end; what was driven is written. */
const EXIT_BLOCKED = 3;

function obstacles(props: readonly JsonObject[]): { x: number; z: number; radius: number }[] {
  const out: { x: number; z: number; radius: number }[] = [];
  for (const prop of props) {
    const type = typeof prop.type === 'string' ? findPropType(prop.type) : undefined;
    if (!type || typeof prop.x !== 'number' || typeof prop.z !== 'number') continue;
    out.push({ x: prop.x, z: prop.z, radius: type.footprintRadius * Math.abs(typeof prop.scale === 'number' ? prop.scale : 1) });
  }
  return out;
}

export async function runRoadDrive(options: DriveArgs, io: CliIo): Promise<number> {
  const targets = [options.out, ...(options.report ? [options.report] : [])];
  if (options.report === options.out) {
    io.stderr('faultline drive: --report and --out name the same file\n');
    return EXIT_USAGE;
  }
  if (!(await checkOutputs(io, 'drive', targets))) return EXIT_FAILURE;
  const loaded = await readAndLoad(io, 'drive', options.terrain, {});
  if (!loaded) return EXIT_FAILURE;
  const name = displayFileName(options.terrain);
  const stack = stackOfInput(loaded, io, 'drive', name);
  const index = stack.findIndex((layer) => layer.id === options.road);
  const roads = stack.filter((layer) => layer.kind === 'road').map((layer) => layer.id);
  if (index < 0 || stack[index].kind !== 'road') {
    io.stderr(`faultline drive: ${name}: there is no road "${options.road}" (roads: ${roads.join(', ') || 'none'})\n`);
    return EXIT_USAGE;
  }
  const road = stack[index] as RoadLayer;
  const { field } = loaded;
  const below = evaluateStack(stack.slice(0, index).filter((layer) => layer.enabled), field)!;
  const model = buildRoadModel(road.params, below, field);
  // The car drives on the whole stack as the project has it (layers above the road included).
  const shaped = createHeightfield(field.width, field.depth, field.cellSize, evaluateStack(stack, field)!);
  const speed = options.roadSpeed ?? road.params.designSpeedKmh / 3.6;
  const { loadRapier } = await import('../../shared/vehicle/physics/rapier');
  const { driveRoad } = await import('../../shared/roads/drive');
  const { roadReport } = await import('../../shared/roads/report');
  let result: ReturnType<typeof driveRoad>;
  try {
    result = driveRoad(await loadRapier(), shaped, model, { spec: CAR_PRESETS[options.car], speed, step: options.step, obstacles: obstacles(loaded.props) });
  } catch (error) {
    if (!(error instanceof DriveRouteError)) throw error;
    io.stderr(`faultline drive: ${name}: road "${road.name}" (${road.id}): ${message(error)}\n`);
    return EXIT_USAGE;
  }
  if (result.stoppedBy === 'maxSteps') {
    io.stderr(`faultline drive: ${name}: the car did not reach the end of road "${road.name}" in time\n`);
    return EXIT_FAILURE;
  }
  const files: OutputFile[] = [{ path: options.out, bytes: new TextEncoder().encode(physicsTelemetryCsv(result.rows)) }];
  const report = roadReport(model, shaped.heights, shaped, { rows: result.rows, reachedEnd: result.reachedEnd });
  if (options.report) files.push({ path: options.report, bytes: reportBytes(options.report, report, road.name) });
  if (!(await writeOutputs(io, 'drive', files))) return EXIT_FAILURE;
  const last = result.rows[result.rows.length - 1];
  io.stdout(`wrote ${options.out} (${result.rows.length} rows, ${last.t.toFixed(2)} s, physics, ${options.car}, road ${road.id} at ${speed.toFixed(1)} m/s)\n`);
  if (options.report) io.stdout(`wrote ${options.report} (${report.segments.length} segments, ${report.segments.filter((s) => s.flags.length > 0).length} flagged)\n`);
  if (result.reachedEnd) return EXIT_OK;
  io.stderr(`faultline drive: stuck (no progress for 3 s with the throttle open) at t = ${last.t.toFixed(2)} s, x ${last.x.toFixed(2)} m, z ${last.z.toFixed(2)} m\n`);
  return EXIT_BLOCKED;
}
