import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../terrain/heightfield';
import { decodedToHeightfield } from './heightmap';
import {
  createCodecRegistry,
  extensionOf,
  FILE_FORMATS,
  formatOf,
  heightmapOpenFilters,
  HEIGHTMAP_EXPORT_VARIANTS,
  HEIGHTMAP_READ_EXTENSIONS,
  isHeightmapVariant,
  isReadableHeightmap,
} from './registry';
import { runSliced } from './sliced';
import { parseProject } from './project';
import type { Deflate } from './zlib';

/** A small uneven map (odd sizes, negative heights) every format must carry. */
function field() {
  const f = createHeightfield(7, 5, 2);
  for (let k = 0; k < f.heights.length; k++) f.heights[k] = Math.sin(k * 0.7) * 40 - 3;
  return f;
}

describe('codec registry', () => {
  it('finds codecs by file name or extension, ignoring case and folders', () => {
    const codecs = createCodecRegistry();
    expect(codecs.find('maps/Island.PNG')?.id).toBe('png');
    expect(codecs.find('.r16')?.id).toBe('r16');
    expect(codecs.find('x.raw')?.id).toBe('r16');
    expect(codecs.find('r32')?.id).toBe('r32');
    expect(codecs.find('terrain.EXR')?.id).toBe('exr');
    expect(codecs.find('a.b/terrain.glb')?.id).toBe('glb');
    expect(codecs.find('world.faultline')?.kind).toBe('project');
    expect(codecs.find('notes.txt')).toBeUndefined();
    expect(codecs.find('README')).toBeUndefined();
    expect(formatOf('C:\\maps\\hills.R32')?.id).toBe('r32');
    expect(extensionOf('C:\\x.y\\file')).toBe('');
  });

  it('gives every extension to exactly one codec, and every codec a filter of its extensions', () => {
    const extensions = FILE_FORMATS.flatMap((codec) => [...codec.extensions]);
    expect(new Set(extensions).size).toBe(extensions.length);
    for (const format of FILE_FORMATS) {
      expect(format.filter.extensions).toEqual(format.extensions);
      expect(format.filter.name.length).toBeGreaterThan(0);
      for (const ext of format.extensions) expect(ext).toMatch(/^[a-z0-9]+$/);
    }
    const ids = FILE_FORMATS.flatMap((f) => f.variants.map((v) => v.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists the readable heightmaps once, for drops and the open dialog', () => {
    expect(HEIGHTMAP_READ_EXTENSIONS).toEqual(['png', 'r16', 'raw', 'r32', 'exr', 'tif', 'tiff']);
    expect(heightmapOpenFilters()).toEqual([
      { name: 'Heightmaps', extensions: ['png', 'r16', 'raw', 'r32', 'exr', 'tif', 'tiff'] },
      { name: 'PNG images', extensions: ['png'] },
      { name: 'RAW 16-bit', extensions: ['r16', 'raw'] },
      { name: 'RAW float32', extensions: ['r32'] },
      { name: 'OpenEXR', extensions: ['exr'] },
      { name: 'GeoTIFF', extensions: ['tif', 'tiff'] },
    ]);
    expect(isReadableHeightmap('dir/A.RAW')).toBe(true);
    expect(isReadableHeightmap('a.exr')).toBe(true);
    expect(isReadableHeightmap('b.TIFF')).toBe(true);
    expect(isReadableHeightmap('a.obj')).toBe(false);
    expect(isReadableHeightmap('a.faultline')).toBe(false);
  });

  it('round-trips every heightmap format it reads through its own encode and decode', () => {
    const codecs = createCodecRegistry();
    const source = field();
    for (const codec of codecs.codecs.filter((c) => c.decode)) {
      for (const extension of codec.extensions) {
        const name = `map.${extension}`;
        const bytes = codec.encode(source, { fileName: name, range: { min: -50, max: 50 }, flip: true });
        const decoded = codec.decode!(bytes, name, { width: 7, depth: 5, flip: true });
        expect([decoded.width, decoded.depth]).toEqual([7, 5]);
        const back = decodedToHeightfield(decoded, name, { min: -50, max: 50, cellSize: 2, preferFileMetadata: false });
        // 16-bit quantisation of a 100 m range, or exact for float32.
        const tolerance = codec.id === 'r32' || codec.id === 'exr' ? 0 : 100 / 65535;
        for (let k = 0; k < source.heights.length; k++) expect(Math.abs(back.heights[k] - source.heights[k])).toBeLessThanOrEqual(tolerance);
      }
    }
  });

  it("writes with each variant's options: PNG 8-bit is 8-bit", () => {
    const codecs = createCodecRegistry();
    const png = codecs.get('png');
    for (const variant of png.variants) {
      const decoded = png.decode!(png.encode(field(), variant.options), 'v.png');
      expect(decoded.bitDepth).toBe(variant.options.bits);
    }
  });

  it('encodes the write-only formats to files their readers (or magic numbers) accept', () => {
    const codecs = createCodecRegistry();
    const source = field();
    const ascii = (bytes: Uint8Array, n: number) => String.fromCharCode(...bytes.subarray(0, n));
    expect(new DataView(codecs.get('exr').encode(source).buffer).getUint32(0, true)).toBe(20000630);
    expect(ascii(codecs.get('glb').encode(source), 4)).toBe('glTF');
    expect(new TextDecoder().decode(codecs.get('obj').encode(source))).toContain('\nf ');
    const project = parseProject(codecs.get('faultline').encode(source, { props: [{ type: 'rock', x: 1, z: 2 }] }), 'p.faultline');
    expect(Array.from(project.field.heights)).toEqual(Array.from(source.heights));
    expect(project.props).toEqual([{ type: 'rock', x: 1, z: 2 }]);
  });

  it('compresses with the compressor it was given', () => {
    const calls: number[] = [];
    const counting: Deflate = (data) => {
      calls.push(data.length);
      return new Uint8Array(0);
    };
    const codecs = createCodecRegistry({ deflate: counting });
    // The PNG then has an empty zlib stream: the reader refuses it, proving the injected one was used.
    expect(() => codecs.get('png').decode!(codecs.get('png').encode(field()), 'x.png')).toThrow(/x\.png/);
    expect(calls).toEqual([5 * (1 + 7 * 2)]);
  });

  it('refuses to write NaN heights as .r32, naming the file', () => {
    const bad = field();
    bad.heights[9] = NaN;
    expect(() => createCodecRegistry().get('r32').encode(bad, { fileName: 'bad.r32' })).toThrow(
      /^bad\.r32: cannot be written: height 9 \(column 2, row 1\) is NaN$/,
    );
    expect(() => createCodecRegistry().get('r32').encode(bad, { fileName: 'bad.r32', flip: true })).toThrow(/^bad\.r32: cannot be written/);
  });

  it("derives the heightmap export entries and the tileable formats from each codec's kind", () => {
    expect(HEIGHTMAP_EXPORT_VARIANTS).toEqual(['png16', 'png8', 'r16', 'r32', 'exr', 'tiff']);
    for (const format of FILE_FORMATS) {
      expect(format.tileable).toBe(format.kind === 'heightmap');
      for (const variant of format.variants) expect(isHeightmapVariant(variant.id)).toBe(format.kind === 'heightmap');
    }
    expect(isHeightmapVariant('glb')).toBe(false);
    expect(isHeightmapVariant('normal')).toBe(false);
  });

  it('encodes in slices to the same bytes as encode, for every codec that slices', () => {
    const codecs = createCodecRegistry();
    const source = field();
    const sliced = codecs.codecs.filter((c) => c.encodeSliced);
    expect(sliced.map((c) => c.id)).toEqual(['r16', 'r32', 'exr']);
    for (const codec of sliced) {
      for (const options of [{}, { flip: true, byteOrder: 'be' as const, range: { min: -60, max: 60 } }, { exrCompression: 'none' as const }]) {
        expect(Array.from(runSliced(codec.encodeSliced!(source, options)))).toEqual(Array.from(codec.encode(source, options)));
      }
    }
  });
});
