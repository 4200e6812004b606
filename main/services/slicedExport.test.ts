import { describe, expect, it } from 'vitest';
import { float32LittleEndianBytes } from '../../shared/codecs/bytes';
import { compileExrHeightmapSliced } from '../../shared/codecs/exr';
import { compileR16Sliced, compileR32Sliced } from '../../shared/codecs/raw';
import { createCodecRegistry, encodeVariant } from '../../shared/codecs/registry';
import { SLICE_VALUES, type Sliced } from '../../shared/codecs/sliced';
import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import { HEIGHTMAP_EXPORT_VARIANTS } from '../../shared/codecs/formats';
import { encodeHeightmapExport } from './exportService';
import { nativeDeflate } from './nativeDeflate';
import { runSlicedAsync } from './slicedRun';
import { turnsDuring } from './testing/eventLoopTurns';

/** Enough rows for several slices. */
function terrain(width: number, depth: number): Heightfield {
  const field = createHeightfield(width, depth, 2);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = 40 * Math.sin(k * 0.0007) + (k % 13) * 0.37 - 5;
  return field;
}

/** Runs the work with a zero budget and counts the turns of the event loop it let through. */
function countYields<T>(work: Sliced<T>): Promise<{ value: T; turns: number }> {
  return turnsDuring(() => runSlicedAsync(work, 0));
}

describe("heightmap exports in main give way to the event loop, with the codecs' bytes", () => {
  const field = terrain(1025, Math.ceil((3 * SLICE_VALUES) / 1025));
  const codecs = createCodecRegistry({ deflate: nativeDeflate });

  it('R16, R32 and EXR encode in slices that let the loop run between them', async () => {
    const cases: [string, Sliced<Uint8Array>, Uint8Array][] = [
      [
        'r16',
        compileR16Sliced(field, { byteOrder: 'be', flip: true }, 'a.r16'),
        encodeVariant(codecs, 'r16', field, { byteOrder: 'be', flip: true, range: 'auto' }),
      ],
      ['r32', compileR32Sliced(field, { flip: true }, 'a.r32'), encodeVariant(codecs, 'r32', field, { flip: true })],
      ['exr', compileExrHeightmapSliced(field, { deflate: nativeDeflate }, 'a.exr'), encodeVariant(codecs, 'exr', field, {})],
    ];
    for (const [name, work, expected] of cases) {
      const { value, turns } = await countYields(work);
      expect(turns, name).toBeGreaterThan(2);
      expect(Buffer.from(value).equals(Buffer.from(expected)), name).toBe(true);
    }
  });

  it("file:exportHeightmap's encoder (a worker thread) writes the codecs' bytes for every format, and their refusals", async () => {
    const field = terrain(300, 171);
    const heightfield = { width: field.width, depth: field.depth, cellSize: 2, heights: float32LittleEndianBytes(field.heights) };
    for (const format of HEIGHTMAP_EXPORT_VARIANTS) {
      for (const flip of format === 'r16' || format === 'r32' ? [false, true] : [false]) {
        const request = {
          title: 'Export',
          defaultName: `m.${format}`,
          format,
          byteOrder: 'be',
          flip,
          exrCompression: 'zip',
          heightfield: { ...heightfield, heights: heightfield.heights.slice() },
        } as const;
        const bytes = await encodeHeightmapExport(request);
        const expected = encodeVariant(codecs, format, field, { range: 'auto', byteOrder: 'be', flip, exrCompression: 'zip', fileName: `m.${format}` });
        expect(Buffer.from(bytes).equals(Buffer.from(expected)), format).toBe(true);
      }
    }
    const bad = terrain(300, 171);
    bad.heights[301] = NaN;
    const badField = { ...heightfield, heights: float32LittleEndianBytes(bad.heights) };
    for (const format of HEIGHTMAP_EXPORT_VARIANTS) {
      const request = {
        title: 'Export',
        defaultName: `bad.${format}`,
        format,
        byteOrder: 'le',
        flip: false,
        exrCompression: 'zip',
        heightfield: { ...badField, heights: badField.heights.slice() },
      } as const;
      await expect(encodeHeightmapExport(request), format).rejects.toThrow(new RegExp(`^bad\\.${format}: .*NaN`));
    }
  });
});
