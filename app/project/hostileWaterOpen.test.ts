/**
 * A project holding a hostile water or river layer, opened in the window (issue 31, bad input): read
 * as main reads it (shared/codecs/project.ts; the hostile files of shared/codecs/testing/hostileCorpus.ts)
 * and handed to the editor as main's open hands it, the editor opens it as its saved heights with one
 * line naming the file, the layer and the problem, and keeps working: automatic water added
 * afterwards is one undo entry, undone back to the saved heights.
 */
import { describe, expect, it } from 'vitest';
import { decodeUtf8, float32LittleEndianBytes } from '../../shared/codecs/bytes';
import { parseProject, projectDataOf } from '../../shared/codecs/project';
import { compileLayerEntries } from '../../shared/codecs/projectLayers';
import { hostileCorpus } from '../../shared/codecs/testing/hostileCorpus';
import type { ProjectOpenResult, ProjectPayload } from '../../shared/ipc/projectContract';
import { createEditorSession } from '../editorSession';
import { createMemoryFaultlineApi } from '../platform/memoryApi';

/** What main's open sends for a file's bytes (main/services/projectCodecIo.ts, payloadFromDocument). */
function openedPayload(bytes: Uint8Array, fileName: string): ProjectPayload {
  const doc = parseProject(bytes, fileName);
  const entries = compileLayerEntries(doc.layers!, { inPlace: true });
  const status = doc.layerStatus!;
  return {
    json: JSON.stringify(projectDataOf(doc)),
    heights: float32LittleEndianBytes(doc.field.heights),
    layers: { json: decodeUtf8(entries.json) ?? '', data: entries.data, origin: status.origin, ...(status.problem ? { problem: status.problem } : {}) },
  };
}

describe('a hostile water or river layer opened in the window', () => {
  for (const file of hostileCorpus().filter((f) => /^(water|river)-/.test(f.name) && f.name !== 'river-point-flood.faultline')) {
    it(`${file.name}: opens as its saved heights naming the layer and the problem; the window keeps working`, { timeout: 30_000 }, async () => {
      const opened: ProjectOpenResult = { status: 'opened', handle: 'h1', fileName: file.name, payload: openedPayload(file.bytes(), file.name) };
      const api = { ...createMemoryFaultlineApi(), openProject: async () => opened };
      const session = createEditorSession({ api });
      await session.commands.execute('file.open');
      for (let n = 0; n < 200 && session.project.store.getState().error === null; n++) await new Promise((resolve) => setTimeout(resolve, 5));
      const error = session.project.store.getState().error ?? '';
      expect(error.startsWith(`${file.name}: its layer stack could not be read (layer 1 `), error).toBe(true);
      expect(error).toMatch(new RegExp(file.stackProblem!.source.replace(/^\^/, '').replace(/\$$/, '')));
      expect(error).toContain('it opens as its saved heights');
      expect(error.includes('\n')).toBe(false);
      expect(session.editor.document.stack.map((layer) => layer.kind)).toEqual(['heights']);
      const saved = Float32Array.from(session.editor.document.field.heights);
      // Still working: automatic water is one undo entry on the saved heights, and undo gives them back.
      // (The open's own check of the stack runs first: the add waits for it.)
      let added = await session.water.model.add();
      for (let n = 0; n < 400 && added === 'busy'; n++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        added = await session.water.model.add();
      }
      expect(added).toBe('done');
      expect(session.editor.document.stack.map((layer) => layer.kind)).toEqual(['heights', 'water']);
      session.editor.undo();
      expect(session.editor.document.stack.map((layer) => layer.kind)).toEqual(['heights']);
      expect(session.editor.document.field.heights).toEqual(saved);
      session.dispose();
    });
  }
});
