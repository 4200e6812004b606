/**
 * OpenEXR PIZ decompression of one block: a bitmap of the 16-bit values that occur and its reverse
 * look-up table, OpenEXR's Huffman code (packed code lengths, canonical codes, run-length of the
 * last value), then the Haar wavelet undone per channel component. Ported from OpenEXR's
 * ImfPizCompressor / ImfHuf / ImfWav (as three.js's EXRLoader does), with every read of the block
 * and every write of the output bounded: a hostile block throws BlockError, never reads past its
 * bytes or writes past its pixels. Codes longer than 25 bits (OpenEXR's decoder reads up to 58 with
 * 64-bit integers; such codes need an extremely skewed block) are refused.
 */
import { BlockError } from './tiff/blockDecoders';

const USHORT_RANGE = 1 << 16;
const BITMAP_SIZE = USHORT_RANGE >> 3;
const HUF_ENCSIZE = (1 << 16) + 1;
const HUF_DECBITS = 14;
const HUF_DECSIZE = 1 << HUF_DECBITS;
const HUF_DECMASK = HUF_DECSIZE - 1;
const SHORT_ZEROCODE_RUN = 59;
const LONG_ZEROCODE_RUN = 63;
const SHORTEST_LONG_RUN = 2 + LONG_ZEROCODE_RUN - SHORT_ZEROCODE_RUN;

/** A bit reader over input[at, end): `c` holds the last bits read, `lc` how many of them are unused. */
class Bits {
  c = 0;
  lc = 0;
  constructor(
    readonly input: Uint8Array,
    public at: number,
    readonly end: number,
  ) {}
  byte(): void {
    if (this.at >= this.end) throw new BlockError('PIZ data ends early');
    this.c = ((this.c << 8) | this.input[this.at++]) >>> 0;
    this.lc += 8;
  }
  take(n: number): number {
    while (this.lc < n) this.byte();
    this.lc -= n;
    return (this.c >>> this.lc) & ((1 << n) - 1);
  }
}

/** Code lengths (6 bits each, with zero runs), made canonical: each entry becomes length | code << 6. */
function unpackCodeTable(bits: Bits, min: number, max: number): Float64Array {
  const table = new Float64Array(HUF_ENCSIZE);
  for (let i = min; i <= max; i++) {
    const length = bits.take(6);
    table[i] = length;
    if (length === LONG_ZEROCODE_RUN || length >= SHORT_ZEROCODE_RUN) {
      const run = length === LONG_ZEROCODE_RUN ? bits.take(8) + SHORTEST_LONG_RUN : length - SHORT_ZEROCODE_RUN + 2;
      if (i + run > max + 1) throw new BlockError('PIZ code table runs past its end');
      for (let k = 0; k < run; k++) table[i + k] = 0;
      i += run - 1;
    }
  }
  // Canonical codes: counts per length, then the first code of each length from the longest down.
  const counts = new Float64Array(59);
  for (let i = 0; i < HUF_ENCSIZE; i++) counts[table[i]]++;
  let code = 0;
  for (let length = 58; length > 0; length--) {
    const next = (code + counts[length]) / 2;
    counts[length] = code;
    code = Math.floor(next);
  }
  for (let i = 0; i < HUF_ENCSIZE; i++) {
    const length = table[i];
    if (length > 0) table[i] = length + counts[length]++ * 64;
  }
  return table;
}

const lengthOf = (entry: number): number => entry % 64;
const codeOf = (entry: number): number => Math.floor(entry / 64);

interface DecodingTable {
  length: Uint8Array;
  literal: Int32Array;
  /** Symbols of codes longer than HUF_DECBITS, by their first HUF_DECBITS bits. */
  long: Array<number[] | null>;
}

function buildDecodingTable(table: Float64Array, min: number, max: number): DecodingTable {
  const decoding: DecodingTable = {
    length: new Uint8Array(HUF_DECSIZE),
    literal: new Int32Array(HUF_DECSIZE),
    long: new Array<number[] | null>(HUF_DECSIZE).fill(null),
  };
  for (let i = min; i <= max; i++) {
    const length = lengthOf(table[i]);
    const code = codeOf(table[i]);
    if (length === 0) continue;
    if (length > 25 || code >= 2 ** length) throw new BlockError('PIZ code table has an invalid entry');
    if (length > HUF_DECBITS) {
      const slot = Math.floor(code / 2 ** (length - HUF_DECBITS));
      if (decoding.length[slot]) throw new BlockError('PIZ code table has an invalid entry');
      (decoding.long[slot] ??= []).push(i);
    } else {
      const first = code << (HUF_DECBITS - length);
      for (let k = 0; k < 1 << (HUF_DECBITS - length); k++) {
        if (decoding.length[first + k] || decoding.long[first + k]) throw new BlockError('PIZ code table has an invalid entry');
        decoding.length[first + k] = length;
        decoding.literal[first + k] = i;
      }
    }
  }
  return decoding;
}

