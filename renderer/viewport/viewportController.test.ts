import { describe, expect, it, vi } from 'vitest';
import type { WebGLRenderer } from 'three';
import { createEditorSession, type SessionOptions } from '../../app/editorSession';
import { createDocument } from '../../app/document/document';
import { createHeightRectEdit, readHeightRect } from '../../app/document/heightEdit';
import type { StartLightingWorker, ToLightingWorker } from '../../app/lighting/lightingMessages';
import { createMemoryFaultlineApi } from '../../app/platform/memoryApi';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createViewportController } from './viewportController';

function sessionWith(side: number, options: Partial<SessionOptions> = {}) {
  const field = createHeightfield(side, side, 1);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k * 0.01) * 5;
  return createEditorSession({ api: createMemoryFaultlineApi(), document: createDocument(field), ...options });
}

function raise(session: ReturnType<typeof sessionWith>) {
  const doc = session.editor.document;
  const rect = { i0: 0, j0: 0, i1: 3, j1: 3 };
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

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const renderer = {} as WebGLRenderer;

describe('ViewportController', () => {
  it('keeps the LOD meshes through a StrictMode clean-up and set-up, and destroys them once let go', async () => {
    const session = sessionWith(65);
    const viewport = createViewportController(session);
    const lod = viewport.lodMeshes();
    // A render run twice makes one object.
    expect(viewport.lodMeshes()).toBe(lod);
    const blocks = lod.group.children.length;
    expect(blocks).toBeGreaterThan(0);
    // Mount, StrictMode's clean-up and set-up again, in one commit.
    viewport.holdLod(lod)();
    const release = viewport.holdLod(lod);
    await Promise.resolve();
    expect(viewport.hasLodMeshes).toBe(true);
    expect(viewport.lodMeshes()).toBe(lod);
    expect(lod.group.children).toHaveLength(blocks);
    // Unmounted for good: destroyed after the commit, and the next large map gets new meshes.
    release();
    expect(viewport.hasLodMeshes).toBe(true);
    await Promise.resolve();
    expect(viewport.hasLodMeshes).toBe(false);
    expect(lod.group.children).toHaveLength(0);
    expect(viewport.lodMeshes()).not.toBe(lod);
    viewport.dispose();
    expect(viewport.hasLodMeshes).toBe(false);
    expect(() => viewport.lodMeshes()).toThrow(/after dispose/);
  });

  it('lighting follows the document only while started, and can start again after a stop', () => {
    const session = sessionWith(33);
    const viewport = createViewportController(session);
    const { lighting } = viewport;
    const invalidate = vi.fn();
    raise(session);
    expect(lighting.started).toBe(false);
    lighting.start(null, invalidate);
    expect(lighting.started).toBe(true);
    invalidate.mockClear();
    raise(session);
    expect(invalidate).toHaveBeenCalled();
    lighting.stop();
    invalidate.mockClear();
    raise(session);
    session.view.setState((s) => ({ settings: { ...s.settings, sunAzimuthDeg: s.settings.sunAzimuthDeg + 10 } }));
    expect(invalidate).not.toHaveBeenCalled();
    // StrictMode's second set-up: the same object runs again.
    lighting.start(null, invalidate);
    raise(session);
    expect(invalidate).toHaveBeenCalled();
    viewport.dispose();
    expect(lighting.started).toBe(false);
    expect(() => lighting.start(null, invalidate)).toThrow(/after dispose/);
  });

  it('runs large lighting jobs on the worker the session was given, and ends it on stop', async () => {
    const posted: ToLightingWorker[] = [];
    const terminate = vi.fn();
    const startWorker = vi.fn<StartLightingWorker>(() => ({ post: (message) => posted.push(message), terminate }));
    const session = sessionWith(513, { lightingWorker: startWorker });
    const viewport = createViewportController(session);
    const { lighting } = viewport;
    lighting.start(null, () => undefined);
    lighting.prepareFrame(renderer);
    for (let k = 0; k < 5 && posted.length === 0; k++) await nextTask();
    expect(startWorker).toHaveBeenCalledTimes(1);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ width: 513, depth: 513 });
    lighting.stop();
    expect(terminate).toHaveBeenCalledTimes(1);
    // Started again, the abandoned job goes to a new worker.
    lighting.start(null, () => undefined);
    lighting.prepareFrame(renderer);
    for (let k = 0; k < 5 && posted.length === 1; k++) await nextTask();
    expect(startWorker).toHaveBeenCalledTimes(2);
    expect(posted).toHaveLength(2);
    viewport.dispose();
    expect(terminate).toHaveBeenCalledTimes(2);
  });
});
