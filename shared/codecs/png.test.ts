import { describe, expect, it } from 'vitest';
import { unzlibSync, zlibSync } from 'fflate';
import { createHeightfield } from '../terrain/heightfield';
import { decodePng } from './png/decode';
import { compilePngHeightmap, parsePngHeightmap } from './png-heightmap';
import { decodedToHeightfield } from './heightmap';
import { crc32 } from './checksums';
import { assemblePng, buildPng, chunk, crc32Bitwise, ihdr, latin1, listChunks, seededValues } from './testing/png-fixtures';

const ALL_FILTERS = [0, 1, 2, 3, 4];

function rampField(width: number, depth: number, f: (i: number, j: number) => number, cellSize = 1) {
  const field = createHeightfield(width, depth, cellSize);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) field.heights[j * width + i] = f(i, j);
  return field;
}

describe('PNG decoding', () => {
  for (const bitDepth of [1, 2, 4, 8, 16]) {
    for (const interlaced of [false, true]) {
      // Odd sizes (and 2 × 3, which leaves several Adam7 passes empty) exercise partial bytes and passes.
      for (const [width, height] of [
        [13, 11],
        [2, 3],
        [9, 17],
      ]) {
        it(`reads ${bitDepth}-bit grayscale ${width} × ${height}${interlaced ? ' interlaced' : ''} with every filter type`, () => {
          const values = seededValues(width * height, 2 ** bitDepth, bitDepth * 100 + width);
          const png = buildPng({ width, height, bitDepth, colourType: 0, values, interlaced, filters: ALL_FILTERS });
          const decoded = decodePng(png, 'gray.png');
          expect(decoded.width).toBe(width);
          expect(decoded.height).toBe(height);
          expect(decoded.bitDepth).toBe(bitDepth);
          expect(decoded.interlaced).toBe(interlaced);
          expect(decoded.maxSample).toBe(2 ** bitDepth - 1);
          expect(Array.from(decoded.samples)).toEqual(values);
        });
      }
    }
  }

  it('reverses Average and Paeth exactly, including predictor ties', () => {
    // Few distinct values make ties between the Paeth candidates common.
    for (const filter of [3, 4]) {
      const values = seededValues(64 * 64 * 3, 4, filter).map((v) => v * 85);
      const png = buildPng({ width: 64, height: 64, bitDepth: 8, colourType: 2, values, filters: [filter] });
      expect(Array.from(decodePng(png, 'ties.png', { channel: 'g' }).samples)).toEqual(values.filter((_, k) => k % 3 === 1));
    }
  });

  for (const bitDepth of [8, 16]) {
    it(`reads ${bitDepth}-bit gray + alpha: gray by default, alpha on request`, () => {
      const values = seededValues(7 * 5 * 2, 2 ** bitDepth, 3);
      const png = buildPng({ width: 7, height: 5, bitDepth, colourType: 4, values, filters: ALL_FILTERS, interlaced: true });
      expect(Array.from(decodePng(png, 'ga.png').samples)).toEqual(values.filter((_, k) => k % 2 === 0));
      expect(Array.from(decodePng(png, 'ga.png', { channel: 'a' }).samples)).toEqual(values.filter((_, k) => k % 2 === 1));
    });

    for (const colourType of [2, 6]) {
      it(`reads ${bitDepth}-bit ${colourType === 2 ? 'RGB' : 'RGBA'}: Rec. 709 luminance or one channel`, () => {
        const channels = colourType === 2 ? 3 : 4;
        const count = 6 * 4;
        const values = seededValues(count * channels, 2 ** bitDepth, colourType + bitDepth);
        const png = buildPng({ width: 6, height: 4, bitDepth, colourType, values, filters: ALL_FILTERS });
        const luminance = decodePng(png, 'rgb.png');
        expect(luminance.samples).toBeInstanceOf(Float32Array);
        for (let p = 0; p < count; p++) {
          const [r, g, b] = values.slice(p * channels, p * channels + 3);
          expect(luminance.samples[p]).toBeCloseTo(0.2126 * r + 0.7152 * g + 0.0722 * b, 1);
        }
        (['r', 'g', 'b'] as const).forEach((name, c) => {
          const decoded = decodePng(png, 'rgb.png', { channel: name });
          expect(Array.from(decoded.samples)).toEqual(values.filter((_, k) => k % channels === c));
        });
        if (colourType === 6) {
          expect(Array.from(decodePng(png, 'rgba.png', { channel: 'a' }).samples)).toEqual(values.filter((_, k) => k % 4 === 3));
        } else {
          expect(() => decodePng(png, 'rgb.png', { channel: 'a' })).toThrow(/rgb\.png: .*without an alpha channel/);
        }
      });
    }
  }

  for (const bitDepth of [1, 2, 4, 8]) {
    it(`reads ${bitDepth}-bit palette images through the palette (luminance, channel, tRNS alpha)`, () => {
      const entries = 2 ** bitDepth;
      const palette = Array.from({ length: entries }, (_, k) => [(k * 37) % 256, (k * 91) % 256, (k * 53) % 256] as const);
      const transparency = Array.from({ length: entries }, (_, k) => (k * 17) % 256);
      const indices = seededValues(11 * 6, entries, bitDepth);
      const png = buildPng({
        width: 11,
        height: 6,
        bitDepth,
        colourType: 3,
        values: indices,
        palette,
        transparency,
        interlaced: bitDepth === 2,
        filters: ALL_FILTERS,
      });
      const luminance = decodePng(png, 'pal.png');
      expect(luminance.maxSample).toBe(255);
      indices.forEach((index, p) => {
        const [r, g, b] = palette[index];
        expect(luminance.samples[p]).toBeCloseTo(0.2126 * r + 0.7152 * g + 0.0722 * b, 3);
      });
      expect(Array.from(decodePng(png, 'pal.png', { channel: 'g' }).samples)).toEqual(indices.map((index) => palette[index][1]));
      expect(Array.from(decodePng(png, 'pal.png', { channel: 'a' }).samples)).toEqual(indices.map((index) => transparency[index]));
    });
  }

  it('reads tEXt, zTXt and iTXt (plain and compressed) metadata', () => {
    const nul = [0];
    const text = chunk('tEXt', new Uint8Array([...latin1('Title'), ...nul, ...latin1('Caf\xe9')]));
    const ztxt = chunk('zTXt', new Uint8Array([...latin1('Comment'), 0, 0, ...zlibSync(new Uint8Array(latin1('squeezed')))]));
    const utf8 = [0xe2, 0x9b, 0xb0, 0x20, 0x6d]; // "⛰ m"
    const itxt = chunk('iTXt', new Uint8Array([...latin1('Unit'), 0, 0, 0, ...latin1('en'), 0, 0, ...utf8]));
    const itxtZ = chunk('iTXt', new Uint8Array([...latin1('Zipped'), 0, 1, 0, 0, 0, ...zlibSync(new Uint8Array(utf8))]));
    const png = buildPng({ width: 2, height: 2, bitDepth: 8, colourType: 0, values: [1, 2, 3, 4], before: [text, ztxt, itxt, itxtZ] });
    expect(decodePng(png, 'meta.png').text).toEqual({ Title: 'Café', Comment: 'squeezed', Unit: '⛰ m', Zipped: '⛰ m' });
  });
});

