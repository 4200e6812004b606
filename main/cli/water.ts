/**
 * `faultline water IN --out OUT [--out OUT…] [--river-area m²] [--lakes on|off] [--min-lake-area m²]
 * [--width-scale F] [--depth-scale F] [--depth F.r32|.exr] [--accumulation F.r32] [--flow F.png]
 * [--water-mesh F.glb] [--river-centrelines F.json]`:
 * adds the automatic water layer (`water-1`, `water-2`, …) on top of IN's layer stack and writes
 * every output all or nothing.
 */
import { displayFileName } from '../../shared/codecs/errors';
import { createCodecRegistry } from '../../shared/codecs/registry';
import { encodeWaterFile } from '../../shared/export/waterFiles';
import { WATER_LAKE, WATER_RIVER } from '../../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS, MAX_MIN_LAKE_DEPTH, WATER_LIMITS, type WaterParams } from '../../shared/hydrology/waterParams';
import { stackWater } from '../../shared/layers/stackWater';
import type { WaterLayer } from '../../shared/layers/types';
import { stackProblem } from '../../shared/layers/validate';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { nativeDeflate } from '../services/nativeDeflate';
import type { CliIo } from './io';
import { parseCommand } from './commandArgs';
import { message, readAndLoad } from './exchangeCommands';
import { tokenizeOptions, UsageError } from './options';
import { checkOutputs, writeOutputs, type OutputFile } from './outputSet';
import { outputFormatFor, outputFormats } from './outputs';
import { stackOfInput } from './road';
import { refusedInputStack } from './inputStack';
import { EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './exitCodes';
import { isDecimal } from './numbers';

export interface WaterOptions {
  input: string;
  params: WaterParams;
  outputs: string[];
  depth?: string;
  accumulation?: string;
  flow?: string;
  waterMesh?: string;
  riverCentrelines?: string;
}

/** Every option `faultline water` takes (its synopsis and option list name each: water.test.ts). */
export const WATER_OPTIONS = [
  '--river-area',
  '--lakes',
  '--min-lake-area',
  '--min-lake-depth',
  '--width-scale',
  '--depth-scale',
  '--bank-slope',
  '--out',
  '--depth',
  '--accumulation',
  '--flow',
  '--water-mesh',
  '--river-centrelines',
];

export function waterHelp(): string {
  const d = DEFAULT_WATER_PARAMS;
  return `Usage: faultline water IN --out OUT [--out OUT…] [--river-area m²] [--lakes on|off]
                      [--min-lake-area m²] [--min-lake-depth m] [--width-scale F] [--depth-scale F]
                      [--bank-slope deg]
                      [--depth FILE.r32|.exr] [--accumulation FILE.r32] [--flow FILE.png]
                      [--water-mesh FILE.glb] [--river-centrelines FILE.json]

Adds automatic water as a layer ("water-1", "water-2", …) on top of IN's layer stack (a heightmap
becomes one "heights" layer under it) and writes every output, all or nothing. Rivers run wherever
the contributing area (multiple flow directions) reaches --river-area; each is a channel carved
width 0.003·A^0.5 m wide and 0.0012·A^0.4 m deep (A in m²; times the scales: 3 m and 0.3 m at 1 km²,
bankfull widths and depths as published, docs/cli.md) below its water surface,
along the line from each river vertex to the water below it (a V meeting the water at half the
width, so the water between the vertices is one ribbon), with banks at --bank-slope that run on
until they meet walls under that slope (at most 16 cells; a cell past the channel on steeper ones);
every depression of at least --min-lake-area whose water is --min-lake-depth deep at its deepest
holds a lake at its spill height. The water surface never rises downstream; land no channel reaches keeps its
height bit for bit.
  --river-area m²     contributing area a river starts at (default: ${d.riverArea.toLocaleString('en-US')}; from ${WATER_LIMITS.riverArea[0]})
  --lakes on|off      fill depressions with lakes (default: ${d.lakes ? 'on' : 'off'})
  --min-lake-area m²  smallest lake kept (default: ${d.minLakeArea})
  --min-lake-depth m  shallowest lake kept, its deepest water (default: ${d.minLakeDepth}; shallower
                      depressions are films on flat ground and stay dry)
  --width-scale F     multiplies river widths (default: ${d.widthScale})
  --depth-scale F     multiplies river depths (default: ${d.depthScale})
  --bank-slope deg    steepest river bank (default: ${d.bankSlopeDeg})
  --out FILE          repeatable; the type follows the extension (${outputFormats()
    .map((f) => f.extension)
    .join(', ')})
  --depth FILE        water depth in metres, 0 where dry, drawn rivers' too (.r32 or .exr)
  --accumulation FILE contributing area in m² of the ground the water was found on (.r32)
  --flow FILE.png     flow map, 8-bit RGB, pixel (i, j) = vertex (i, j): R = 0.5 + 0.5·dx, G = 0.5 + 0.5·dz
                      of the unit flow direction on the map's x and z axes, B = flow speed 0–1
                      (Manning: ∝ A^0.27·√slope, as a fraction of the map's fastest; still water 0)
  --water-mesh FILE.glb  the water surface as meshes "lakes" and "rivers" (map metres, y up, origin
                      at the map centre), reaching one cell past the shore under the banks; rivers
                      carved along their lines (new layers) are strips of the river's width
  --river-centrelines FILE.json  every river from source to mouth: x, y (water surface), z, tangent,
                      width, depth, in map coordinates and each engine preset's; the automatic
                      network's, then IN's drawn rivers (river layers, "source": "drawn", "layer": id)

Exit codes: 0 written; 1 a file could not be read or written; 2 bad arguments, or a bad water or river
layer in IN (one line naming the file, the layer and the problem; nothing is written).
`;
}

export function parseWaterArgs(args: readonly string[]): WaterOptions {
  const tokens = tokenizeOptions(args, WATER_OPTIONS, { repeatable: ['--out'] });
  if (tokens.positional.length !== 1)
    throw new UsageError(tokens.positional.length === 0 ? 'a terrain file IN is required' : `one terrain file only, got ${tokens.positional.length}`);
  const get = (option: string) => tokens.values.get(option)?.[0];
  const params: WaterParams = { ...DEFAULT_WATER_PARAMS };
  const number = (option: string, [min, max]: readonly [number, number]): number | undefined => {
    const text = get(option);
    if (text === undefined) return undefined;
    const value = isDecimal(text) ? Number(text) : NaN;
    if (!Number.isFinite(value) || value < min || value > max)
      throw new UsageError(`${option} must be a number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got "${text}"`);
    return value;
  };
  params.riverArea = number('--river-area', WATER_LIMITS.riverArea) ?? params.riverArea;
  params.minLakeArea = number('--min-lake-area', WATER_LIMITS.minLakeArea) ?? params.minLakeArea;
  params.minLakeDepth = number('--min-lake-depth', [0, MAX_MIN_LAKE_DEPTH]) ?? params.minLakeDepth;
  params.widthScale = number('--width-scale', WATER_LIMITS.widthScale) ?? params.widthScale;
  params.depthScale = number('--depth-scale', WATER_LIMITS.depthScale) ?? params.depthScale;
  params.bankSlopeDeg = number('--bank-slope', WATER_LIMITS.bankSlopeDeg) ?? params.bankSlopeDeg;
  const lakes = get('--lakes');
  if (lakes !== undefined) {
    if (lakes !== 'on' && lakes !== 'off') throw new UsageError(`--lakes must be on or off, got "${lakes}"`);
    params.lakes = lakes === 'on';
  }
  const outputs = tokens.values.get('--out') ?? [];
  if (outputs.length === 0) throw new UsageError('at least one --out FILE is required');
  for (const path of outputs) if (!outputFormatFor(path)) throw new UsageError(`--out ${path}: unknown output type`);
  const depth = get('--depth');
  if (depth !== undefined && !/\.(r32|exr)$/i.test(depth)) throw new UsageError(`--depth ${depth}: must be a .r32 or .exr file`);
  const accumulation = get('--accumulation');
  if (accumulation !== undefined && !/\.r32$/i.test(accumulation)) throw new UsageError(`--accumulation ${accumulation}: must be a .r32 file`);
  const flow = get('--flow');
  if (flow !== undefined && !/\.png$/i.test(flow)) throw new UsageError(`--flow ${flow}: must be a .png file`);
  const waterMesh = get('--water-mesh');
  if (waterMesh !== undefined && !/\.glb$/i.test(waterMesh)) throw new UsageError(`--water-mesh ${waterMesh}: must be a .glb file`);
  const riverCentrelines = get('--river-centrelines');
  if (riverCentrelines !== undefined && !/\.json$/i.test(riverCentrelines))
    throw new UsageError(`--river-centrelines ${riverCentrelines}: must be a .json file`);
  return {
    input: tokens.positional[0],
    params,
    outputs,
    ...(depth ? { depth } : {}),
    ...(accumulation ? { accumulation } : {}),
    ...(flow ? { flow } : {}),
    ...(waterMesh ? { waterMesh } : {}),
    ...(riverCentrelines ? { riverCentrelines } : {}),
  };
}

/** The next free water id: `water-1`, `water-2`, … */
function nextWaterId(stack: readonly { id: string }[]): string {
  let highest = 0;
  for (const { id } of stack) {
    const match = /^water-(\d+)$/.exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `water-${highest + 1}`;
}

export async function runWater(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommand('water', args, io, waterHelp, parseWaterArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
  const targets = [
    ...options.outputs,
    ...[options.depth, options.accumulation, options.flow, options.waterMesh, options.riverCentrelines].filter((path): path is string => path !== undefined),
  ];
  if (new Set(targets).size !== targets.length) {
    io.stderr('faultline water: the same file is given for two outputs\n');
    return EXIT_USAGE;
  }
  if (!(await checkOutputs(io, 'water', targets))) return EXIT_FAILURE;
  const loaded = await readAndLoad(io, 'water', options.input, {});
  if (!loaded) return EXIT_FAILURE;
  const inputName = displayFileName(options.input);
  const refusedStack = refusedInputStack(io, 'water', inputName, loaded);
  if (refusedStack !== null) return refusedStack;
  const { field } = loaded;
  const stack = stackOfInput(loaded, io, 'water', inputName);
  const id = nextWaterId(stack);
  const layer: WaterLayer = { id, name: `Water ${id.slice(6)}`, enabled: true, opacity: 1, kind: 'water', params: options.params };
  const next = [...stack, layer];
  const problem = stackProblem(next, field);
  if (problem) {
    io.stderr(`faultline water: ${inputName}: ${problem}\n`);
    return EXIT_USAGE;
  }
  // The stack's heights and water (its drawn rivers' too), as every user of water finds them.
  const found = stackWater(next, field)!;
  const water = found.automatic!.water;
  const shaped = createHeightfield(field.width, field.depth, field.cellSize, found.heights);
  const files: OutputFile[] = [];
  const lines: string[] = [];
  try {
    for (const path of options.outputs) {
      const format = outputFormatFor(path)!;
      files.push({
        path,
        bytes: await format.encodeAsync(shaped, {
          recipe: loaded.recipe,
          history: [],
          props: loaded.props,
          layers: next,
          ...(loaded.project && { view: loaded.project.view }),
          fileName: displayFileName(path),
        }),
      });
      lines.push(`wrote ${path} (${field.width}×${field.depth}, ${next.length} layers)\n`);
    }
    if (options.depth) {
      const format = outputFormatFor(options.depth)!;
      files.push({
        path: options.depth,
        bytes: await format.encodeAsync(createHeightfield(field.width, field.depth, field.cellSize, found.depth), { fileName: displayFileName(options.depth) }),
      });
      lines.push(`wrote ${options.depth} (water depth, m)\n`);
    }
    if (options.accumulation) {
      const format = outputFormatFor(options.accumulation)!;
      files.push({
        path: options.accumulation,
        bytes: await format.encodeAsync(createHeightfield(field.width, field.depth, field.cellSize, Float32Array.from(water.area)), {
          fileName: displayFileName(options.accumulation),
        }),
      });
      lines.push(`wrote ${options.accumulation} (contributing area, m²)\n`);
    }
    const codecs = createCodecRegistry({ deflate: nativeDeflate });
    for (const [kind, path, what] of [
      ['flow', options.flow, 'flow map'],
      ['mesh', options.waterMesh, 'water surface mesh'],
      ['centrelines', options.riverCentrelines, 'river centrelines'],
    ] as const) {
      if (!path) continue;
      files.push({ path, bytes: encodeWaterFile({ kind, fileName: displayFileName(path), size: field, found, codecs, deflate: nativeDeflate }) });
      lines.push(`wrote ${path} (${what})\n`);
    }
  } catch (error) {
    io.stderr(`faultline water: ${message(error)}\n`);
    return EXIT_FAILURE;
  }
  if (!(await writeOutputs(io, 'water', files))) return EXIT_FAILURE;
  let river = 0;
  let lake = 0;
  for (const kind of water.kind) {
    if (kind === WATER_RIVER) river++;
    else if (kind === WATER_LAKE) lake++;
  }
  io.stdout(`added ${id} "${layer.name}" (${river} river vertices, ${lake} lake vertices)\n`);
  for (const line of lines) io.stdout(line);
  return EXIT_OK;
}
