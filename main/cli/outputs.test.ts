// The CLI's --out writers are the codec registry's, with the same checks the app's exports make.
import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { FILE_FORMATS } from '../../shared/codecs/registry';
import { parseR32 } from '../../shared/codecs/raw';
import { outputFormatFor, outputFormats } from './outputs';

function field() {
  const f = createHeightfield(5, 3, 1);
  for (let k = 0; k < f.heights.length; k++) f.heights[k] = k * 1.25 - 4;
  return f;
}

describe('CLI output formats', () => {
  it("are the registry's codecs, under the extension each writes new files with", () => {
    expect(outputFormats().map((f) => f.extension)).toEqual(FILE_FORMATS.map((f) => `.${f.extensions[0]}`));
    expect(outputFormatFor('out/Terrain.PNG')?.extension).toBe('.png');
    expect(outputFormatFor('a.faultline')?.extension).toBe('.faultline');
    // .raw is read as R16 but never written under that name; unknown types have no writer.
    expect(outputFormatFor('a.raw')).toBeUndefined();
    expect(outputFormatFor('a.tiff')).toBeUndefined();
    expect(outputFormatFor('README')).toBeUndefined();
  });

  it('.r32 refuses NaN and ±Infinity heights, flipped or not, naming the file', () => {
    const r32 = outputFormatFor('x.r32')!;
    for (const bad of [NaN, Infinity, -Infinity]) {
      const f = field();
      f.heights[7] = bad;
      expect(() => r32.encode(f, { fileName: 'x.r32' })).toThrow(new RegExp(`^x\\.r32: cannot be written: height 7 \\(column 2, row 1\\) is ${bad}$`));
      expect(() => r32.encode(f, { fileName: 'x.r32', flip: true })).toThrow(/^x\.r32: cannot be written: height 7/);
    }
  });

  it('.r32 writes the heights bit for bit, flipped on request', () => {
    const f = field();
    const r32 = outputFormatFor('x.r32')!;
    expect(Array.from(parseR32(r32.encode(f), 'x.r32', { width: 5, depth: 3 }).samples)).toEqual(Array.from(f.heights));
    expect(Array.from(parseR32(r32.encode(f, { flip: true }), 'x.r32', { width: 5, depth: 3, flip: true }).samples)).toEqual(Array.from(f.heights));
  });

  it('encodeAsync writes the bytes of encode (16-bit PNG streamed), and refuses what encode refuses', async () => {
    const big = createHeightfield(300, 200, 2);
    for (let k = 0; k < big.heights.length; k++) big.heights[k] = Math.sin(k * 0.013) * 40 + (k % 300) * 0.1;
    const png = outputFormatFor('x.png')!;
    for (const options of [{}, { bits: 16 as const, range: { min: -50, max: 80 } }, { bits: 8 as const }, { fileName: 'y.png' }]) {
      expect(Buffer.from(await png.encodeAsync(big, options)).equals(Buffer.from(png.encode(big, options)))).toBe(true);
    }
    const r16 = outputFormatFor('x.r16')!;
    expect(Buffer.from(await r16.encodeAsync(big, { flip: true })).equals(Buffer.from(r16.encode(big, { flip: true })))).toBe(true);
    const bad = { fileName: 'x.png', range: { min: 5, max: 1 } };
    expect(() => png.encode(big, bad)).toThrow(/^x\.png: /);
    await expect(png.encodeAsync(big, bad)).rejects.toThrow(/^x\.png: .*height range must be two finite numbers/);
  });
});
