import { describe, expect, it } from 'vitest';
import { allCodecs, extensionOf, findCodec } from './registry';

describe('codec registry', () => {
  it('finds codecs by file name or extension, ignoring case and folders', () => {
    expect(findCodec('maps/Island.PNG')?.id).toBe('png');
    expect(findCodec('.r16')?.id).toBe('r16');
    expect(findCodec('x.raw')?.id).toBe('r16');
    expect(findCodec('r32')?.id).toBe('r32');
    expect(findCodec('a.b/terrain.glb')?.id).toBe('glb');
    expect(findCodec('world.faultline')?.kind).toBe('project');
    expect(findCodec('notes.txt')).toBeUndefined();
    expect(findCodec('README')).toBeUndefined();
    expect(extensionOf('C:\\x.y\\file')).toBe('');
  });

  it('gives every extension to exactly one codec', () => {
    const extensions = allCodecs.flatMap((codec) => [...codec.extensions]);
    expect(new Set(extensions).size).toBe(extensions.length);
  });
});
