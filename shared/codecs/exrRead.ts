/**
 * OpenEXR heightmap import: a single-part scanline or tiled (one level) file, half or float (or
 * uint) samples, compression none, RLE, ZIPS, ZIP (OpenEXR File Layout and its compression
 * notes: the byte-split predictor shared by RLE and ZIP) or PIZ (exrPiz.ts). The height channel is "Y" if there is one,
 * else "R", else "Z" (depth), else the only channel. The lossy methods are refused by name.
 * Everything is measured against the file's length before it is allocated.
 */
import { failFor } from './errors';
import type { DecodedHeightmap } from './heightmap';
import { assertRasterSize, fitRaster } from './rasterRepair';
import { pizDecode } from './exrPiz';
import { BlockError, inflateAtMost } from './tiff/blockDecoders';

export interface ExrReadOptions {
  resample?: number;
}

const MAGIC = 20000630;
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const COMPRESSION_NAMES = ['none', 'RLE', 'ZIPS', 'ZIP', 'PIZ', 'PXR24', 'B44', 'B44A', 'DWAA', 'DWAB'];
const LINES_PER_BLOCK: Record<number, number> = { 0: 1, 1: 1, 2: 1, 3: 16, 4: 32 };
const SAMPLE_BYTES = [4, 2, 4]; // UINT, HALF, FLOAT
const SAMPLE_NAMES = ['uint', 'half', 'float32'];
/** Which channel holds the heights, in order of preference. */
export const EXR_HEIGHT_CHANNELS = ['Y', 'R', 'Z'] as const;

interface Channel {
  name: string;
  type: number;
}

