/**
 * A corpus of broken and hostile files, generated here. Each must give a CodecError whose message
 * starts with the file name and says what is wrong — never another exception, never a hang.
 */
import { describe, expect, it } from 'vitest';
import { zlibSync } from 'fflate';
import { CodecError } from './errors';
import { decodePng } from './png/decode';
import { compilePngHeightmap } from './png-heightmap';
import { parseR16, parseR32, type RawImportOptions } from './raw';
import { compileProject, parseProject } from './project';
import { importHeightmap } from './import-heightmap';
import { createHeightfield } from '../terrain/heightfield';
import { assemblePng, buildPng, chunk, crc32Bitwise, ihdr, seededValues } from './testing/png-fixtures';
import { sampleProject } from './testing/project-fixtures';

function codecError(action: () => unknown): CodecError {
  try {
    action();
  } catch (error) {
    if (error instanceof CodecError) return error;
    throw new Error(`expected a CodecError, got ${String(error)}`);
  }
  throw new Error('expected a CodecError, but nothing was thrown');
}

function expectRefusal(fileName: string, action: () => unknown, problem: RegExp): void {
  const error = codecError(action);
  expect(error.message.startsWith(`${fileName}: `)).toBe(true);
  expect(error.message).toMatch(problem);
}

const EMPTY = new Uint8Array(0);

function smallPng(): Uint8Array {
  return buildPng({ width: 9, height: 7, bitDepth: 16, colourType: 0, values: seededValues(63, 65536, 5), filters: [0, 1, 2, 3, 4] });
}

