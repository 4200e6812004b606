import { describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../shared/commands';
import type { FaultlineApi } from '../shared/ipc/api';
import { createDocument } from './document/document';
import { createHeightfield } from '../shared/terrain/heightfield';
import { createHeightRectEdit, readHeightRect } from './document/heightEdit';
import { commandStates, connectPlatform, createEditorSession } from './editorSession';
import { createMemoryFaultlineApi } from './platform/memoryApi';
import { DEFAULT_VIEW_SETTINGS } from '../shared/ipc/contract';
import { generateFormEdits } from './generate/generateFormStore';

function smallDocument() {
  return createDocument(createHeightfield(9, 9, 1));
}

function spyApi() {
  const api = createMemoryFaultlineApi();
  let menuListener: ((id: string) => void) | null = null;
  const spied: FaultlineApi = {
    ...api,
    setViewSettings: vi.fn(api.setViewSettings),
    setCommandStates: vi.fn(api.setCommandStates),
    onMenuCommand: (listener) => {
      menuListener = listener;
      return () => (menuListener = null);
    },
  };
  return { api: spied, menu: (id: string) => menuListener?.(id) };
}

function raiseCorner(session: ReturnType<typeof createEditorSession>) {
  const doc = session.editor.document;
  const rect = { i0: 0, j0: 0, i1: 2, j1: 2 };
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

describe('editor session commands', () => {
  it('binds every described command, file commands included', () => {
    const session = createEditorSession({ api: createMemoryFaultlineApi(), document: smallDocument() });
    const bound = session.commands.list().map((c) => c.id);
    const foundation = [
      'file.new',
      'file.open',
      'file.save',
      'file.saveAs',
      'edit.undo',
      'edit.redo',
      'view.resetCamera',
      'view.toggleWireframe',
      'view.colorHeight',
      'view.colorSlope',
      'view.map2dGrayscale',
      'view.map2dHypsometric',
      'view.commandPalette',
      'terrain.defaultTerrain',
      'help.about',
      'help.firstStart',
    ];
    expect(bound).toEqual(expect.arrayContaining(foundation));
    // Every bound command is a described one, listed in description order.
    expect(bound).toEqual(COMMANDS.map((c) => c.id).filter((id) => bound.includes(id)));
    expect(session.commands.isEnabled('file.save')).toBe(true);
    expect(session.commands.isEnabled('terrain.defaultTerrain')).toBe(true);
  });

  it('undo and redo follow the editor history', async () => {
    const session = createEditorSession({ api: createMemoryFaultlineApi(), document: smallDocument() });
    expect(session.commands.isEnabled('edit.undo')).toBe(false);
    raiseCorner(session);
    expect(session.commands.isEnabled('edit.undo')).toBe(true);
    expect(await session.commands.execute('edit.undo')).toBe(true);
    expect(session.editor.document.field.heights[0]).toBe(0);
    expect(session.commands.isEnabled('edit.redo')).toBe(true);
    await session.commands.execute('edit.redo');
    expect(session.editor.document.field.heights[0]).toBe(1);
  });

  it('view commands change the view store', async () => {
    const session = createEditorSession({ api: createMemoryFaultlineApi(), document: smallDocument() });
    await session.commands.execute('view.colorSlope');
    await session.commands.execute('view.toggleWireframe');
    await session.commands.execute('view.map2dGrayscale');
    expect(session.view.getState().settings).toEqual({ ...DEFAULT_VIEW_SETTINGS, colorMode: 'slope', wireframe: true, map2dMode: 'grayscale' });
    await session.commands.execute('view.colorNatural');
    expect(session.view.getState().settings.colorMode).toBe('natural');
    const viewBefore = session.view.getState();
    let resets = 0;
    const stop = session.viewEvents.resetCamera.on(() => resets++);
    await session.commands.execute('view.resetCamera');
    expect(resets).toBe(1);
    // An event, not state: the view store is untouched.
    expect(session.view.getState()).toBe(viewBefore);
    stop();
    await session.commands.execute('view.resetCamera');
    expect(resets).toBe(1);
    await session.commands.execute('help.about');
    expect(session.view.getState().aboutOpen).toBe(true);
    // The getting-started hint, once dismissed, comes back only when asked for.
    expect(session.view.getState().hintOpen).toBe(false);
    await session.commands.execute('help.firstStart');
    expect(session.view.getState().hintOpen).toBe(true);
  });

  it('loading the default terrain replaces the document and cancels a gesture', async () => {
    const session = createEditorSession({ api: createMemoryFaultlineApi(), document: smallDocument() });
    const cancel = vi.fn();
    session.tools.setState({ active: { id: 't', label: 'T', capturesPrimaryDrag: true, cancel } });
    raiseCorner(session);
    const version = session.editor.store.getState().version;
    await session.commands.execute('terrain.defaultTerrain');
    expect(cancel).toHaveBeenCalled();
    expect(session.editor.store.getState()).toMatchObject({ width: 257, depth: 257, canUndo: false, version: version + 1 });
  });
});

// Issue 34 audit G5: in Test Drive the toolbar showed Navigate and Test Drive both pressed (no tool is active in a
// drive, and Navigate's state read only that). Only the mode that holds the view is pressed.
describe('the toolbar presses only the active mode', () => {
  it('Navigate is pressed with no tool, not in Test Drive or Walk, and again after leaving', async () => {
    const session = createEditorSession({ api: createMemoryFaultlineApi(), document: createDocument(createHeightfield(33, 33, 2)) });
    const pressed = () => ({
      navigate: session.commands.state('tool.navigate').pressed,
      drive: session.commands.state('drive.toggle').pressed,
      walk: session.commands.state('drive.walk').pressed,
    });
    expect(pressed()).toEqual({ navigate: true, drive: false, walk: false });
    await session.commands.execute('drive.toggle');
    expect(session.drive.mode).toBe('drive');
    expect(pressed()).toEqual({ navigate: false, drive: true, walk: false });
    await session.commands.execute('drive.toggle');
    expect(pressed()).toEqual({ navigate: true, drive: false, walk: false });
    await session.commands.execute('drive.walk');
    expect(session.drive.mode).toBe('walk');
    expect(pressed()).toEqual({ navigate: false, drive: false, walk: true });
    await session.commands.execute('tool.brush');
    expect(session.commands.state('tool.navigate').pressed).toBe(false);
    session.dispose();
  });
});

describe('platform connection', () => {
  it('start connects the project and the platform once, and dispose disconnects both', async () => {
    const { api, menu } = spyApi();
    const checkRecovery = vi.spyOn(api, 'checkRecovery');
    const session = createEditorSession({ api, document: smallDocument() });
    const first = session.start({ whenIdle: (task) => task(), onError: () => undefined });
    expect(session.start()).toBe(first);
    await first;
    expect(checkRecovery).toHaveBeenCalledTimes(1);
    const sent = vi.mocked(api.setCommandStates);
    expect(sent).toHaveBeenCalledTimes(1);
    let resets = 0;
    session.viewEvents.resetCamera.on(() => resets++);
    menu('view.resetCamera');
    await Promise.resolve();
    expect(resets).toBe(1);
    const dirty = vi.spyOn(api, 'setDocumentDirty');
    raiseCorner(session);
    expect(dirty).toHaveBeenCalledWith(true);
    expect(sent).toHaveBeenCalledTimes(2);
    session.dispose();
    // Disconnected: neither menu commands nor edits reach the platform any more.
    menu('view.resetCamera');
    await Promise.resolve();
    expect(resets).toBe(1);
    dirty.mockClear();
    raiseCorner(session);
    expect(dirty).not.toHaveBeenCalled();
    expect(sent).toHaveBeenCalledTimes(2);
  });

  it('loads saved view settings, then persists changes', async () => {
    const { api } = spyApi();
    await api.setViewSettings({ ...DEFAULT_VIEW_SETTINGS, colorMode: 'slope', map2dMode: 'grayscale', wireframe: false });
    vi.mocked(api.setViewSettings).mockClear();
    const session = createEditorSession({ api, document: smallDocument() });
    await connectPlatform(session, () => undefined);
    expect(session.view.getState().settings.colorMode).toBe('slope');
    expect(api.setViewSettings).not.toHaveBeenCalled();
    await session.commands.execute('view.toggleWireframe');
    expect(api.setViewSettings).toHaveBeenCalledWith({ ...DEFAULT_VIEW_SETTINGS, colorMode: 'slope', map2dMode: 'grayscale', wireframe: true });
    expect((await api.getSettings()).view.wireframe).toBe(true);
  });

  it('sends command states when they change, and runs menu commands', async () => {
    const { api, menu } = spyApi();
    const session = createEditorSession({ api, document: smallDocument() });
    await connectPlatform(session, () => undefined);
    const sent = vi.mocked(api.setCommandStates);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0][0]).toEqual(commandStates(session));
    expect(sent.mock.calls[0][0].find((s) => s.id === 'edit.undo')?.enabled).toBe(false);
    raiseCorner(session);
    expect(sent).toHaveBeenCalledTimes(2);
    expect(sent.mock.calls[1][0].find((s) => s.id === 'edit.undo')?.enabled).toBe(true);
    // A change that leaves every enabled state as it was sends nothing.
    raiseCorner(session);
    expect(sent).toHaveBeenCalledTimes(2);

    menu('edit.undo');
    await Promise.resolve();
    expect(session.editor.history.undoDepth).toBe(1);
    menu('not.a.command');
    expect(session.editor.history.undoDepth).toBe(1);
  });
});

describe('a preset run sets the View for its land', () => {
  it('Islands shows its sea at 0 m over land that dips below it; the next preset without a sea puts the plane away', async () => {
    const session = createEditorSession({ api: createMemoryFaultlineApi(), document: smallDocument() });
    const edits = generateFormEdits(session.design.form);
    let newTerrains = 0;
    session.viewEvents.newTerrain.on(() => newTerrains++);
    edits.setSize({ width: 65, depth: 65, cellSize: 8 });
    edits.choosePreset('islands');
    expect(await session.design.generate()).toBeNull();
    expect(session.view.getState().settings).toMatchObject({ water: true, seaLevel: 0 });
    // The views are told of a new terrain (the 3D view frames it if the camera was not moved).
    expect(newTerrains).toBe(1);
    const { heights } = session.editor.document.field;
    expect(heights.some((h) => h < 0)).toBe(true);
    expect(heights.some((h) => h > 0)).toBe(true);
    edits.choosePreset('mountains');
    expect(await session.design.generate()).toBeNull();
    expect(session.view.getState().settings.water).toBe(false);
    session.dispose();
  });
});
