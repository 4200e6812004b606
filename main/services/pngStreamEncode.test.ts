// The streamed 16-bit PNG export: the same file as compilePngHeightmap with node:zlib, refused the same way.
import { describe, expect, it } from 'vitest';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { compilePngHeightmap, parsePngHeightmap } from '../../shared/codecs/png-heightmap';
import { CodecError } from '../../shared/codecs/errors';
import { createRandom } from '../../shared/random';
import type { ExportRange } from '../../shared/codecs/heightmap';
import { nativeDeflate } from './nativeDeflate';
import { compilePngHeightmapStreamed } from './pngStreamEncode';

function terrain(width: number, depth: number, seed: number): Heightfield {
  // A literal, not createHeightfield: the encoder must also cope with a 1×1 image.
  const field = { width, depth, cellSize: 2.5, heights: new Float32Array(width * depth) };
  const random = createRandom(seed);
  for (let k = 0; k < field.heights.length; k++)
    field.heights[k] = Math.sin((k % width) * 0.1) * 50 + Math.cos(Math.floor(k / width) * 0.07) * 30 + random.next() * 3;
  return field;
}

describe('streamed 16-bit PNG heightmap encode', () => {
  it('decodes to the same samples and text as compilePngHeightmap at odd sizes, ranges and block sizes', async () => {
    const sizes: [number, number][] = [
      [1, 1],
      [3, 5],
      [129, 129],
      [257, 131],
      [1025, 3],
    ];
    const ranges: Array<ExportRange | undefined> = [undefined, 'auto', { min: -40, max: 60 }, { min: 0, max: 1 }, { min: 5, max: 5 }];
    for (const [width, depth] of sizes) {
      const field = terrain(width, depth, width * 31 + depth);
      for (const range of ranges) {
        const oneShot = compilePngHeightmap(field, { range, deflate: nativeDeflate });
        // The decoder refuses images under 2 × 2 (not heightmaps): 1×1 is compared byte for byte only.
        const decodable = width >= 2 && depth >= 2;
        const reference = decodable ? parsePngHeightmap(oneShot, 'ref.png') : undefined;
        // 1 byte: one row per block; 1000: a few rows; default: usually one block.
        for (const block of [1, 1000, undefined]) {
          const png = await compilePngHeightmapStreamed(field, range, 'map.png', block);
          expect(Buffer.from(png).equals(Buffer.from(oneShot))).toBe(true);
          if (!reference) continue;
          const decoded = parsePngHeightmap(png, 'map.png');
          expect([decoded.width, decoded.depth, decoded.bitDepth]).toEqual([width, depth, 16]);
          expect(decoded.samples).toEqual(reference.samples);
          expect(decoded.metadata).toEqual(reference.metadata);
          expect(decoded.metadata).toMatchObject({ cellSize: 2.5 });
        }
      }
    }
  });

  it('writes the very bytes of the one-shot native encode (same zlib, same IDAT cuts) across many blocks', async () => {
    const field = terrain(1025, 1200, 3); // > 2 MiB of filtered rows: several default blocks and IDAT chunks
    const oneShot = compilePngHeightmap(field, { deflate: nativeDeflate });
    expect(Buffer.from(await compilePngHeightmapStreamed(field, undefined)).equals(Buffer.from(oneShot))).toBe(true);
  });

  it('refuses bad ranges as compilePngHeightmap does, naming the file, and treats non-finite heights alike', async () => {
    const holed = terrain(9, 7, 1);
    holed.heights[12] = Number.NaN;
    const infinite = terrain(9, 7, 1);
    infinite.heights[3] = Number.POSITIVE_INFINITY;
    const cases: Array<[Heightfield, ExportRange | undefined, boolean]> = [
      [terrain(4, 4, 2), { min: 3, max: 1 }, true],
      [terrain(4, 4, 2), { min: 0, max: Number.POSITIVE_INFINITY }, true],
      [terrain(4, 4, 2), { min: Number.NaN, max: 1 }, true],
      // Whatever the one-shot encoder does with these (the export service refuses them earlier), the stream does too.
      [holed, undefined, false],
      [infinite, undefined, false],
      [holed, { min: 0, max: 100 }, false],
    ];
    for (const [field, range, mustFail] of cases) {
      let expected: unknown;
      let reference: Uint8Array | undefined;
      try {
        reference = compilePngHeightmap(field, { range, deflate: nativeDeflate }, 'bad.png');
      } catch (error) {
        expected = error;
      }
      if (mustFail) expect(expected).toBeInstanceOf(CodecError);
      if (expected) {
        await expect(compilePngHeightmapStreamed(field, range, 'bad.png')).rejects.toThrow((expected as Error).message);
        await expect(compilePngHeightmapStreamed(field, range, 'bad.png')).rejects.toBeInstanceOf(CodecError);
      } else {
        expect(Buffer.from(await compilePngHeightmapStreamed(field, range, 'bad.png')).equals(Buffer.from(reference!))).toBe(true);
      }
    }
  });
});
