/**
 * Test support only: a corpus of hostile files, generated (never committed as binaries). Each one is
 * small on disk and built to make a careless reader stall, exhaust memory, overflow the stack or
 * write what it must not: compressed JSON that inflates to millions of values, nesting a million
 * levels deep, PNG text chunks that inflate to gigabytes, millions of tiny chunks, scale metadata
 * beyond float32. `mutatedCorpus` adds seeded mutations of valid files, with checksums fixed up so
 * that the mutations reach the parsers behind them.
 *
 * Every reader must either read a file within bounds or refuse it with a one-line CodecError that
 * starts with the file's name.
 */
import { zlibSync } from 'fflate';
import { crc32 } from '../checksums';
import { createRandom } from '../../random';

export interface HostileFile {
  name: string;
  /** What it probes, for test names. */
  about: string;
  bytes(): Uint8Array;
  /** A project's JSON text (what a renderer could send as a payload), for project files. */
  json?: () => string;
  /** The refusal every reader must give (the message after "<name>: "), or null: the file must be read. */
  refusal: RegExp | null;
  /**
   * A project read (refusal null) whose layer stack must not be: the problem every reader reports
   * (the file opens as its saved heights), found without inflating the stack's data.
   */
  stackProblem?: RegExp;
}

// ---------------------------------------------------------------------------------------------
// Builders: byte-exact layouts written here, with the production CRC (the layouts are what is tested).

function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) out[k] = text.charCodeAt(k) & 0xff;
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function u32le(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, true);
  return out;
}

function u32be(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, false);
  return out;
}

interface Entry {
  tag: string;
  data: Uint8Array;
  compress?: boolean;
}

/** A .faultline file with these entries (docs/file-format.md), zlib-compressed where asked. */
export function projectFileBytes(entries: readonly Entry[], version = 1): Uint8Array {
  const parts: Uint8Array[] = [ascii('FAULTLINE'), new Uint8Array([0, version, 0]), u32le(entries.length)];
  for (const entry of entries) {
    // Level 1: as small as level 9 for these repetitive bombs, and twice as fast to make.
    const stored = entry.compress ? zlibSync(entry.data, { level: 1 }) : entry.data;
    parts.push(
      ascii(entry.tag),
      new Uint8Array([entry.compress ? 1 : 0, 0, 0, 0]),
      u32le(stored.length),
      u32le(entry.data.length),
      stored,
      u32le(crc32(stored)),
    );
  }
  return concat(parts);
}

/** A little-endian TIFF of one float32 strip: its directory (`patch` replaces entries: tag → type 3/4, count, value) then `strip`. */
export function tiffBytes(
  width: number,
  height: number,
  compression: number,
  strip: Uint8Array,
  patch: Record<number, [type: number, count: number, value: number]> = {},
): Uint8Array {
  const tags: Record<number, [number, number, number]> = {
    256: [4, 1, width],
    257: [4, 1, height],
    258: [3, 1, 32],
    259: [3, 1, compression],
    262: [3, 1, 1],
    273: [4, 1, 0],
    277: [3, 1, 1],
    278: [4, 1, height],
    279: [4, 1, strip.length],
    339: [3, 1, 3],
    ...patch,
  };
  // A patched count of 0 leaves the tag out.
  const ids = Object.keys(tags)
    .map(Number)
    .filter((id) => tags[id][1] > 0)
    .sort((a, b) => a - b);
  const stripAt = 8 + 2 + ids.length * 12 + 4;
  const out = new Uint8Array(stripAt + strip.length);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
  view.setUint16(8, ids.length, true);
  ids.forEach((id, k) => {
    const [type, count, value] = tags[id];
    view.setUint16(10 + 12 * k, id, true);
    view.setUint16(12 + 12 * k, type, true);
    view.setUint32(14 + 12 * k, count, true);
    if (type === 3) view.setUint16(18 + 12 * k, value, true);
    else view.setUint32(18 + 12 * k, id === 273 && !(273 in patch) ? stripAt : value, true);
  });
  out.set(strip, stripAt);
  return out;
}

/** TIFF LZW codes (MSB first, 9 bits): a clear, then each new code at once (strings of 1, 2, 3… bytes). */
function lzwGrowingRuns(codes: number): Uint8Array {
  const values = [256, 0, ...Array.from({ length: codes }, (_, k) => 258 + k)];
  const out = new Uint8Array(Math.ceil((values.length * 9) / 8) + 1);
  values.forEach((code, k) => {
    for (let b = 0; b < 9; b++) if (code & (1 << (8 - b))) out[(k * 9 + b) >> 3] |= 0x80 >> ((k * 9 + b) & 7);
  });
  return out;
}