/** Half-float bits to a number (IEEE 754 binary16). */
export function halfToFloat(bits: number): number {
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  const sign = bits & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/** Undoes OpenEXR's ZIP/RLE predictor and byte split: deltas (+128), then the two halves interleaved. */
export function exrUnpredict(data: Uint8Array): Uint8Array {
  const n = data.length;
  let previous = data[0];
  for (let k = 1; k < n; k++) {
    previous = (previous + data[k] - 128) & 0xff;
    data[k] = previous;
  }
  const out = new Uint8Array(n);
  const half = (n + 1) >> 1;
  for (let a = 0; a < half; a++) out[2 * a] = data[a];
  for (let b = 0; 2 * b + 1 < n; b++) out[2 * b + 1] = data[half + b];
  return out;
}

/** OpenEXR RLE: a signed count, then -count literal bytes or one byte repeated count + 1 times. */
function rleDecode(input: Uint8Array, capacity: number): Uint8Array {
  const out = new Uint8Array(capacity);
  let produced = 0;
  for (let at = 0; at < input.length;) {
    const count = (input[at++] << 24) >> 24;
    if (count < 0) {
      if (produced - count > capacity || at - count > input.length) throw new BlockError('a run past the block');
      out.set(input.subarray(at, at - count), produced);
      produced -= count;
      at -= count;
    } else {
      if (produced + count + 1 > capacity || at >= input.length) throw new BlockError('a run past the block');
      out.fill(input[at++], produced, produced + count + 1);
      produced += count + 1;
    }
  }
  return out.subarray(0, produced);
}

class HeaderReader {
  at = 0;
  constructor(
    readonly bytes: Uint8Array,
    readonly fail: (problem: string) => never,
  ) {}
  /** A NUL-terminated name of at most 255 bytes. */
  name(): string {
    const end = this.bytes.indexOf(0, this.at);
    if (end < 0 || end - this.at > 255) this.fail('is truncated or corrupt: a header name does not end');
    const text = String.fromCharCode(...this.bytes.subarray(this.at, end));
    this.at = end + 1;
    return text;
  }
}

export function parseExrHeightmap(bytes: Uint8Array, fileName: string, options: ExrReadOptions = {}): DecodedHeightmap {
  const fail = failFor(fileName);
  if (bytes.length < 8) fail(`is ${bytes.length} bytes long, too short for OpenEXR`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getInt32(0, true) !== MAGIC) fail('is not an OpenEXR file (no magic number)');
  const flags = view.getUint32(4, true);
  if ((flags & 0xff) !== 2) fail(`is OpenEXR version ${flags & 0xff}; Faultline reads version 2`);
  if (flags & 0x1800) fail('is a multi-part or deep OpenEXR file; Faultline reads single-part images');
  const tiledFlag = (flags & 0x200) !== 0;

  const header = new HeaderReader(bytes, fail);
  header.at = 8;
  const attributes = new Map<string, { type: string; at: number; size: number }>();
  for (;;) {
    if (header.at >= bytes.length) fail('is truncated in its header');
    const name = header.name();
    if (name === '') break;
    const type = header.name();
    if (header.at + 4 > bytes.length) fail('is truncated in its header');
    const size = view.getInt32(header.at, true);
    header.at += 4;
    if (size < 0 || header.at + size > bytes.length) fail(`is truncated or corrupt: attribute ${name} declares ${size} bytes`);
    attributes.set(name, { type, at: header.at, size });
    header.at += size;
  }
  const need = (name: string, minSize: number): { at: number; size: number } => {
    const a = attributes.get(name);
    if (!a || a.size < minSize) return fail(`has no usable ${name} attribute`);
    return a;
  };

  const channels: Channel[] = [];
  const list = need('channels', 1);
  for (let at = list.at; at < list.at + list.size && bytes[at] !== 0;) {
    const end = bytes.indexOf(0, at);
    if (end < 0 || end + 17 > list.at + list.size) fail('has a corrupt channel list');
    const name = String.fromCharCode(...bytes.subarray(at, end));
    const type = view.getInt32(end + 1, true);
    if (type < 0 || type > 2) fail(`channel ${name} has unknown pixel type ${type}`);
    if (view.getInt32(end + 9, true) !== 1 || view.getInt32(end + 13, true) !== 1)
      fail(`channel ${name} is subsampled; Faultline reads full-resolution channels`);
    channels.push({ name, type });
    at = end + 17;
  }
  if (channels.length === 0) fail('has no channels');
  const chosen =
    EXR_HEIGHT_CHANNELS.map((n) => channels.find((c) => c.name === n)).find((c) => c !== undefined) ??
    (channels.length === 1 ? channels[0] : undefined) ??
    fail(`has channels ${channels.map((c) => c.name).join(', ')}; Faultline takes the heights from Y, R or Z (or a single channel)`);

  const compression = bytes[need('compression', 1).at];
  if (LINES_PER_BLOCK[compression] === undefined)
    fail(`uses ${COMPRESSION_NAMES[compression] ?? `compression ${compression}`}; Faultline reads EXR compressed with none, RLE, ZIPS, ZIP or PIZ`);
  const box = need('dataWindow', 16).at;
  const xMin = view.getInt32(box, true);
  const yMin = view.getInt32(box + 4, true);
  const width = view.getInt32(box + 8, true) - xMin + 1;
  const depth = view.getInt32(box + 12, true) - yMin + 1;
  assertRasterSize(width, depth, options.resample, fail);

  let tileWidth = width;
  let tileHeight = LINES_PER_BLOCK[compression];
  const tiles = attributes.get('tiles');
  if (tiledFlag) {
    if (!tiles || tiles.size < 9) return fail('is tiled but has no tile description');
    tileWidth = view.getUint32(tiles.at, true);
    tileHeight = view.getUint32(tiles.at + 4, true);
    if (tileWidth < 1 || tileHeight < 1) fail(`has tiles of ${tileWidth} × ${tileHeight}`);
    // Any mip or rip levels come after level 0 in the offset table: only level 0 is read.
  }
  const across = Math.ceil(width / tileWidth);
  const down = Math.ceil(depth / tileHeight);
  const blocks = across * down;
  const tableAt = header.at;
  if (tableAt + 8 * blocks > bytes.length) fail(`is truncated: its table of ${blocks} blocks runs past its ${bytes.length} bytes`);

  const pixelBytes = channels.reduce((sum, c) => sum + SAMPLE_BYTES[c.type], 0);
  const units = channels.map((c) => SAMPLE_BYTES[c.type] / 2);
  const heights = new Float32Array(width * depth);
  const seen = new Uint8Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const offset = Number(view.getBigUint64(tableAt + 8 * b, true));
    const headerSize = tiledFlag ? 20 : 8;
    if (offset + headerSize > bytes.length) fail(`is truncated: block ${b} starts at byte ${offset}, past its ${bytes.length} bytes`);
    let bx: number;
    let by: number;
    if (tiledFlag) {
      bx = view.getInt32(offset, true);
      by = view.getInt32(offset + 4, true);
      if (view.getInt32(offset + 8, true) !== 0 || view.getInt32(offset + 12, true) !== 0) fail(`block ${b} is not of the full-resolution level`);
    } else {
      bx = 0;
      by = (view.getInt32(offset, true) - yMin) / tileHeight;
    }
    if (!Number.isInteger(by) || bx < 0 || by < 0 || bx >= across || by >= down) fail(`block ${b} names a place outside the image`);
    if (seen[by * across + bx]) fail(`block ${b} repeats another block's place`);
    seen[by * across + bx] = 1;
    const size = view.getInt32(offset + headerSize - 4, true);
    if (size < 0 || offset + headerSize + size > bytes.length) fail(`is truncated: block ${b} declares ${size} bytes past the end`);
    const x0 = bx * tileWidth;
    const y0 = by * tileHeight;
    const blockWidth = Math.min(tileWidth, width - x0);
    const lines = Math.min(tileHeight, depth - y0);
    const rawSize = blockWidth * lines * pixelBytes;
    const packed = bytes.subarray(offset + headerSize, offset + headerSize + size);
    let raw: Uint8Array;
    try {
      // A block that would not shrink is stored as it is, whatever the compression.
      if (compression === 0 || size === rawSize) raw = packed;
      else if (compression === 1) raw = exrUnpredict(rleDecode(packed, rawSize));
      else if (compression === 4) raw = pizDecode(packed, blockWidth, lines, units);
      else raw = exrUnpredict(inflateAtMost(packed, rawSize));
    } catch (error) {
      return fail(`has a corrupt ${COMPRESSION_NAMES[compression]} block ${b} (${error instanceof Error ? error.message : String(error)})`);
    }
    if (raw.length !== rawSize) fail(`block ${b} holds ${raw.length} bytes, not the ${rawSize} of its pixels`);
    const data = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    // Within a line the channels follow one another (alphabetical, as listed), each blockWidth samples.
    for (let line = 0; line < lines; line++) {
      let at = line * blockWidth * pixelBytes;
      for (const channel of channels) {
        if (channel === chosen) {
          const row = (y0 + line) * width + x0;
          // Float samples at a multiple of 4 bytes are copied as a typed array (EXR is little-endian, as is every platform Faultline runs on).
          if (channel.type === 2 && (raw.byteOffset + at) % 4 === 0 && LITTLE_ENDIAN)
            heights.set(new Float32Array(raw.buffer, raw.byteOffset + at, blockWidth), row);
          else if (channel.type === 2) for (let i = 0; i < blockWidth; i++) heights[row + i] = data.getFloat32(at + 4 * i, true);
          else if (channel.type === 1) for (let i = 0; i < blockWidth; i++) heights[row + i] = halfToFloat(data.getUint16(at + 2 * i, true));
          else for (let i = 0; i < blockWidth; i++) heights[row + i] = data.getUint32(at + 4 * i, true);
        }
        at += blockWidth * SAMPLE_BYTES[channel.type];
      }
    }
  }
  for (let k = 0; k < heights.length; k++) {
    if (!Number.isFinite(heights[k])) fail(`has height ${heights[k]} at column ${k % width}, row ${Math.floor(k / width)}`);
  }
  const fitted = fitRaster(heights, width, depth, {}, options.resample, fail);
  const text: Record<string, string> = {
    channel: `${chosen.name} (${SAMPLE_NAMES[chosen.type]}) of ${channels.map((c) => c.name).join(', ')}`,
    compression: COMPRESSION_NAMES[compression],
    layout: tiledFlag ? `tiled ${tileWidth} × ${tileHeight}` : 'scanline',
  };
  if (fitted.resampled !== undefined) text.resampled = fitted.resampled;
  return { format: 'exr', width: fitted.width, depth: fitted.depth, bitDepth: SAMPLE_BYTES[chosen.type] * 8, samples: fitted.values, metadata: { text } };
}
