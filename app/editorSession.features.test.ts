import { describe, expect, it, vi } from 'vitest';
import type { StateCreator } from 'zustand/vanilla';
import { COMMANDS, type CommandId } from '../shared/commands';
import { createHeightfield } from '../shared/terrain/heightfield';
import { createDocument } from './document/document';
import { createEditorSession, type EditorSession } from './editorSession';
import { createInProcessTransport } from './jobs/inProcessTransport';
import type { TerrainJobTransport } from './jobs/protocol';
import { createMemoryFaultlineApi } from './platform/memoryApi';
import type { ToolPointerEvent } from './tools/types';

// Counts live subscriptions to every store the session makes, so dispose can be shown to remove them all.
const live = vi.hoisted(() => ({ count: 0 }));
vi.mock('zustand/vanilla', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zustand/vanilla')>();
  // The session's stores use only the uncurried form, createStore(initializer).
  const counted = ((initializer: StateCreator<unknown>) => {
    const store = actual.createStore(initializer);
    const subscribe = store.subscribe;
    store.subscribe = (listener) => {
      const unsubscribe = subscribe(listener);
      live.count++;
      let active = true;
      return () => {
        if (active) live.count--;
        active = false;
        unsubscribe();
      };
    };
    return store;
  }) as unknown as typeof actual.createStore;
  return { ...actual, createStore: counted };
});

function newSession(terrainJobs?: TerrainJobTransport): EditorSession {
  const document = createDocument(createHeightfield(65, 65, 1));
  return createEditorSession({ api: createMemoryFaultlineApi(), document, ...(terrainJobs ? { terrainJobs } : {}) });
}

const at = (x: number, z: number): ToolPointerEvent => ({ x, z, y: 0, source: '3d', shiftKey: false, altKey: false, ctrlKey: false });

function dab(session: EditorSession, x: number): void {
  const tool = session.tools.getState().active;
  tool?.onPointerDown?.(at(x, 0));
  tool?.onPointerMove?.(at(x + 1, 0));
  tool?.onPointerUp?.(at(x + 1, 0));
}

function waitForJob(session: EditorSession): Promise<void> {
  return new Promise((resolve) => {
    if (!session.design.jobs.isRunning) return resolve();
    const unsubscribe = session.design.jobs.store.subscribe((s) => {
      if (s.running) return;
      unsubscribe();
      resolve();
    });
  });
}

