import { deflateSync } from 'node:zlib';
import type { Deflate } from '../../shared/codecs/zlib';

/**
 * node:zlib at level 1: the compressor main and the CLI hand to shared/codecs writers. On filtered
 * heightmap rows it is several times faster than the portable TypeScript one (bench/pngEncode.bench.ts)
 * and its files are smaller.
 */
export const nativeDeflate: Deflate = (data) => {
  const out = deflateSync(data, { level: 1 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};