/** Huffman-decodes `bitCount` bits into `out` (the symbol `runCode` repeats the last value). */
function huffmanDecode(table: Float64Array, decoding: DecodingTable, bits: Bits, bitCount: number, runCode: number, out: Uint16Array): number {
  let produced = 0;
  const emit = (symbol: number): void => {
    if (symbol === runCode) {
      if (bits.lc < 8) bits.byte();
      bits.lc -= 8;
      const repeat = (bits.c >>> bits.lc) & 0xff;
      if (produced === 0 || produced + repeat > out.length) throw new BlockError('PIZ run past the block');
      out.fill(out[produced - 1], produced, produced + repeat);
      produced += repeat;
    } else {
      if (produced >= out.length) throw new BlockError('more data than the block holds');
      out[produced++] = symbol;
    }
  };
  const end = bits.at + Math.ceil(bitCount / 8);
  if (end > bits.end) throw new BlockError('PIZ data ends early');
  while (bits.at < end) {
    bits.byte();
    while (bits.lc >= HUF_DECBITS) {
      const slot = (bits.c >>> (bits.lc - HUF_DECBITS)) & HUF_DECMASK;
      if (decoding.length[slot]) {
        bits.lc -= decoding.length[slot];
        emit(decoding.literal[slot]);
        continue;
      }
      const candidates = decoding.long[slot];
      if (!candidates) throw new BlockError('PIZ data has an unknown code');
      let found = false;
      for (const symbol of candidates) {
        const length = lengthOf(table[symbol]);
        while (bits.lc < length && bits.at < end) bits.byte();
        if (bits.lc >= length && codeOf(table[symbol]) === ((bits.c >>> (bits.lc - length)) & (2 ** length - 1))) {
          bits.lc -= length;
          emit(symbol);
          found = true;
          break;
        }
      }
      if (!found) throw new BlockError('PIZ data has an unknown code');
    }
  }
  const unused = (8 - bitCount) & 7;
  bits.c >>>= unused;
  bits.lc -= unused;
  while (bits.lc > 0) {
    const slot = (bits.c << (HUF_DECBITS - bits.lc)) & HUF_DECMASK;
    if (!decoding.length[slot]) throw new BlockError('PIZ data has an unknown code');
    bits.lc -= decoding.length[slot];
    emit(decoding.literal[slot]);
  }
  return produced;
}

const int16 = (v: number): number => (v << 16) >> 16;

/** Undoes the 2D Haar wavelet over `buffer[j + …]` (nx × ny values, steps ox and oy), 14-bit or 16-bit. */
function waveletDecode(buffer: Uint16Array, j: number, nx: number, ox: number, ny: number, oy: number, maxValue: number): void {
  const w14 = maxValue < 1 << 14;
  let a = 0;
  let b = 0;
  const dec = (l: number, h: number): void => {
    if (w14) {
      const hs = int16(h);
      const ai = int16(l) + (hs & 1) + (hs >> 1);
      a = ai;
      b = ai - hs;
    } else {
      const bb = (l - (h >> 1)) & 0xffff;
      a = (h + bb - 0x8000) & 0xffff;
      b = bb;
    }
  };
  const n = Math.min(nx, ny);
  let p = 1;
  while (p <= n) p <<= 1;
  p >>= 1;
  let p2 = p;
  p >>= 1;
  while (p >= 1) {
    let py = 0;
    const ey = oy * (ny - p2);
    const oy1 = oy * p;
    const oy2 = oy * p2;
    const ox1 = ox * p;
    const ox2 = ox * p2;
    for (; py <= ey; py += oy2) {
      let px = py;
      const ex = py + ox * (nx - p2);
      for (; px <= ex; px += ox2) {
        const p01 = px + ox1;
        const p10 = px + oy1;
        const p11 = p10 + ox1;
        dec(buffer[px + j], buffer[p10 + j]);
        const i00 = a;
        const i10 = b;
        dec(buffer[p01 + j], buffer[p11 + j]);
        const i01 = a;
        const i11 = b;
        dec(i00, i01);
        buffer[px + j] = a;
        buffer[p01 + j] = b;
        dec(i10, i11);
        buffer[p10 + j] = a;
        buffer[p11 + j] = b;
      }
      if (nx & p) {
        const p10 = px + oy1;
        dec(buffer[px + j], buffer[p10 + j]);
        buffer[px + j] = a;
        buffer[p10 + j] = b;
      }
    }
    if (ny & p) {
      let px = py;
      const ex = py + ox * (nx - p2);
      for (; px <= ex; px += ox2) {
        const p01 = px + ox1;
        dec(buffer[px + j], buffer[p01 + j]);
        buffer[px + j] = a;
        buffer[p01 + j] = b;
      }
    }
    p2 = p;
    p >>= 1;
  }
}

