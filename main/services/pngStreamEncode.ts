import { createDeflate } from 'node:zlib';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { ExportRange } from '../../shared/codecs/heightmap';
import { checkedExportRangeSliced, quantiseScale } from '../../shared/codecs/heightmap';
import { runSlicedAsync } from './slicedRun';
import { pngHeightmapImage } from '../../shared/codecs/png-heightmap';
import { assembleGrayPngFromCompressedSliced, filterUp16RowsFromHeights } from '../../shared/codecs/png/encode';

/** Filtered bytes per block (~1 MiB): small enough to stay in cache, large enough that a block is one zlib job. */
const BLOCK_BYTES = 1 << 20;

/**
 * The default heightmap PNG (16-bit, Up filter) as compilePngHeightmap writes it with nativeDeflate —
 * the same samples, text chunks and IDAT layout — but streamed: blocks of rows are filtered into two
 * reused buffers while node:zlib (level 1, on the libuv pool) compresses the other one, so filtering
 * and deflating overlap and the 33 MB filtered image (and its page faults) is never allocated.
 * Refuses what compilePngHeightmap refuses (CodecError naming `fileName`) before any work starts.
 */
export async function compilePngHeightmapStreamed(
  field: Heightfield,
  range: ExportRange | undefined,
  fileName = 'heightmap.png',
  /** Filtered bytes per block (tests pass tiny blocks to cross many block boundaries). */
  blockTarget = BLOCK_BYTES,
  /** 8 writes the 8-bit PNG (Up-filtered rows, the same samples as compilePngHeightmap's). */
  bits: 8 | 16 = 16,
): Promise<Uint8Array> {
  // The checks every writer makes (finite heights, a readable range), in slices: main keeps answering.
  const resolved = await runSlicedAsync(checkedExportRangeSliced(field, range, fileName));
  const image = pngHeightmapImage(field, resolved, bits);
  const { width, depth, heights } = field;
  const scale = quantiseScale(resolved.min, resolved.max, bits === 16 ? 65535 : 255);
  const stride = (bits === 16 ? 2 : 1) * width + 1;
  const blockRows = Math.max(1, Math.floor(blockTarget / stride));
  const blockBytes = blockRows * stride;
  // An output buffer as large as a block: zlib then hands a whole block to the pool in one job instead
  // of returning to this (busy) thread every 16 KB of output.
  const deflate = createDeflate({ level: 1, chunkSize: Math.max(64 * 1024, blockBytes) });
  const pieces: Uint8Array[] = [];
  deflate.on('data', (piece: Buffer) => pieces.push(piece));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });

  const buffers = [Buffer.allocUnsafe(blockBytes), Buffer.allocUnsafe(blockBytes)];
  const free: Array<Promise<void>> = [Promise.resolve(), Promise.resolve()];
  const current = new Uint16Array(width);
  const above = new Uint16Array(width);
  for (let y0 = 0, k = 0; y0 < depth; y0 += blockRows, k ^= 1) {
    await free[k];
    const y1 = Math.min(depth, y0 + blockRows);
    if (bits === 16) filterUp16RowsFromHeights(heights, width, y0, y1, resolved.min, scale, buffers[k], current, above);
    else filterUp8RowsFromHeights(heights, width, y0, y1, resolved.min, scale, buffers[k]);
    free[k] = new Promise<void>((resolve, reject) => {
      deflate.write(buffers[k].subarray(0, (y1 - y0) * stride), (error) => (error ? reject(error) : resolve()));
    });
    free[k].catch(() => undefined); // awaited below; marked handled so an early failure is not reported twice
  }
  deflate.end();
  await Promise.all([...free, ended]);
  return runSlicedAsync(assembleGrayPngFromCompressedSliced(image, pieces));
}

/**
 * Rows y0..y1 of the 8-bit image, quantised as quantiseHeights does and Up-filtered, into `out`
 * (filter byte 2, then each sample minus the one above it, mod 256).
 */
function filterUp8RowsFromHeights(heights: Float32Array, width: number, y0: number, y1: number, min: number, scale: number, out: Uint8Array): void {
  const stride = width + 1;
  for (let y = y0; y < y1; y++) {
    let at = (y - y0) * stride;
    out[at++] = 2;
    const row = y * width;
    for (let i = 0; i < width; i++, at++) {
      const s = Math.round((heights[row + i] - min) * scale);
      const sample = s < 0 ? 0 : s > 255 ? 255 : s;
      let up = 0;
      if (y > 0) {
        const a = Math.round((heights[row - width + i] - min) * scale);
        up = a < 0 ? 0 : a > 255 ? 255 : a;
      }
      out[at] = (sample - up) & 0xff;
    }
  }
}
