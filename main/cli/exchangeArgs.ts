/** Arguments of `faultline export IN --out FILE …` and `faultline info FILE …`: pure, easy to test. */
import type { ExportRange } from '../../shared/codecs/heightmap';
import type { PngChannel } from '../../shared/codecs/png/decode';
import type { ByteOrder } from '../../shared/codecs/raw';
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../shared/terrain/heightfield';
import { UsageError } from './args';
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
}

export interface ExportArgs {
  input: string;
  output: string;
  read: InputOptions;
  bits: 8 | 16;
  range: ExportRange;
  byteOrder: ByteOrder;
  flip: boolean;
}

export interface InfoArgs {
  input: string;
  read: InputOptions;
}

const FLAGS = new Set(['--flip', '--in-flip']);
const INPUT_OPTIONS = ['--size', '--depth', '--in-byte-order', '--in-flip', '--in-range', '--cell-size', '--channel'];
const OUTPUT_OPTIONS = ['--out', '--bits', '--range', '--byte-order', '--flip'];
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const CHANNELS: readonly PngChannel[] = ['luminance', 'r', 'g', 'b', 'a'];

function parseNumber(option: string, text: string): number {
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value)) throw new UsageError(`${option} needs a number, got "${text}"`);
  return value;
}

function parseSide(option: string, text: string): number {
  const value = parseNumber(option, text);
  if (!Number.isInteger(value) || value < MIN_MAP_SIDE || value > MAX_MAP_SIDE) {
    throw new UsageError(`${option} must be a whole number from ${MIN_MAP_SIDE} to ${MAX_MAP_SIDE}, got "${text}"`);
  }
  return value;
}

/** "MIN:MAX" with MIN ≤ MAX (negative numbers allowed: "-20:35.5"). */
function parseRange(option: string, text: string): { min: number; max: number } {
  const parts = text.split(':');
  if (parts.length !== 2) throw new UsageError(`${option} must be auto or MIN:MAX, got "${text}"`);
  const min = parseNumber(option, parts[0]);
  const max = parseNumber(option, parts[1]);
  if (min > max) throw new UsageError(`${option} needs MIN ≤ MAX, got "${text}"`);
  return { min, max };
}

function parseByteOrder(option: string, text: string): ByteOrder {
  if (text !== 'le' && text !== 'be') throw new UsageError(`${option} must be le or be, got "${text}"`);
  return text;
}

/** One positional file, then `--name value`, `--name=value` or bare flags; each at most once. */
function collect(args: readonly string[], allowed: readonly string[], what: string): { file: string; values: Map<string, string> } {
  const values = new Map<string, string>();
  let file: string | undefined;
  for (let k = 0; k < args.length; k++) {
    const arg = args[k];
    if (!arg.startsWith('--')) {
      if (file !== undefined) throw new UsageError(`unexpected argument "${arg}"`);
      file = arg;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    if (!allowed.includes(name)) throw new UsageError(`unknown option ${name}`);
    if (values.has(name)) throw new UsageError(`${name} is given more than once`);
    if (FLAGS.has(name)) {
      if (eq >= 0) throw new UsageError(`${name} takes no value`);
      values.set(name, 'true');
    } else if (eq >= 0) values.set(name, arg.slice(eq + 1));
    else {
      if (k + 1 >= args.length) throw new UsageError(`${name} needs a value`);
      values.set(name, args[++k]);
    }
  }
  if (file === undefined || file === '') throw new UsageError(`${what} FILE is required`);
  return { file, values };
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
  const channel = values.get('--channel');
  if (channel !== undefined) {
    if (!(CHANNELS as readonly string[]).includes(channel)) throw new UsageError(`--channel must be one of ${CHANNELS.join(', ')}, got "${channel}"`);
    read.channel = channel as PngChannel;
  }
  return read;
}

export function parseExportArgs(args: readonly string[]): ExportArgs {
  const { file, values } = collect(args, [...INPUT_OPTIONS, ...OUTPUT_OPTIONS], 'input');
  const output = values.get('--out');
  if (output === undefined || output === '') throw new UsageError('--out FILE is required');
  if (!outputFormatFor(output)) {
    throw new UsageError(`--out ${output}: unknown output type (supported: ${outputFormats().map((f) => f.extension).join(', ')})`);
  }
  const bitsText = values.get('--bits') ?? '16';
  if (bitsText !== '8' && bitsText !== '16') throw new UsageError(`--bits must be 8 or 16, got "${bitsText}"`);
  const rangeText = values.get('--range') ?? 'auto';
  return {
    input: file,
    output,
    read: readOptions(values),
    bits: bitsText === '8' ? 8 : 16,
    range: rangeText === 'auto' ? 'auto' : parseRange('--range', rangeText),
    byteOrder: parseByteOrder('--byte-order', values.get('--byte-order') ?? 'le'),
    flip: values.has('--flip'),
  };
}

export function parseInfoArgs(args: readonly string[]): InfoArgs {
  const { file, values } = collect(args, INPUT_OPTIONS, 'input');
  return { input: file, read: readOptions(values) };
}