/**
 * One PIZ block of `columns` × `lines` pixels whose channels have `units[c]` 16-bit units per sample
 * (half 1, float and uint 2), into the uncompressed layout: per line, each channel's samples in turn.
 */
export function pizDecode(input: Uint8Array, columns: number, lines: number, units: readonly number[]): Uint8Array {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  if (input.length < 4) throw new BlockError('PIZ data ends early');
  const minNonZero = view.getUint16(0, true);
  const maxNonZero = view.getUint16(2, true);
  if (maxNonZero >= BITMAP_SIZE) throw new BlockError('PIZ bitmap is out of range');
  const bitmap = new Uint8Array(BITMAP_SIZE);
  let at = 4;
  if (minNonZero <= maxNonZero) {
    const count = maxNonZero - minNonZero + 1;
    if (at + count > input.length) throw new BlockError('PIZ data ends early');
    bitmap.set(input.subarray(at, at + count), minNonZero);
    at += count;
  }
  // The reverse look-up table: the k-th value that occurs (0 always does).
  const lut = new Uint16Array(USHORT_RANGE);
  let k = 0;
  for (let i = 0; i < USHORT_RANGE; i++) if (i === 0 || bitmap[i >> 3] & (1 << (i & 7))) lut[k++] = i;
  const maxValue = k - 1;

  const total = units.reduce((sum, u) => sum + u, 0) * columns * lines;
  const out = new Uint16Array(total);
  if (at + 4 > input.length) throw new BlockError('PIZ data ends early');
  const length = view.getInt32(at, true);
  at += 4;
  if (length < 20 || at + length > input.length) throw new BlockError('PIZ data ends early');
  const min = view.getUint32(at, true);
  const max = view.getUint32(at + 4, true);
  const bitCount = view.getUint32(at + 12, true);
  if (min >= HUF_ENCSIZE || max >= HUF_ENCSIZE) throw new BlockError('PIZ code table is out of range');
  const bits = new Bits(input, at + 20, at + length);
  const table = unpackCodeTable(bits, min, max);
  if (bitCount > 8 * (bits.end - bits.at)) throw new BlockError('PIZ data ends early');
  const decoding = buildDecodingTable(table, min, max);
  // Reading resumes at the next whole byte after the table (OpenEXR's encoder starts the data there).
  bits.c = 0;
  bits.lc = 0;
  if (huffmanDecode(table, decoding, bits, bitCount, max, out) !== total) throw new BlockError('PIZ data holds fewer values than the block');

  let start = 0;
  const starts: number[] = [];
  for (const u of units) {
    starts.push(start);
    for (let j = 0; j < u; j++) waveletDecode(out, start + j, columns, u, lines, columns * u, maxValue);
    start += columns * lines * u;
  }
  for (let i = 0; i < total; i++) out[i] = lut[out[i]];

  // Per line, each channel's run of columns × units values, as little-endian bytes.
  const bytes = new Uint8Array(total * 2);
  const outBytes = new Uint8Array(out.buffer);
  let to = 0;
  for (let y = 0; y < lines; y++) {
    units.forEach((u, c) => {
      const from = (starts[c] + y * columns * u) * 2;
      bytes.set(outBytes.subarray(from, from + columns * u * 2), to);
      to += columns * u * 2;
    });
  }
  return bytes;
}