/** A single-part scanline float EXR of one channel Y: header, then `blocks` (y, data) with their offsets. */
export function exrBytes(
  width: number,
  height: number,
  compression: number,
  blocks: ReadonlyArray<[y: number, data: Uint8Array]>,
  declaredSize?: number,
): Uint8Array {
  const attr = (name: string, type: string, value: Uint8Array) => concat([ascii(`${name}\0${type}\0`), u32le(value.length), value]);
  const box = concat([u32le(0), u32le(0), u32le(width - 1), u32le(height - 1)]);
  const header = concat([
    u32le(20000630),
    u32le(2),
    attr('channels', 'chlist', concat([ascii('Y\0'), u32le(2), u32le(0), u32le(1), u32le(1), new Uint8Array(1)])),
    attr('compression', 'compression', Uint8Array.of(compression)),
    attr('dataWindow', 'box2i', box),
    attr('displayWindow', 'box2i', box),
    attr('lineOrder', 'lineOrder', Uint8Array.of(0)),
    new Uint8Array(1),
  ]);
  const lines = compression === 3 ? 16 : 1;
  const count = Math.ceil(height / lines);
  let at = header.length + 8 * count;
  const table: Uint8Array[] = [];
  const chunks: Uint8Array[] = [];
  for (let b = 0; b < count; b++) {
    const block = blocks[b];
    table.push(u32le(block ? at : 0xfffffff0), u32le(0));
    if (block) {
      chunks.push(u32le(block[0]), u32le(declaredSize ?? block[1].length), block[1]);
      at += 8 + block[1].length;
    }
  }
  return concat([header, ...table, ...chunks]);
}

export const SMALL_HEIGHTS = new Uint8Array(new Float32Array([1, 2, 3, 4]).buffer);

/** A 2 × 2 project whose JSON is `json`, compressed or stored. */
export function projectWithJson(json: string, compress: boolean): Uint8Array {
  return projectFileBytes([
    { tag: 'JSON', data: ascii(json), compress },
    { tag: 'HGTS', data: SMALL_HEIGHTS },
  ]);
}

/** Project JSON for a 2 × 2 map with these (JSON text) props, history and view. */
export function projectJson(parts: { recipe?: string; props?: string; history?: string; view?: string; extra?: string } = {}): string {
  return (
    `{"width":2,"depth":2,"cellSize":1,"recipe":${parts.recipe ?? 'null'},"history":${parts.history ?? '[]'},` +
    `"props":${parts.props ?? '[]'},"view":${parts.view ?? '{}'}${parts.extra ?? ''}}`
  );
}

export type PngChunkSpec = readonly [type: string, data: Uint8Array];

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeAndData = concat([ascii(type), data]);
  return concat([u32be(data.length), typeAndData, u32be(crc32(typeAndData))]);
}

export function pngFileBytes(chunks: readonly PngChunkSpec[]): Uint8Array {
  return concat([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks.map(([type, data]) => pngChunk(type, data))]);
}

function ihdrData(width: number, height: number, bitDepth: number, colourType: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data.set([bitDepth, colourType, 0, 0, 0], 8);
  return data;
}

/** Scanlines (filter byte 0) of a width × height 16-bit gray image with a seeded slope. */
function grayScanlines(width: number, height: number, seed: number): Uint8Array {
  const random = createRandom(seed);
  const out = new Uint8Array(height * (1 + 2 * width));
  for (let y = 0, at = 0; y < height; y++) {
    out[at++] = 0;
    for (let x = 0; x < width; x++, at += 2) {
      const sample = (x * 397 + y * 211 + Math.floor(random.next() * 64)) & 0xffff;
      out[at] = sample >> 8;
      out[at + 1] = sample & 255;
    }
  }
  return out;
}

/** A valid 16-bit gray PNG of width × height with `text` chunks before the image data. */
export function grayPng(width: number, height: number, text: readonly PngChunkSpec[] = [], idatPiece = 1 << 20): Uint8Array {
  const compressed = zlibSync(grayScanlines(width, height, width * 31 + height), { level: 6 });
  const idat: PngChunkSpec[] = [];
  for (let at = 0; at < compressed.length; at += idatPiece) idat.push(['IDAT', compressed.subarray(at, at + idatPiece)]);
  return pngFileBytes([['IHDR', ihdrData(width, height, 16, 0)], ...text, ...idat, ['IEND', new Uint8Array(0)]]);
}

