/**
 * `faultline river IN --spline river.json [--width m] [--depth m] --out OUT [--out OUT…]`: adds a
 * drawn river (`river-1`, `river-2`, …) on top of IN's layer stack (a heightmap becomes one "heights"
 * layer) and writes every output all or nothing. A bad spline, a river the terrain cannot carry (a bed
 * deeper than its limit) or a bad river layer already in IN: one line naming the file, the layer and
 * the problem, exit 2, nothing written.
 */
import { displayFileName } from '../../shared/codecs/errors';
import { nextRiverId } from '../../shared/layers/kinds/river';
import type { RiverLayer } from '../../shared/layers/types';
import { layerNameProblem, stackProblem } from '../../shared/layers/validate';
import { fitRiver, riverTerrainProblem } from '../../shared/rivers/fittedRiver';
import { MAX_RIVER_CUT, MAX_RIVER_POINTS, MAX_RIVER_WIDTH, RIVER_DEFAULTS, riverParams, type RiverParams, type RiverPoint } from '../../shared/rivers/params';
import { createHeightfield } from '../../shared/terrain/heightfield';
import type { CliIo } from './io';
import { parseCommand } from './commandArgs';
import { readAndLoad } from './exchangeCommands';
import { refusedInputStack } from './inputStack';
import { EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './exitCodes';
import { tokenizeOptions, UsageError } from './options';
import { writeOutputs } from './outputSet';
import { outputFormats } from './outputs';
import { stackOfInput } from './road';
import { readSplineObject } from './splineFile';
import { encodeLayerOutputs, refusedOutputs, requiredOutputs } from './layerOutputs';
import { readSplineFile, splinePoints } from './splineInput';
import { evaluateForCli, savedHeightsNote } from './stackEvaluation';

export interface RiverOptions {
  input: string;
  spline: string;
  overrides: Partial<Pick<RiverParams, 'width' | 'depth'>>;
  outputs: string[];
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function riverHelp(): string {
  const d = RIVER_DEFAULTS;
  return `Usage: faultline river IN --spline river.json [--width m] [--depth m] --out OUT [--out OUT…]

Adds a drawn river that carves its bed as a layer ("river-1", "river-2", …; kind "river" in
"faultline layers --json") on top of IN's layer stack (a heightmap becomes one "heights" layer under
it) and writes every --out, all or nothing (a .faultline keeps the stack, so the river can be edited,
switched off or removed with "faultline layers").

river.json: { "points": [[x, z], …], "width"?: m, "depth"?: m, "name"?: "…" } in metres, origin at
the map centre, from the source (first point) to the mouth (last); a point may be
{ "x", "z", "width"?, "depth"? } to set its own width and depth. The name (the river layer's) is
1…200 characters without control characters.

The river: a centripetal Catmull-Rom centreline through the points (as a road's); a water surface
that starts on the ground at the source and never rises downstream (the lowest ground met so far: a
bump across the river is cut through); a flat bed the depth below that surface; banks that blend
back to the ground over at least ${d.falloff} m, no steeper than ${d.bankSlopeDeg}°. The river only cuts, and
outside its footprint every height is unchanged, bit for bit. A bed more than ${d.maxCut} m below the
ground (the limit) is refused. Where it meets a lake or the automatic water ("faultline water") its
surface ends at theirs; a channel that reaches it across its bank (a tributary) has its bed graded
into the river's, at most 0.15 m a metre over up to 40 m, its water coming down with it.
  --width m   bed width (default: the file's "width", else ${d.width}; at most ${MAX_RIVER_WIDTH})
  --depth m   bed depth below the surface (default: the file's "depth", else ${d.depth}; at most ${d.maxCut})
  --out FILE  repeatable; the type follows the extension (${outputFormats()
    .map((f) => f.extension)
    .join(', ')})

Exit codes: 0 written; 1 a file could not be read or written, or its stack could not be evaluated;
2 bad arguments, a bad spline file, a bad river layer in IN, or a river the terrain cannot carry
(nothing is written).
`;
}

export function parseRiverArgs(args: readonly string[]): RiverOptions {
  const tokens = tokenizeOptions(args, ['--spline', '--width', '--depth', '--out'], { repeatable: ['--out'] });
  if (tokens.positional.length !== 1)
    throw new UsageError(tokens.positional.length === 0 ? 'a terrain file IN is required' : `one terrain file only, got ${tokens.positional.length}`);
  const get = (option: string) => tokens.values.get(option)?.[0];
  const spline = get('--spline');
  if (!spline) throw new UsageError('--spline river.json is required');
  const number = (option: string, max: number): number | undefined => {
    const text = get(option);
    if (text === undefined) return undefined;
    const value = DECIMAL.test(text) ? Number(text) : NaN;
    if (!(Number.isFinite(value) && value > 0 && value <= max)) throw new UsageError(`${option} must be more than 0 and at most ${max} metres, got "${text}"`);
    return value;
  };
  const overrides: RiverOptions['overrides'] = {};
  const width = number('--width', MAX_RIVER_WIDTH);
  if (width !== undefined) overrides.width = width;
  const depth = number('--depth', MAX_RIVER_CUT);
  if (depth !== undefined) overrides.depth = depth;
  const outputs = requiredOutputs(tokens.values.get('--out'));
  return { input: tokens.positional[0], spline, overrides, outputs };
}

/** river.json: `{ "points": [[x, z] | { x, z, width?, depth? }, …], "width"?, "depth"?, "name"? }`. */
export function parseRiverSpline(bytes: Uint8Array, fileName: string): { points: RiverPoint[]; width?: number; depth?: number; name?: string } {
  const { json, fail } = readSplineObject(bytes, fileName, MAX_RIVER_POINTS, ['points', 'width', 'depth', 'name']);
  if (json.points.length < 2) fail(`a river needs at least two points (its source and its mouth), it has ${json.points.length}`);
  if (json.points.length > MAX_RIVER_POINTS) fail(`has more than ${MAX_RIVER_POINTS} points`);
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  const points = splinePoints<RiverPoint>(json.points, ['width', 'depth'], fail);
  for (const key of ['width', 'depth'] as const) if (json[key] !== undefined && !finite(json[key])) fail(`"${key}" must be a number of metres`);
  const nameProblem = json.name === undefined ? null : layerNameProblem(json.name);
  if (nameProblem) fail(`"name": ${nameProblem.replace(/^name /, '')}`);
  return {
    points,
    ...(json.width !== undefined ? { width: json.width as number } : {}),
    ...(json.depth !== undefined ? { depth: json.depth as number } : {}),
    ...(json.name !== undefined ? { name: json.name as string } : {}),
  };
}

export async function runRiver(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommand('river', args, io, riverHelp, parseRiverArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
  const refused = await refusedOutputs(io, 'river', options.outputs);
  if (refused !== null) return refused;
  const loaded = await readAndLoad(io, 'river', options.input, {});
  if (!loaded) return EXIT_FAILURE;
  const inputName = displayFileName(options.input);
  const refusedStack = refusedInputStack(io, 'river', inputName, loaded);
  if (refusedStack !== null) return refusedStack;
  const status = loaded.layerStatus;
  const splineName = displayFileName(options.spline);
  const read = await readSplineFile(io, 'river', options.spline, 'a river spline file', parseRiverSpline);
  if (!read.ok) return read.exitCode;
  const spline = read.spline;
  const { field } = loaded;
  const stack = stackOfInput(loaded, io, 'river', inputName);
  const id = nextRiverId(stack);
  const params = riverParams(spline.points, {
    ...(spline.width !== undefined ? { width: spline.width } : {}),
    ...(spline.depth !== undefined ? { depth: spline.depth } : {}),
    ...options.overrides,
  });
  const river: RiverLayer = { id, name: spline.name ?? `River ${id.slice(6)}`, enabled: true, opacity: 1, kind: 'river', params };
  const next = [...stack, river];
  const problem = stackProblem(next, field);
  if (problem) {
    io.stderr(`faultline river: ${splineName}: ${problem}\n`);
    return EXIT_USAGE;
  }
  const run = { io, command: 'river', fileName: inputName, size: field };
  const below = evaluateForCli(stack, run);
  if (!below) return EXIT_FAILURE;
  const differs = status?.origin === 'saved' ? savedHeightsNote(below, field.heights, field.width) : null;
  if (differs) io.stderr(`faultline river: note: ${inputName}: ${differs}\n`);
  const fitted = fitRiver(params, below, field);
  const cannot = riverTerrainProblem(fitted);
  if (cannot) {
    io.stderr(`faultline river: ${splineName}: river "${river.name}" (${id}): ${cannot}\n`);
    return EXIT_USAGE;
  }
  // The river on top of the heights below it: the same bytes as the whole stack from scratch.
  const withRiver = evaluateForCli([river], { ...run, input: below });
  if (!withRiver) return EXIT_FAILURE;
  const shaped = createHeightfield(field.width, field.depth, field.cellSize, withRiver);
  const encoded = await encodeLayerOutputs(io, 'river', options.outputs, shaped, {
    recipe: loaded.recipe,
    props: loaded.props,
    layers: next,
    view: loaded.project?.view,
  });
  if (!encoded) return EXIT_FAILURE;
  const { files, lines } = encoded;
  if (!(await writeOutputs(io, 'river', files))) return EXIT_FAILURE;
  const fall = fitted.surface[0] - fitted.surface[fitted.line.n - 1];
  io.stdout(`added ${id} "${river.name}" (${fitted.line.length.toFixed(1)} m, the surface falls ${fall.toFixed(2)} m)\n`);
  for (const line of lines) io.stdout(line);
  return EXIT_OK;
}
