// PNGs main and the CLI write (node:zlib) read back bit for bit through Faultline's own bounded decoder.
import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { compilePngHeightmap } from '../../shared/codecs/png-heightmap';
import { decodePng } from '../../shared/codecs/png/decode';
import { quantiseHeights } from '../../shared/codecs/heightmap';
import { createCodecRegistry } from '../../shared/codecs/registry';
import { seededValues } from '../../shared/codecs/testing/png-fixtures';
import { nativeDeflate } from './nativeDeflate';

function terrain(width: number, depth: number, seed: number) {
  const field = createHeightfield(width, depth, 1.5);
  const noise = seededValues(width * depth, 1000, seed);
  for (let k = 0; k < field.heights.length; k++)
    field.heights[k] = Math.sin((k % width) * 0.1) * 50 + Math.cos(Math.floor(k / width) * 0.07) * 30 + noise[k] / 100;
  return field;
}

describe('native deflate for PNG heightmaps', () => {
  it('round-trips 8- and 16-bit PNGs of odd and even sizes exactly through the bounded decoder', () => {
    const sizes: [number, number][] = [
      [2, 2],
      [3, 5],
      [17, 9],
      [129, 129],
      [257, 131],
      [1025, 3],
    ];
    for (const [width, depth] of sizes) {
      const field = terrain(width, depth, width * 7 + depth);
      for (const bits of [8, 16] as const) {
        const png = compilePngHeightmap(field, { bits, deflate: nativeDeflate });
        const decoded = decodePng(png, 'native.png');
        const expected = bits === 16 ? new Uint16Array(width * depth) : new Uint8Array(width * depth);
        let min = Infinity;
        let max = -Infinity;
        for (const h of field.heights) {
          min = Math.min(min, h);
          max = Math.max(max, h);
        }
        quantiseHeights(field.heights, min, max, bits === 16 ? 65535 : 255, expected);
        expect([decoded.width, decoded.height, decoded.bitDepth]).toEqual([width, depth, bits]);
        expect(Array.from(decoded.samples)).toEqual(Array.from(expected));
        // The same image as the portable compressor's file, byte for byte once inflated.
        const portable = decodePng(compilePngHeightmap(field, { bits }), 'portable.png');
        expect(Array.from(portable.samples)).toEqual(Array.from(decoded.samples));
      }
    }
  });

  it('makes standard zlib streams', () => {
    const data = new Uint8Array(seededValues(100_000, 7, 3));
    expect(Buffer.from(inflateSync(nativeDeflate(data))).equals(Buffer.from(data))).toBe(true);
  });

  it('is what the registry uses when given: the PNGs differ only in their compressed bytes', () => {
    const field = terrain(65, 33, 1);
    const native = createCodecRegistry({ deflate: nativeDeflate });
    const portable = createCodecRegistry();
    const a = native.get('png').decode!(native.get('png').encode(field), 'a.png');
    const b = portable.get('png').decode!(portable.get('png').encode(field), 'b.png');
    expect(Array.from(a.samples)).toEqual(Array.from(b.samples));
    expect(Buffer.from(native.get('png').encode(field)).equals(Buffer.from(portable.get('png').encode(field)))).toBe(false);
  });
});