describe('hostile PNG files', () => {
  it('refuses a PNG truncated at every offset', () => {
    const png = smallPng();
    for (let cut = 0; cut < png.length; cut++) {
      const error = codecError(() => decodePng(png.subarray(0, cut), 'cut.png'));
      expect(error.message).toMatch(/^cut\.png: (is too short|.*truncated)/);
    }
  });

  it('refuses a damaged byte anywhere inside a chunk (CRC mismatch)', () => {
    const png = smallPng();
    for (let at = 8; at < png.length; at += 3) {
      const bad = png.slice();
      bad[at] ^= 0x10;
      codecError(() => decodePng(bad, 'flip.png'));
    }
    const bad = png.slice();
    bad[20] ^= 1; // inside IHDR data
    expectRefusal('crc.png', () => decodePng(bad, 'crc.png'), /IHDR chunk at byte 8 is damaged \(its CRC checksum does not match\)/);
  });

  it('refuses image data that is not zlib, has a bad Adler-32, or is empty', () => {
    const withIdat = (data: Uint8Array) => assemblePng([ihdr(2, 2, 8, 0), chunk('IDAT', data), chunk('IEND', EMPTY)]);
    expectRefusal('garbage.png', () => decodePng(withIdat(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])), 'garbage.png'), /not a valid zlib stream/);
    const good = zlibSync(new Uint8Array([0, 1, 2, 0, 3, 4]));
    const badAdler = good.slice();
    badAdler[badAdler.length - 1] ^= 0xff;
    expectRefusal('adler.png', () => decodePng(withIdat(badAdler), 'adler.png'), /Adler-32/);
    expectRefusal('cutzlib.png', () => decodePng(withIdat(good.subarray(0, 5)), 'cutzlib.png'), /zlib|ends early/);
    expectRefusal('empty.png', () => decodePng(withIdat(EMPTY), 'empty.png'), /compressed data is empty|zlib/);
  });

  it('refuses 0 × 0, 1 × 1 and absurd declared sizes before allocating', () => {
    const header = (w: number, h: number) => assemblePng([ihdr(w, h, 16, 0), chunk('IDAT', zlibSync(EMPTY)), chunk('IEND', EMPTY)]);
    expectRefusal('zero.png', () => decodePng(header(0, 0), 'zero.png'), /PNG declares 0 × 0 pixels, an empty image/);
    expectRefusal('dot.png', () => decodePng(header(1, 1), 'dot.png'), /at least 2 × 2/);
    expectRefusal(
      'terrain.png',
      () => decodePng(header(100000, 100000), 'terrain.png'),
      /^terrain\.png: PNG declares 100000 × 100000 pixels, larger than the 8193 × 8193 maximum$/,
    );
    expectRefusal('wide.png', () => decodePng(header(0xffffffff, 2), 'wide.png'), /larger than the 8193 × 8193 maximum/);
  });

  it('refuses image data that inflates past what the header declares (a zip bomb)', () => {
    const bomb = zlibSync(new Uint8Array(16 * 1024 * 1024), { level: 9 });
    const png = assemblePng([ihdr(100, 100, 8, 0), chunk('IDAT', bomb), chunk('IEND', EMPTY)]);
    expectRefusal('bomb.png', () => decodePng(png, 'bomb.png'), /more image data than its 100 × 100 header declares/);
  });

  it('refuses a maximum-size header with almost no data, without waiting or allocating the whole image', () => {
    const png = assemblePng([ihdr(8193, 8193, 16, 6), chunk('IDAT', zlibSync(new Uint8Array(100))), chunk('IEND', EMPTY)]);
    expectRefusal('big.png', () => decodePng(png, 'big.png'), /image data ends early: 100 bytes of the 512\.1 MiB its header declares/);
  });

  it('refuses image data that ends early', () => {
    const png = assemblePng([ihdr(4, 4, 8, 0), chunk('IDAT', zlibSync(new Uint8Array(10))), chunk('IEND', EMPTY)]);
    expectRefusal('short.png', () => decodePng(png, 'short.png'), /image data ends early: 10 bytes of the 20 bytes/);
  });

  it('refuses structural problems with plain messages', () => {
    const idat = chunk('IDAT', zlibSync(new Uint8Array([0, 1, 2, 0, 3, 4])));
    const iend = chunk('IEND', EMPTY);
    const cases: Array<[string, Uint8Array, RegExp]> = [
      ['text.png', new Uint8Array([...'hello world, not a png'].map((c) => c.charCodeAt(0))), /is not a PNG image/],
      ['noheader.png', assemblePng([idat, iend]), /does not start with an IHDR/],
      ['noiend.png', assemblePng([ihdr(2, 2, 8, 0), idat]), /truncated/],
      ['nodata.png', assemblePng([ihdr(2, 2, 8, 0), iend]), /no image data/],
      ['depth.png', assemblePng([ihdr(2, 2, 16, 3), idat, iend]), /16-bit palette pixels, which PNG does not allow/],
      ['colour.png', assemblePng([ihdr(2, 2, 8, 5), idat, iend]), /colour type 5/],
      ['interlace.png', assemblePng([ihdr(2, 2, 8, 0, 2), idat, iend]), /interlace method 2/],
      ['critical.png', assemblePng([ihdr(2, 2, 8, 0), chunk('ZZZZ', EMPTY), idat, iend]), /critical chunk "ZZZZ"/],
      ['nopalette.png', assemblePng([ihdr(2, 2, 8, 3), idat, iend]), /without its PLTE/],
      ['badpalette.png', assemblePng([ihdr(2, 2, 8, 3), chunk('PLTE', new Uint8Array(4)), idat, iend]), /PLTE palette of 4 bytes/],
      ['index.png', assemblePng([ihdr(2, 2, 8, 3), chunk('PLTE', new Uint8Array(6)), idat, iend]), /palette entry 2, but its palette has only 2 entries/],
      [
        'filter.png',
        assemblePng([ihdr(2, 2, 8, 0), chunk('IDAT', zlibSync(new Uint8Array([5, 1, 2, 0, 3, 4]))), iend]),
        /unknown scanline filter type 5 \(row 0\)/,
      ],
      ['ihdr.png', assemblePng([chunk('IHDR', new Uint8Array(12)), idat, iend]), /IHDR header of 12 bytes/],
    ];
    for (const [name, bytes, problem] of cases) expectRefusal(name, () => decodePng(bytes, name), problem);
  });

  it('names only the file, not its folders', () => {
    expectRefusal('x.png', () => decodePng(EMPTY, '/home/someone/maps/x.png'), /too short/);
    expectRefusal('y.png', () => decodePng(EMPTY, 'C:\\maps\\y.png'), /too short/);
  });

  it('ignores damaged ancillary text chunks instead of failing', () => {
    const png = buildPng({
      width: 2,
      height: 2,
      bitDepth: 8,
      colourType: 0,
      values: [1, 2, 3, 4],
      before: [chunk('zTXt', new Uint8Array([65, 0, 0, 1, 2, 3]))],
    });
    expect(decodePng(png, 'meta.png').text).toEqual({});
  });
});

