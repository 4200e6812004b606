import { describe, expect, it, vi } from 'vitest';
import { compileProject, parseProject } from '../../shared/codecs/project';
import { createHeightfield } from '../../shared/terrain/heightfield';
import type { FaultlineApi } from '../../shared/ipc/api';
import {
  UPLOAD_PIECE_MAX_BYTES,
  type ProjectPayload,
  type ProjectSaveResult,
  type RecoverySnapshot,
  type WireProjectPayload,
} from '../../shared/ipc/projectContract';
import { createMemoryFaultlineApi } from '../platform/memoryApi';
import { createDocument, documentRecipe, type TerrainDocument } from '../document/document';
import { faultsLayer, heightsStack } from '../../shared/layers/migrate';
import { createEditorSession } from '../editorSession';
import { createHeightRectEdit, readHeightRect } from '../document/heightEdit';
import { documentFromPayload, documentFromProject, payloadOf, projectDataOf } from './mapping';
import { createProjectController, suggestedProjectName } from './projectController';
import { plainFileNameProblem } from '../../shared/fileNames';
import { windowTitle } from './title';
import { DEFAULT_VIEW_SETTINGS, validateRequestArgs, type ViewSettings } from '../../shared/ipc/contract';
import { mayReplaceDocument } from './unsavedFlow';

function smallDocument(seed = 1): TerrainDocument {
  const field = createHeightfield(9, 5, 1.5);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.cos(k + seed) * 10;
  field.heights[2] = -0;
  // The recipe's layer is hidden under the heights: the stack gives the document's heights.
  const recipe = { seed, iterations: 30, lineMethod: 'cross' as const, decay: { disp0: 2, dispN: 0.1, n: 20 } };
  const doc = createDocument(field, [{ ...faultsLayer(recipe), enabled: false }, ...heightsStack(field.heights.slice())]);
  doc.props = [{ id: 'a', type: 'rock', x: 1, z: 2, yaw: 0.25, scale: 2, offsetY: -0.5 }];
  return doc;
}

const VIEW: ViewSettings = {
  ...DEFAULT_VIEW_SETTINGS,
  colorMode: 'slope',
  map2dMode: 'grayscale',
  wireframe: true,
  sunAzimuthDeg: 10,
  sunElevationDeg: 60,
  water: true,
  seaLevel: 2.5,
  grid: true,
};

function heightBytes(heights: Float32Array): Uint8Array {
  return new Uint8Array(heights.buffer, heights.byteOffset, heights.byteLength);
}

/** Index of the first differing byte, or −1 (a deep equality of 16 MB arrays is too slow to report). */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return k;
  return -1;
}

