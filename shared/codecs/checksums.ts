/** CRC-32 (ISO 3309, as used by PNG and zip) with slice-by-4 tables, and Adler-32 (zlib). */

const CRC_TABLES: Uint32Array[] = buildCrcTables();

function buildCrcTables(): Uint32Array[] {
  const first = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    first[n] = c >>> 0;
  }
  const tables = [first];
  for (let t = 1; t < 4; t++) {
    const previous = tables[t - 1];
    const table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) table[n] = (previous[n] >>> 8) ^ first[previous[n] & 0xff];
    tables.push(table);
  }
  return tables;
}

/** Continues a CRC-32 over bytes[start, end) (all of them by default); start with crc = 0. */
export function crc32(bytes: Uint8Array, crc = 0, start = 0, end = bytes.length): number {
  const [t0, t1, t2, t3] = CRC_TABLES;
  let c = ~crc >>> 0;
  let k = start;
  const end4 = end - ((end - start) & 3);
  for (; k < end4; k += 4) {
    c ^= bytes[k] | (bytes[k + 1] << 8) | (bytes[k + 2] << 16) | (bytes[k + 3] << 24);
    c = t3[c & 0xff] ^ t2[(c >>> 8) & 0xff] ^ t1[(c >>> 16) & 0xff] ^ t0[c >>> 24];
  }
  for (; k < end; k++) c = t0[(c ^ bytes[k]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** Adler-32 of `bytes` (zlib's trailer checksum). */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 5552 is the largest run for which b cannot overflow 2^53 before the modulo (zlib uses the same).
  for (let start = 0; start < bytes.length; start += 5552) {
    const end = Math.min(bytes.length, start + 5552);
    for (let k = start; k < end; k++) {
      a += bytes[k];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
