/**
 * A fast zlib compressor for large, regular data (filtered heightmap scanlines): greedy LZ77 with one
 * hash probe per position and dynamic Huffman blocks. It trades some ratio for several times the
 * speed of general-purpose level-1 deflate, which is what keeps 16-bit PNG export of a 4097² map
 * within its time budget. The output is standard zlib (RFC 1950/1951) that any inflater reads.
 */
import { adler32 } from './checksums';

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

const WINDOW = 32768;
const MIN_MATCH = 4;
const MAX_MATCH = 258;
const HASH_BITS = 16;
const BLOCK_TOKENS = 1 << 16;

/** Length 3..258 → symbol index 0..28; distance 1..32768 → distance symbol 0..29. */
const LENGTH_SYMBOL = new Uint8Array(MAX_MATCH + 1);
const DIST_SYMBOL = new Uint8Array(WINDOW + 1);
for (let s = 0; s < LENGTH_BASE.length; s++) {
  const end = s + 1 < LENGTH_BASE.length ? LENGTH_BASE[s + 1] : MAX_MATCH + 1;
  for (let len = LENGTH_BASE[s]; len < end; len++) LENGTH_SYMBOL[len] = s;
}
LENGTH_SYMBOL[MAX_MATCH] = 28;
for (let s = 0; s < DIST_BASE.length; s++) {
  const end = s + 1 < DIST_BASE.length ? DIST_BASE[s + 1] : WINDOW + 1;
  for (let d = DIST_BASE[s]; d < end; d++) DIST_SYMBOL[d] = s;
}

class BitWriter {
  out: Uint8Array;
  pos = 0;
  private acc = 0;
  private count = 0;

  constructor(capacity: number) {
    this.out = new Uint8Array(capacity);
  }

  reserve(extra: number): void {
    if (this.pos + extra <= this.out.length) return;
    const next = new Uint8Array(Math.max(this.out.length * 2, this.pos + extra));
    next.set(this.out.subarray(0, this.pos));
    this.out = next;
  }

  /** Writes the low `n` (≤ 16) bits of value, least significant first. */
  bits(value: number, n: number): void {
    this.acc |= value << this.count;
    this.count += n;
    while (this.count >= 8) {
      this.out[this.pos++] = this.acc & 0xff;
      this.acc >>>= 8;
      this.count -= 8;
    }
  }

  alignToByte(): void {
    if (this.count > 0) this.bits(0, 8 - this.count);
  }
}

/** Huffman code lengths ≤ maxBits for `freq`; frequencies are halved until the limit holds. */
function codeLengths(freq: Uint32Array, maxBits: number): Uint8Array {
  const n = freq.length;
  const lengths = new Uint8Array(n);
  const weights = Array.from(freq);
  for (;;) {
    const symbols: number[] = [];
    for (let s = 0; s < n; s++) if (weights[s] > 0) symbols.push(s);
    symbols.sort((a, b) => weights[a] - weights[b] || a - b);
    const leaves = symbols.length;
    if (leaves === 1) {
      lengths[symbols[0]] = 1;
      return lengths;
    }
    // Two-queue Huffman construction over sorted leaves.
    const weight = new Float64Array(2 * leaves);
    const parent = new Int32Array(2 * leaves);
    for (let k = 0; k < leaves; k++) weight[k] = weights[symbols[k]];
    let leaf = 0;
    let inner = leaves;
    let next = leaves;
    const take = (): number => (leaf < leaves && (inner >= next || weight[leaf] <= weight[inner]) ? leaf++ : inner++);
    for (; next < 2 * leaves - 1; next++) {
      const a = take();
      const b = take();
      weight[next] = weight[a] + weight[b];
      parent[a] = next;
      parent[b] = next;
    }
    const depth = new Uint8Array(2 * leaves - 1);
    let longest = 0;
    for (let node = 2 * leaves - 3; node >= 0; node--) {
      depth[node] = depth[parent[node]] + 1;
      if (node < leaves && depth[node] > longest) longest = depth[node];
    }
    if (longest <= maxBits) {
      for (let k = 0; k < leaves; k++) lengths[symbols[k]] = depth[k];
      return lengths;
    }
    for (let s = 0; s < n; s++) if (weights[s] > 0) weights[s] = (weights[s] >> 1) | 1;
  }
}

/** Canonical codes for the lengths, bit-reversed for LSB-first output. */
function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const count = new Uint16Array(16);
  for (const len of lengths) if (len) count[len]++;
  const next = new Uint16Array(16);
  let code = 0;
  for (let bits = 1; bits < 16; bits++) {
    code = (code + count[bits - 1]) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const len = lengths[s];
    if (!len) continue;
    let c = next[len]++;
    let reversed = 0;
    for (let b = 0; b < len; b++) {
      reversed = (reversed << 1) | (c & 1);
      c >>= 1;
    }
    codes[s] = reversed;
  }
  return codes;
}

/** Run-length codes (16, 17, 18) for the concatenated code lengths: [symbol, extra] pairs. */
function runLengthCodes(lengths: Uint8Array): number[] {
  const out: number[] = [];
  for (let k = 0; k < lengths.length;) {
    const len = lengths[k];
    let run = 1;
    while (k + run < lengths.length && lengths[k + run] === len) run++;
    k += run;
    if (len === 0) {
      while (run >= 11) {
        const r = Math.min(run, 138);
        out.push(18, r - 11);
        run -= r;
      }
      if (run >= 3) {
        out.push(17, run - 3);
        run = 0;
      }
    } else {
      out.push(len, 0);
      run--;
      while (run >= 3) {
        const r = Math.min(run, 6);
        out.push(16, r - 3);
        run -= r;
      }
    }
    while (run-- > 0) out.push(len, 0);
  }
  return out;
}