describe('document ⇄ project data', () => {
  it('round-trips heights bit for bit, size, recipe, props and view through the file codec', () => {
    const doc = smallDocument();
    const payload = payloadOf(doc, VIEW);
    const data = JSON.parse(payload.json) as ReturnType<typeof projectDataOf>;
    const file = compileProject({
      field: createHeightfield(data.width, data.depth, data.cellSize, new Float32Array(payload.heights.slice().buffer)),
      recipe: data.recipe,
      history: data.history,
      props: data.props,
      view: data.view,
      layers: doc.stack,
    });
    const loaded = documentFromProject(parseProject(file, 'x.faultline'), 'x.faultline');
    expect(heightBytes(loaded.document.field.heights)).toEqual(heightBytes(doc.field.heights));
    expect([loaded.document.field.width, loaded.document.field.depth, loaded.document.field.cellSize]).toEqual([9, 5, 1.5]);
    expect(documentRecipe(loaded.document)).toEqual(documentRecipe(doc));
    expect(loaded.document.props).toEqual(doc.props);
    expect(loaded.view).toEqual(VIEW);
  });

  it("carries the layer stack with its data (a sculpt layer's tiles) through a payload, and a stack that cannot be read costs nothing of the heights", () => {
    const doc = smallDocument();
    const deltas = new Float32Array(64 * 64).map((_, k) => Math.sin(k));
    doc.stack = [...doc.stack, { id: 'sculpt', kind: 'sculpt', name: 'Valley', enabled: true, opacity: 0.5, params: {}, tiles: [{ i: 0, j: 0, deltas }] }];
    const payload = payloadOf(doc, VIEW);
    const loaded = documentFromPayload(payload, 'h.faultline');
    expect(loaded.document.stack).toEqual(doc.stack);
    expect(loaded.layers).toEqual({ origin: 'saved', problem: null });
    // The history is the stack's now: none is written.
    expect(projectDataOf(loaded.document, VIEW).history).toEqual([]);
    const broken = documentFromPayload(
      { ...payload, layers: { ...payload.layers!, json: payload.layers!.json.replace('"kind":"sculpt"', '"kind":"chisel"') } },
      'h.faultline',
    );
    expect(broken.layers.origin).toBe('heights');
    expect(broken.layers.problem).toMatch(/layer 3 "Valley".*chisel/);
    expect(heightBytes(broken.document.field.heights)).toEqual(heightBytes(doc.field.heights));
    expect(broken.document.stack.map((layer) => layer.kind)).toEqual(['heights']);
  });

  it('refuses bad props and bad sizes with the file name; ignores view settings it does not know', () => {
    const doc = smallDocument();
    const base = projectDataOf(doc, VIEW);
    const heights = payloadOf(doc, VIEW).heights;
    expect(() =>
      documentFromPayload({ json: JSON.stringify({ ...base, props: [{ id: 'a', type: 'rock', x: 'far', z: 0, yaw: 0, scale: 1 }] }), heights }, 'p.faultline'),
    ).toThrow(/^p\.faultline: prop 1 is invalid: x must be a finite number/);
    expect(() => documentFromPayload({ json: JSON.stringify({ ...base, width: 10 }), heights }, 'p.faultline')).toThrow(
      /^p\.faultline: holds 180 bytes of heights for a 10 × 5 map/,
    );
    expect(documentFromPayload({ json: JSON.stringify({ ...base, view: { colorMode: 'neon' } }), heights }, 'p.faultline').view).toBeNull();
    expect(documentFromPayload({ json: JSON.stringify({ ...base, view: { ...VIEW, sunElevationDeg: 95 } }), heights }, 'p.faultline').view).toBeNull();
  });

  it('opens the view of a project saved before the lighting settings existed, with their defaults', () => {
    const doc = smallDocument();
    const old = { colorMode: 'slope', map2dMode: 'grayscale', wireframe: true };
    const loaded = documentFromPayload(
      { json: JSON.stringify({ ...projectDataOf(doc, VIEW), view: old }), heights: payloadOf(doc, VIEW).heights },
      'old.faultline',
    );
    expect(loaded.view).toEqual({ ...DEFAULT_VIEW_SETTINGS, ...old });
  });
});

describe('unsaved changes', () => {
  it('goes ahead when clean without asking; otherwise follows the answer', async () => {
    const ask = vi.fn(async () => 'cancel' as const);
    const save = vi.fn(async () => true);
    expect(await mayReplaceDocument(false, ask, save)).toBe(true);
    expect(ask).not.toHaveBeenCalled();
    expect(await mayReplaceDocument(true, ask, save)).toBe(false);
    expect(await mayReplaceDocument(true, async () => 'discard', save)).toBe(true);
    expect(save).not.toHaveBeenCalled();
    expect(
      await mayReplaceDocument(
        true,
        async () => 'save',
        async () => false,
      ),
    ).toBe(false);
    expect(await mayReplaceDocument(true, async () => 'save', save)).toBe(true);
  });

  it('the title shows the name and a mark while unsaved', () => {
    expect(windowTitle('valley.faultline', false)).toBe('valley.faultline — Faultline');
    expect(windowTitle('valley.faultline', true)).toBe('valley.faultline • — Faultline');
    expect(windowTitle(null, false)).toBe('Untitled — Faultline');
  });
});

