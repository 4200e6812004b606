/** PNG encoding of grayscale images, 8- or 16-bit, non-interlaced. */
import { ByteWriter } from '../bytes';
import { runSliced, type Sliced } from '../sliced';
import { portableDeflate, type Deflate } from '../zlib';
import { PNG_SIGNATURE, writePngChunk } from './chunks';
import { FILTER_TYPES, filterLine, type FilterName } from './filters';
import { writeTextChunk } from './text';

export interface GrayPngImage {
  width: number;
  height: number;
  bitDepth: 8 | 16;
  /** Row-major samples, each 0..2^bitDepth − 1. */
  samples: Uint8Array | Uint16Array;
  /** tEXt chunks, written before the image data in this order. */
  text?: ReadonlyArray<readonly [string, string]>;
}

export interface PngEncodeOptions {
  /** One filter for every row; 'up' is fast and compresses smooth terrain well (see bench/codecs.bench.ts). */
  filter?: FilterName;
  /** The zlib compressor (default portableDeflate; main and the CLI pass node:zlib's). */
  deflate?: Deflate;
}

/** IDAT chunks are split at this size, like most encoders, so no single chunk is huge. */
const IDAT_CHUNK_BYTES = 1 << 20;

/** Generic path: any filter, either bit depth, one scanline at a time. */
function filterRows(samples: Uint8Array | Uint16Array, width: number, height: number, bitDepth: 8 | 16, filter: number): Uint8Array {
  const bytesPerSample = bitDepth / 8;
  const stride = width * bytesPerSample;
  const filtered = new Uint8Array(height * (stride + 1));
  let line: Uint8Array = new Uint8Array(stride);
  let previous: Uint8Array | undefined;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (bitDepth === 16) {
      for (let x = 0; x < width; x++) {
        const value = samples[row + x];
        line[2 * x] = value >> 8;
        line[2 * x + 1] = value & 0xff;
      }
    } else {
      for (let x = 0; x < width; x++) line[x] = samples[row + x];
    }
    filterLine(filter, line, previous, bytesPerSample, filtered, y * (stride + 1));
    // Swap buffers: the raw line just written is the next row's "previous".
    const done = line;
    line = previous ?? new Uint8Array(stride);
    previous = done;
  }
  return filtered;
}

/** The default heightmap path (16-bit, Up), straight from samples: it dominates export time. */
function filterUp16(samples: Uint16Array, width: number, height: number): Uint8Array {
  const stride = 2 * width + 1;
  const filtered = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    let o = y * stride;
    filtered[o++] = FILTER_TYPES.up;
    const row = y * width;
    if (y === 0) {
      for (let x = 0; x < width; x++, o += 2) {
        const v = samples[x];
        filtered[o] = v >> 8;
        filtered[o + 1] = v;
      }
      continue;
    }
    const above = row - width;
    for (let x = 0; x < width; x++, o += 2) {
      const v = samples[row + x];
      const u = samples[above + x];
      filtered[o] = (v >> 8) - (u >> 8);
      filtered[o + 1] = v - u;
    }
  }
  return filtered;
}

/**
 * 16-bit Up-filtered rows straight from float heights, quantised as quantiseHeights does (to
 * 0..65535 over min..min + 65535 / scale, rounding half up): one pass and no 33 MB samples array,
 * whose first touch alone costs ~0.1 s at 4097² on this machine.
 */
export function filterUp16FromHeights(heights: Float32Array, width: number, height: number, min: number, scale: number): Uint8Array {
  const filtered = new Uint8Array(height * (2 * width + 1));
  filterUp16RowsFromHeights(heights, width, 0, height, min, scale, filtered, new Uint16Array(width), new Uint16Array(width));
  return filtered;
}

/**
 * Rows y0..y1 − 1 of filterUp16FromHeights' output, written from `out[0]` (so a streaming encoder can
 * filter a block of rows at a time into a reused buffer): the same bytes. `current` and `above` are
 * scratch rows of `width` samples; the row above y0 is quantised again here, so blocks need no state.
 */
