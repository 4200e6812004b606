// The one place heightmap files are encoded (main and the CLI): the codecs' bytes by every route.
import { describe, expect, it } from 'vitest';
import { CodecError } from '../../shared/codecs/errors';
import { createCodecRegistry } from '../../shared/codecs/registry';
import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import { encodeHeightmapFile, encodeHeightmapOffThread } from './heightmapEncode';
import { nativeDeflate } from './nativeDeflate';
import { turnsDuring } from './testing/eventLoopTurns';

function terrain(width: number, depth: number): Heightfield {
  const field = createHeightfield(width, depth, 2);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = 30 * Math.sin(k * 0.003) + (k % 11) * 0.41 - 7;
  return field;
}

const codecs = createCodecRegistry({ deflate: nativeDeflate });
const heightmapCodecs = codecs.codecs.filter((c) => c.kind === 'heightmap');
const optionSets = [{}, { bits: 8 as const, flip: true, byteOrder: 'be' as const, range: { min: -60, max: 60 }, exrCompression: 'none' as const }];

describe('encodeHeightmapFile', () => {
  it("writes exactly the codec's bytes for every heightmap format and options", async () => {
    const field = terrain(257, 131);
    expect(heightmapCodecs.map((c) => c.id)).toEqual(['png', 'r16', 'r32', 'exr', 'tiff']);
    for (const codec of heightmapCodecs) {
      for (const options of optionSets) {
        const bytes = await encodeHeightmapFile(field, codec.id, { ...options, fileName: `m.${codec.extensions[0]}` });
        expect(Buffer.from(bytes).equals(Buffer.from(codec.encode(field, options))), `${codec.id} ${JSON.stringify(options)}`).toBe(true);
      }
    }
  });

  it('refuses what is not a heightmap format, and what the codec refuses, naming the file', async () => {
    const field = terrain(9, 9);
    await expect(encodeHeightmapFile(field, 'glb')).rejects.toThrow(/glb is not a heightmap format/);
    field.heights[4] = Infinity;
    for (const codec of heightmapCodecs)
      await expect(encodeHeightmapFile(field, codec.id, { fileName: `dir/x.${codec.id}` }), codec.id).rejects.toThrow(
        new RegExp(`^x\\.${codec.id}: .*Infinity`),
      );
  });
});

describe('encodeHeightmapOffThread', () => {
  it('gives the same bytes from a worker thread, keeping the heights unless told to move them', async () => {
    const field = terrain(301, 97);
    const expected = codecs.get('exr').encode(field, {});
    const kept = await encodeHeightmapOffThread(field, 'exr', { fileName: 'a.exr' });
    expect(Buffer.from(kept).equals(Buffer.from(expected))).toBe(true);
    expect(field.heights.length).toBe(301 * 97);
    const copy = terrain(301, 97);
    const moved = await encodeHeightmapOffThread(copy, 'r16', { fileName: 'a.r16', byteOrder: 'be' }, true);
    expect(Buffer.from(moved).equals(Buffer.from(codecs.get('r16').encode(field, { byteOrder: 'be' })))).toBe(true);
    // Moved, not copied: this thread no longer holds them.
    expect(copy.heights.length).toBe(0);
  });

  it('keeps the event loop turning while it encodes', async () => {
    const field = terrain(1025, 1025);
    const { turns } = await turnsDuring(() => encodeHeightmapOffThread(field, 'exr', {}));
    expect(turns).toBeGreaterThan(10);
  });

  it("passes the codec's refusal back as a CodecError naming the file", async () => {
    const field = terrain(5, 5);
    field.heights[6] = NaN;
    const refusal = await encodeHeightmapOffThread(field, 'r32', { fileName: 'bad.r32' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(CodecError);
    expect((refusal as CodecError).message).toBe('bad.r32: cannot be written: height 6 (column 1, row 1) is NaN');
  });
});
