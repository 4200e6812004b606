/** Arguments of `faultline export IN --out FILE …` and `faultline info FILE …`: pure, easy to test. */
import { exportFileNameProblem, MAX_EXPORT_BASE_NAME, quotedFileName } from '../../shared/fileNames';
import type { ExrCompression } from '../../shared/codecs/exr';
import type { ExportRange } from '../../shared/codecs/heightmap';
import { ENGINE_IDS, engineFor, engineSizeProblem, type EngineId } from '../../shared/export/engines';
import type { GreenDirection, NormalSpace } from '../../shared/export/normals';
import type { FitMode, GodotHeightFormat } from '../../shared/export/engineExport';
import type { TileSpec } from '../../shared/export/tiles';
import type { PngChannel } from '../../shared/codecs/png/decode';
import type { ByteOrder } from '../../shared/codecs/raw';
import { FLOAT32_MAX, MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../shared/terrain/heightfield';
import { parseNumber, parseRange as parseNumberRange, parseWhole } from './numbers';
import { tokenizeOptions, UsageError } from './options';
import { outputFormatFor, outputFormats } from './outputs';

/** How to read the input file; only what the user gave is set. */
export interface InputOptions {
  width?: number;
  depth?: number;
  byteOrder?: ByteOrder;
  flip?: boolean;
  /** Height range of an integer input (PNG without metadata, R16). */
  range?: { min: number; max: number };
  cellSize?: number;
  channel?: PngChannel;
  /** Read a project's layer stack (default true): `info` and a plain export do not need it. */
  stack?: boolean;
  /** GeoTIFF/EXR: vertices along the longer side after a bilinear resampling. */
  resample?: number;
}

export interface ExportArgs {
  input: string;
  /** A file, or with --preset a directory. */
  output: string;
  read: InputOptions;
  bits: 8 | 16;
  range: ExportRange;
  byteOrder: ByteOrder;
  flip: boolean;
  exrCompression?: ExrCompression;
  /** Write a normal map (PNG output) instead of heights. */
  normalMap?: { space: NormalSpace; green: GreenDirection };
  /** Cut the output into tiles NAME_x{X}_y{Y}. */
  tiles?: TileSpec;
  /**
   * `--colour-map`: the view's natural colours as an sRGB PNG (instead of heights; with --preset, beside
   * them as NAME_colour.png). Tree and snow lines in metres when given; else a project's, else the view's defaults.
   */
  colourMap?: { treeLine?: number; snowLine?: number };
  /** Engine engineId: everything below goes with it. */
  engine?: EngineArgs;
}

export interface EngineArgs {
  engineId: EngineId;
  /** Base file name; default the input's. */
  name?: string;
  resolution?: number;
  fit?: FitMode;
  cropOrigin?: { i: number; j: number };
  heightFormat?: GodotHeightFormat;
  /** Mask rules (JSON) and erosion data (.r32 at the input's size) to read. */
  masksFile?: string;
  flowFile?: string;
  depositionFile?: string;
  /**
   * `--normalise`: the weight maps must sum to 255 at every pixel. They always do (the stacked layers'
   * roundings telescope: shared/export/masks.ts layerBytes); the flag states the requirement for the
   * engines that need it (Unreal's weight-blended layers, World Machine's Weightmap device).
   */
  normalise?: boolean;
  /** `--water`: also the water's files (depth, flow map, water mesh, river centrelines) of a project's water layer. */
  water?: boolean;
}

export interface InfoArgs {
  input: string;
  read: InputOptions;
}

const FLAGS = new Set(['--flip', '--in-flip', '--normalise', '--colour-map', '--water']);
const INPUT_OPTIONS = ['--size', '--depth', '--in-byte-order', '--in-flip', '--in-range', '--cell-size', '--channel', '--resample'];
const OUTPUT_OPTIONS = [
  '--out',
  '--bits',
  '--range',
  '--byte-order',
  '--flip',
  '--exr-compression',
  '--normal-map',
  '--normal-green',
  '--colour-map',
  '--tree-line',
  '--snow-line',
  '--tile-size',
  '--tile-overlap',
];
const ENGINE_OPTIONS = [
  '--preset',
  '--name',
  '--resolution',
  '--fit',
  '--crop-origin',
  '--height-format',
  '--masks',
  '--flow',
  '--deposition',
  '--normalise',
  '--water',
];
const CHANNELS: readonly PngChannel[] = ['luminance', 'r', 'g', 'b', 'a'];

function parseSide(option: string, text: string): number {
  return parseWhole(option, text, MIN_MAP_SIDE, MAX_MAP_SIDE);
}

/** "MIN:MAX" with MIN ≤ MAX (negative numbers allowed: "-20:35.5"). */
function parseRange(option: string, text: string): { min: number; max: number } {
  const { min, max } = parseNumberRange(option, text, 'auto or MIN:MAX');
  // Heights are float32: a range beyond it cannot be read back (the reader refuses such a file).
  if (Math.abs(min) > FLOAT32_MAX || Math.abs(max) > FLOAT32_MAX)
    throw new UsageError(`${option} must lie within ±${FLOAT32_MAX.toPrecision(5)} (float32 heights), got "${text}"`);
  return { min, max };
}

function parseByteOrder(option: string, text: string): ByteOrder {
  if (text !== 'le' && text !== 'be') throw new UsageError(`${option} must be le or be, got "${text}"`);
  return text;
}

/** One positional file, then `--name value`, `--name=value` or bare flags; each at most once. */
function collect(args: readonly string[], allowed: readonly string[], what: string): { file: string; values: Map<string, string> } {
  const tokens = tokenizeOptions(args, allowed, { flags: [...FLAGS], maxPositionals: 1 });
  const file = tokens.positional[0];
  if (file === undefined || file === '') throw new UsageError(`${what} FILE is required`);
  return { file, values: new Map([...tokens.values].map(([name, list]) => [name, list[0]])) };
}

function readOptions(values: Map<string, string>): InputOptions {
  const read: InputOptions = {};
  const size = values.get('--size');
  const depth = values.get('--depth');
  if (depth !== undefined && size === undefined) throw new UsageError('--depth needs --size');
  if (size !== undefined) {
    read.width = parseSide('--size', size);
    read.depth = depth === undefined ? read.width : parseSide('--depth', depth);
  }
  const byteOrder = values.get('--in-byte-order');
  if (byteOrder !== undefined) read.byteOrder = parseByteOrder('--in-byte-order', byteOrder);
  if (values.has('--in-flip')) read.flip = true;
  const range = values.get('--in-range');
  if (range !== undefined) read.range = parseRange('--in-range', range);
  const cell = values.get('--cell-size');
  if (cell !== undefined) {
    read.cellSize = parseNumber('--cell-size', cell);
    if (!(read.cellSize > 0)) throw new UsageError(`--cell-size must be a positive number of metres, got "${cell}"`);
  }
  const resample = values.get('--resample');
  if (resample !== undefined) read.resample = parseSide('--resample', resample);
  const channel = values.get('--channel');
  if (channel !== undefined) {
    if (!(CHANNELS as readonly string[]).includes(channel)) throw new UsageError(`--channel must be one of ${CHANNELS.join(', ')}, got "${channel}"`);
    read.channel = channel as PngChannel;
  }
  return read;
}

function oneOf<T extends string>(option: string, text: string | undefined, allowed: readonly T[]): T | undefined {
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) throw new UsageError(`${option} must be ${allowed.join(' or ')}, got "${text}"`);
  return text as T;
}

