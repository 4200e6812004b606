/** The PNG IHDR chunk: image size and pixel format (PNG spec §11.2.2). */
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../terrain/heightfield';
import type { ChunkProblem, PngChunk } from './chunks';

export const COLOUR_TYPES = { gray: 0, rgb: 2, palette: 3, grayAlpha: 4, rgba: 6 } as const;

export const CHANNELS_PER_COLOUR_TYPE: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const ALLOWED_BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

export const COLOUR_TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'grayscale',
  2: 'RGB',
  3: 'palette',
  4: 'grayscale + alpha',
  6: 'RGBA',
};

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
}

export function readPngHeader(chunk: PngChunk | undefined, fail: ChunkProblem): PngHeader {
  if (!chunk || chunk.type !== 'IHDR') fail('does not start with an IHDR header chunk');
  if (chunk.data.length !== 13) fail(`has an IHDR header of ${chunk.data.length} bytes instead of 13`);
  const view = new DataView(chunk.data.buffer, chunk.data.byteOffset, 13);
  const width = view.getUint32(0, false);
  const height = view.getUint32(4, false);
  const [bitDepth, colourType, compression, filter, interlace] = chunk.data.subarray(8, 13);
  if (width === 0 || height === 0) fail(`PNG declares ${width} × ${height} pixels, an empty image`);
  if (width > MAX_MAP_SIDE || height > MAX_MAP_SIDE) {
    fail(`PNG declares ${width} × ${height} pixels, larger than the ${MAX_MAP_SIDE} × ${MAX_MAP_SIDE} maximum`);
  }
  if (width < MIN_MAP_SIDE || height < MIN_MAP_SIDE) {
    fail(`PNG declares ${width} × ${height} pixels; a heightmap needs at least ${MIN_MAP_SIDE} × ${MIN_MAP_SIDE}`);
  }
  const depths = ALLOWED_BIT_DEPTHS[colourType];
  if (!depths) fail(`PNG uses colour type ${colourType}, which does not exist`);
  if (!depths.includes(bitDepth)) {
    fail(`PNG declares ${bitDepth}-bit ${COLOUR_TYPE_NAMES[colourType]} pixels, which PNG does not allow`);
  }
  if (compression !== 0) fail(`PNG uses compression method ${compression}, which does not exist`);
  if (filter !== 0) fail(`PNG uses filter method ${filter}, which does not exist`);
  if (interlace > 1) fail(`PNG uses interlace method ${interlace}, which does not exist`);
  return { width, height, bitDepth, colourType, interlaced: interlace === 1 };
}

export interface ReducedImage {
  /** Position of the pass's first pixel and the spacing of its pixels in the full image. */
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
}

const ADAM7: ReadonlyArray<readonly [number, number, number, number]> = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** The reduced images stored in the data stream, in order; empty passes are left out (they hold no bytes). */
export function reducedImages(header: PngHeader): ReducedImage[] {
  if (!header.interlaced) return [{ x0: 0, y0: 0, dx: 1, dy: 1, width: header.width, height: header.height }];
  const passes: ReducedImage[] = [];
  for (const [x0, y0, dx, dy] of ADAM7) {
    const width = Math.ceil((header.width - x0) / dx);
    const height = Math.ceil((header.height - y0) / dy);
    if (width > 0 && height > 0) passes.push({ x0, y0, dx, dy, width, height });
  }
  return passes;
}

export function bitsPerPixel(header: PngHeader): number {
  return CHANNELS_PER_COLOUR_TYPE[header.colourType] * header.bitDepth;
}

/** Bytes of one scanline of `width` pixels, without the filter-type byte. */
export function scanlineBytes(header: PngHeader, width: number): number {
  return Math.ceil((width * bitsPerPixel(header)) / 8);
}
