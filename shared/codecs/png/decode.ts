/** PNG decoding to one channel of samples: every colour type, bit depth and interlace method. */
import { failFor } from '../errors';
import { describeBytes } from '../bytes';
import { createExactInflater, type InflateOutcome } from '../zlib';
import { chunkCode, chunkTypeName, scanPngChunks, type PngChunk } from './chunks';
import { unfilterLine } from './filters';
import { bitsPerPixel, CHANNELS_PER_COLOUR_TYPE, COLOUR_TYPE_NAMES, readPngHeader, reducedImages, scanlineBytes, type PngHeader } from './header';
import { createTextCollector, isTextChunk } from './text';

/** Which value of each pixel becomes the sample: luminance (Rec. 709 weights) or one channel. */
export type PngChannel = 'luminance' | 'r' | 'g' | 'b' | 'a';

export interface PngDecodeOptions {
  channel?: PngChannel;
}

export interface DecodedPng extends PngHeader {
  channel: PngChannel;
  /**
   * One sample per pixel, row-major (index = y · width + x), in units where `maxSample` is full
   * scale. Integers in a Uint16Array when the sample is one stored value; a Float32Array for the
   * luminance of colour pixels.
   */
  samples: Uint16Array | Float32Array;
  maxSample: number;
  /**
   * Text chunks (tEXt, zTXt, iTXt) by keyword, within PNG_TEXT_LIMITS (text.ts): the `faultline:`
   * scale keys and a summary of the others; a later chunk with the same keyword wins.
   */
  text: Record<string, string>;
  /** Text chunks left out by those limits. */
  textOmitted: number;
}

const LUMA_R = 0.2126;
const LUMA_G = 0.7152;
const LUMA_B = 0.0722;

interface Palette {
  r: Uint8Array;
  g: Uint8Array;
  b: Uint8Array;
  a: Uint8Array;
  size: number;
}

function readPalette(chunk: PngChunk | undefined, transparency: PngChunk | undefined, header: PngHeader, fail: (p: string) => never): Palette {
  if (!chunk) fail('is a palette PNG without its PLTE palette chunk');
  const size = chunk.data.length / 3;
  if (!Number.isInteger(size) || size < 1 || size > 256) fail(`has a PLTE palette of ${chunk.data.length} bytes, not 1 to 256 RGB entries`);
  if (size > 2 ** header.bitDepth) fail(`has ${size} palette entries, more than ${header.bitDepth}-bit indices can address`);
  const palette: Palette = { r: new Uint8Array(256), g: new Uint8Array(256), b: new Uint8Array(256), a: new Uint8Array(256).fill(255), size };
  for (let k = 0; k < size; k++) {
    palette.r[k] = chunk.data[3 * k];
    palette.g[k] = chunk.data[3 * k + 1];
    palette.b[k] = chunk.data[3 * k + 2];
  }
  if (transparency) palette.a.set(transparency.data.subarray(0, size));
  return palette;
}

/** Writes the samples of one unfiltered scanline of `count` pixels to out[start + k·step]. */
type RowReader = (line: Uint8Array, count: number, out: Uint16Array | Float32Array, start: number, step: number) => void;

function makeRowReader(header: PngHeader, channel: PngChannel, palette: Palette | undefined, fail: (p: string) => never): RowReader {
  const { bitDepth, colourType } = header;
  const channels = CHANNELS_PER_COLOUR_TYPE[colourType];
  const hasAlpha = colourType === 4 || colourType === 6;
  if (channel === 'a' && !hasAlpha && colourType !== 3) fail(`is a ${COLOUR_TYPE_NAMES[colourType]} PNG without an alpha channel to read heights from`);

  if (colourType === 3 && palette) {
    const table = channel === 'luminance' ? null : palette[channel];
    const mask = (1 << bitDepth) - 1;
    const perByte = 8 / bitDepth;
    return (line, count, out, start, step) => {
      for (let x = 0; x < count; x++) {
        const byte = line[(x / perByte) | 0];
        const index = (byte >> (8 - bitDepth * ((x % perByte) + 1))) & mask;
        if (index >= palette.size) fail(`uses palette entry ${index}, but its palette has only ${palette.size} entries`);
        out[start + x * step] = table ? table[index] : LUMA_R * palette.r[index] + LUMA_G * palette.g[index] + LUMA_B * palette.b[index];
      }
    };
  }

  const read =
    bitDepth === 16
      ? (line: Uint8Array, x: number, c: number): number => {
          const at = 2 * (x * channels + c);
          return (line[at] << 8) | line[at + 1];
        }
      : bitDepth === 8
        ? (line: Uint8Array, x: number, c: number): number => line[x * channels + c]
        : (line: Uint8Array, x: number): number => {
            const perByte = 8 / bitDepth;
            return (line[(x / perByte) | 0] >> (8 - bitDepth * ((x % perByte) + 1))) & ((1 << bitDepth) - 1);
          };

  if (colourType === 2 || colourType === 6) {
    if (channel === 'luminance') {
      return (line, count, out, start, step) => {
        for (let x = 0; x < count; x++) out[start + x * step] = LUMA_R * read(line, x, 0) + LUMA_G * read(line, x, 1) + LUMA_B * read(line, x, 2);
      };
    }
    const c = { r: 0, g: 1, b: 2, a: 3 }[channel];
    return (line, count, out, start, step) => {
      for (let x = 0; x < count; x++) out[start + x * step] = read(line, x, c);
    };
  }
  // Gray or gray + alpha: every colour channel is the gray value.
  const c = channel === 'a' ? 1 : 0;
  if (bitDepth === 16 && channels === 1) {
    // The common heightmap case, kept free of the generic per-sample call.
    return (line, count, out, start, step) => {
      for (let x = 0; x < count; x++) out[start + x * step] = (line[2 * x] << 8) | line[2 * x + 1];
    };
  }
  return (line, count, out, start, step) => {
    for (let x = 0; x < count; x++) out[start + x * step] = read(line, x, c);
  };
}

