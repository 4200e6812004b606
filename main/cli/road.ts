/**
 * `faultline road IN --spline road.json [design options] --out OUT [--out OUT…] [--centreline FILE.json]
 * [--report FILE.json|.csv]`: adds a road layer (`road-1`, `road-2`, …) on top of IN's layer stack (a
 * heightmap becomes one "heights" layer), clears the props on it (unless --keep-props), and writes
 * every output all or nothing. A bad spline or a road the terrain cannot carry: one line naming the
 * file and the problem, exit 2, nothing written.
 */
import { stackHasWater, stackWaterDepth } from '../../shared/layers/stackWaterDepth';
import { displayFileName } from '../../shared/codecs/errors';
import type { JsonObject } from '../../shared/json';
import { defaultRoadName, nextRoadId } from '../../shared/layers/kinds/road';
import { settleStack } from '../../shared/layers/migrate';
import type { Layer, RoadLayer } from '../../shared/layers/types';
import { layerNameProblem, stackProblem } from '../../shared/layers/validate';
import { ROAD_EXPORT_FORMATS, reportFormatFor } from '../../shared/roads/exportFormats';
import { heightsWithDecks } from '../../shared/roads/bridge';
import { findCrossings, stationDepths, withChoice, type CrossingChoice, type CrossingKind } from '../../shared/roads/crossings';
import { fitRoad, centrelineOf, terrainProblem, type FittedRoad } from '../../shared/roads/fittedRoad';
import { groundAlong } from '../../shared/roads/profile';
import {
  MAX_DESIGN_SPEED,
  MAX_GRADE,
  MAX_ROAD_BANK,
  MAX_ROAD_FALLOFF,
  MAX_ROAD_POINTS,
  MAX_ROAD_WIDTH,
  MAX_SLOPE_LIMIT,
  MIN_SLOPE_LIMIT,
  ROAD_DEFAULTS,
  ROAD_SURFACES,
  newRoadParams,
  type RoadParams,
  type RoadPoint,
  type RoadSurface,
} from '../../shared/roads/params';
import { E_MAX_CHOICES, ROAD_CLASSES, ROAD_TERRAINS, maxGradeFor, parseRoadClass } from '../../shared/roads/standard';
import { propsOnRoads } from '../../shared/roads/props';
import { buildRibbon } from '../../shared/roads/ribbon';
import { isWarningFlag, roadReport, type DriveOutcome } from '../../shared/roads/report';
import { routeRoad } from '../../shared/roads/route';
import { routeBlockedCells } from '../../shared/roads/routeAvoid';
import { routeLimits } from '../../shared/roads/routeLimits';
import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import type { CliIo } from './io';
import { longDriveProgress } from './driveMessages';
import { createCliProgress } from './progress';
import { parseCommand } from './commandArgs';
import { message, readAndLoad } from './exchangeCommands';
import type { LoadedInput } from './inputs';
import { tokenizeOptions, UsageError } from './options';
import { writeOutputs } from './outputSet';
import { outputFormats } from './outputs';
import { evaluateForCli, savedHeightsNote } from './stackEvaluation';
import { EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './exitCodes';
import { isDecimal } from './numbers';
import { readSplineObject } from './splineFile';
import { encodeLayerOutputs, refusedOutputs, requiredOutputs } from './layerOutputs';
import { refusedInputStack } from './inputStack';
import { readSplineFile, splinePoints } from './splineInput';

export interface RoadOptions {
  input: string;
  /** The spline file ('' when routed). */
  spline: string;
  /** Routed: the points the router finds a road through (start, vias, end). */
  route?: { x: number; z: number }[];
  /** Routed: what the route keeps off (--avoid). */
  avoid?: { water: boolean; props: boolean };
  overrides: Partial<Omit<RoadParams, 'points'>>;
  keepProps: boolean;
  outputs: string[];
  centreline?: string;
  report?: string;
  ribbon?: string;
  /** --crossing: ford or bridge for every crossing of water ('all') or for crossing N (1-based). */
  crossings?: { index: number | 'all'; kind: CrossingKind }[];
}

const OPTIONS = [
  '--spline',
  '--from',
  '--to',
  '--via',
  '--avoid',
  '--width',
  '--falloff',
  '--max-grade',
  '--slope-limit',
  '--bank',
  '--design-speed',
  '--e-max',
  '--class',
  '--surface',
  '--keep-props',
  '--out',
  '--centreline',
  '--report',
  '--ribbon',
  '--crossing',
];

export function roadHelp(): string {
  const d = ROAD_DEFAULTS;
  return `Usage: faultline road IN --spline road.json [--width m] [--falloff m] [--max-grade %]
                     [--slope-limit deg] [--bank deg|auto] [--design-speed km/h] [--e-max %]
                     [--class CLASS-TERRAIN] [--surface asphalt|gravel]
                     [--crossing ford|bridge|N=ford|N=bridge]… [--keep-props]
       faultline road IN --from x,z --to x,z [--via x,z]… [--avoid water,props] [the same options]
                     --out OUT [--out OUT…] [--centreline FILE.json] [--report FILE.json|FILE.csv]
                     [--ribbon FILE.glb]

Adds a road that shapes the land as a layer ("road-1", "road-2", …) on top of IN's layer stack
(a heightmap becomes one "heights" layer under it) and writes every --out (a .faultline keeps the
stack, so the road can be edited, switched off or removed with "faultline layers").

road.json: { "points": [[x, z], …], "width"?: m, "name"?: "…", "surface"?: "asphalt"|"gravel" } in
metres, origin at the map centre (as "drive --route"); a point may be { "x", "z", "width"?, "bank"? }
to set its own width and bank. The name (the road layer's) is 1…200 characters without control
characters.

--from x,z --to x,z [--via x,z]…: instead of a spline file, the road finds its own way from the start
to the end through the via points (metres, origin at the map centre): a centreline that keeps every
10 m within --max-grade and every bend at or above the minimum radius for --design-speed, switching
back where the slope demands, minimising cut and fill plus length (a hybrid A* search over position
and heading with arcs of 1.5 × the minimum radius). The found points are the road's control points,
as if read from a spline file. No route within the grade inside the map: refused with the reason,
exit 2, nothing written. --avoid water, props or water,props: the road's whole width keeps off IN's
water (its water and river layers) and off the props (their footprint and the 1 m they are cleared
by), so a routed road clears none.

The road: a centripetal Catmull-Rom centreline through the points; a profile fitted to the ground
along it that never exceeds --max-grade, with vertical curves; a flat or banked cross-section; and
shoulders that blend back to the ground over --falloff, no steeper than --slope-limit. Outside its
footprint every height is unchanged, bit for bit.
A road whose first or last point lies on a road already in IN's stack joins it, and one that
crosses it meets it at grade: the road below keeps its surface, the new one blends to it.
  --width m           surface width (default: the file's "width", else ${d.width})
  --falloff m         shoulder each side (default: ${d.falloffLeft})
  --max-grade %       steepest grade along the road (default: the --class's, else ${d.maxGradePct})
  --slope-limit deg   steepest cut or fill slope (default: ${d.slopeLimitDeg})
  --bank deg|auto     cross-section: degrees (+ = left side lower) or auto from curvature and design
                      speed, capped at the --e-max superelevation (default: ${d.bank}, flat)
  --design-speed km/h (default: ${d.designSpeedKmh})
  --e-max %           maximum superelevation, ${E_MAX_CHOICES.join(', ')} (default: ${d.eMaxPct}): caps the auto bank and
                      sets the minimum radius the report checks (AASHTO Green Book 2011, metric)
  --class CLASS-TERRAIN  the road's class (${ROAD_CLASSES.join(', ')}) and terrain (${ROAD_TERRAINS.join(', ')}),
                      e.g. collector-rolling: saved with the road; sets the maximum grade from the
                      standard's tables for the design speed (unless --max-grade is given)
  --surface asphalt|gravel  what the views draw the road in (default: the file's "surface", else
                      asphalt); saved with the road, it changes no height
  --crossing ford|bridge   where the road crosses water (IN's water and river layers), each wet
                      stretch is a crossing: a ford (the road on the bed, as without the option) or a
                      bridge (a deck straight between the banks, the land under it as it was; the
                      car drives on it). Given alone for every crossing, or N=ford|bridge for the
                      Nth along the road (1 = the first); repeatable, the later wins. Saved with the
                      road; the choices are said on stdout. Without it: every crossing a ford.
  --keep-props        keep the props standing on the road (default: they are removed and counted)
  --out FILE          repeatable; the type follows the extension (${outputFormats()
    .map((f) => f.extension)
    .join(', ')})
  --centreline FILE   JSON: { "points": [{ "x", "y", "z", "tangent", "width", "bank" }, …] } from the
                      first point to the last at ≤ 1 m, y on the shaped surface, and "engines": the
                      same points in Unreal, Unity, Terrain3D and HTerrain coordinates
  --report FILE       the road report per 10 m (JSON or CSV by extension): grade, cross slope and
                      bank, radius, vertical curvature and its K, the standard's minimum radius
                      and crest and sag K, and a physics test drive at the design speed
                      (highest speed, stopped, lifted a wheel, left the ground), with flags
                      the water the road fords (water, metres), and each crossing of water
                      ("crossings": ford with its depth against the hatchback's 0.3 m, or bridge
                      with its deck's span)
                      (blindCrest and sag are warnings: the sight distance over a crest or along a sag)
  --ribbon FILE.glb   the road surface as a ribbon mesh (binary glTF): on the shaped surface, 5 cm
                      above it, with normals and UVs (u across, v metres along), map coordinates;
                      a bridge's deck slab (0.8 m) and railings (1 m) as meshes of their own

The road's footprint is a mask source of engine exports: "source": "road" in --masks rules.

The stack below the road is evaluated with progress on stderr for long runs; when IN's saved heights
are not what its layers give, a note says so (the outputs have the layers' heights).

Exit codes: 0 written; 1 a file could not be read or written, or its stack could not be evaluated;
2 bad arguments, a bad spline file, a bad layer in IN or a road the terrain cannot carry (nothing is written).
`;
}

export function parseRoadArgs(args: readonly string[]): RoadOptions {
  const tokens = tokenizeOptions(args, OPTIONS, { flags: ['--keep-props'], repeatable: ['--out', '--via', '--crossing'] });
  if (tokens.positional.length !== 1)
    throw new UsageError(tokens.positional.length === 0 ? 'a terrain file IN is required' : `one terrain file only, got ${tokens.positional.length}`);
  const get = (option: string) => tokens.values.get(option)?.[0];
  const spline = get('--spline');
  const from = get('--from');
  const to = get('--to');
  const vias = tokens.values.get('--via') ?? [];
  if (spline && (from !== undefined || to !== undefined || vias.length > 0))
    throw new UsageError('--spline and --from/--to/--via are two ways to give the road: use one');
  if (!spline && from === undefined && to === undefined) throw new UsageError('--spline road.json is required (or --from x,z --to x,z to route the road)');
  if (!spline && (from === undefined || to === undefined))
    throw new UsageError(from === undefined ? '--from x,z is required with --to' : '--to x,z is required with --from');
  const pointOf = (option: string, text: string) => {
    const parts = text.split(',');
    if (parts.length !== 2 || !parts.every((part) => isDecimal(part.trim()))) throw new UsageError(`${option} must be x,z in metres, got "${text}"`);
    return { x: Number(parts[0]), z: Number(parts[1]) };
  };
  const route = spline ? undefined : [pointOf('--from', from!), ...vias.map((via) => pointOf('--via', via)), pointOf('--to', to!)];
  const avoidText = get('--avoid');
  const avoided = avoidText === undefined ? [] : avoidText.split(',').map((word) => word.trim().toLowerCase());
  if (avoidText !== undefined && (avoided.length === 0 || !avoided.every((word) => word === 'water' || word === 'props')))
    throw new UsageError(`--avoid must be water, props or water,props, got "${avoidText}"`);
  if (avoidText !== undefined && spline) throw new UsageError('--avoid is for a routed road (--from/--to): a spline file gives the road itself');
  const number = (option: string, check: (v: number) => boolean, what: string): number | undefined => {
    const text = get(option);
    if (text === undefined) return undefined;
    const value = isDecimal(text) ? Number(text) : NaN;
    if (!Number.isFinite(value) || !check(value)) throw new UsageError(`${option} must be ${what}, got "${text}"`);
    return value;
  };
  const overrides: Partial<Omit<RoadParams, 'points'>> = {};
  const width = number('--width', (v) => v > 0 && v <= MAX_ROAD_WIDTH, `more than 0 and at most ${MAX_ROAD_WIDTH} metres`);
  if (width !== undefined) overrides.width = width;
  const falloff = number('--falloff', (v) => v >= 0 && v <= MAX_ROAD_FALLOFF, `from 0 to ${MAX_ROAD_FALLOFF} metres`);
  if (falloff !== undefined) Object.assign(overrides, { falloffLeft: falloff, falloffRight: falloff });
  const grade = number('--max-grade', (v) => v > 0 && v <= MAX_GRADE, `more than 0 and at most ${MAX_GRADE} (percent)`);
  if (grade !== undefined) overrides.maxGradePct = grade;
  const slope = number('--slope-limit', (v) => v >= MIN_SLOPE_LIMIT && v <= MAX_SLOPE_LIMIT, `from ${MIN_SLOPE_LIMIT} to ${MAX_SLOPE_LIMIT} degrees`);
  if (slope !== undefined) overrides.slopeLimitDeg = slope;
  const speed = number('--design-speed', (v) => v > 0 && v <= MAX_DESIGN_SPEED, `more than 0 and at most ${MAX_DESIGN_SPEED} km/h`);
  if (speed !== undefined) overrides.designSpeedKmh = speed;
  const eMax = number('--e-max', (v) => (E_MAX_CHOICES as readonly number[]).includes(v), `one of ${E_MAX_CHOICES.join(', ')} (percent)`);
  if (eMax !== undefined) overrides.eMaxPct = eMax;
  const classText = get('--class');
  if (classText !== undefined) {
    const roadClass = parseRoadClass(classText);
    if (!roadClass)
      throw new UsageError(
        `--class must be CLASS-TERRAIN, CLASS one of ${ROAD_CLASSES.join(', ')} and TERRAIN one of ${ROAD_TERRAINS.join(', ')}, got "${classText}"`,
      );
    overrides.roadClass = roadClass;
    if (grade === undefined) overrides.maxGradePct = maxGradeFor(roadClass.kind, roadClass.terrain, speed ?? ROAD_DEFAULTS.designSpeedKmh);
  }
  const surface = get('--surface');
  if (surface !== undefined) {
    if (!(ROAD_SURFACES as readonly string[]).includes(surface)) throw new UsageError(`--surface must be ${ROAD_SURFACES.join(' or ')}, got "${surface}"`);
    overrides.surface = surface as RoadSurface;
  }
  const bank = get('--bank');
  if (bank !== undefined) {
    if (bank === 'auto') overrides.bank = 'auto';
    else overrides.bank = number('--bank', (v) => Math.abs(v) <= MAX_ROAD_BANK, `"auto" or degrees from -${MAX_ROAD_BANK} to ${MAX_ROAD_BANK}`);
  }
  const crossings = (tokens.values.get('--crossing') ?? []).map((text) => {
    const match = /^(?:(\d+)=)?(ford|bridge)$/.exec(text.trim().toLowerCase());
    if (!match || (match[1] !== undefined && Number(match[1]) < 1))
      throw new UsageError(`--crossing must be ford, bridge, N=ford or N=bridge (N = 1 for the first crossing), got "${text}"`);
    return { index: match[1] === undefined ? ('all' as const) : Number(match[1]), kind: match[2] as CrossingKind };
  });
  const outputs = requiredOutputs(tokens.values.get('--out'));
  const centreline = get('--centreline');
  if (centreline !== undefined && !centreline.toLowerCase().endsWith('.json')) throw new UsageError(`--centreline ${centreline}: must be a .json file`);
  const report = get('--report');
  if (report !== undefined && !/\.(json|csv)$/i.test(report)) throw new UsageError(`--report ${report}: must be a .json or .csv file`);
  const ribbon = get('--ribbon');
  if (ribbon !== undefined && !ribbon.toLowerCase().endsWith('.glb')) throw new UsageError(`--ribbon ${ribbon}: must be a .glb file`);
  return {
    input: tokens.positional[0],
    spline: spline ?? '',
    ...(route ? { route } : {}),
    ...(avoidText !== undefined ? { avoid: { water: avoided.includes('water'), props: avoided.includes('props') } } : {}),
    overrides,
    keepProps: tokens.values.has('--keep-props'),
    outputs,
    ...(centreline ? { centreline } : {}),
    ...(report ? { report } : {}),
    ...(ribbon ? { ribbon } : {}),
    ...(crossings.length > 0 ? { crossings } : {}),
  };
}

/** The project's props that have a place and a type (the rest are kept as they are). */
const placedProps = (props: readonly JsonObject[]) =>
  props.filter((p) => typeof p.x === 'number' && typeof p.z === 'number' && typeof p.type === 'string') as (JsonObject & {
    x: number;
    z: number;
    type: string;
    scale?: number;
  })[];

/** A problem with the spline file: exit 2. */
export { SplineError } from './splineFile';

/** road.json: `{ "points": [[x, z] | { x, z, width?, bank? }, …], "width"?, "name"?, "surface"? }`. */
export function parseSpline(bytes: Uint8Array, fileName: string): { points: RoadPoint[]; width?: number; name?: string; surface?: RoadSurface } {
  const { json, fail } = readSplineObject(bytes, fileName, MAX_ROAD_POINTS, ['points', 'width', 'name', 'surface']);
  if (json.points.length < 2) fail(`a road needs at least two points, it has ${json.points.length}`);
  if (json.points.length > MAX_ROAD_POINTS) fail(`has more than ${MAX_ROAD_POINTS} points`);
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  const points = splinePoints<RoadPoint>(json.points, ['width', 'bank'], fail);
  if (json.width !== undefined && !finite(json.width)) fail('"width" must be a number of metres');
  // The road's name becomes its layer's: the one rule for names (no control characters, not empty).
  const nameProblem = json.name === undefined ? null : layerNameProblem(json.name);
  if (nameProblem) fail(`"name": ${nameProblem.replace(/^name /, '')}`);
  if (json.surface !== undefined && !(ROAD_SURFACES as readonly unknown[]).includes(json.surface))
    fail(`"surface" must be ${ROAD_SURFACES.map((s) => `"${s}"`).join(' or ')}`);
  return {
    points,
    ...(json.width !== undefined ? { width: json.width as number } : {}),
    ...(json.name !== undefined ? { name: json.name as string } : {}),
    ...(json.surface !== undefined ? { surface: json.surface as RoadSurface } : {}),
  };
}

/** The input's stack: a project's (a v1 project's steps only where they give its heights), else its heights as one layer. */
export function stackOfInput(loaded: LoadedInput, io: CliIo, command: string, name: string): Layer[] {
  const { field } = loaded;
  let stack = loaded.layers ?? [];
  if (loaded.layerStatus?.origin === 'replay') {
    const settled = settleStack(stack, field.heights, field, true);
    stack = settled?.stack ?? stack;
    if (settled?.note) io.stderr(`faultline ${command}: note: ${name}: ${settled.note}\n`);
  }
  if (stack.length === 0) stack = [{ id: 'heights', name: 'Heights', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: field.heights }];
  return stack;
}

/** The road report with a physics drive at the design speed (without the drive where the car cannot start). */
export async function reportWithDrive(
  fitted: FittedRoad,
  shaped: Heightfield,
  io: CliIo,
  command: string,
  speed?: number,
  obstacles: readonly { x: number; z: number; radius: number }[] = [],
  water: Float32Array | null = null,
): Promise<{ report: ReturnType<typeof roadReport>; drive: Awaited<ReturnType<typeof runDrive>> | null }> {
  const progress = longDriveProgress(createCliProgress(io, command, "the report's test drive", [{ label: 'driving', work: 1 }], false).stage(0));
  // The car drives on the road's bridges' decks (shared/roads/bridge.ts); the report measures the map.
  const decked = heightsWithDecks([fitted], shaped.heights, shaped);
  const ground = decked === shaped.heights ? shaped : createHeightfield(shaped.width, shaped.depth, shaped.cellSize, decked);
  const drive = await runDrive(fitted, ground, speed, obstacles, progress).catch((error: unknown) => {
    io.stderr(`faultline ${command}: note: the test drive could not run: ${message(error)}\n`);
    return null;
  });
  const outcome: DriveOutcome | null = drive ? { rows: drive.rows, reachedEnd: drive.reachedEnd, end: drive.end } : null;
  return { report: roadReport(fitted, shaped.heights, shaped, outcome, water), drive };
}

async function runDrive(
  fitted: FittedRoad,
  shaped: Heightfield,
  speed: number | undefined,
  obstacles: readonly { x: number; z: number; radius: number }[],
  onProgress: (driven: number, total: number) => void,
) {
  const [{ loadRapier }, { driveRoad }, { STOCK_CARS }] = await Promise.all([
    import('../../shared/vehicle/physics/rapier'),
    import('../../shared/roads/drive'),
    import('../../shared/vehicle/physics/cars'),
  ]);
  return driveRoad(await loadRapier(), shaped, fitted, { spec: STOCK_CARS.hatchback, speed, obstacles, onProgress });
}

export function reportBytes(path: string, report: ReturnType<typeof roadReport>, name: string): Uint8Array {
  // A report is given, so its format's bytes are there.
  return reportFormatFor(path).encode({ name, report })!;
}

/** The router on the heights below the road, with progress on stderr for a long search. */
function routeOnCli(
  below: Float32Array,
  field: Heightfield,
  waypoints: { x: number; z: number }[],
  params: RoadParams,
  io: CliIo,
  blocked: Uint8Array | undefined,
) {
  const progress = createCliProgress(io, 'road', 'the route', [{ label: 'routing', work: 1 }], false).stage(0);
  return routeRoad({
    ...(blocked ? { blocked } : {}),
    heights: below,
    size: field,
    waypoints,
    limits: routeLimits(params),
    width: params.width,
    maxCutFill: params.maxCutFill,
    onProgress: (fraction) => progress(Math.round(fraction * 1000), 1000),
  });
}

export async function runRoad(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommand('road', args, io, roadHelp, parseRoadArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
  const targets = [...options.outputs, ...[options.centreline, options.report, options.ribbon].filter((path): path is string => path !== undefined)];
  const refused = await refusedOutputs(io, 'road', targets);
  if (refused !== null) return refused;
  const loaded = await readAndLoad(io, 'road', options.input, {});
  if (!loaded) return EXIT_FAILURE;
  const inputName = displayFileName(options.input);
  const refusedStack = refusedInputStack(io, 'road', inputName, loaded);
  if (refusedStack !== null) return refusedStack;
  let spline: ReturnType<typeof parseSpline> = { points: options.route ?? [] };
  if (!options.route) {
    const read = await readSplineFile(io, 'road', options.spline, 'a road spline file', parseSpline);
    if (!read.ok) return read.exitCode;
    spline = read.spline;
  }
  const { field } = loaded;
  const stack = stackOfInput(loaded, io, 'road', inputName);
  const id = nextRoadId(stack);
  const fromFile = { ...(spline.width !== undefined ? { width: spline.width } : {}), ...(spline.surface !== undefined ? { surface: spline.surface } : {}) };
  const params = newRoadParams(spline.points, { ...fromFile, ...options.overrides });
  let road: RoadLayer = { id, name: spline.name ?? defaultRoadName(id), enabled: true, opacity: 1, kind: 'road', params };
  let next = [...stack, road];
  // Problems with a routed road's values are the command line's: named by the input.
  const splineName = options.route ? inputName : displayFileName(options.spline);
  const problem = stackProblem(next, field);
  if (problem) {
    io.stderr(`faultline road: ${splineName}: ${problem}\n`);
    return EXIT_USAGE;
  }
  const run = { io, command: 'road', fileName: inputName, size: field };
  const below = evaluateForCli(stack, run);
  if (!below) return EXIT_FAILURE;
  // As the window's open check: a file whose heights are not its layers' is said to be so.
  const differs = loaded.layerStatus?.origin === 'saved' ? savedHeightsNote(below, field.heights, field.width) : null;
  if (differs) io.stderr(`faultline road: note: ${inputName}: ${differs}\n`);
  if (options.route) {
    const avoid = options.avoid;
    const blocked = avoid
      ? routeBlockedCells(field, {
          waterDepth: avoid.water && stackHasWater(stack) ? stackWaterDepth(stack, field) : null,
          props: avoid.props ? placedProps(loaded.props) : [],
        })
      : undefined;
    const routed = routeOnCli(below, field, options.route, road.params, io, blocked);
    if (!routed.ok) {
      io.stderr(`faultline road: ${inputName}: ${routed.problem}; nothing written\n`);
      return EXIT_USAGE;
    }
    road = { ...road, params: { ...road.params, points: routed.points } };
    next = [...stack, road];
    const routedProblem = stackProblem(next, field);
    if (routedProblem) {
      io.stderr(`faultline road: ${inputName}: the routed road: ${routedProblem}\n`);
      return EXIT_USAGE;
    }
  }
  // The water the road crosses: the stack's below it (the road goes on top).
  const water = stackHasWater(stack) ? stackWaterDepth(stack, field) : null;
  const crossingLines: string[] = [];
  if (options.crossings) {
    const chosen = chooseCrossings(road.params, options.crossings, water, field, below);
    if (typeof chosen === 'string') {
      io.stderr(`faultline road: ${inputName}: ${chosen}; nothing written\n`);
      return EXIT_USAGE;
    }
    road = { ...road, params: { ...road.params, crossings: chosen.choices } };
    next = [...stack, road];
    crossingLines.push(...chosen.lines);
  }
  const fitted = fitRoad(road.params, below, field);
  const cannot = terrainProblem(fitted);
  if (cannot) {
    io.stderr(`faultline road: ${splineName}: road "${road.name}" (${id}): ${cannot}\n`);
    return EXIT_USAGE;
  }
  // The road on top of the heights below it: the same bytes as the whole stack from scratch.
  const withRoad = evaluateForCli([road], { ...run, input: below, below: stack });
  if (!withRoad) return EXIT_FAILURE;
  const shaped = createHeightfield(field.width, field.depth, field.cellSize, withRoad);
  let props = loaded.props;
  let removed = 0;
  if (!options.keepProps) {
    const placed = placedProps(props);
    const cleared = new Set<JsonObject>(
      propsOnRoads(
        placed.map((p) => ({ ...p, scale: typeof p.scale === 'number' ? p.scale : 1, ref: p })),
        [fitted],
      ).removed.map((p) => p.ref),
    );
    removed = cleared.size;
    props = props.filter((p) => !cleared.has(p));
  }
  const encoded = await encodeLayerOutputs(io, 'road', options.outputs, shaped, { recipe: loaded.recipe, props, layers: next, view: loaded.project?.view });
  if (!encoded) return EXIT_FAILURE;
  const { files, lines } = encoded;
  if (options.centreline) {
    files.push({
      path: options.centreline,
      bytes: ROAD_EXPORT_FORMATS.centreline.encode({ name: road.name, fitted, shaped: { ...field, heights: shaped.heights } })!,
    });
    lines.push(`wrote ${options.centreline} (centreline, ${fitted.line.length.toFixed(1)} m)\n`);
  }
  if (options.ribbon) {
    const ribbon = buildRibbon(fitted, shaped.heights, field);
    const surface = ROAD_EXPORT_FORMATS.surface.encode({ name: road.name, fitted, shaped: { ...field, heights: shaped.heights } });
    files.push({ path: options.ribbon, bytes: surface! });
    lines.push(`wrote ${options.ribbon} (ribbon mesh, ${ribbon.indices.length / 3} triangles)\n`);
  }
  if (options.report) {
    // The water the road crosses: the stack's below it (the road is on top).
    const { report } = await reportWithDrive(fitted, shaped, io, 'road', undefined, [], water);
    files.push({ path: options.report, bytes: reportBytes(options.report, report, road.name) });
    lines.push(
      `wrote ${options.report} (${report.segments.length} segments, ${report.segments.filter((s) => s.flags.some((f) => !isWarningFlag(f))).length} ` +
        `flagged, ${report.segments.filter((s) => s.flags.some(isWarningFlag)).length} warned)\n`,
    );
  }
  if (!(await writeOutputs(io, 'road', files))) return EXIT_FAILURE;
  io.stdout(
    `added ${id} "${road.name}" (${fitted.line.length.toFixed(1)} m)` +
      `${options.keepProps ? '' : `; removed ${removed} prop${removed === 1 ? '' : 's'} on the road`}\n`,
  );
  for (const line of [...crossingLines, ...lines]) io.stdout(line);
  return EXIT_OK;
}

/**
 * The road's crossing choices from --crossing: every crossing of `water` along its centreline, each
 * ford or bridge as asked (the later option wins; a bridge keeps the water's surface over `heights`,
 * the land under the road); a line per crossing for stdout. A string: why not.
 */
export function chooseCrossings(
  params: RoadParams,
  asked: readonly { index: number | 'all'; kind: CrossingKind }[],
  water: Float32Array | null,
  size: { width: number; depth: number; cellSize: number },
  heights: Float32Array,
): { choices: CrossingChoice[]; lines: string[] } | string {
  if (!water) return '--crossing: there is no water (no water or river layer) for the road to cross';
  const line = centrelineOf(params, size.cellSize);
  const found = findCrossings(stationDepths(line, water, size), line.ds, undefined, groundAlong(line, heights, size));
  if (found.length === 0) return '--crossing: the road crosses no water';
  const kinds: (CrossingKind | undefined)[] = found.map(() => undefined);
  for (const { index, kind } of asked) {
    if (index === 'all') kinds.fill(kind);
    else if (index > found.length) return `--crossing ${index}=${kind}: the road crosses water ${found.length} time${found.length === 1 ? '' : 's'}`;
    else kinds[index - 1] = kind;
  }
  let choices: CrossingChoice[] = [];
  const lines: string[] = [];
  found.forEach((c, n) => {
    const kind = kinds[n] ?? 'ford';
    if (kinds[n]) choices = withChoice(choices, c.from, c.to, kind, c.surface);
    lines.push(`crossing ${n + 1}: ${Math.round(c.from)}–${Math.round(c.to)} m, ${c.maxDepth.toFixed(2)} m deep: ${kind}\n`);
  });
  return { choices, lines };
}