function fileValue(option: string, text: string | undefined): string | undefined {
  if (text === '') throw new UsageError(`${option} needs a file name`);
  return text;
}

function parseEngineArgs(values: Map<string, string>): EngineArgs | undefined {
  const engineId = oneOf('--preset', values.get('--preset'), ENGINE_IDS);
  if (!engineId) {
    const stray = ENGINE_OPTIONS.find((o) => values.has(o));
    if (stray) throw new UsageError(`${stray} needs --preset`);
    return undefined;
  }
  for (const option of ['--bits', '--range', '--byte-order', '--flip'])
    if (values.has(option)) throw new UsageError(`${option} is not used with --preset (the engineId sets it)`);
  const engine: EngineArgs = { engineId };
  const name = values.get('--name');
  if (name !== undefined) {
    const problem = exportFileNameProblem(name, MAX_EXPORT_BASE_NAME);
    if (problem) throw new UsageError(`--name ${quotedFileName(name)} ${problem}`);
    engine.name = name;
  }
  const resolution = values.get('--resolution');
  if (resolution !== undefined) {
    if (!engineFor(engineId).form.choosesSize)
      throw new UsageError(`--resolution is not used with --preset ${engineId} (${engineFor(engineId).label} takes the map at its own size)`);
    engine.resolution = parseWhole('--resolution', resolution, MIN_MAP_SIDE, MAX_MAP_SIDE);
    const problem = engineSizeProblem(engineId, engine.resolution);
    if (problem) throw new UsageError(`--resolution: ${problem}`);
  }
  engine.fit = oneOf('--fit', values.get('--fit'), ['resample', 'crop'] as const);
  if (engine.fit === 'crop' && !engineFor(engineId).form.choosesSize)
    throw new UsageError(`--fit crop is not used with --preset ${engineId} (${engineFor(engineId).label} takes the whole map)`);
  const origin = values.get('--crop-origin');
  if (origin !== undefined) {
    const parts = origin.split(':');
    if (parts.length !== 2) throw new UsageError(`--crop-origin must be I:J (first column and row), got "${origin}"`);
    engine.cropOrigin = { i: parseWhole('--crop-origin', parts[0], 0, MAX_MAP_SIDE), j: parseWhole('--crop-origin', parts[1], 0, MAX_MAP_SIDE) };
    if (engine.fit !== 'crop') throw new UsageError('--crop-origin needs --fit crop');
  }
  engine.heightFormat = oneOf('--height-format', values.get('--height-format'), ['exr', 'r16'] as const);
  if (engine.heightFormat && engineFor(engineId).form.rawHeightLabel === null)
    throw new UsageError(`--height-format is for the Godot presets: ${ENGINE_IDS.filter((p) => engineFor(p).form.rawHeightLabel !== null).join(', ')}`);
  engine.masksFile = fileValue('--masks', values.get('--masks'));
  engine.flowFile = fileValue('--flow', values.get('--flow'));
  engine.depositionFile = fileValue('--deposition', values.get('--deposition'));
  if (values.has('--normalise')) {
    if (!engine.masksFile) throw new UsageError('--normalise needs --masks (it is about the weight maps)');
    engine.normalise = true;
  }
  if (values.has('--water')) engine.water = true;
  return engine;
}