function ensureTwoSymbols(freq: Uint32Array): void {
  let used = 0;
  for (const f of freq) if (f) used++;
  for (let s = 0; used < 2; s++) {
    if (!freq[s]) {
      freq[s] = 1;
      used++;
    }
  }
}

function writeBlock(out: BitWriter, tokens: Uint32Array, tokenCount: number, litFreq: Uint32Array, distFreq: Uint32Array, final: boolean): void {
  litFreq[256]++;
  ensureTwoSymbols(litFreq);
  ensureTwoSymbols(distFreq);
  const litLengths = codeLengths(litFreq, 15);
  const distLengths = codeLengths(distFreq, 15);
  const litCodes = canonicalCodes(litLengths);
  const distCodes = canonicalCodes(distLengths);
  let hlit = 286;
  while (hlit > 257 && litLengths[hlit - 1] === 0) hlit--;
  let hdist = 30;
  while (hdist > 1 && distLengths[hdist - 1] === 0) hdist--;
  const all = new Uint8Array(hlit + hdist);
  all.set(litLengths.subarray(0, hlit));
  all.set(distLengths.subarray(0, hdist), hlit);
  const rle = runLengthCodes(all);
  const clFreq = new Uint32Array(19);
  for (let k = 0; k < rle.length; k += 2) clFreq[rle[k]]++;
  ensureTwoSymbols(clFreq);
  const clLengths = codeLengths(clFreq, 7);
  const clCodes = canonicalCodes(clLengths);
  let hclen = 19;
  while (hclen > 4 && clLengths[CODE_LENGTH_ORDER[hclen - 1]] === 0) hclen--;

  out.reserve(tokenCount * 6 + 1024);
  out.bits(final ? 1 : 0, 1);
  out.bits(2, 2);
  out.bits(hlit - 257, 5);
  out.bits(hdist - 1, 5);
  out.bits(hclen - 4, 4);
  for (let k = 0; k < hclen; k++) out.bits(clLengths[CODE_LENGTH_ORDER[k]], 3);
  for (let k = 0; k < rle.length; k += 2) {
    const symbol = rle[k];
    out.bits(clCodes[symbol], clLengths[symbol]);
    if (symbol === 16) out.bits(rle[k + 1], 2);
    else if (symbol === 17) out.bits(rle[k + 1], 3);
    else if (symbol === 18) out.bits(rle[k + 1], 7);
  }
  for (let t = 0; t < tokenCount; t++) {
    const token = tokens[t];
    if (token < 256) {
      out.bits(litCodes[token], litLengths[token]);
      continue;
    }
    const len = token >>> 16;
    const dist = token & 0xffff || WINDOW;
    const ls = LENGTH_SYMBOL[len];
    out.bits(litCodes[257 + ls], litLengths[257 + ls]);
    if (LENGTH_EXTRA[ls]) out.bits(len - LENGTH_BASE[ls], LENGTH_EXTRA[ls]);
    const ds = DIST_SYMBOL[dist];
    out.bits(distCodes[ds], distLengths[ds]);
    if (DIST_EXTRA[ds]) out.bits(dist - DIST_BASE[ds], DIST_EXTRA[ds]);
  }
  out.bits(litCodes[256], litLengths[256]);
}

export function fastZlibCompress(data: Uint8Array): Uint8Array {
  const out = new BitWriter(Math.ceil(data.length * 0.6) + 1024);
  out.bits(0x78, 8);
  out.bits(0x01, 8);
  const head = new Int32Array(1 << HASH_BITS).fill(-WINDOW - 1);
  const tokens = new Uint32Array(BLOCK_TOKENS);
  let litFreq = new Uint32Array(286);
  let distFreq = new Uint32Array(30);
  let count = 0;
  const n = data.length;
  const lastHashable = n - MIN_MATCH;
  let i = 0;
  while (i < n) {
    if (count >= BLOCK_TOKENS - 1) {
      writeBlock(out, tokens, count, litFreq, distFreq, false);
      litFreq = new Uint32Array(286);
      distFreq = new Uint32Array(30);
      count = 0;
    }
    if (i <= lastHashable) {
      const word = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24);
      const h = Math.imul(word, 0x9e3779b1) >>> (32 - HASH_BITS);
      const candidate = head[h];
      head[h] = i;
      const dist = i - candidate;
      if (
        dist <= WINDOW &&
        data[candidate] === data[i] &&
        data[candidate + 1] === data[i + 1] &&
        data[candidate + 2] === data[i + 2] &&
        data[candidate + 3] === data[i + 3]
      ) {
        const max = Math.min(MAX_MATCH, n - i);
        let len = MIN_MATCH;
        while (len < max && data[candidate + len] === data[i + len]) len++;
        // Distance 32768 is stored as 0 in the low 16 bits.
        tokens[count++] = (len << 16) | (dist & 0xffff);
        litFreq[257 + LENGTH_SYMBOL[len]]++;
        distFreq[DIST_SYMBOL[dist]]++;
        i += len;
        continue;
      }
    }
    const literal = data[i++];
    tokens[count++] = literal;
    litFreq[literal]++;
  }
  writeBlock(out, tokens, count, litFreq, distFreq, true);
  out.alignToByte();
  out.reserve(4);
  const checksum = adler32(data);
  out.out[out.pos++] = checksum >>> 24;
  out.out[out.pos++] = (checksum >>> 16) & 0xff;
  out.out[out.pos++] = (checksum >>> 8) & 0xff;
  out.out[out.pos++] = checksum & 0xff;
  return out.out.slice(0, out.pos);
}
