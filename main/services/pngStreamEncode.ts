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
): Promise<Uint8Array> {
  // The checks every writer makes (finite heights, a readable range), in slices: main keeps answering.
  const resolved = await runSlicedAsync(checkedExportRangeSliced(field, range, fileName));
  const image = pngHeightmapImage(field, resolved, 16);
  const { width, depth, heights } = field;
  const scale = quantiseScale(resolved.min, resolved.max, 65535);
  const stride = 2 * width + 1;
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
    filterUp16RowsFromHeights(heights, width, y0, y1, resolved.min, scale, buffers[k], current, above);
    free[k] = new Promise<void>((resolve, reject) => {
      deflate.write(buffers[k].subarray(0, (y1 - y0) * stride), (error) => (error ? reject(error) : resolve()));
    });
    free[k].catch(() => undefined); // awaited below; marked handled so an early failure is not reported twice
  }
  deflate.end();
  await Promise.all([...free, ended]);
  return runSlicedAsync(assembleGrayPngFromCompressedSliced(image, pieces));
}