interface FakeMain {
  api: FaultlineApi;
  saved: ProjectPayload[];
  journal: RecoverySnapshot[];
  cleared: number;
  saveResult: ProjectSaveResult;
  /** Sizes of the upload pieces received, in bytes. */
  pieces: number[];
}

/** Main as far as the controller sees it: uploads are assembled and payloads resolved as the router does. */
function fakeMain(): FakeMain {
  const uploads = new Map<string, { bytes: Uint8Array; received: number }>();
  const take = (id: string): Uint8Array => {
    const upload = uploads.get(id);
    if (!upload || upload.received !== upload.bytes.byteLength) throw new Error(`upload ${id} is unknown or incomplete`);
    uploads.delete(id);
    return upload.bytes;
  };
  const resolve = (payload: WireProjectPayload): ProjectPayload => {
    const heights = 'heights' in payload ? payload.heights : take(payload.heightsUpload);
    const { layers } = payload;
    if (!layers) return { json: payload.json, heights };
    const { json, origin, problem } = layers;
    return {
      json: payload.json,
      heights,
      layers: { json, data: 'data' in layers ? layers.data : take(layers.dataUpload), ...(origin ? { origin } : {}), ...(problem ? { problem } : {}) },
    };
  };
  const main: FakeMain = {
    api: createMemoryFaultlineApi(),
    saved: [],
    journal: [],
    cleared: 0,
    saveResult: { status: 'saved', handle: 'h1', fileName: 'out.faultline' },
    pieces: [],
  };
  main.api = {
    ...main.api,
    saveProjectAs: async (request) => {
      main.saved.push(resolve(request.payload));
      return main.saveResult;
    },
    saveProject: async (request) => {
      main.saved.push(resolve(request.payload));
      return main.saveResult;
    },
    writeRecovery: async (snapshot) => void main.journal.push({ ...snapshot, payload: resolve(snapshot.payload) }),
    clearRecovery: async () => void main.cleared++,
    beginUpload: async (byteLength) => {
      const id = `upload-${uploads.size + main.journal.length + main.saved.length}-${main.pieces.length}`;
      uploads.set(id, { bytes: new Uint8Array(byteLength), received: 0 });
      return id;
    },
    appendUpload: async (id, offset, piece) => {
      const upload = uploads.get(id);
      if (!upload) throw new Error(`upload ${id} is unknown`);
      if (offset !== upload.received) throw new Error(`upload ${id}: piece at ${offset}, expected ${upload.received}`);
      // A copy, as IPC makes: the sender may reuse its buffer.
      upload.bytes.set(piece.slice(), upload.received);
      upload.received += piece.byteLength;
      main.pieces.push(piece.byteLength);
      return upload.received;
    },
  };
  return main;
}

/** A map whose heights are more than one upload piece (2049² float32 is just over 16 MiB). */
function largeDocument(): TerrainDocument {
  const field = createHeightfield(2049, 2049, 1);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = (k % 1013) * 0.25 - 100;
  return createDocument(field);
}

function raise(session: ReturnType<typeof createEditorSession>): void {
  const doc = session.editor.document;
  const rect = { i0: 0, j0: 0, i1: 1, j1: 1 };
  const before = readHeightRect(doc, rect);
  session.editor.apply(
    createHeightRectEdit(
      'Raise',
      doc,
      rect,
      before,
      before.map((h) => h + 1),
    ),
  );
}

