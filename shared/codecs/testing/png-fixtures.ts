/**
 * Test support only: a deliberately simple, independent PNG writer for every colour type, bit
 * depth, filter type and Adam7, so decoder tests do not rely on Faultline's own encoder. It has its
 * own bit-by-bit CRC and uses fflate only for zlib.
 */
import { zlibSync } from 'fflate';

/** Bit-by-bit CRC-32, written separately from checksums.ts so tests cross-check the two. */
export function crc32Bitwise(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export interface FixtureChunk {
  type: string;
  data: Uint8Array;
}

export function chunk(type: string, data: Uint8Array): FixtureChunk {
  return { type, data };
}

export function assemblePng(chunks: readonly FixtureChunk[]): Uint8Array {
  const parts: number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (const { type, data } of chunks) {
    const body = [...type].map((c) => c.charCodeAt(0)).concat([...data]);
    const crc = crc32Bitwise(new Uint8Array(body));
    parts.push((data.length >>> 24) & 255, (data.length >>> 16) & 255, (data.length >>> 8) & 255, data.length & 255);
    parts.push(...body);
    parts.push((crc >>> 24) & 255, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255);
  }
  return new Uint8Array(parts);
}

export function ihdr(width: number, height: number, bitDepth: number, colourType: number, interlace = 0): FixtureChunk {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([bitDepth, colourType, 0, 0, interlace], 8);
  return chunk('IHDR', data);
}

export function latin1(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface FixtureImage {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  /** Channel values, pixel by pixel, row-major. */
  values: readonly number[];
  interlaced?: boolean;
  /** Filter type per row, cycled (default all 0). */
  filters?: readonly number[];
  palette?: ReadonlyArray<readonly [number, number, number]>;
  transparency?: readonly number[];
  /** Extra chunks inserted before IDAT. */
  before?: readonly FixtureChunk[];
}

function packRow(image: FixtureImage, xs: readonly number[], y: number): number[] {
  const channels = CHANNELS[image.colourType];
  const bits: number[] = [];
  for (const x of xs) {
    for (let c = 0; c < channels; c++) {
      const value = image.values[(y * image.width + x) * channels + c];
      for (let b = image.bitDepth - 1; b >= 0; b--) bits.push((value >> b) & 1);
    }
  }
  while (bits.length % 8) bits.push(0);
  const bytes: number[] = [];
  for (let k = 0; k < bits.length; k += 8) bytes.push(bits.slice(k, k + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  return bytes;
}

function predictor(type: number, left: number, up: number, upLeft: number): number {
  switch (type) {
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return Math.floor((left + up) / 2);
    case 4: {
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    default:
      return 0;
  }
}

const PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** The filtered scanlines (filter byte + bytes) of the whole image, before zlib. */
export function filteredScanlines(image: FixtureImage): Uint8Array {
  const bpp = Math.max(1, (CHANNELS[image.colourType] * image.bitDepth) / 8);
  const passes = image.interlaced ? PASSES : [[0, 0, 1, 1]];
  const out: number[] = [];
  let rowCounter = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const xs: number[] = [];
    for (let x = x0; x < image.width; x += dx) xs.push(x);
    if (xs.length === 0) continue;
    let previous: number[] | undefined;
    for (let y = y0; y < image.height; y += dy) {
      const raw = packRow(image, xs, y);
      const filters = image.filters ?? [0];
      const type = filters[rowCounter++ % filters.length];
      out.push(type);
      raw.forEach((value, k) => {
        const left = k >= bpp ? raw[k - bpp] : 0;
        const up = previous ? previous[k] : 0;
        const upLeft = previous && k >= bpp ? previous[k - bpp] : 0;
        out.push((value - predictor(type, left, up, upLeft) + 256) % 256);
      });
      previous = raw;
    }
  }
  return new Uint8Array(out);
}

export function buildPng(image: FixtureImage): Uint8Array {
  const chunks: FixtureChunk[] = [ihdr(image.width, image.height, image.bitDepth, image.colourType, image.interlaced ? 1 : 0)];
  if (image.palette) chunks.push(chunk('PLTE', new Uint8Array(image.palette.flat())));
  if (image.transparency) chunks.push(chunk('tRNS', new Uint8Array(image.transparency)));
  chunks.push(...(image.before ?? []));
  const compressed = zlibSync(filteredScanlines(image), { level: 6 });
  // Split the data across two IDAT chunks to exercise concatenation.
  const half = compressed.length >> 1;
  chunks.push(chunk('IDAT', compressed.subarray(0, half)), chunk('IDAT', compressed.subarray(half)));
  chunks.push(chunk('IEND', new Uint8Array(0)));
  return assemblePng(chunks);
}

/** Independent chunk walker for checking files Faultline writes. */
export function listChunks(bytes: Uint8Array): Array<FixtureChunk & { crcOk: boolean }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Array<FixtureChunk & { crcOk: boolean }> = [];
  let at = 8;
  while (at < bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.slice(at + 8, at + 8 + length);
    const crc = view.getUint32(at + 8 + length);
    chunks.push({ type, data, crcOk: crc32Bitwise(bytes.subarray(at + 4, at + 8 + length)) === crc });
    at += 12 + length;
  }
  return chunks;
}

/** A small deterministic generator, so fixtures are reproducible without Math.random. */
export function seededValues(count: number, maxExclusive: number, seed: number): number[] {
  let state = seed >>> 0 || 1;
  const out: number[] = [];
  for (let k = 0; k < count; k++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out.push((state >>> 0) % maxExclusive);
  }
  return out;
}
