import { describe, expect, it } from 'vitest';
import { compileProject } from '../../shared/codecs/project';
import { compilePngHeightmap } from '../../shared/codecs/png-heightmap';
import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import { createDocument } from '../document/document';
import { createEditorSession } from '../editorSession';
import { createMemoryFaultlineApi } from './memoryApi';
import { dropKindOf, unknownDropMessage } from './fileDrop';

function ramp(size: number, slope: number): Heightfield {
  const field = createHeightfield(size, size, 1);
  for (let i = 0; i < field.heights.length; i++) field.heights[i] = (i % size) * slope;
  return field;
}

function newSession() {
  return createEditorSession({ api: createMemoryFaultlineApi(), document: createDocument(createHeightfield(17, 17, 1)) });
}

function dropped(name: string, bytes: Uint8Array) {
  let reads = 0;
  return {
    file: { name, size: bytes.length, bytes: async () => (reads++, bytes) },
    reads: () => reads,
  };
}

describe('window file drops: one router', () => {
  it('classifies by name, any case', () => {
    expect(dropKindOf('Terrain.FAULTLINE')).toBe('project');
    expect(dropKindOf('map.png')).toBe('heightmap');
    expect(dropKindOf('map.R16')).toBe('heightmap');
    expect(dropKindOf('map.r32')).toBe('heightmap');
    expect(dropKindOf('notes.txt')).toBe('unknown');
    expect(dropKindOf('mesh.obj')).toBe('unknown');
  });

  it('a heightmap opens the import dialog and nothing else', async () => {
    const session = newSession();
    const { file } = dropped('Dropped.png', compilePngHeightmap(ramp(9, 2)));
    await session.openDroppedFile(file);
    expect(session.exchange.store.getState().importDialog?.summary).toMatchObject({ width: 9, depth: 9 });
    expect(session.project.store.getState().error).toBeNull();
    expect(session.editor.document.field.width).toBe(17);
  });

  it('a project opens and the import dialog stays closed', async () => {
    const session = newSession();
    const field = ramp(33, 0.5);
    const { file } = dropped('dropme.faultline', compileProject({ field, recipe: null, history: [], props: [], view: {} }));
    await session.openDroppedFile(file);
    expect(session.editor.document.field.width).toBe(33);
    expect(session.editor.store.getState().fileName).toBe('dropme.faultline');
    expect(session.exchange.store.getState().importDialog).toBeNull();
    expect(session.exchange.store.getState().error).toBeNull();
    expect(session.project.store.getState().error).toBeNull();
  });

  it('an unknown file is reported once, unread, and changes nothing', async () => {
    const session = newSession();
    const before = session.editor.document;
    const { file, reads } = dropped('notes.txt', new Uint8Array([1, 2, 3]));
    await session.openDroppedFile(file);
    expect(session.project.store.getState().error).toBe(unknownDropMessage('notes.txt'));
    expect(session.project.store.getState().error).toMatch(
      /^notes\.txt: Faultline cannot open this kind of file\. Drop a project \(\.faultline\) or a heightmap \(.*\.png.*\)/,
    );
    expect(session.exchange.store.getState().error).toBeNull();
    expect(session.exchange.store.getState().importDialog).toBeNull();
    expect(session.editor.document).toBe(before);
    expect(reads()).toBe(0);
  });
});