describe('project controller', () => {
  it('Save As snapshots the document, marks it saved under the new name and clears the journal; undo history stays', async () => {
    const main = fakeMain();
    const session = createEditorSession({ api: main.api, document: smallDocument() });
    const controller = createProjectController(session);
    raise(session);
    expect(session.editor.isDirty).toBe(true);
    expect(await controller.saveAs()).toBe(true);
    expect(session.editor.isDirty).toBe(false);
    expect(session.editor.store.getState().fileName).toBe('out.faultline');
    expect(controller.store.getState().handle).toBe('h1');
    expect(main.cleared).toBe(1);
    expect(session.editor.store.getState().canUndo).toBe(true);
    expect(heightBytes(new Float32Array(main.saved[0].heights.slice().buffer))).toEqual(heightBytes(session.editor.document.field.heights));
  });

  it('a failed save keeps the document dirty and shows the message', async () => {
    const main = fakeMain();
    main.saveResult = { status: 'error', message: 'out.faultline: could not be saved' };
    const session = createEditorSession({ api: main.api, document: smallDocument() });
    const controller = createProjectController(session);
    raise(session);
    expect(await controller.save()).toBe(false);
    expect(session.editor.isDirty).toBe(true);
    expect(controller.store.getState().error).toBe('out.faultline: could not be saved');
  });

  it("New asks when dirty: Cancel keeps the document, Don't Save replaces it", async () => {
    const main = fakeMain();
    const session = createEditorSession({ api: main.api, document: smallDocument() });
    const controller = createProjectController(session);
    raise(session);
    const original = session.editor.document;
    const cancelled = controller.newDocument();
    await vi.waitFor(() => expect(controller.store.getState().unsavedQuestion).not.toBeNull());
    controller.answerUnsaved('cancel');
    await cancelled;
    expect(session.editor.document).toBe(original);
    const discarded = controller.newDocument();
    await vi.waitFor(() => expect(controller.store.getState().unsavedQuestion).not.toBeNull());
    controller.answerUnsaved('discard');
    await discarded;
    expect(session.editor.document).not.toBe(original);
    expect(session.editor.isDirty).toBe(false);
  });

  it('a dropped project without a path is decoded here and opened untitled-from-drop', async () => {
    const main = fakeMain();
    const session = createEditorSession({ api: main.api, document: smallDocument() });
    const controller = createProjectController(session);
    const dropped = smallDocument(7);
    const bytes = compileProject({ field: dropped.field, recipe: documentRecipe(dropped), history: [], props: [], view: {} });
    await controller.openDropped({ name: 'dropped.faultline', bytes: async () => bytes });
    expect(heightBytes(session.editor.document.field.heights)).toEqual(heightBytes(dropped.field.heights));
    expect(session.editor.store.getState().fileName).toBe('dropped.faultline');
    expect(controller.store.getState().handle).toBeNull();
    await controller.openDropped({ name: 'broken.faultline', bytes: async () => bytes.subarray(0, 50) });
    expect(controller.store.getState().error).toMatch(/^broken\.faultline: is truncated/);
    expect(heightBytes(session.editor.document.field.heights)).toEqual(heightBytes(dropped.field.heights));
  });

  it("a Save chosen while an open's last step still runs is not lost: it runs next and saves the opened document", async () => {
    const main = fakeMain();
    let finishClearing = (): void => undefined;
    main.api = { ...main.api, clearRecovery: () => new Promise<void>((resolve) => (finishClearing = resolve)) };
    const session = createEditorSession({ api: main.api, document: smallDocument() });
    const controller = createProjectController(session);
    const dropped = smallDocument(5);
    const bytes = compileProject({ field: dropped.field, recipe: documentRecipe(dropped), history: [], props: [], view: {} });
    const opening = controller.openDropped({ name: 'dropped.faultline', bytes: async () => bytes });
    // The document is replaced (the title shows it) while the journal is still being cleared.
    await vi.waitFor(() => expect(session.editor.store.getState().fileName).toBe('dropped.faultline'));
    expect(controller.store.getState().busy).toBe(true);
    const saving = controller.save();
    expect(main.saved).toHaveLength(0);
    finishClearing();
    await opening;
    await vi.waitFor(() => expect(main.saved).toHaveLength(1));
    finishClearing();
    expect(await saving).toBe(true);
    expect(heightBytes(new Float32Array(main.saved[0].heights.slice().buffer))).toEqual(heightBytes(dropped.field.heights));
    expect(session.editor.store.getState().fileName).toBe('out.faultline');
    expect(controller.store.getState().busy).toBe(false);
  });

  it('a dialog command fired twice shows one dialog; file commands run one at a time in the order asked', async () => {
    const main = fakeMain();
    const order: string[] = [];
    let answerOpen = (): void => undefined;
    main.api = {
      ...main.api,
      openProject: () =>
        new Promise((resolve) => {
          order.push('open dialog');
          answerOpen = () => resolve({ status: 'cancelled' });
        }),
      saveProjectAs: async () => {
        order.push('save as dialog');
        return main.saveResult;
      },
    };
    const session = createEditorSession({ api: main.api, document: smallDocument() });
    const controller = createProjectController(session);
    const first = controller.open();
    const repeated = controller.open();
    const saving = controller.saveAs();
    await repeated;
    await vi.waitFor(() => expect(order).toEqual(['open dialog']));
    answerOpen();
    await first;
    expect(await saving).toBe(true);
    expect(order).toEqual(['open dialog', 'save as dialog']);
    expect(controller.store.getState().busy).toBe(false);
  });

  it('a dropped project with a token is opened by main by that token, never by a path; without one it is decoded here', async () => {
    const main = fakeMain();
    const dropped = smallDocument(9);
    const opened: string[] = [];
    main.api = {
      ...main.api,
      openDroppedProject: async (token) => {
        opened.push(token);
        return { status: 'opened', handle: 'drop-handle', fileName: 'disk.faultline', payload: payloadOf(dropped, DEFAULT_VIEW_SETTINGS) };
      },
    };
    const session = createEditorSession({ api: main.api, document: smallDocument() });
    const controller = createProjectController(session);
    const bytes = vi.fn(async () => new Uint8Array(0));
    await controller.openDropped({ name: 'disk.faultline', token: async () => 'token-1', bytes });
    expect(opened).toEqual(['token-1']);
    expect(bytes).not.toHaveBeenCalled();
    expect(controller.store.getState().handle).toBe('drop-handle');
    expect(heightBytes(session.editor.document.field.heights)).toEqual(heightBytes(dropped.field.heights));
    // No path on disk (token null): the bytes are decoded here, the document is untitled-from-drop.
    const other = smallDocument(11);
    const otherBytes = compileProject({ field: other.field, recipe: null, history: [], props: [], view: {} });
    await controller.openDropped({ name: 'memory.faultline', token: async () => null, bytes: async () => otherBytes });
    expect(opened).toEqual(['token-1']);
    expect(controller.store.getState().handle).toBeNull();
    expect(heightBytes(session.editor.document.field.heights)).toEqual(heightBytes(other.field.heights));
  });

  it('journals unsaved work once after changes settle, reports dirty state, and offers recovery at start', async () => {
    vi.useFakeTimers();
    try {
      const main = fakeMain();
      const dirtyReports: boolean[] = [];
      main.api = {
        ...main.api,
        setDocumentDirty: async (d) => void dirtyReports.push(d),
        checkRecovery: async () => ({ fileName: 'old.faultline', savedAt: 5 }),
      };
      const session = createEditorSession({ api: main.api, document: smallDocument() });
      const controller = createProjectController(session);
      const stop = controller.start({ journalDelayMs: 2000, whenIdle: (task) => task() });
      await vi.advanceTimersByTimeAsync(0);
      expect(controller.store.getState().recoveryOffer).toEqual({ fileName: 'old.faultline', savedAt: 5 });
      raise(session);
      await vi.advanceTimersByTimeAsync(1000);
      raise(session);
      await vi.advanceTimersByTimeAsync(1999);
      expect(main.journal).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(main.journal).toHaveLength(1);
      expect(controller.store.getState().title).toBe('Untitled • — Faultline');
      expect(dirtyReports).toEqual([false, true]);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('journals a document whose file name the save channels would refuse under a plain label (the journal never stops)', async () => {
    vi.useFakeTimers();
    try {
      const main = fakeMain();
      const session = createEditorSession({ api: main.api, document: smallDocument() });
      session.editor.markSaved('gnp\u202Eexe\u200B.faultline');
      const controller = createProjectController(session);
      const stop = controller.start({ journalDelayMs: 10, whenIdle: (task) => task() });
      raise(session);
      await vi.advanceTimersByTimeAsync(20);
      expect(main.journal.map((entry) => entry.fileName)).toEqual(['gnp_exe_.faultline']);
      expect(() =>
        validateRequestArgs('recovery:write', [{ fileName: main.journal[0].fileName, payload: { json: '{}', heights: new Uint8Array(4) } }]),
      ).not.toThrow();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a large map’s heights in bounded pieces: the journal and a save get them bit for bit', async () => {
    vi.useFakeTimers();
    try {
      const main = fakeMain();
      const session = createEditorSession({ api: main.api, document: largeDocument() });
      const controller = createProjectController(session);
      const stop = controller.start({ journalDelayMs: 2000, whenIdle: (task) => task() });
      raise(session);
      await vi.advanceTimersByTimeAsync(2000);
      expect(main.journal).toHaveLength(1);
      const heights = session.editor.document.field.heights;
      expect(heights.byteLength).toBeGreaterThan(UPLOAD_PIECE_MAX_BYTES);
      // Its stack is one heights layer, a whole map too: the stack's data and the heights go in pieces.
      const twoPieces = [UPLOAD_PIECE_MAX_BYTES, heights.byteLength - UPLOAD_PIECE_MAX_BYTES];
      expect(main.pieces).toEqual([...twoPieces, ...twoPieces]);
      expect(firstDifference(main.journal[0].payload.heights, heightBytes(heights))).toBe(-1);
      expect(main.journal[0].payload.layers?.data.byteLength).toBe(heights.byteLength);
      expect(await controller.saveAs()).toBe(true);
      expect(firstDifference(main.saved[0].heights, heightBytes(heights))).toBe(-1);
      expect(main.pieces).toHaveLength(8);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a journal overtaken by an edit between its pieces is dropped, never a mix of two versions; the next one is written', async () => {
    vi.useFakeTimers();
    try {
      const main = fakeMain();
      const session = createEditorSession({ api: main.api, document: largeDocument() });
      const controller = createProjectController(session);
      // The edit lands while the first piece is on its way to main.
      const append = main.api.appendUpload;
      let editDuringUpload = true;
      main.api.appendUpload = async (id, offset, piece) => {
        const received = await append(id, offset, piece);
        if (editDuringUpload) {
          editDuringUpload = false;
          raise(session);
        }
        return received;
      };
      const stop = controller.start({ journalDelayMs: 2000, whenIdle: (task) => task() });
      raise(session);
      await vi.advanceTimersByTimeAsync(2000);
      expect(main.journal).toHaveLength(0);
      expect(main.pieces).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2000);
      expect(main.journal).toHaveLength(1);
      expect(firstDifference(main.journal[0].payload.heights, heightBytes(session.editor.document.field.heights))).toBe(-1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Save As suggestion', () => {
  it('is a plain file name ending in .faultline whatever the document is called (issue 38)', () => {
    expect(suggestedProjectName('valley.faultline')).toBe('valley.faultline');
    expect(suggestedProjectName('Untitled')).toBe('Untitled.faultline');
    expect(suggestedProjectName('gnp\u202Eexe.faultline')).toBe('gnp_exe.faultline');
    for (const name of ['con', 'a\u200Bb', 'x\uD800', '..', 'a.', 'y'.repeat(300)]) {
      const suggested = suggestedProjectName(name);
      expect(plainFileNameProblem(suggested), JSON.stringify(suggested)).toBeNull();
      expect(suggested.endsWith('.faultline')).toBe(true);
    }
  });
});