describe('hostile RAW files', () => {
  const cases: Array<[string, Uint8Array, RawImportOptions, RegExp]> = [
    ['empty.r16', EMPTY, {}, /is empty/],
    ['odd.r16', new Uint8Array(9), {}, /odd length of 9 bytes/],
    ['oblong.r16', new Uint8Array(2 * 12), {}, /12 samples, which is not a square map/],
    ['tiny.r16', new Uint8Array(2), {}, /1 × 1 map; supported sizes are 2 × 2 to 8193 × 8193/],
    ['given.r16', new Uint8Array(2 * 16), { width: 5, depth: 3 }, /32 bytes\), but 5 × 3 samples need exactly 30 bytes/],
    ['huge.r16', new Uint8Array(8), { width: 100000, depth: 100000 }, /width must be a whole number from 2 to 8193, got 100000/],
    ['half.r16', new Uint8Array(8), { width: 2.5, depth: 2 }, /width must be a whole number/],
  ];
  for (const [name, bytes, options, problem] of cases) {
    it(`refuses ${name}`, () => expectRefusal(name, () => parseR16(bytes, name, options), problem));
  }

  it('refuses .r32 lengths that are not whole floats or squares', () => {
    expectRefusal('three.r32', () => parseR32(new Uint8Array(18), 'three.r32'), /not a multiple of 4/);
    expectRefusal('oblong.r32', () => parseR32(new Uint8Array(4 * 6), 'oblong.r32'), /not a square map/);
  });

  for (const [label, value] of [
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
  ] as const) {
    it(`refuses ${label} in an .r32 file, naming the first bad index`, () => {
      const heights = new Float32Array(16).fill(1);
      heights[6] = value;
      heights[9] = NaN;
      const name = `bad-${label}.r32`;
      expectRefusal(name, () => parseR32(new Uint8Array(heights.buffer), name), new RegExp(`sample 6 \\(column 2, row 1\\) is ${label}, not a finite height`));
    });
  }

  it('refuses unknown extensions in the generic importer', () => {
    expectRefusal('map.bmp', () => importHeightmap(new Uint8Array(8), 'map.bmp'), /not a heightmap format Faultline reads/);
  });
});

interface EntrySpec {
  tag: string;
  data: Uint8Array;
  encoding?: number;
  rawLength?: number;
  badCrc?: boolean;
}

/** Builds project bytes by hand (own layout code and CRC), to craft what the writer never would. */
function projectBytes(entries: readonly EntrySpec[], version = 1, count = entries.length): Uint8Array {
  const out: number[] = [...'FAULTLINE'].map((c) => c.charCodeAt(0));
  const u32 = (v: number) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255];
  out.push(0, version & 255, version >> 8, ...u32(count));
  for (const entry of entries) {
    out.push(...[...entry.tag].map((c) => c.charCodeAt(0)), entry.encoding ?? 0, 0, 0, 0);
    out.push(...u32(entry.data.length), ...u32(entry.rawLength ?? entry.data.length), ...entry.data);
    out.push(...u32((crc32Bitwise(entry.data) ^ (entry.badCrc ? 1 : 0)) >>> 0));
  }
  return new Uint8Array(out);
}

function utf8Json(value: unknown): Uint8Array {
  return new Uint8Array([...unescape(encodeURIComponent(JSON.stringify(value)))].map((c) => c.charCodeAt(0)));
}

const GOOD_DATA = { width: 2, depth: 2, cellSize: 1, recipe: null, history: [], props: [], view: {} };
const GOOD_HEIGHTS = new Uint8Array(new Float32Array([1, 2, 3, 4]).buffer);

