/**
 * zlib streams through fflate, with a hard cap on the inflated size so that a small hostile file
 * can never make us allocate (or spin) without bound: input is fed in slices and inflation stops
 * as soon as the output passes the size the caller expects.
 */
import { Unzlib } from 'fflate';
import { adler32 } from './checksums';
import { fastZlibCompress } from './fast-deflate';

/**
 * A zlib (RFC 1950) compressor. Writers take one injected, so that shared/ stays pure: main and the
 * CLI pass node:zlib's (main/services/nativeDeflate.ts, several times faster), code without Node
 * (the window's codec worker) gets `portableDeflate`.
 */
export type Deflate = (data: Uint8Array) => Uint8Array;

/** Pure TypeScript (fast-deflate.ts): the fastest compressor where native zlib cannot be called synchronously. */
export const portableDeflate: Deflate = fastZlibCompress;

export type InflateOutcome =
  | { ok: true; data: Uint8Array }
  /** 'stopped': the caller's onData said stop. */
  | { ok: false; problem: 'corrupt' | 'too-long' | 'too-short' | 'checksum' | 'stopped'; detail: string; produced: number };

export interface InflaterOptions {
  /** Compressed bytes per inflate step (default 64 KiB): a step makes at most ~1032 times as much. */
  slice?: number;
  /** Sees the output as it is made; returning false stops the inflation (outcome 'stopped'). */
  onData?: (chunk: Uint8Array) => boolean;
  /**
   * Where the output goes, exactly `expectedSize` bytes (e.g. the bytes of the caller's final
   * Float32Array): no buffer of the inflater's own and no copy as it grows. The outcome's data is it.
   */
  into?: Uint8Array;
}

/** Feeding slices of this size bounds one step's output to about 64 KiB × 1032 (deflate's ratio limit). */
const DEFAULT_SLICE = 64 * 1024;

/**
 * Inflates a zlib stream that arrives in ranges of one or more buffers (e.g. a PNG's IDAT chunks)
 * into exactly `expectedSize` bytes, verifying the Adler-32 trailer. Small ranges are gathered into
 * slices first, so a file of millions of one-byte pieces costs a copy, not millions of inflate steps.
 */
export interface ExactInflater {
  /** Feeds bytes[start, end); false once the output has passed `expectedSize` (feeding more is pointless). */
  push(bytes: Uint8Array, start?: number, end?: number): boolean;
  finish(): InflateOutcome;
}

/** `sizeHint`: about how many compressed bytes will come, to size the first output buffer. */
export function createExactInflater(expectedSize: number, sizeHint: number, options: InflaterOptions = {}): ExactInflater {
  const slice = options.slice ?? DEFAULT_SLICE;
  const onData = options.onData;
  let stopped = false;
  // Start from what the input can plausibly hold and grow as data really arrives, so a tiny file
  // that merely declares a huge image costs little.
  if (options.into && options.into.length !== expectedSize)
    throw new RangeError(`the output buffer holds ${options.into.length} bytes, not the ${expectedSize} expected`);
  let out = options.into ?? new Uint8Array(Math.min(expectedSize, Math.max(1 << 20, sizeHint * 16)));
  let produced = 0;
  let overflow = false;
  let ended = false;
  let failure: string | null = null;
  let received = 0;
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
    if (onData && !stopped && !onData(chunk)) stopped = true;
  });
  // The last four bytes seen: the Adler-32 trailer once the stream is complete (fflate does not check it).
  const tail = new Uint8Array(4);
  let tailLength = 0;
  // One slice is held back so that the last one can be pushed as final.
  let held: Uint8Array | null = null;
  const stage = new Uint8Array(slice);
  let staged = 0;

  const feed = (piece: Uint8Array): void => {
    if (held !== null && !overflow && !stopped && failure === null) {
      try {
        stream.push(held, false);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    held = piece;
  };
  const keepTail = (bytes: Uint8Array, start: number, end: number): void => {
    for (let k = Math.max(start, end - 4); k < end; k++) {
      if (tailLength === 4) tail.copyWithin(0, 1);
      tail[Math.min(tailLength, 3)] = bytes[k];
      if (tailLength < 4) tailLength++;
    }
  };

  return {
    push(bytes, start = 0, end = bytes.length) {
      if (end <= start) return !overflow && !stopped;
      received += end - start;
      keepTail(bytes, start, end);
      let at = start;
      if (staged > 0 || end - start < slice) {
        const take = Math.min(slice - staged, end - at);
        if (take < 32) for (let k = 0; k < take; k++) stage[staged + k] = bytes[at + k];
        else stage.set(bytes.subarray(at, at + take), staged);
        staged += take;
        at += take;
        if (staged === slice) {
          feed(stage.slice());
          staged = 0;
        }
      }
      for (; end - at >= slice; at += slice) feed(bytes.subarray(at, at + slice));
      if (at < end) {
        stage.set(bytes.subarray(at, end), 0);
        staged = end - at;
      }
      return !overflow && !stopped && failure === null;
    },
    finish() {
      if (staged > 0) feed(stage.slice(0, staged));
      staged = 0;
      if (received === 0) return { ok: false, problem: 'corrupt', detail: 'the compressed data is empty', produced: 0 };
      if (held !== null && !overflow && !stopped && failure === null) {
        try {
          stream.push(held, true);
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
        }
      }
      held = null;
      if (stopped) return { ok: false, problem: 'stopped', detail: '', produced };
      if (overflow) return { ok: false, problem: 'too-long', detail: '', produced };
      if (failure !== null) return { ok: false, problem: produced >= expectedSize ? 'too-long' : 'corrupt', detail: failure, produced };
      if (!ended || produced < expectedSize) return { ok: false, problem: 'too-short', detail: '', produced };
      const trailer = tailLength < 4 ? -1 : ((tail[0] << 24) | (tail[1] << 16) | (tail[2] << 8) | tail[3]) >>> 0;
      if (trailer !== adler32(out)) return { ok: false, problem: 'checksum', detail: '', produced };
      return { ok: true, data: out };
    },
  };
}

/**
 * Inflates the zlib stream made of `pieces` (e.g. the PNG IDAT chunks in order) into exactly
 * `expectedSize` bytes, verifying the Adler-32 trailer.
 */
export function inflateExactly(pieces: readonly Uint8Array[], expectedSize: number, into?: Uint8Array): InflateOutcome {
  let compressedSize = 0;
  for (const piece of pieces) compressedSize += piece.length;
  const inflater = createExactInflater(expectedSize, compressedSize, into ? { into } : {});
  for (const piece of pieces) if (!inflater.push(piece)) break;
  return inflater.finish();
}