describe('PNG heightmap export', () => {
  it('writes a valid PNG: signature, IHDR, chunk CRCs (checked independently) and Up-filtered scanlines', () => {
    const field = rampField(5, 4, (i, j) => i * 3 + j * 7);
    const png = compilePngHeightmap(field);
    expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks = listChunks(png);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    expect(chunks[0].type).toBe('IHDR');
    expect(chunks[chunks.length - 1].type).toBe('IEND');
    const header = new DataView(chunks[0].data.buffer);
    expect([header.getUint32(0), header.getUint32(4), ...chunks[0].data.subarray(8)]).toEqual([5, 4, 16, 0, 0, 0, 0]);

    const idat = chunks
      .filter((c) => c.type === 'IDAT')
      .map((c) => [...c.data])
      .flat();
    const scanlines = unzlibSync(new Uint8Array(idat));
    // Expected samples computed here from the heights: range 0..33 over 65535.
    const samples = Array.from(field.heights, (h) => Math.round((h / 33) * 65535));
    const expected: number[] = [];
    for (let j = 0; j < 4; j++) {
      expected.push(2);
      for (let i = 0; i < 5; i++) {
        const value = samples[j * 5 + i];
        const above = j > 0 ? samples[(j - 1) * 5 + i] : 0;
        expected.push(((value >> 8) - (above >> 8) + 256) % 256, ((value & 255) - (above & 255) + 256) % 256);
      }
    }
    expect(Array.from(scanlines)).toEqual(expected);
  });

  it('uses the same CRC-32 as an independent bit-by-bit implementation', () => {
    const data = new Uint8Array(seededValues(1000, 256, 9));
    for (const length of [0, 1, 3, 4, 5, 999, 1000]) expect(crc32(data.subarray(0, length))).toBe(crc32Bitwise(data.subarray(0, length)));
  });

  it('maps pixel (i, j) to vertex (i, j): image row 0 is the first row of heights (smallest z)', () => {
    const field = rampField(3, 4, (i, j) => i + 10 * j);
    const decoded = decodePng(compilePngHeightmap(field, { filter: 'none' }), 'ramp.png');
    const expected = Array.from(field.heights, (h) => Math.round((h / 32) * 65535));
    expect(Array.from(decoded.samples)).toEqual(expected);
  });

  for (const filter of ['none', 'sub', 'up', 'average', 'paeth'] as const) {
    for (const bits of [16, 8] as const) {
      it(`round-trips ${bits}-bit heights with filter ${filter} within one step of the range, scale from metadata`, () => {
        const field = rampField(37, 23, (i, j) => Math.sin(i * 0.3) * 40 + Math.cos(j * 0.2) * 25 - 7.5, 2.5);
        const png = compilePngHeightmap(field, { bits, filter });
        const decoded = parsePngHeightmap(png, 'roundtrip.png');
        let min = Infinity;
        let max = -Infinity;
        field.heights.forEach((h) => {
          min = Math.min(min, h);
          max = Math.max(max, h);
        });
        expect(decoded.metadata.heightMin).toBe(min);
        expect(decoded.metadata.heightMax).toBe(max);
        expect(decoded.metadata.cellSize).toBe(2.5);
        expect(decoded.metadata.text.Software).toBe('Faultline');
        const back = decodedToHeightfield(decoded, 'roundtrip.png', { min: 0, max: 1, cellSize: 9 });
        expect(back.cellSize).toBe(2.5);
        const step = (max - min) / (bits === 16 ? 65535 : 255);
        let worst = 0;
        field.heights.forEach((h, k) => (worst = Math.max(worst, Math.abs(back.heights[k] - h))));
        expect(worst).toBeLessThanOrEqual(step / 2 + 1e-5);
      });
    }
  }

  it('lets the caller override file metadata when asked', () => {
    const png = compilePngHeightmap(rampField(4, 4, (i) => i));
    const decoded = parsePngHeightmap(png, 'a.png');
    const field = decodedToHeightfield(decoded, 'a.png', { min: 100, max: 103, cellSize: 4, preferFileMetadata: false });
    expect(Array.from(field.heights.subarray(0, 4))).toEqual([100, 101, 102, 103]);
    expect(field.cellSize).toBe(4);
  });

  it('uses the given range when the file has no metadata', () => {
    const png = buildPng({ width: 2, height: 2, bitDepth: 16, colourType: 0, values: [0, 65535, 32768, 13107] });
    const field = decodedToHeightfield(parsePngHeightmap(png, 'plain.png'), 'plain.png', { min: -10, max: 10, cellSize: 3 });
    expect(field.heights[0]).toBe(-10);
    expect(field.heights[1]).toBe(10);
    expect(field.heights[3]).toBeCloseTo(-6, 5);
    expect(field.cellSize).toBe(3);
  });

  it('maps a flat map to sample 0 and re-imports its height', () => {
    const field = rampField(4, 3, () => 12.25);
    const decoded = parsePngHeightmap(compilePngHeightmap(field), 'flat.png');
    expect(Array.from(decoded.samples).every((s) => s === 0)).toBe(true);
    expect(Array.from(decodedToHeightfield(decoded, 'flat.png').heights).every((h) => h === 12.25)).toBe(true);
  });

  it('clamps heights outside a fixed range', () => {
    const field = rampField(4, 2, (i) => i * 10 - 10); // -10, 0, 10, 20
    const decoded = parsePngHeightmap(compilePngHeightmap(field, { range: { min: 0, max: 10 } }), 'fixed.png');
    expect(Array.from(decoded.samples.subarray(0, 4))).toEqual([0, 0, 65535, 65535]);
    expect(decoded.metadata.heightMin).toBe(0);
    expect(decoded.metadata.heightMax).toBe(10);
  });

  it('refuses an invalid fixed range with a clear error', () => {
    expect(() =>
      compilePngHeightmap(
        rampField(2, 2, () => 0),
        { range: { min: 5, max: 1 } },
        'out.png',
      ),
    ).toThrow(/^out\.png: height range/);
  });

  it('decodes highly compressed data that inflates to many times its size', () => {
    const field = rampField(1025, 1025, (i) => i);
    const png = compilePngHeightmap(field);
    expect(png.length * 16).toBeLessThan(1 << 20); // so the inflater has to grow its output buffer
    const decoded = parsePngHeightmap(png, 'ramp.png');
    expect(decoded.samples[1025 * 1024 + 1024]).toBe(65535);
    expect(decoded.samples[1025 * 512 + 512]).toBe(Math.round((512 / 1024) * 65535));
  });

  it('keeps the 2ⁿ+1 size of the map', () => {
    const decoded = parsePngHeightmap(compilePngHeightmap(rampField(33, 17, (i, j) => i * j)), 'size.png');
    expect([decoded.width, decoded.depth]).toEqual([33, 17]);
  });

  it('accepts a hand-assembled minimal PNG (the control for the hostile-input tests)', () => {
    const raw = new Uint8Array([0, 1, 2, 0, 3, 4]);
    const png = assemblePng([ihdr(2, 2, 8, 0), chunk('IDAT', zlibSync(raw)), chunk('IEND', new Uint8Array(0))]);
    expect(Array.from(decodePng(png, 'min.png').samples)).toEqual([1, 2, 3, 4]);
  });
});
