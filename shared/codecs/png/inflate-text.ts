import { Unzlib } from 'fflate';
import { adler32 } from '../checksums';

/**
 * Compressed bytes pushed per inflate step. Deflate expands at most about 1032:1, so one step makes
 * at most ~66 KiB: reading the first bytes of a text chunk that inflates to gigabytes costs that much.
 */
const STEP = 64;

export interface InflatedPrefix {
  /** The first (at most maxBytes) bytes of the text. */
  bytes: Uint8Array;
  /** True when that is the whole text (and its Adler-32 checksum matched). */
  complete: boolean;
}

/**
 * Inflates the start of a compressed text chunk: at most `maxBytes`, stopping as soon as they are
 * there. Undefined when the data is damaged (text chunks are ancillary: a damaged one is ignored).
 */
export function inflatePrefix(data: Uint8Array, maxBytes: number): InflatedPrefix | undefined {
  const out = new Uint8Array(maxBytes);
  let produced = 0;
  let cut = false;
  let ended = false;
  const stream = new Unzlib((chunk, final) => {
    if (final) ended = true;
    const room = maxBytes - produced;
    if (chunk.length > room) cut = true;
    out.set(chunk.subarray(0, Math.min(room, chunk.length)), produced);
    produced += Math.min(room, chunk.length);
  });
  try {
    for (let at = 0; at < data.length && !cut; at += STEP) stream.push(data.subarray(at, at + STEP), at + STEP >= data.length);
  } catch {
    return undefined;
  }
  const bytes = out.subarray(0, produced);
  if (cut) return { bytes, complete: false };
  if (!ended) return undefined;
  const n = data.length;
  const trailer = n < 4 ? -1 : ((data[n - 4] << 24) | (data[n - 3] << 16) | (data[n - 2] << 8) | data[n - 1]) >>> 0;
  return trailer === adler32(bytes) ? { bytes, complete: true } : undefined;
}
