/** PNG encoding of grayscale images, 8- or 16-bit, non-interlaced. */
import { ByteWriter } from '../bytes';
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
function filterUp16(samples: Uint8Array | Uint16Array, width: number, height: number): Uint8Array {
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

export function encodeGrayPng(image: GrayPngImage, options: PngEncodeOptions = {}): Uint8Array {
  const { width, height, bitDepth, samples } = image;
  const filter = FILTER_TYPES[options.filter ?? 'up'];
  const filtered =
    bitDepth === 16 && filter === FILTER_TYPES.up
      ? filterUp16(samples, width, height)
      : filterRows(samples, width, height, bitDepth, filter);
  const compressed = (options.deflate ?? portableDeflate)(filtered);

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
  }
  writePngChunk(out, 'IEND', new Uint8Array(0));
  return out.finish();
}
