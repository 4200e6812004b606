/**
 * `faultline drive FILE.faultline --road ID [--speed m/s] [--report FILE] --out telemetry.csv`: drives a
 * project's road with the physics car and the autopilot along its centreline (shared/roads/drive.ts),
 * from its first control point to its last, and writes the telemetry and the road report, all or
 * nothing. The project's props are obstacles.
 */
import { bridgedRoads, heightsWithDecks, waterOverDecks } from '../../shared/roads/bridge';
import { stackHasWater, stackWaterDepth, stackWaterWithout } from '../../shared/layers/stackWaterDepth';
import { waterField } from '../../shared/vehicle/water';
import { displayFileName } from '../../shared/codecs/errors';
import type { JsonObject } from '../../shared/json';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { RoadLayer } from '../../shared/layers/types';
import { fitRoad } from '../../shared/roads/fittedRoad';
import { findPropType } from '../../shared/props/library';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { STOCK_CARS } from '../../shared/vehicle/physics/cars';
import {
  PHYSICS_TELEMETRY_COLUMNS,
  formatPhysicsRow,
  type PhysicsDriveOutcome,
  type PhysicsRows,
  type PhysicsTelemetryRow,
} from '../../shared/vehicle/physics/physicsDrive';
import { MIN_AUTOPILOT_SPEED } from '../../shared/vehicle/physics/autopilot';
import { driveSummary, isWarningFlag, type DriveSample } from '../../shared/roads/report';
import { driveEndLine, longDriveProgress } from './driveMessages';
import { csvPieces, joinPieces } from './driveCsv';
import { createCliProgress } from './progress';
import { DriveRouteError } from '../../shared/vehicle/telemetry';
import type { CliIo } from './io';
import type { DriveArgs } from './driveArgs';
import { message, readAndLoad } from './exchangeCommands';
import { checkOutputs, writeOutputs, type OutputFile } from './outputSet';
import { reportBytes, stackOfInput } from './road';
import { EXIT_OK, EXIT_FAILURE, EXIT_USAGE, EXIT_BLOCKED } from './exitCodes';

/** As `drive --route`: the drive ended before the end of the road (rolled over, stuck, left the road, out of time); what was driven is written. */

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
  const below = evaluateStack(
    stack.slice(0, index).filter((layer) => layer.enabled),
    field,
  )!;
  const fitted = fitRoad(road.params, below, field);
  // The car drives on the whole stack as the project has it (layers above the road included), on the
  // decks of its bridges (shared/roads/bridge.ts); the report measures the map as it is.
  const shaped = createHeightfield(field.width, field.depth, field.cellSize, evaluateStack(stack, field)!);
  const roadsOfStack = stack.filter((l): l is RoadLayer => l.kind === 'road' && l.enabled).map((l) => l.params);
  const decked = heightsWithDecks(bridgedRoads(roadsOfStack, shaped.heights, field), shaped.heights, field);
  const speed = options.roadSpeed ?? road.params.designSpeedKmh / 3.6;
  const { loadRapier } = await import('../../shared/vehicle/physics/rapier');
  const { roadRows } = await import('../../shared/roads/drive');
  const { roadReport } = await import('../../shared/roads/report');
  const progress = longDriveProgress(createCliProgress(io, 'drive', `road "${road.name}"`, [{ label: 'driving', work: 1 }], false).stage(0));
  let rows: PhysicsRows;
  try {
    // The car wades the water over the road as built (a ford's bed); the report flags the water the road crosses.
    const water = stackHasWater(stack) ? waterField(field, waterOverDecks(stackWaterDepth(stack, field), shaped.heights, decked)) : undefined;
    rows = roadRows(await loadRapier(), decked === shaped.heights ? shaped : createHeightfield(field.width, field.depth, field.cellSize, decked), fitted, {
      spec: STOCK_CARS[options.car],
      speed,
      step: options.step,
      obstacles: obstacles(loaded.props),
      onProgress: progress,
      ...(water ? { water } : {}),
    });
  } catch (error) {
    if (!(error instanceof DriveRouteError)) throw error;
    io.stderr(`faultline drive: ${name}: road "${road.name}" (${road.id}): ${message(error)}\n`);
    return EXIT_USAGE;
  }
  // The report reads a few columns of each row: kept as samples, the full rows only as CSV text.
  const samples: DriveSample[] = [];
  let outcome: PhysicsDriveOutcome = { reachedEnd: false };
  let last: PhysicsTelemetryRow | undefined;
  const line = (row: PhysicsTelemetryRow): string => {
    const { t, x, z, speed: v, airborne, contact0, contact1, contact2, contact3 } = row;
    samples.push({ t, x, z, speed: v, airborne, contact0, contact1, contact2, contact3 });
    return formatPhysicsRow(row);
  };
  // Joined: the telemetry and the report are written together, all or nothing (a drive is at most 10 h).
  const telemetry = joinPieces(
    csvPieces(PHYSICS_TELEMETRY_COLUMNS.join(','), rows, line, (value, row) => {
      outcome = value;
      last = row;
    }),
  );
  const files: OutputFile[] = [{ path: options.out, bytes: telemetry }];
  const crossed = stackHasWater(stack) ? stackWaterWithout(stack, road.id, field) : null;
  const report = roadReport(
    fitted,
    shaped.heights,
    shaped,
    { rows: samples, reachedEnd: outcome.reachedEnd, end: outcome.end },
    crossed,
    STOCK_CARS[options.car].fordingDepth,
  );
  if (options.report) files.push({ path: options.report, bytes: reportBytes(options.report, report, road.name) });
  if (!(await writeOutputs(io, 'drive', files))) return EXIT_FAILURE;
  io.stdout(
    `wrote ${options.out} (${samples.length} rows, ${last!.t.toFixed(2)} s, physics, ${options.car}, road ${road.id} ` +
      `at ${Math.max(speed, MIN_AUTOPILOT_SPEED).toFixed(1)} m/s)\n`,
  );
  if (options.report)
    io.stdout(
      `wrote ${options.report} (${report.segments.length} segments, ${report.segments.filter((s) => s.flags.some((f) => !isWarningFlag(f))).length} ` +
        `flagged, ${report.segments.filter((s) => s.flags.some(isWarningFlag)).length} warned; ${driveSummary(report)})\n`,
    );
  if (outcome.reachedEnd) return EXIT_OK;
  io.stderr(`faultline drive: ${driveEndLine(outcome.end, last!)}\n`);
  return EXIT_BLOCKED;
}
