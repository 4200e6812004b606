/** PNG scanline filters (PNG spec §9): reversing all five on decode, applying them on encode. */

export const FILTER_TYPES = { none: 0, sub: 1, up: 2, average: 3, paeth: 4 } as const;
export type FilterName = keyof typeof FILTER_TYPES;

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/**
 * Reverses the filter of one scanline in place. `line` holds the filtered bytes (without the
 * filter-type byte), `previous` the already reconstructed line above (or undefined for the first),
 * `bpp` the bytes per complete pixel (at least 1). Returns false for an unknown filter type.
 */
export function unfilterLine(filter: number, line: Uint8Array, previous: Uint8Array | undefined, bpp: number): boolean {
  const n = line.length;
  switch (filter) {
    case 0:
      return true;
    case 1:
      for (let k = bpp; k < n; k++) line[k] = (line[k] + line[k - bpp]) & 0xff;
      return true;
    case 2:
      if (previous) for (let k = 0; k < n; k++) line[k] = (line[k] + previous[k]) & 0xff;
      return true;
    case 3:
      for (let k = 0; k < n; k++) {
        const left = k >= bpp ? line[k - bpp] : 0;
        const up = previous ? previous[k] : 0;
        line[k] = (line[k] + ((left + up) >> 1)) & 0xff;
      }
      return true;
    case 4:
      for (let k = 0; k < n; k++) {
        const left = k >= bpp ? line[k - bpp] : 0;
        const up = previous ? previous[k] : 0;
        const upLeft = previous && k >= bpp ? previous[k - bpp] : 0;
        line[k] = (line[k] + paeth(left, up, upLeft)) & 0xff;
      }
      return true;
    default:
      return false;
  }
}

/** Writes filter byte + filtered `line` into `out` at `at`; `previous` is the raw line above. */
export function filterLine(filter: number, line: Uint8Array, previous: Uint8Array | undefined, bpp: number, out: Uint8Array, at: number): void {
  out[at] = filter;
  const o = at + 1;
  const n = line.length;
  switch (filter) {
    case 0:
      out.set(line, o);
      return;
    case 1:
      for (let k = 0; k < n; k++) out[o + k] = (line[k] - (k >= bpp ? line[k - bpp] : 0)) & 0xff;
      return;
    case 2:
      if (!previous) out.set(line, o);
      else for (let k = 0; k < n; k++) out[o + k] = (line[k] - previous[k]) & 0xff;
      return;
    case 3:
      for (let k = 0; k < n; k++) {
        const left = k >= bpp ? line[k - bpp] : 0;
        const up = previous ? previous[k] : 0;
        out[o + k] = (line[k] - ((left + up) >> 1)) & 0xff;
      }
      return;
    default:
      for (let k = 0; k < n; k++) {
        const left = k >= bpp ? line[k - bpp] : 0;
        const up = previous ? previous[k] : 0;
        const upLeft = previous && k >= bpp ? previous[k - bpp] : 0;
        out[o + k] = (line[k] - paeth(left, up, upLeft)) & 0xff;
      }
  }
}
