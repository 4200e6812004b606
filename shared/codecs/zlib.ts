/**
 * zlib streams through fflate, with a hard cap on the inflated size so that a small hostile file
 * can never make us allocate (or spin) without bound: input is fed in slices and inflation stops
 * as soon as the output passes the size the caller expects.
 */
import { Unzlib, zlibSync } from 'fflate';
import { adler32 } from './checksums';
import { fastZlibCompress } from './fast-deflate';

/** fflate's levels 0–9, or 'fast': Faultline's own single-probe compressor (fast-deflate.ts). */
export type DeflateLevel = 'fast' | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export function zlibCompress(data: Uint8Array, level: DeflateLevel): Uint8Array {
  return level === 'fast' ? fastZlibCompress(data) : zlibSync(data, { level });
}

export type InflateOutcome =
  | { ok: true; data: Uint8Array }
  | { ok: false; problem: 'corrupt' | 'too-long' | 'too-short' | 'checksum'; detail: string; produced: number };

/** Feeding slices of this size bounds one step's output to about 64 KiB × 1032 (deflate's ratio limit). */
const SLICE = 64 * 1024;

/**
 * Inflates the zlib stream made of `pieces` (e.g. the PNG IDAT chunks in order) into exactly
 * `expectedSize` bytes, verifying the Adler-32 trailer.
 */
export function inflateExactly(pieces: readonly Uint8Array[], expectedSize: number): InflateOutcome {
  let compressedSize = 0;
  for (const piece of pieces) compressedSize += piece.length;
  // Start from what the input can plausibly hold and grow as data really arrives, so a tiny file
  // that merely declares a huge image costs little.
  let out = new Uint8Array(Math.min(expectedSize, Math.max(1 << 20, compressedSize * 16)));
  let produced = 0;
  let overflow = false;
  let ended = false;
  const stream = new Unzlib((chunk, final) => {
    if (final) ended = true;
    if (produced + chunk.length > expectedSize) {
      overflow = true;
      produced += chunk.length;
      return;
    }
    if (produced + chunk.length > out.length) {
      const grown = new Uint8Array(Math.min(expectedSize, Math.max(out.length * 2, produced + chunk.length)));
      grown.set(out.subarray(0, produced));
      out = grown;
    }
    out.set(chunk, produced);
    produced += chunk.length;
  });
  const slices: Uint8Array[] = [];
  for (const piece of pieces) {
    for (let k = 0; k < piece.length; k += SLICE) slices.push(piece.subarray(k, Math.min(piece.length, k + SLICE)));
  }
  if (slices.length === 0) return { ok: false, problem: 'corrupt', detail: 'the compressed data is empty', produced: 0 };
  try {
    for (let s = 0; s < slices.length; s++) {
      stream.push(slices[s], s === slices.length - 1);
      if (overflow) return { ok: false, problem: 'too-long', detail: '', produced };
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: produced >= expectedSize ? 'too-long' : 'corrupt', detail, produced };
  }
  if (!ended || produced < expectedSize) return { ok: false, problem: 'too-short', detail: '', produced };
  const trailer = findAdlerTrailer(slices);
  if (trailer !== adler32(out)) return { ok: false, problem: 'checksum', detail: '', produced };
  return { ok: true, data: out };
}

/** The last four bytes of the stream, big-endian (fflate strips them without checking). */
function findAdlerTrailer(slices: readonly Uint8Array[]): number {
  const last: number[] = [];
  for (let s = slices.length - 1; s >= 0 && last.length < 4; s--) {
    const slice = slices[s];
    for (let k = slice.length - 1; k >= 0 && last.length < 4; k--) last.unshift(slice[k]);
  }
  if (last.length < 4) return -1;
  return ((last[0] << 24) | (last[1] << 16) | (last[2] << 8) | last[3]) >>> 0;
}
