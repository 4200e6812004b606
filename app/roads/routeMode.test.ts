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
import { riverParams } from '../../shared/rivers/params';
import { stackWaterDepth } from '../../shared/layers/stackWaterDepth';

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
    expect(road.params.endsOnGround).toBe(true);
    expect(road.params.levelShoulders).toBe(true);
    expect(editor.store.getState().undoLabel).toBe('Route "Road 1"');
    expect(roads.route.store.getState()).toMatchObject({ points: [], progress: null, message: null });
  });

  it('"Avoid props": the route goes round a row of rocks and clears none; without it the road clears those it crosses', async () => {
    const rocks = [-30, -20, -10, 0, 10, 20, 30].map((z, n) => ({ id: `rock-${n}`, type: 'rock', x: 0, z, yaw: 0, scale: 1 }));
    const routed = async (avoidProps: boolean) => {
      const { editor, roads } = setup();
      editor.document.props = rocks.slice();
      roads.route.setDesign({ avoidProps });
      roads.tool.onPointerDown?.(at(-100, 0));
      roads.tool.onPointerDown?.(at(100, 0));
      await settle();
      await roads.route.settled();
      await settle();
      expect(roads.route.store.getState().message).toBeNull();
      expect(editor.document.stack.at(-1)?.kind).toBe('road');
      return editor.document.props.length;
    };
    expect(await routed(false)).toBeLessThan(rocks.length);
    expect(await routed(true)).toBe(rocks.length);
  });

  it('"Avoid water": the search is given the stack’s water as blocked cells, and nothing when unticked', async () => {
    const asks: (Uint8Array | undefined)[] = [];
    const runner: RouteRunner = (ask) => {
      asks.push(ask.blocked);
      return { result: Promise.resolve({ ok: false, problem: 'stop' }), cancel: () => undefined };
    };
    const { editor, roads } = setup(runner);
    // A drawn river across the map (a layer of the stack: the water the car and the report see too).
    const across = [
      { x: 0, z: -200 },
      { x: 0, z: 200 },
    ];
    const river = { id: 'river-1', name: 'River', enabled: true, opacity: 1, kind: 'river' as const, params: riverParams(across, { width: 10, depth: 1 }) };
    editor.document.stack = [...editor.document.stack, river];
    for (const avoidWater of [false, true]) {
      roads.route.setDesign({ avoidWater });
      roads.tool.onPointerDown?.(at(-100, 0));
      roads.tool.onPointerDown?.(at(100, 0));
      await roads.route.settled();
    }
    expect(asks[0]).toBeUndefined();
    const depth = stackWaterDepth(editor.document.stack, editor.document.field);
    const wet = Array.from(depth, (d) => (d > 0 ? 1 : 0));
    expect(wet.some((w) => w === 1)).toBe(true);
    expect(Array.from(asks[1]!)).toEqual(wet);
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