export function parseExportArgs(args: readonly string[]): ExportArgs {
  const { file, values } = collect(args, [...INPUT_OPTIONS, ...OUTPUT_OPTIONS, ...ENGINE_OPTIONS], 'input');
  const output = values.get('--out');
  const engine = parseEngineArgs(values);
  if (output === undefined || output === '') throw new UsageError(engine ? '--out DIR is required' : '--out FILE is required');
  if (!engine && !outputFormatFor(output)) {
    throw new UsageError(
      `--out ${output}: unknown output type (supported: ${outputFormats()
        .map((f) => f.extension)
        .join(', ')})`,
    );
  }
  const bitsText = values.get('--bits') ?? '16';
  if (bitsText !== '8' && bitsText !== '16') throw new UsageError(`--bits must be 8 or 16, got "${bitsText}"`);
  const rangeText = values.get('--range') ?? 'auto';
  const parsed: ExportArgs = {
    input: file,
    output,
    read: readOptions(values),
    bits: bitsText === '8' ? 8 : 16,
    range: rangeText === 'auto' ? 'auto' : parseRange('--range', rangeText),
    byteOrder: parseByteOrder('--byte-order', values.get('--byte-order') ?? 'le'),
    flip: values.has('--flip'),
  };
  if (engine) parsed.engine = engine;
  const exr = oneOf('--exr-compression', values.get('--exr-compression'), ['zip', 'none'] as const);
  if (exr) parsed.exrCompression = exr;
  const space = oneOf('--normal-map', values.get('--normal-map'), ['tangent', 'world'] as const);
  const green = oneOf('--normal-green', values.get('--normal-green'), ['up', 'down'] as const);
  if (green && !space) throw new UsageError('--normal-green needs --normal-map');
  if (space) {
    if (!engine && !output.toLowerCase().endsWith('.png')) throw new UsageError('--normal-map writes a PNG: give --out FILE.png');
    // Unreal reads normal maps DirectX-style (green down); Unity and Godot OpenGL-style.
    parsed.normalMap = { space, green: green ?? (engine ? engineFor(engine.engineId).form.normalGreen : 'up') };
  }
  const treeLine = values.get('--tree-line');
  const snowLine = values.get('--snow-line');
  if (values.has('--colour-map')) {
    if (space && !engine) throw new UsageError('--colour-map and --normal-map each write the one PNG of --out: give one (with --preset both are written)');
    if (!engine && !output.toLowerCase().endsWith('.png')) throw new UsageError('--colour-map writes a PNG: give --out FILE.png');
    parsed.colourMap = {};
    if (treeLine !== undefined) parsed.colourMap.treeLine = parseNumber('--tree-line', treeLine);
    if (snowLine !== undefined) parsed.colourMap.snowLine = parseNumber('--snow-line', snowLine);
  } else if (treeLine !== undefined || snowLine !== undefined) {
    throw new UsageError(`${treeLine !== undefined ? '--tree-line' : '--snow-line'} needs --colour-map`);
  }
  const tileSize = values.get('--tile-size');
  const overlap = values.get('--tile-overlap');
  if (overlap !== undefined && tileSize === undefined) throw new UsageError('--tile-overlap needs --tile-size');
  if (tileSize !== undefined) {
    const size = parseWhole('--tile-size', tileSize, 2, MAX_MAP_SIDE);
    // Unreal's tiled import and Terrain3D's regions put tiles edge to edge: they share no row.
    const edgeToEdge = engine !== undefined && engineFor(engine.engineId).form.tiling?.sharedEdge === false;
    if (edgeToEdge && overlap !== undefined && overlap !== '0')
      throw new UsageError(`--tile-overlap is not used with --preset ${engine.engineId} (its tiles share no edge)`);
    parsed.tiles = { size, overlap: overlap === undefined ? (edgeToEdge ? 0 : 1) : parseWhole('--tile-overlap', overlap, 0, size - 1) };
  }
  return parsed;
}

export function parseInfoArgs(args: readonly string[]): InfoArgs {
  const { file, values } = collect(args, INPUT_OPTIONS, 'input');
  return { input: file, read: readOptions(values) };
}
