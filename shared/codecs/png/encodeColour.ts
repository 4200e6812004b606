/** PNG encoding of 8-bit RGB and RGBA images (normal maps, splat maps), non-interlaced. */
import { ByteWriter } from '../bytes';
import { portableDeflate, type Deflate } from '../zlib';
import { PNG_SIGNATURE, writePngChunk } from './chunks';
import { FILTER_TYPES, filterLine } from './filters';
import { writeTextChunk } from './text';

export interface ColourPngImage {
  width: number;
  height: number;
  /** 3 = RGB (colour type 2), 4 = RGBA (colour type 6). */
  channels: 3 | 4;
  /** Interleaved bytes, row-major: (y · width + x) · channels + c. */
  data: Uint8Array;
  text?: ReadonlyArray<readonly [string, string]>;
}

const IDAT_CHUNK_BYTES = 1 << 20;

export function encodeColourPng(image: ColourPngImage, deflate: Deflate = portableDeflate): Uint8Array {
  const { width, height, channels, data } = image;
  if (data.length !== width * height * channels)
    throw new RangeError(`expected ${width * height * channels} bytes for ${width} × ${height} × ${channels}, got ${data.length}`);
  const stride = width * channels;
  const filtered = new Uint8Array(height * (stride + 1));
  // Sub for the first row (nothing above), Up below it: both cheap, and smooth maps compress well.
  for (let y = 0; y < height; y++) {
    const line = data.subarray(y * stride, (y + 1) * stride);
    const previous = y > 0 ? data.subarray((y - 1) * stride, y * stride) : undefined;
    filterLine(y === 0 ? FILTER_TYPES.sub : FILTER_TYPES.up, line, previous, channels, filtered, y * (stride + 1));
  }
  const compressed = deflate(filtered);
  const out = new ByteWriter(compressed.length + 1024);
  out.bytes(PNG_SIGNATURE);
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width, false);
  view.setUint32(4, height, false);
  ihdr[8] = 8;
  ihdr[9] = channels === 3 ? 2 : 6;
  writePngChunk(out, 'IHDR', ihdr);
  for (const [keyword, value] of image.text ?? []) writeTextChunk(out, keyword, value);
  for (let k = 0; k < compressed.length; k += IDAT_CHUNK_BYTES) {
    writePngChunk(out, 'IDAT', compressed.subarray(k, Math.min(compressed.length, k + IDAT_CHUNK_BYTES)));
  }
  writePngChunk(out, 'IEND', new Uint8Array(0));
  return out.finish();
}