describe('hostile project files', () => {
  it('accepts the hand-built control file', () => {
    const doc = parseProject(
      projectBytes([
        { tag: 'JSON', data: utf8Json(GOOD_DATA) },
        { tag: 'HGTS', data: GOOD_HEIGHTS },
      ]),
      'ok.faultline',
    );
    expect(Array.from(doc.field.heights)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a project truncated at every offset', () => {
    const bytes = compileProject(sampleProject(3, 3), { compress: true });
    for (let cut = 0; cut < bytes.length; cut++) {
      const error = codecError(() => parseProject(bytes.subarray(0, cut), 'cut.faultline'));
      expect(error.message).toMatch(/^cut\.faultline: (is not a Faultline project|is truncated)/);
    }
  });

  it('refuses a damaged byte anywhere', () => {
    const bytes = compileProject(sampleProject(3, 3));
    for (let at = 0; at < bytes.length; at++) {
      const bad = bytes.slice();
      bad[at] ^= 0x04;
      codecError(() => parseProject(bad, 'flip.faultline'));
    }
  });

  it('tells the user a newer Faultline made the file', () => {
    const bytes = projectBytes(
      [
        { tag: 'JSON', data: utf8Json(GOOD_DATA) },
        { tag: 'HGTS', data: GOOD_HEIGHTS },
      ],
      3,
    );
    expectRefusal('future.faultline', () => parseProject(bytes, 'future.faultline'), /made by a newer Faultline \(format v3, this version reads up to v2\)/);
    expectRefusal('zero.faultline', () => parseProject(projectBytes([], 0), 'zero.faultline'), /format v0, which never existed/);
  });

  const json = { tag: 'JSON', data: utf8Json(GOOD_DATA) };
  const heights = { tag: 'HGTS', data: GOOD_HEIGHTS };
  const withData = (value: unknown) => projectBytes([{ tag: 'JSON', data: utf8Json(value) }, heights]);
  const cases: Array<[string, Uint8Array, RegExp]> = [
    ['empty.faultline', EMPTY, /not a Faultline project/],
    ['magic.faultline', new Uint8Array(32).fill(65), /signature is wrong/],
    ['noheights.faultline', projectBytes([json]), /missing its heights \("HGTS" entry\)/],
    ['nojson.faultline', projectBytes([heights]), /missing its project data \("JSON" entry\)/],
    ['extra.faultline', projectBytes([json, heights, { tag: 'XTRA', data: EMPTY }]), /unexpected entry "XTRA"/],
    ['escape.faultline', projectBytes([json, heights, { tag: '../a', data: EMPTY }]), /unexpected entry "\.\.\/a"/],
    ['slash.faultline', projectBytes([json, heights, { tag: '/etc', data: EMPTY }]), /unexpected entry "\/etc"/],
    ['twice.faultline', projectBytes([json, json, heights]), /"JSON" entry twice/],
    ['count.faultline', projectBytes([json, heights], 1, 5), /truncated: entry 3 of 5 is missing/],
    ['many.faultline', projectBytes([json, heights], 1, 1_000_000), /declares 1000000 entries/],
    ['trailing.faultline', new Uint8Array([...projectBytes([json, heights]), 1, 2, 3]), /3 bytes of unexpected data after its last entry/],
    ['crc.faultline', projectBytes([{ ...json, badCrc: true }, heights]), /"JSON" entry is damaged \(its CRC checksum does not match\)/],
    ['array.faultline', withData([1, 2]), /project data is not a JSON object/],
    ['number.faultline', withData(7), /project data is not a JSON object/],
    ['notjson.faultline', projectBytes([{ tag: 'JSON', data: new Uint8Array([123, 123]) }, heights]), /project data is not valid JSON/],
    ['utf8.faultline', projectBytes([{ tag: 'JSON', data: new Uint8Array([0xc3, 0x28]) }, heights]), /not valid UTF-8/],
    ['missing.faultline', withData({ ...GOOD_DATA, props: undefined }), /missing its "props" field/],
    ['unknown.faultline', withData({ ...GOOD_DATA, secret: 1 }), /unexpected field "secret"/],
    ['size.faultline', withData({ ...GOOD_DATA, width: 100000 }), /project width must be a whole number from 2 to 8193, got 100000/],
    ['cell.faultline', withData({ ...GOOD_DATA, cellSize: -1 }), /cell size must be a positive number/],
    [
      'recipe.faultline',
      withData({ ...GOOD_DATA, recipe: { seed: 1, iterations: 3, lineMethod: 'zigzag', decay: { disp0: 1, dispN: 1, n: 1 } } }),
      /line method "zigzag" is unknown/,
    ],
    ['history.faultline', withData({ ...GOOD_DATA, history: [1] }), /history must be a list of objects/],
    ['length.faultline', projectBytes([json, { tag: 'HGTS', data: GOOD_HEIGHTS.subarray(0, 12) }]), /heights entry holds 12 bytes, but a 2 × 2 map needs 16/],
    [
      'declared.faultline',
      projectBytes([json, { tag: 'HGTS', data: GOOD_HEIGHTS.subarray(0, 12), rawLength: 16 }]),
      /"HGTS" entry is 12 bytes but declares 16/,
    ],
    ['encoding.faultline', projectBytes([json, { ...heights, encoding: 7 }]), /unknown encoding 7/],
    [
      'nan.faultline',
      projectBytes([json, { tag: 'HGTS', data: new Uint8Array(new Float32Array([1, 2, NaN, 4]).buffer) }]),
      /height 2 \(column 0, row 1\) is NaN/,
    ],
    ['inf.faultline', projectBytes([json, { tag: 'HGTS', data: new Uint8Array(new Float32Array([Infinity, 2, 3, 4]).buffer) }]), /height 0 .* is Infinity/],
    [
      'bomb.faultline',
      projectBytes([json, { tag: 'HGTS', encoding: 1, data: zlibSync(new Uint8Array(8 * 1024 * 1024)), rawLength: 16 }]),
      /"HGTS" entry is not valid compressed data \(too-long/,
    ],
    ['zlib.faultline', projectBytes([json, { tag: 'HGTS', encoding: 1, data: new Uint8Array([9, 9, 9, 9, 9]), rawLength: 16 }]), /not valid compressed data/],
  ];
  for (const [name, bytes, problem] of cases) {
    it(`refuses ${name}`, () => expectRefusal(name, () => parseProject(bytes, name), problem));
  }
});

describe('PNG export of a valid map never produces a file the importer refuses', () => {
  it('imports what it exports at the smallest size', () => {
    const field = createHeightfield(2, 2, 1, new Float32Array([0, 1, 2, 3]));
    expect(importHeightmap(compilePngHeightmap(field), 'small.png').field.heights).toEqual(field.heights);
  });
});