function reportInflateFailure(outcome: Exclude<InflateOutcome, { ok: true }>, header: PngHeader, expected: number, fail: (p: string) => never): never {
  switch (outcome.problem) {
    case 'too-long':
      return fail(`holds more image data than its ${header.width} × ${header.height} header declares`);
    case 'too-short':
      return fail(`image data ends early: ${describeBytes(outcome.produced)} of the ${describeBytes(expected)} its header declares`);
    case 'checksum':
      return fail('image data is damaged (its zlib Adler-32 checksum does not match)');
    default:
      return fail(`image data is not a valid zlib stream (${outcome.detail || 'corrupt'})`);
  }
}

function isCritical(code: number): boolean {
  const first = code >>> 24;
  return first >= 65 && first <= 90;
}

/** Where a chunk is in the file. */
interface ChunkAt {
  code: number;
  start: number;
  length: number;
  offset: number;
}

const IHDR = chunkCode('IHDR');
const IDAT = chunkCode('IDAT');
const IEND = chunkCode('IEND');
const PLTE = chunkCode('PLTE');
const TRNS = chunkCode('tRNS');

export function decodePng(bytes: Uint8Array, fileName: string, options: PngDecodeOptions = {}): DecodedPng {
  const fail = failFor(fileName);
  const channel = options.channel ?? 'luminance';
  // First pass: framing and CRCs of every chunk, keeping only positions (no object per chunk, even
  // for a million repeated tRNS chunks).
  let ihdrAt: ChunkAt | undefined;
  let plteAt: ChunkAt | undefined;
  let trnsAt: ChunkAt | undefined;
  let chunkCount = 0;
  let idatCount = 0;
  let idatBytes = 0;
  const text = createTextCollector(bytes);
  // Reported after the header, as a problem with the header comes first.
  let problem: string | undefined;
  scanPngChunks(bytes, fail, (code, start, length, offset) => {
    if (chunkCount++ === 0) {
      if (code === IHDR) ihdrAt = { code, start, length, offset };
      return;
    }
    if (code === IDAT) {
      idatCount++;
      idatBytes += length;
    } else if (code === PLTE) {
      if (plteAt) problem ??= 'has more than one PLTE palette chunk';
      plteAt = { code, start, length, offset };
    } else if (code === TRNS) {
      trnsAt = { code, start, length, offset };
    } else if (isTextChunk(code)) {
      text.add(code, start, length);
    } else if (code === IHDR) {
      problem ??= 'has more than one IHDR header chunk';
    } else if (code !== IEND && isCritical(code)) {
      problem ??= `contains a critical chunk "${chunkTypeName(code)}" that this reader does not understand`;
    }
  });
  const chunk = (at: ChunkAt | undefined): PngChunk | undefined =>
    at && { type: chunkTypeName(at.code), data: bytes.subarray(at.start, at.start + at.length), offset: at.offset };
  const header = readPngHeader(chunk(ihdrAt), fail);
  if (problem !== undefined) fail(problem);
  if (idatCount === 0) fail('contains no image data (no IDAT chunk)');
  const palette = header.colourType === 3 ? readPalette(chunk(plteAt), chunk(trnsAt), header, fail) : undefined;

  const passes = reducedImages(header);
  let expected = 0;
  for (const pass of passes) expected += pass.height * (1 + scanlineBytes(header, pass.width));
  // Second pass: the IDAT data, in order, straight into the inflater (the CRCs are checked already).
  const inflater = createExactInflater(expected, idatBytes);
  let feeding = true;
  scanPngChunks(
    bytes,
    fail,
    (code, start, length) => {
      if (feeding && code === IDAT) feeding = inflater.push(bytes, start, start + length);
    },
    false,
  );
  const inflated = inflater.finish();
  const raw = inflated.ok ? inflated.data : reportInflateFailure(inflated, header, expected, fail);
  const bpp = Math.max(1, bitsPerPixel(header) / 8);
  const colourSample = header.colourType === 2 || header.colourType === 6 || header.colourType === 3;
  const count = header.width * header.height;
  const samples = colourSample && channel === 'luminance' ? new Float32Array(count) : new Uint16Array(count);
  const reader = makeRowReader(header, channel, palette, fail);
  let at = 0;
  for (const pass of passes) {
    const stride = scanlineBytes(header, pass.width);
    let previous: Uint8Array | undefined;
    for (let y = 0; y < pass.height; y++) {
      const filter = raw[at];
      const line = raw.subarray(at + 1, at + 1 + stride);
      if (!unfilterLine(filter, line, previous, bpp)) fail(`uses an unknown scanline filter type ${filter} (row ${pass.y0 + y * pass.dy})`);
      reader(line, pass.width, samples, (pass.y0 + y * pass.dy) * header.width + pass.x0, pass.dx);
      previous = line;
      at += 1 + stride;
    }
  }
  const maxSample = header.colourType === 3 ? 255 : 2 ** header.bitDepth - 1;
  const { text: entries, omitted } = text.finish();
  return { ...header, channel, samples, maxSample, text: entries, textOmitted: omitted };
}