export function filterUp16RowsFromHeights(
  heights: Float32Array,
  width: number,
  y0: number,
  y1: number,
  min: number,
  scale: number,
  out: Uint8Array,
  current: Uint16Array,
  above: Uint16Array,
): void {
  const stride = 2 * width + 1;
  if (y0 === 0)
    above.fill(0); // row 0 is filtered against zeros (the spec's row above the image)
  else for (let x = 0, row = (y0 - 1) * width; x < width; x++) above[x] = quantise16(heights[row + x], min, scale);
  for (let y = y0; y < y1; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) current[x] = quantise16(heights[row + x], min, scale);
    let o = (y - y0) * stride;
    out[o++] = FILTER_TYPES.up;
    for (let x = 0; x < width; x++, o += 2) {
      const v = current[x];
      const u = above[x];
      out[o] = (v >> 8) - (u >> 8);
      out[o + 1] = v - u;
    }
    const done = current;
    current = above;
    above = done;
  }
}

/** Math.round((h − min) · scale) clamped to 0..65535, the same bytes as quantiseHeights. */
function quantise16(h: number, min: number, scale: number): number {
  const x = (h - min) * scale;
  const v = x + 0.5;
  if (!(v >= 1)) return 0; // NaN too, like the typed-array store of NaN
  if (v >= 65536) return 65535;
  const s = v | 0;
  // x + 0.5 can round up to an integer just above x's rounding (x = 0.49999999999999994): ask Math.round then.
  return s === v ? Math.min(65535, Math.max(0, Math.round(x))) : s;
}

export function encodeGrayPng(image: GrayPngImage, options: PngEncodeOptions = {}): Uint8Array {
  const { width, height, bitDepth, samples } = image;
  const filter = FILTER_TYPES[options.filter ?? 'up'];
  const filtered =
    samples instanceof Uint16Array && filter === FILTER_TYPES.up ? filterUp16(samples, width, height) : filterRows(samples, width, height, bitDepth, filter);
  return assembleGrayPng(image, filtered, options.deflate);
}

/** Signature, IHDR, text, the compressed filtered rows in IDAT chunks, IEND. */
export function assembleGrayPng(
  image: Pick<GrayPngImage, 'width' | 'height' | 'bitDepth' | 'text'>,
  filtered: Uint8Array,
  deflate: Deflate = portableDeflate,
): Uint8Array {
  return assembleGrayPngFromCompressed(image, [deflate(filtered)]);
}

/**
 * The same file from zlib data already compressed, given as consecutive pieces (a streaming
 * compressor's output): IDAT chunks are cut at the same places as for one piece.
 */
export function assembleGrayPngFromCompressed(image: Pick<GrayPngImage, 'width' | 'height' | 'bitDepth' | 'text'>, pieces: readonly Uint8Array[]): Uint8Array {
  return runSliced(assembleGrayPngFromCompressedSliced(image, pieces));
}

/** assembleGrayPngFromCompressed yielding after each piece copied and each IDAT chunk written (sliced.ts). */
export function* assembleGrayPngFromCompressedSliced(
  image: Pick<GrayPngImage, 'width' | 'height' | 'bitDepth' | 'text'>,
  pieces: readonly Uint8Array[],
): Sliced<Uint8Array> {
  const { width, height, bitDepth } = image;
  let total = 0;
  for (const piece of pieces) total += piece.length;
  const compressed = pieces.length === 1 ? pieces[0] : new Uint8Array(total);
  if (pieces.length !== 1) {
    let at = 0;
    for (const piece of pieces) {
      compressed.set(piece, at);
      at += piece.length;
      yield;
    }
  }

  const out = new ByteWriter(compressed.length + 1024);
  out.bytes(PNG_SIGNATURE);
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width, false);
  view.setUint32(4, height, false);
  ihdr[8] = bitDepth;
  ihdr[9] = 0; // grayscale
  writePngChunk(out, 'IHDR', ihdr);
  for (const [keyword, value] of image.text ?? []) writeTextChunk(out, keyword, value);
  for (let k = 0; k < compressed.length; k += IDAT_CHUNK_BYTES) {
    writePngChunk(out, 'IDAT', compressed.subarray(k, Math.min(compressed.length, k + IDAT_CHUNK_BYTES)));
    yield;
  }
  writePngChunk(out, 'IEND', new Uint8Array(0));
  // Sized for it all up front: a view, not a second copy of a file that may be 100 MB.
  return out.finishView();
}
