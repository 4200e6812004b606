/**
 * Work in slices: a generator that yields between slices of about a million values, so that a
 * caller on a busy event loop (Electron's main process) can let other work run between them
 * (main/services/slicedRun.ts), while every other caller runs it straight through (runSliced).
 * The bytes are the same either way.
 */
export type Sliced<T> = Generator<void, T, void>;

/** Values per slice: a few milliseconds of simple per-value work. */
export const SLICE_VALUES = 1 << 20;

/** Runs sliced work to its end, synchronously. */
export function runSliced<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Index of the first NaN or ±Infinity, or −1; yields between slices. */
export function* firstNonFiniteSliced(values: Float32Array): Sliced<number> {
  for (let start = 0; start < values.length; start += SLICE_VALUES) {
    const end = Math.min(values.length, start + SLICE_VALUES);
    for (let k = start; k < end; k++) if (!Number.isFinite(values[k])) return k;
    yield;
  }
  return -1;
}

/** Smallest and largest value, as heightRange computes them; yields between slices. */
export function* valueRangeSliced(values: Float32Array): Sliced<{ min: number; max: number }> {
  let min = Infinity;
  let max = -Infinity;
  for (let start = 0; start < values.length; start += SLICE_VALUES) {
    const end = Math.min(values.length, start + SLICE_VALUES);
    for (let k = start; k < end; k++) {
      const v = values[k];
      if (v < min) min = v;
      if (v > max) max = v;
    }
    yield;
  }
  return { min, max }; // as heightRange
}

/** Rows per slice for rows of `width` values. */
export const sliceRows = (width: number): number => Math.max(1, Math.floor(SLICE_VALUES / Math.max(1, width)));