describe('editor session features, without any view', () => {
  it('binds every described command at creation', () => {
    const session = newSession();
    expect(session.commands.list().map((c) => c.id)).toEqual(COMMANDS.map((c) => c.id));
  });

  it('runs terrain.generate through the command registry, disabled while the job runs', async () => {
    const session = newSession();
    session.design.form.setState({ width: 33, depth: 17, finishing: [], recipe: { ...session.design.form.getState().recipe, iterations: 10 } });
    const before = session.commands.state('terrain.generate');
    expect(before.enabled).toBe(true);
    const changes: boolean[] = [];
    session.commands.subscribeState('terrain.generate', () => changes.push(session.commands.state('terrain.generate').enabled));
    expect(await session.commands.execute('terrain.generate')).toBe(true);
    expect(session.commands.isEnabled('terrain.generate')).toBe(false);
    expect(session.commands.isEnabled('terrain.cancelJob')).toBe(true);
    await waitForJob(session);
    expect(session.editor.store.getState()).toMatchObject({ width: 33, depth: 17, undoLabel: 'Generate 10 iterations' });
    expect(changes).toEqual([false, true]);
    expect(session.commands.isEnabled('terrain.runMore')).toBe(true);
  });

  it('runs the props, drive, tool and exchange commands, with their pressed and enabled states', async () => {
    const session = newSession();
    const { commands } = session;
    expect(commands.state('tool.navigate').pressed).toBe(true);
    await commands.execute('tool.brush');
    expect(session.tools.getState().active?.id).toBe('brush');
    expect(commands.state('tool.brush')).toEqual({ enabled: true, pressed: true });
    expect(commands.state('tool.navigate').pressed).toBe(false);
    await commands.execute('props.placeTool');
    expect(session.tools.getState().active).toBe(session.props.tools.place);
    expect(commands.state('tool.brush').pressed).toBe(false);
    expect(commands.isEnabled('props.deleteSelection')).toBe(false);

    await commands.execute('drive.toggle');
    expect(session.drive.mode).toBe('drive');
    expect(commands.state('drive.toggle').pressed).toBe(true);
    expect(commands.isEnabled('drive.resetDrivable')).toBe(true);
    await commands.execute('drive.walk');
    expect(session.drive.mode).toBe('walk');
    expect(commands.state('drive.walk').pressed).toBe(true);
    expect(commands.state('drive.toggle').pressed).toBe(false);
    await commands.execute('view.drivability');
    expect(commands.state('view.drivability').pressed).toBe(true);

    await commands.execute('view.colorSlope');
    expect(commands.state('view.colorSlope').pressed).toBe(true);
    expect(commands.state('view.colorHeight').pressed).toBe(false);
    expect(commands.state('edit.undo').pressed).toBeUndefined();

    await commands.execute('file.exportHeightmap');
    expect(session.exchange.store.getState().exportOpen).toBe(true);
    expect(commands.isEnabled('file.import')).toBe(false);
  });

  it('leaves every toolbar command state the same object across a brush dab, telling no toolbar button', async () => {
    const session = newSession();
    await session.commands.execute('tool.brush');
    // The first stroke makes Undo available; the dab measured is the one after it.
    dab(session, -10);
    const toolbar = session.commands
      .list()
      .filter((c) => c.toolbar)
      .map((c) => c.id);
    expect(toolbar).toContain('tool.brush');
    const states = new Map(toolbar.map((id) => [id, session.commands.state(id)]));
    const told: CommandId[] = [];
    for (const id of toolbar) session.commands.subscribeState(id, () => told.push(id));
    const version = session.editor.store.getState().version;
    dab(session, 10);
    expect(session.editor.store.getState().version).toBeGreaterThan(version);
    expect(session.editor.history.undoDepth).toBe(2);
    expect(told).toEqual([]);
    for (const id of toolbar) expect(session.commands.state(id)).toBe(states.get(id));
    // A change that does alter one button's state tells that button alone.
    await session.commands.execute('view.toggleWireframe');
    expect(told).toEqual(['view.toggleWireframe']);
  });

  it('dispose cancels the job, unbinds every command and removes every store subscription it made', async () => {
    const baseline = live.count;
    let cancelled = 0;
    const inProcess = createInProcessTransport();
    const session = newSession({
      start(request, onProgress) {
        const handle = inProcess.start(request, onProgress);
        return { outcome: handle.outcome, cancel: () => (cancelled++, handle.cancel()) };
      },
    });
    expect(live.count).toBeGreaterThan(baseline);
    session.design.form.setState({ width: 17, depth: 17, finishing: [] });
    await session.commands.execute('terrain.generate');
    expect(session.design.jobs.isRunning).toBe(true);
    await session.commands.execute('tool.brush');
    const told = vi.fn();
    session.commands.subscribe(told);

    session.dispose();
    expect(live.count).toBe(baseline);
    expect(cancelled).toBe(1);
    expect(session.tools.getState().active?.id).toBe('brush');
    expect(session.commands.list()).toEqual([]);
    expect(session.commands.isEnabled('terrain.generate')).toBe(false);
    expect(await session.commands.execute('view.toggleWireframe')).toBe(false);
    // Store changes no longer reach the registry or the features.
    told.mockClear();
    session.view.setState((s) => ({ settings: { ...s.settings, wireframe: !s.settings.wireframe } }));
    session.tools.setState({ active: null });
    expect(told).not.toHaveBeenCalled();
    session.dispose();
    expect(live.count).toBe(baseline);
  });
});
