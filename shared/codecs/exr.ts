/**
 * OpenEXR export of heights: one float32 channel named "Y" (luminance, which Godot's loader, three.js
 * and most tools read as a grey image), scanline file, increasing y, uncompressed or ZIP (16 lines
 * per block). Heights are stored in metres as they are, bit for bit. Layout per the OpenEXR file
 * layout document (openexr.com, "OpenEXR File Layout"): magic, version, header attributes,
 * line offset table, then chunks of (y, size, data).
 *
 * ZIP blocks go through the injected zlib compressor (node:zlib in main and the CLI, the portable one
 * in the codec worker): standard zlib any reader inflates.
 */
import { portableDeflate, type Deflate } from './zlib';
import type { Heightfield } from '../terrain/heightfield';
import { ByteWriter, float32LittleEndianBytes } from './bytes';
import { failFor } from './errors';
import { assertFiniteHeights } from './heightmap';
import { firstNonFiniteSliced, runSliced, type Sliced } from './sliced';

export type ExrCompression = 'none' | 'zip';

export interface ExrExportOptions {
  /** 'zip' (default) is lossless deflate over 16-line blocks; 'none' is plain float32. */
  compression?: ExrCompression;
  /** The zlib compressor for ZIP blocks (default portableDeflate). */
  deflate?: Deflate;
}

/** A float32 image of one channel, row-major (index y · width + x), row 0 first in the file. */
export interface ExrImage {
  width: number;
  height: number;
  values: Float32Array;
}

const MAGIC = 20000630;
const PIXEL_TYPE_FLOAT = 2;
const COMPRESSION_CODES: Record<ExrCompression, number> = { none: 0, zip: 3 };
const LINES_PER_BLOCK: Record<ExrCompression, number> = { none: 1, zip: 16 };
export const EXR_CHANNEL_NAME = 'Y';

const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** One header attribute: name, type name, size, value bytes. */
function attribute(out: ByteWriter, name: string, type: string, value: Uint8Array): void {
  out.bytes(latin1(name));
  out.u8(0);
  out.bytes(latin1(type));
  out.u8(0);
  out.u32le(value.length);
  out.bytes(value);
}

function bytesOf(size: number, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(size);
  fill(new DataView(bytes.buffer));
  return bytes;
}

function channelList(): Uint8Array {
  const name = latin1(EXR_CHANNEL_NAME);
  const bytes = new Uint8Array(name.length + 1 + 16 + 1);
  bytes.set(name, 0);
  const view = new DataView(bytes.buffer);
  let o = name.length + 1;
  view.setInt32(o, PIXEL_TYPE_FLOAT, true); // pixel type
  o += 4;
  // pLinear (1 byte) and three reserved bytes stay 0.
  o += 4;
  view.setInt32(o, 1, true); // x sampling
  view.setInt32(o + 4, 1, true); // y sampling
  return bytes; // the last byte (0) ends the list
}

/** OpenEXR's ZIP predictor: split even/odd bytes into two halves, then delta-encode (+128). */
export function exrZipPredict(raw: Uint8Array): Uint8Array {
  const n = raw.length;
  const out = new Uint8Array(n);
  const half = (n + 1) >> 1;
  for (let k = 0, a = 0, b = half; k < n; k += 2) {
    out[a++] = raw[k];
    if (k + 1 < n) out[b++] = raw[k + 1];
  }
  let previous = out[0];
  for (let k = 1; k < n; k++) {
    const value = out[k];
    out[k] = (value - previous + 384) & 0xff;
    previous = value;
  }
  return out;
}

export function encodeExr(image: ExrImage, options: ExrExportOptions = {}, fileName = 'heightmap.exr'): Uint8Array {
  return runSliced(encodeExrSliced(image, options, fileName));
}

