// Checks the pure fast deflate of shared/codecs against Node's own (stricter) zlib: Node lives on main's side of the layering.
import { describe, expect, it } from 'vitest';
import { unzlibSync } from 'fflate';
import { inflateSync } from 'node:zlib';
import { fastZlibCompress } from '../../shared/codecs/fast-deflate';
import { seededValues } from '../../shared/codecs/testing/png-fixtures';

function roundTrip(data: Uint8Array): Uint8Array {
  const compressed = fastZlibCompress(data);
  const back = unzlibSync(compressed);
  expect(back.length).toBe(data.length);
  expect(Buffer.from(back).equals(Buffer.from(data))).toBe(true);
  // Node's zlib is stricter (checks Adler-32, rejects over-subscribed or incomplete codes).
  expect(inflateSync(compressed).equals(Buffer.from(data))).toBe(true);
  return compressed;
}

describe('fast zlib compressor', () => {
  it('produces streams fflate inflates back exactly, for many kinds of data', () => {
    roundTrip(new Uint8Array(0));
    roundTrip(new Uint8Array([7]));
    roundTrip(new Uint8Array([1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]));
    roundTrip(new Uint8Array(seededValues(300_000, 256, 1))); // incompressible, several blocks
    roundTrip(new Uint8Array(seededValues(300_000, 3, 2))); // skewed literals
    roundTrip(new Uint8Array(200_000).map((_, k) => (k % 977 < 500 ? 0 : (k * 31) & 0xff))); // runs and repeats, far distances
    const repeats = new Uint8Array(100_000);
    const unit = seededValues(32768, 256, 3);
    for (let k = 0; k < repeats.length; k++) repeats[k] = unit[k % 32768]; // matches at exactly the window distance
    roundTrip(repeats);
  });

  it('compresses long runs to a tiny fraction', () => {
    expect(roundTrip(new Uint8Array(1_000_000)).length).toBeLessThan(10_000);
  });

  it('writes a valid zlib header', () => {
    const z = fastZlibCompress(new Uint8Array(10));
    expect(z[0] & 0x0f).toBe(8);
    expect(((z[0] << 8) | z[1]) % 31).toBe(0);
  });
});
