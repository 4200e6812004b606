import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import type { RoadLayer } from '../../shared/layers/types';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { CommandRegistry } from '../commands/commands';
import { createToolStore } from '../tools/toolStore';
import type { ToolPointerEvent } from '../tools/types';
import { createRoadsFeature } from './roadsFeature';
import { CANCELLED, type RouteRunner } from './routeRunner';
import type { RouteResult } from '../../shared/roads/route';

/** A flat 257² map of 2 m cells with the road tool in hand, in Route mode. */
function setup(runner?: RouteRunner) {
  const editor = new Editor(createDocument(createHeightfield(257, 257, 2)));
  const tools = createToolStore();
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  const roads = createRoadsFeature({ editor, tools, commands: new CommandRegistry(false) }, design, (callback) => callback(), runner);
  roads.selectTool();
  roads.route.setOn(true);
  return { editor, roads };
}

const at = (x: number, z: number, shiftKey = false): ToolPointerEvent => ({ x, z, y: 0, source: '2d', shiftKey, altKey: false, ctrlKey: false, pickRadius: 3 });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the road tool’s Route mode', () => {
  it('two clicks make one routed road (one undo entry) from the start to the end; a Shift+click is a via point', async () => {
    const { editor, roads } = setup();
    roads.tool.onPointerDown?.(at(-100, -100));
    expect(roads.model.store.getState().draft).toEqual({ x: -100, z: -100 });
    roads.tool.onPointerDown?.(at(0, 20, true));
    roads.tool.onPointerDown?.(at(100, 90));
    await settle();
    await roads.route.settled();
    await settle();
    expect(roads.route.store.getState().message).toBeNull();
    expect(roads.model.store.getState().message).toBeNull();
    const road = editor.document.stack.at(-1) as RoadLayer;
    expect(road.kind).toBe('road');
    expect(road.params.points[0]).toEqual({ x: -100, z: -100 });
    expect(road.params.points).toContainEqual({ x: 0, z: 20 });
    expect(road.params.points.at(-1)).toEqual({ x: 100, z: 90 });
    expect(road.params.designSpeedKmh).toBe(30);
    expect(editor.store.getState().undoLabel).toBe('Route "Road 1"');
    expect(roads.route.store.getState()).toMatchObject({ points: [], progress: null, message: null });
  });

  it('Esc while the search runs cancels it: no road, no entry', async () => {
    let cancelled = false;
    let finish: (result: RouteResult) => void = () => undefined;
    const runner: RouteRunner = () => ({ result: new Promise((resolve) => (finish = resolve)), cancel: () => ((cancelled = true), finish(CANCELLED)) });
    const { editor, roads } = setup(runner);
    roads.tool.onPointerDown?.(at(-100, -100));
    roads.tool.onPointerDown?.(at(100, 90));
    expect(roads.route.store.getState().progress).toBe(0);
    roads.tool.cancel();
    await roads.route.settled();
    expect(cancelled).toBe(true);
    expect(editor.document.stack.some((layer) => layer.kind === 'road')).toBe(false);
    expect(roads.route.store.getState()).toMatchObject({ progress: null, message: 'Route cancelled' });
  });

  it('says why when there is no route', async () => {
    const runner: RouteRunner = () => ({ result: Promise.resolve({ ok: false, problem: 'no route from the start' }), cancel: () => undefined });
    const { editor, roads } = setup(runner);
    roads.tool.onPointerDown?.(at(-100, -100));
    roads.tool.onPointerDown?.(at(100, 90));
    await roads.route.settled();
    expect(roads.route.store.getState().message).toBe('No route: no route from the start');
    expect(editor.document.stack.some((layer) => layer.kind === 'road')).toBe(false);
  });
});