/** encodeExr yielding after each block of lines (sliced.ts): the same bytes. */
export function* encodeExrSliced(image: ExrImage, options: ExrExportOptions = {}, fileName = 'heightmap.exr'): Sliced<Uint8Array> {
  const fail = failFor(fileName);
  const { width, height, values } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) fail(`cannot store an image of ${width} × ${height} pixels`);
  if (values.length !== width * height) fail(`expected ${width * height} values for ${width} × ${height}, got ${values.length}`);
  const compression = options.compression ?? 'zip';
  const deflate = options.deflate ?? portableDeflate;
  const linesPerBlock = LINES_PER_BLOCK[compression];
  const blockCount = Math.ceil(height / linesPerBlock);

  const header = new ByteWriter(512);
  header.u32le(MAGIC);
  header.u32le(2); // version 2, single-part scanline, short names
  const box = bytesOf(16, (v) => {
    v.setInt32(8, width - 1, true);
    v.setInt32(12, height - 1, true);
  });
  // Attributes in alphabetical order, as OpenEXR's own writer emits them.
  attribute(header, 'channels', 'chlist', channelList());
  attribute(header, 'compression', 'compression', Uint8Array.of(COMPRESSION_CODES[compression]));
  attribute(header, 'dataWindow', 'box2i', box);
  attribute(header, 'displayWindow', 'box2i', box);
  attribute(header, 'lineOrder', 'lineOrder', Uint8Array.of(0)); // INCREASING_Y
  attribute(
    header,
    'pixelAspectRatio',
    'float',
    bytesOf(4, (v) => v.setFloat32(0, 1, true)),
  );
  attribute(header, 'screenWindowCenter', 'v2f', new Uint8Array(8));
  attribute(
    header,
    'screenWindowWidth',
    'float',
    bytesOf(4, (v) => v.setFloat32(0, 1, true)),
  );
  header.u8(0); // end of header
  const head = header.finish();

  // One buffer as large as the file can be (a block that does not shrink is stored raw), written
  // block by block and returned cut to its length: no list of compressed blocks copied again at the
  // end (that was twice the file in memory), and the pages past the end are never touched (not resident).
  const tableAt = head.length;
  let capacity = tableAt + 8 * blockCount;
  for (let b = 0; b < blockCount; b++) capacity += 8 + 4 * width * Math.min(linesPerBlock, height - b * linesPerBlock);
  const out = new Uint8Array(capacity);
  const view = new DataView(out.buffer);
  out.set(head, 0);
  let at = tableAt + 8 * blockCount;
  for (let b = 0; b < blockCount; b++) {
    const y0 = b * linesPerBlock;
    const lines = Math.min(linesPerBlock, height - y0);
    const block = values.subarray(y0 * width, (y0 + lines) * width);
    for (let k = 0; k < block.length; k++) {
      if (!Number.isFinite(block[k])) {
        const bad = y0 * width + k;
        fail(`cannot store height ${block[k]} at column ${bad % width}, row ${Math.floor(bad / width)}`);
      }
    }
    const raw = float32LittleEndianBytes(block);
    let data = raw;
    if (compression === 'zip') {
      const packed = deflate(exrZipPredict(raw));
      // A block that does not shrink is stored raw; readers tell by its size.
      if (packed.length < raw.length) data = packed;
    }
    view.setBigUint64(tableAt + 8 * b, BigInt(at), true);
    view.setInt32(at, y0, true);
    view.setInt32(at + 4, data.length, true);
    out.set(data, at + 8);
    at += 8 + data.length;
    yield;
  }
  return out.subarray(0, at);
}

/** Heights in metres, row j of the map is row j of the image (like the PNG export). */
export function compileExrHeightmap(field: Heightfield, options: ExrExportOptions = {}, fileName = 'heightmap.exr'): Uint8Array {
  return runSliced(compileExrHeightmapSliced(field, options, fileName));
}

/** compileExrHeightmap in slices (sliced.ts): the same bytes. */
export function* compileExrHeightmapSliced(field: Heightfield, options: ExrExportOptions = {}, fileName = 'heightmap.exr'): Sliced<Uint8Array> {
  // The same check (and message) as every heightmap writer.
  if ((yield* firstNonFiniteSliced(field.heights)) >= 0) assertFiniteHeights(field, fileName);
  return yield* encodeExrSliced({ width: field.width, height: field.depth, values: field.heights }, options, fileName);
}