export function tEXt(keyword: string, text: string): PngChunkSpec {
  return ['tEXt', concat([ascii(keyword), new Uint8Array([0]), ascii(text)])];
}

function zTXt(keyword: string, compressed: Uint8Array): PngChunkSpec {
  return ['zTXt', concat([ascii(keyword), new Uint8Array([0, 0]), compressed])];
}

/** The range keys Faultline writes, with the given texts. */
function scaleText(min: string, max: string, cellSize = '1'): PngChunkSpec[] {
  return [tEXt('faultline:heightMin', min), tEXt('faultline:heightMax', max), tEXt('faultline:cellSize', cellSize)];
}

/** A PNG with `count` copies of one chunk inserted right after IHDR, without building `count` arrays. */
function pngWithRepeatedChunk(count: number, type: string, data: Uint8Array): Uint8Array {
  const base = grayPng(4, 4, scaleText('0', '10'));
  const one = pngChunk(type, data);
  const afterIhdr = 8 + 25;
  const out = new Uint8Array(base.length + count * one.length);
  out.set(base.subarray(0, afterIhdr), 0);
  out.set(one, afterIhdr);
  // Doubling copies: log2(count) steps.
  for (let filled = 1; filled < count; filled *= 2) {
    out.copyWithin(afterIhdr + filled * one.length, afterIhdr, afterIhdr + Math.min(filled, count - filled) * one.length);
  }
  out.set(base.subarray(afterIhdr), afterIhdr + count * one.length);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The crafted corpus.

const lazy = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** Text as literal pieces and repeated units, so that 63 MB of `{},` is made by doubling copies. */
type Segment = string | { unit: string; count: number };

function segmentsText(segments: readonly Segment[]): string {
  return segments.map((s) => (typeof s === 'string' ? s : s.unit.repeat(s.count))).join('');
}

function segmentsBytes(segments: readonly Segment[]): Uint8Array {
  const size = (s: Segment) => (typeof s === 'string' ? s.length : s.unit.length * s.count);
  const out = new Uint8Array(segments.reduce((sum, s) => sum + size(s), 0));
  let at = 0;
  for (const s of segments) {
    if (typeof s === 'string') {
      out.set(ascii(s), at);
    } else {
      const total = s.unit.length * s.count;
      out.set(ascii(s.unit), at);
      for (let filled = s.unit.length; filled < total; filled *= 2) out.copyWithin(at + filled, at, at + Math.min(filled, total - filled));
    }
    at += size(s);
  }
  return out;
}

/** A 2 × 2 project whose JSON is `json` (with `segments` as the value of `field`), stored or compressed. */
function projectCase(
  name: string,
  about: string,
  field: 'recipe' | 'props' | 'history' | 'view' | 'extra',
  segments: readonly Segment[],
  compress: boolean,
  refusal: RegExp | null,
): HostileFile {
  const marker = '\u0000';
  const [before, after] = projectJson({ [field]: field === 'extra' ? `,${marker}` : marker }).split(field === 'extra' ? `,${marker}` : marker);
  const all = [before, ...segments, after];
  return {
    name,
    about,
    json: lazy(() => segmentsText(all)),
    bytes: lazy(() =>
      projectFileBytes([
        { tag: 'JSON', data: segmentsBytes(all), compress },
        { tag: 'HGTS', data: SMALL_HEIGHTS },
      ]),
    ),
    refusal,
  };
}

/** A v2 2 × 2 project with this layer stack JSON and `LBIN` entry (its declared length may lie). */
function stackCase(
  name: string,
  about: string,
  layers: string,
  data: () => { stored: Uint8Array; rawLength: number; compressed: boolean },
  stackProblem: RegExp,
): HostileFile {
  const json = projectJson();
  return {
    name,
    about,
    json: () => json,
    bytes: lazy(() => {
      const file = projectFileBytes(
        [
          { tag: 'JSON', data: ascii(json) },
          { tag: 'HGTS', data: SMALL_HEIGHTS },
          { tag: 'LAYR', data: ascii(layers) },
        ],
        2,
      );
      const { stored, rawLength, compressed } = data();
      const lbin = concat([ascii('LBIN'), new Uint8Array([compressed ? 1 : 0, 0, 0, 0]), u32le(stored.length), u32le(rawLength), stored, u32le(crc32(stored))]);
      const out = concat([file, lbin]);
      new DataView(out.buffer).setUint32(12, 4, true);
      return out;
    }),
    refusal: null,
    stackProblem,
  };
}

/** Stack JSON of `count` stamp layers, each with a 4097 × 4097 image (the largest a stamp takes). */
function stampFloodJson(count: number): string {
  const side = 4097;
  const layers = Array.from({ length: count }, (_, k) => ({
    id: `s${k}`,
    kind: 'stamp',
    name: 'S',
    enabled: true,
    opacity: 1,
    params: {},
    data: { image: { width: side, depth: side, blob: k } },
  }));
  return JSON.stringify({ layers, blobs: layers.map(() => side * side) });
}

/** Stack JSON of one river layer on the 2 × 2 map (1 m cells) with these params over sane defaults. */
function riverJson(params: Record<string, unknown>): string {
  const layer = {
    id: 'river-1',
    kind: 'river',
    name: 'R',
    enabled: true,
    opacity: 1,
    params: {
      points: [
        { x: -0.4, z: 0 },
        { x: 0.4, z: 0 },
      ],
      width: 6,
      depth: 1.5,
      bankSlopeDeg: 30,
      falloff: 4,
      maxCut: 10,
      ...params,
    },
  };
  return JSON.stringify({ layers: [layer], blobs: [] }).replace('"x":"INFINITY"', '"x":1e999');
}

/** Stack JSON of one automatic water layer on the 2 × 2 map with these params over sane defaults. */
function waterJson(params: Record<string, unknown>): string {
  const layer = {
    id: 'water-1',
    kind: 'water',
    name: 'W',
    enabled: true,
    opacity: 1,
    params: { riverArea: 1e6, widthScale: 1, depthScale: 1, lakes: true, minLakeArea: 1000, bankSlopeDeg: 30, ...params },
  };
  return JSON.stringify({ layers: [layer], blobs: [] }).replace('"minLakeArea":"INFINITY"', '"minLakeArea":1e999');
}

const NO_LAYER_DATA = () => ({ stored: new Uint8Array(0), rawLength: 0, compressed: false });

export function hostileCorpus(): HostileFile[] {
  return [
    stackCase(
      'river-one-point.faultline',
      'a river layer with only its source',
      riverJson({ points: [{ x: 0, z: 0 }] }),
      NO_LAYER_DATA,
      /^layer 1 "R" \(river\): a river needs at least two points \(its source and its mouth\)$/,
    ),
    stackCase(
      'river-off-map.faultline',
      'a river whose mouth is a kilometre off a 1 m map',
      riverJson({
        points: [
          { x: -0.4, z: 0 },
          { x: 1e6, z: 0 },
        ],
      }),
      NO_LAYER_DATA,
      /^layer 1 "R" \(river\): point 2 \(1000000, 0\) is off the map/,
    ),
    stackCase(
      'river-infinite.faultline',
      'a river point at 1e999 (Infinity once parsed)',
      riverJson({
        points: [
          { x: 'INFINITY', z: 0 },
          { x: 0.4, z: 0 },
        ],
      }),
      NO_LAYER_DATA,
      /^layer 1 "R" \(river\): point 1 must be \{ "x", "z" \} in metres$/,
    ),
    stackCase(
      'river-too-deep.faultline',
      'a river bed a million kilometres deep',
      riverJson({ depth: 1e9 }),
      NO_LAYER_DATA,
      /^layer 1 "R" \(river\): a bed 1000000000 m deep is deeper than the limit \(maxCut 10 m\)$/,
    ),
    stackCase(
      'river-point-flood.faultline',
      'a river of 100,000 points',
      riverJson({ points: Array.from({ length: 100_000 }, (_, k) => ({ x: (k % 2) * 0.5 - 0.25, z: 0 })) }),
      NO_LAYER_DATA,
      /^layer 1 "R" \(river\): a river has at most 4096 points, this one has 100000$/,
    ),
    stackCase(
      'water-river-area.faultline',
      'an automatic water layer whose river area is a thousandth of a square metre',
      waterJson({ riverArea: 0.001 }),
      NO_LAYER_DATA,
      /^layer 1 "W" \(water\): riverArea must be a number from 100 to 1,000,000,000,000, got 0\.001$/,
    ),
    stackCase(
      'water-lake-area-infinite.faultline',
      'an automatic water layer whose minimum lake area is 1e999 (Infinity once parsed)',
      waterJson({ minLakeArea: 'INFINITY' }),
      NO_LAYER_DATA,
      /^layer 1 "W" \(water\): minLakeArea must be a number from 0 to 1,000,000,000,000, got null$/,
    ),
    stackCase(
      'water-unknown-key.faultline',
      'an automatic water layer with a parameter no version knows and lakes as a word',
      waterJson({ flood: 'everything', lakes: 'maybe' }),
      NO_LAYER_DATA,
      /^layer 1 "W" \(water\): unknown water parameter "flood"$/,
    ),
    stackCase(
      'water-flood-version.faultline',
      'an automatic water layer asking for a flood no version has',
      waterJson({ floodVersion: 9 }),
      NO_LAYER_DATA,
      /^layer 1 "W" \(water\): floodVersion must be 1 or 2, got 9$/,
    ),
    stackCase(
      'lbin-bomb.faultline',
      'a stack that needs no data, with 16 KB of compressed LBIN that inflates to 16 MiB',
      '{"layers":[],"blobs":[]}',
      () => ({ stored: zlibSync(new Uint8Array(16 * 1024 * 1024), { level: 1 }), rawLength: 16 * 1024 * 1024, compressed: true }),
      /^the layer data declares 16,777,216 bytes, its stack needs 0$/,
    ),
    stackCase(
      'lbin-huge.faultline',
      'a one-layer stack whose LBIN declares 4 GiB',
      '{"layers":[{"id":"h","kind":"heights","name":"H","enabled":true,"opacity":1,"params":{},"data":{"blob":0}}],"blobs":[4]}',
      () => ({ stored: zlibSync(new Uint8Array(1024), { level: 1 }), rawLength: 0xffffffff, compressed: true }),
      /^the layer data declares 4,294,967,295 bytes, its stack needs 16$/,
    ),
    stackCase(
      'stamp-flood.faultline',
      '17 stamps of 4097² images: 1.07 GiB of layer data declared in a few hundred bytes',
      stampFloodJson(17),
      () => ({ stored: new Uint8Array(0), rawLength: 0, compressed: false }),
      /^the layers would store 1,088\.\d+ MiB of masks, sculpting, stamp images and heights layers, more than the 1,024 MiB a stack may hold/,
    ),
    projectCase(
      'props-bomb.faultline',
      '61 KB of compressed JSON holding 21 M empty props',
      'props',
      ['[', { unit: '{},', count: 21_000_000 }, '{}]'],
      true,
      /^project data has more than 250,000 props, the most a project holds$/,
    ),
    projectCase(
      'history-bomb.faultline',
      'compressed JSON holding 5 M empty history steps',
      'history',
      ['[', { unit: '{},', count: 5_000_000 }, '{}]'],
      true,
      /^project data has more than 20,000 history steps, the most a project holds$/,
    ),
    projectCase(
      'deep-view.faultline',
      'view settings nested a million arrays deep',
      'view',
      ['{"a":', { unit: '[', count: 1_000_000 }, { unit: ']', count: 1_000_000 }, '}'],
      true,
      /^project data nests deeper than 32 levels$/,
    ),
    projectCase(
      'deep-prop.faultline',
      'one prop nested 5,000 objects deep',
      'props',
      ['[{"id":"p1","type":"rock","x":0,"z":0,"yaw":0,"scale":1,"o":', { unit: '{"a":', count: 5000 }, '1', { unit: '}', count: 5000 }, '}]'],
      false,
      /^project data nests deeper than 32 levels$/,
    ),
    projectCase(
      'deep-recipe.faultline',
      'a recipe with an extra field nested 100,000 arrays deep',
      'recipe',
      [
        '{"seed":1,"iterations":1,"lineMethod":"normal","decay":{"disp0":1,"dispN":1,"n":1},"x":',
        { unit: '[', count: 100_000 },
        { unit: ']', count: 100_000 },
        '}',
      ],
      true,
      /^project data nests deeper than 32 levels$/,
    ),
    projectCase(
      'padded.faultline',
      'three props and 48 MiB of white space',
      'props',
      ['[{"id":"a"},{"id":"b"},{"id":"c"}', { unit: ' ', count: 48 * 1024 * 1024 }, ']'],
      true,
      /^project data is 48\.\d MiB, more than its 3 props and 0 history steps can need \(1\.0 MiB\)$/,
    ),
    projectCase(
      'values-bomb.faultline',
      'view settings holding 4 M numbers',
      'view',
      ['{"a":[', { unit: '0,', count: 4_000_000 }, '0]}'],
      true,
      /^project data holds 4000010 values, more than its 0 props and 0 history steps can need \(65536\)$/,
    ),
    projectCase(
      'proto.faultline',
      'a "__proto__" field in the project data',
      'extra',
      [',"__proto__":{"polluted":true}'],
      false,
      /^project data has an unexpected field "__proto__"$/,
    ),
    projectCase(
      'constructor.faultline',
      'a "constructor" field in the project data',
      'extra',
      [',"constructor":1'],
      false,
      /^project data has an unexpected field "constructor"$/,
    ),
    {
      name: 'ztxt-bomb.png',
      about: '636 KB PNG whose 600 zTXt chunks each inflate to 1 MiB',
      bytes: lazy(() => {
        const a = zlibSync(new Uint8Array(1024 * 1024).fill(65), { level: 9 });
        const b = zlibSync(new Uint8Array(1024 * 1024).fill(66), { level: 9 });
        const others = Array.from({ length: 600 }, (_, k) => (k % 2 ? zTXt('Comment', a) : zTXt(`Comment ${k}`, b)));
        return grayPng(8, 8, [...scaleText('0', '10'), ...others]);
      }),
      refusal: null,
    },
    {
      name: 'text-flood.png',
      about: '100,000 tEXt chunks with distinct keywords',
      bytes: lazy(() => {
        const chunks = Array.from({ length: 100_000 }, (_, k) => tEXt(`key${k}`, 'x'.repeat(20)));
        return grayPng(8, 8, [...chunks, ...scaleText('0', '10')]);
      }),
      refusal: null,
    },
    {
      name: 'chunk-flood.png',
      about: '2 M empty ancillary chunks (a reader that makes an object per chunk needs gigabytes)',
      bytes: lazy(() => pngWithRepeatedChunk(2_000_000, 'teSt', new Uint8Array(0))),
      refusal: null,
    },
    {
      name: 'trns-flood.png',
      about: '1 M tRNS chunks (each once made a view of the file)',
      bytes: lazy(() => pngWithRepeatedChunk(1_000_000, 'tRNS', new Uint8Array(2))),
      refusal: null,
    },
    {
      name: 'idat-confetti.png',
      about: 'image data split into one-byte IDAT chunks',
      bytes: lazy(() => grayPng(65, 65, scaleText('-5', '5'), 1)),
      refusal: null,
    },
    {
      name: 'range-overflow.png',
      about: 'faultline: height range valid as float64, far beyond float32',
      bytes: lazy(() => grayPng(4, 4, scaleText('-1e300', '1e300'))),
      refusal:
        /^faultline:heightMin metadata -1e300 is beyond ±3\.4028e\+38, more than a float32 height map can hold; give the height range yourself to import it$/,
    },
    {
      name: 'range-float32.png',
      about: 'faultline:heightMax just above the largest float32',
      bytes: lazy(() => grayPng(4, 4, scaleText('0', '3.5e38'))),
      refusal: /^faultline:heightMax metadata 3\.5e38 is beyond ±3\.4028e\+38/,
    },
    {
      name: 'range-infinity.png',
      about: 'faultline:heightMax "Infinity"',
      bytes: lazy(() => grayPng(4, 4, scaleText('0', 'Infinity'))),
      refusal: /^faultline:heightMax metadata "Infinity" is not a finite number; give the height range yourself/,
    },
    {
      name: 'cell-overflow.png',
      about: 'faultline:cellSize so large the map is wider than float32 coordinates',
      bytes: lazy(() => grayPng(4, 4, scaleText('0', '10', '1e300'))),
      refusal: /^faultline:cellSize metadata 1e300 is beyond ±4\.1538e\+34, more than a float32 height map can hold; give the cell size yourself/,
    },
    {
      name: 'huge-declared.tif',
      about: 'a TIFF declaring 100,000 × 100,000 float32 samples in 200 bytes',
      bytes: lazy(() => tiffBytes(100_000, 100_000, 1, new Uint8Array(16))),
      refusal: /^is 100000 × 100000, more than Faultline reads even to resample/,
    },
    {
      name: 'tag-count.tif',
      about: 'a TIFF tag declaring a billion values',
      bytes: lazy(() => tiffBytes(4, 4, 1, new Uint8Array(64), { 279: [4, 1 << 30, 200] })),
      refusal: /^is truncated or corrupt: tag 279 declares 1073741824 values/,
    },
    {
      name: 'strip-past-end.tif',
      about: 'a TIFF strip running past the end of the file',
      bytes: lazy(() => tiffBytes(64, 64, 1, new Uint8Array(100), { 279: [4, 1, 64 * 64 * 4] })),
      refusal: /^is truncated: strip 0 ends at byte 16518, past its 234 bytes$/,
    },
    {
      name: 'huge-tiles.tif',
      about: 'a 16 × 16 TIFF of 30,000 × 30,000 tiles',
      bytes: lazy(() =>
        tiffBytes(16, 16, 1, new Uint8Array(64), { 273: [4, 0, 0], 279: [4, 0, 0], 322: [4, 1, 30_000], 323: [4, 1, 30_000], 324: [4, 1, 0], 325: [4, 1, 64] }),
      ),
      refusal: /^declares tiles of 30000 × 30000, far larger than its 16 × 16 image$/,
    },
    {
      name: 'lzw-bomb.tif',
      about: 'an LZW strip that makes more than its 16 × 16 samples',
      bytes: lazy(() => tiffBytes(16, 16, 5, lzwGrowingRuns(60))),
      refusal: /^has a corrupt LZW block \(more data than the block holds\)$/,
    },
    {
      name: 'deflate-bomb.tif',
      about: 'a DEFLATE strip of 16 MiB of zeros in a 16 × 16 image',
      bytes: lazy(() => tiffBytes(16, 16, 8, zlibSync(new Uint8Array(16 << 20), { level: 9 }))),
      refusal: /^has a corrupt DEFLATE block \(more data than the block holds\)$/,
    },
    {
      name: 'huge-declared.exr',
      about: 'an EXR declaring 100,000 × 100,000 pixels',
      bytes: lazy(() => exrBytes(100_000, 100_000, 0, [])),
      refusal: /^is 100000 × 100000, more than Faultline reads even to resample/,
    },
    {
      name: 'block-past-end.exr',
      about: 'an EXR line whose size runs past the end',
      bytes: lazy(() => exrBytes(4, 2, 0, [[0, new Uint8Array(16)]], 1 << 30)),
      refusal: /^is truncated: block 0 declares 1073741824 bytes past the end$/,
    },
    {
      name: 'zip-bomb.exr',
      about: 'an EXR ZIP block of 16 MiB of zeros for 16 lines of 16 pixels',
      bytes: lazy(() => exrBytes(16, 16, 3, [[0, zlibSync(new Uint8Array(16 << 20), { level: 9 })]])),
      refusal: /^has a corrupt ZIP block 0 \(more data than the block holds\)$/,
    },
    {
      name: 'proto-text.png',
      about: 'text keywords "__proto__" and "constructor"',
      bytes: lazy(() => grayPng(4, 4, [tEXt('__proto__', 'polluted'), tEXt('constructor', 'x'), ...scaleText('0', '10')])),
      refusal: null,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Seeded mutations of valid files.

const SEED_JSON = projectJson({
  props: '[{"id":"p1","type":"rock","x":1.5,"z":-2,"yaw":0.3,"scale":1}]',
  history: '[{"kind":"run","start":0,"end":10}]',
  view: '{"colorMode":"height","map2dMode":"grayscale","wireframe":false}',
});

/** Valid files that mutations start from. */
function seedFiles(): Array<{ name: string; bytes: Uint8Array }> {
  const json = SEED_JSON;
  return [
    { name: 'seed.png', bytes: grayPng(9, 7, scaleText('-3', '12', '0.5'), 40) },
    { name: 'seed.faultline', bytes: projectWithJson(json, false) },
    { name: 'seedz.faultline', bytes: projectWithJson(json, true) },
    { name: 'seed.r16', bytes: grayScanlines(8, 8, 3).subarray(0, 128) },
    { name: 'seed.r32', bytes: new Uint8Array(new Float32Array(64).map((_, k) => Math.sin(k) * 50).buffer) },
    { name: 'seed.tif', bytes: tiffBytes(8, 8, 8, zlibSync(new Uint8Array(new Float32Array(64).map((_, k) => Math.cos(k) * 40).buffer))) },
    {
      name: 'seed.exr',
      bytes: exrBytes(
        8,
        8,
        0,
        Array.from({ length: 8 }, (_, y) => [y, new Uint8Array(new Float32Array(8).map((_, x) => x * y - 9).buffer)] as [number, Uint8Array]),
      ),
    },
  ];
}

/** Chunk (PNG) or entry (project) boundaries: [dataStart, dataEnd, crcAt, crcFrom] for fixing CRCs. */
function checksummedRanges(name: string, bytes: Uint8Array): Array<[number, number, number, number]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ranges: Array<[number, number, number, number]> = [];
  if (name.endsWith('.png')) {
    for (let at = 8; at + 12 <= bytes.length;) {
      const length = view.getUint32(at, false);
      if (at + 12 + length > bytes.length) break;
      ranges.push([at + 8, at + 8 + length, at + 8 + length, at + 4]);
      at += 12 + length;
    }
  } else if (name.endsWith('.faultline')) {
    for (let at = 16; at + 16 <= bytes.length;) {
      const length = view.getUint32(at + 8, true);
      if (at + 20 + length > bytes.length) break;
      ranges.push([at + 16, at + 16 + length, at + 16 + length, at + 16]);
      at += 20 + length;
    }
  }
  return ranges;
}

function fixChecksums(name: string, bytes: Uint8Array): void {
  const little = name.endsWith('.faultline');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const [, end, crcAt, from] of checksummedRanges(name, bytes)) view.setUint32(crcAt, crc32(bytes, 0, from, end), little);
}

const JSON_SNIPPETS = [
  '[',
  ']',
  '{',
  '}',
  '"',
  ',',
  ':',
  '1e999',
  '-0',
  'null',
  '"__proto__":',
  '"constructor":',
  '\\',
  '\\u0000',
  'NaN',
  '[[[[[[[[',
  '9'.repeat(400),
];

/**
 * `count` mutations of the seed files: flipped bits, overwritten and inserted bytes, cuts, repeated
 * ranges, JSON snippets; in half of them the CRCs are fixed up afterwards so that the damage gets
 * past the checksums to the parsers. Deterministic for a seed.
 */
export function mutatedCorpus(seed: number, count: number): Array<{ name: string; bytes: Uint8Array }> {
  const random = createRandom(seed);
  const int = (n: number) => Math.floor(random.next() * n);
  const seeds = seedFiles();
  const out: Array<{ name: string; bytes: Uint8Array }> = [];
  for (let k = 0; k < count; k++) {
    const source = seeds[k % seeds.length];
    // A third of the project mutations change the JSON text itself, in a well-formed file.
    const jsonLevel = source.name.endsWith('.faultline') && k % 3 === 0;
    let bytes = jsonLevel ? ascii(SEED_JSON) : source.bytes.slice();
    const steps = 1 + int(4);
    for (let s = 0; s < steps; s++) {
      const at = int(bytes.length + 1);
      switch (int(7)) {
        case 0:
          if (bytes.length) bytes[Math.min(at, bytes.length - 1)] ^= 1 << int(8);
          break;
        case 1:
          if (bytes.length) bytes[Math.min(at, bytes.length - 1)] = [0, 255, 0x7f, 0x80][int(4)];
          break;
        case 2:
          bytes = bytes.slice(0, at);
          break;
        case 3: {
          const length = 1 + int(64);
          bytes = concat([bytes.subarray(0, at), bytes.subarray(at, at + length), bytes.subarray(at)]);
          break;
        }
        case 4:
          bytes = concat([bytes.subarray(0, at), Uint8Array.from({ length: 1 + int(16) }, () => int(256)), bytes.subarray(at)]);
          break;
        case 5: {
          // Big-endian or little-endian length-like fields set to extremes.
          if (at + 4 <= bytes.length)
            new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, [0xffffffff, 0x7fffffff, 0x80000000, 0][int(4)], random.next() < 0.5);
          break;
        }
        default:
          bytes = concat([bytes.subarray(0, at), ascii(JSON_SNIPPETS[int(JSON_SNIPPETS.length)]), bytes.subarray(at)]);
      }
    }
    if (jsonLevel)
      bytes = projectFileBytes([
        { tag: 'JSON', data: bytes, compress: random.next() < 0.5 },
        { tag: 'HGTS', data: SMALL_HEIGHTS },
      ]);
    else if (random.next() < 0.5) fixChecksums(source.name, bytes);
    out.push({ name: `m${k}-${source.name}`, bytes });
  }
  return out;
}
