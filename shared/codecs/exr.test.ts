import { describe, expect, it } from 'vitest';
import { FloatType, RedFormat } from 'three';
import { EXRLoader } from 'three/examples/jsm/loaders/EXRLoader.js';
import { createHeightfield } from '../terrain/heightfield';
import { compileExrHeightmap, encodeExr, exrZipPredict } from './exr';
import { createCodecRegistry } from './registry';

/** three.js's EXRLoader, written independently from ILM's and tinyexr's readers, decodes our bytes. */
function readWithThree(bytes: Uint8Array): { width: number; height: number; data: Float32Array } {
  const loader = new EXRLoader().setDataType(FloatType).setOutputFormat(RedFormat);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const parsed = loader.parse(buffer) as unknown as { width: number; height: number; data: Float32Array };
  return parsed;
}

function sampleField(width: number, depth: number) {
  const field = createHeightfield(width, depth, 2);
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++)
      // Quantised to 1/64 m so that deflate finds repeats (random mantissas would not compress).
      field.heights[j * width + i] = Math.round(64 * 37.25 * Math.sin(i / 5) * Math.cos(j / 7)) / 64;
  }
  field.heights[1] = 1e-42; // a subnormal survives bit for bit
  field.heights[3] = -0;
  field.heights[2] = -1234.5678;
  return field;
}

describe('OpenEXR export', () => {
  for (const compression of ['none', 'zip'] as const) {
    it(`writes float32 heights an independent reader gets back bit for bit (${compression})`, () => {
      // 37 rows: two full 16-line ZIP blocks and a short one.
      const field = sampleField(29, 37);
      const bytes = compileExrHeightmap(field, { compression });
      const image = readWithThree(bytes);
      expect([image.width, image.height]).toEqual([29, 37]);
      // The ZIP blocks really are compressed: smaller than plain beyond the 34 fewer offsets and chunk headers.
      if (compression === 'zip') expect(bytes.length).toBeLessThan(compileExrHeightmap(field, { compression: 'none' }).length - 34 * 16);
      // The loader may hand rows bottom-up (WebGL's convention); find which, then compare exactly.
      const rowOf = (y: number) => image.data.subarray(y * 29, y * 29 + 29);
      const topDown = rowOf(0).every((v, i) => Object.is(v, field.heights[i]));
      for (let j = 0; j < 37; j++) {
        const row = rowOf(topDown ? j : 36 - j);
        for (let i = 0; i < 29; i++) expect(Object.is(row[i], field.heights[j * 29 + i]), `(${i}, ${j})`).toBe(true);
      }
    });
  }

  it('ZIP is smaller than plain on smooth terrain and the header names a single Y channel', () => {
    const field = createHeightfield(65, 65, 1);
    for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.round(Math.sin(k / 300) * 100) / 4;
    const plain = compileExrHeightmap(field, { compression: 'none' });
    const zipped = compileExrHeightmap(field, { compression: 'zip' });
    expect(zipped.length).toBeLessThan(plain.length / 2);
    const view = new DataView(plain.buffer, plain.byteOffset);
    expect(view.getUint32(0, true)).toBe(20000630);
    expect(view.getUint32(4, true)).toBe(2);
    const text = new TextDecoder('latin1').decode(plain.subarray(8, 200));
    expect(text.startsWith('channels\0chlist\0')).toBe(true);
    expect(text).toContain('Y\0');
    // Uncompressed: header + 8-byte offsets + per line (8 bytes + 65 floats).
    const headerEnd = plain.length - 65 * 8 - 65 * (8 + 65 * 4);
    expect(view.getBigUint64(headerEnd, true)).toBe(BigInt(headerEnd + 65 * 8));
  });

  it('predictor: even/odd split then deltas, as OpenEXR defines it', () => {
    expect([...exrZipPredict(Uint8Array.of(10, 20, 30, 40, 50))]).toEqual([
      10,
      (30 - 10 + 128) & 255,
      (50 - 30 + 128) & 255,
      (20 - 50 + 128) & 255,
      (40 - 20 + 128) & 255,
    ]);
  });

  it('refuses what it cannot store, naming the file', () => {
    const field = createHeightfield(2, 2, 1);
    field.heights[3] = NaN;
    // The heightmap writers' one check and message (as .r32, PNG, R16); encodeExr keeps its own.
    expect(() => compileExrHeightmap(field, {}, 'out/bad.exr')).toThrow(/^bad\.exr: cannot be written: height 3 \(column 1, row 1\) is NaN/);
    expect(() => encodeExr({ width: 2, height: 2, values: field.heights }, {}, 'raw.exr')).toThrow(/^raw\.exr: cannot store height NaN at column 1, row 1/);
    expect(() => encodeExr({ width: 2, height: 2, values: new Float32Array(3) })).toThrow(/expected 4 values/);
  });

  it('is in the codec registry', () => {
    expect(createCodecRegistry().find('terrain.EXR')?.id).toBe('exr');
  });
});
