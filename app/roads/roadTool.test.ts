import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { evaluateStack } from '../../shared/layers/evaluate';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { thermalStep } from '../../shared/recipe/steps';
import type { RoadLayer } from '../../shared/layers/types';
import type { Prop } from '../../shared/props/prop';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { CommandRegistry } from '../commands/commands';
import { createToolStore } from '../tools/toolStore';
import type { ToolPointerEvent } from '../tools/types';
import { PropsController } from '../props/propsController';
import { createRoadsFeature } from './roadsFeature';
import type { RoadTool } from './roadTool';

const SIZE = 65;
const CELL = 2;

/** A 65² map of 2 m cells, generated with gentle faults (a whole-map layer under the roads), with the road tool in hand. */
async function setup() {
  const editor = new Editor(createDocument(createHeightfield(SIZE, SIZE, CELL)));
  const tools = createToolStore();
  const commands = new CommandRegistry(false);
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  await design.jobs.generate({
    width: SIZE,
    depth: SIZE,
    cellSize: CELL,
    recipe: { ...DEFAULT_RECIPE, seed: 3, iterations: 40, decay: { disp0: 1, dispN: 0.1, n: 40 } },
  });
  // Frames run when the test says (one evaluation per frame at most).
  const frames: Array<() => void> = [];
  const roads = createRoadsFeature({ editor, tools, commands }, design, (callback) => frames.push(callback));
  roads.selectTool();
  const runFrames = () => frames.splice(0).forEach((callback) => callback());
  return { editor, tools, design, roads, frames, runFrames, tool: roads.tool, model: roads.model };
}

function at(x: number, z: number, extra: Partial<ToolPointerEvent> = {}): ToolPointerEvent {
  return { x, z, y: 0, source: '3d', shiftKey: false, altKey: false, ctrlKey: false, pickRadius: 3, ...extra };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function click(tool: RoadTool, x: number, z: number, extra: Partial<ToolPointerEvent> = {}) {
  tool.onPointerDown?.(at(x, z, extra));
  tool.onPointerUp?.(at(x, z, extra));
  await settle();
}

const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** The document's heights are its stack evaluated from scratch, bit for bit. */
function expectExact(editor: Editor): void {
  const { field, stack } = editor.document;
  const scratch = evaluateStack(stack, { width: field.width, depth: field.depth, cellSize: field.cellSize })!;
  expect(bits(field.heights).equals(bits(scratch))).toBe(true);
}

function snapshot(editor: Editor) {
  return { heights: editor.document.field.heights.slice(), stack: JSON.stringify(editor.document.stack), props: editor.document.props };
}

function expectSnapshot(editor: Editor, s: ReturnType<typeof snapshot>) {
  expect(bits(editor.document.field.heights).equals(bits(s.heights))).toBe(true);
  expect(JSON.stringify(editor.document.stack)).toBe(s.stack);
  expect(editor.document.props).toEqual(s.props);
}

const road = (editor: Editor, id = 'road-1') => editor.document.stack.find((layer): layer is RoadLayer => layer.id === id)!;

/** Makes road-1 from (−30, −20) to (30, −20) by two clicks. */
async function makeRoad(s: Awaited<ReturnType<typeof setup>>) {
  await click(s.tool, -30, -20);
  await click(s.tool, 30, -20);
}

describe('the road tool', () => {
  it('first click starts a draft outside the document; the second makes road-1 at the top, selected, as one undo entry', async () => {
    const s = await setup();
    const before = snapshot(s.editor);
    const depth = s.editor.history.undoDepth;
    await click(s.tool, -30, -20);
    expect(s.model.store.getState().draft).toEqual({ x: -30, z: -20 });
    expectSnapshot(s.editor, before);
    expect(s.tools.getState().overlay).toMatchObject({ kind: 'road', draft: { x: -30, z: -20 } });
    await click(s.tool, 30, -20);
    const stack = s.editor.document.stack;
    expect(stack.at(-1)).toMatchObject({ id: 'road-1', kind: 'road', name: 'Road 1' });
    expect(road(s.editor).params.points).toEqual([
      { x: -30, z: -20 },
      { x: 30, z: -20 },
    ]);
    // A road drawn now starts and ends on the ground (shared/roads/profile.ts).
    expect(road(s.editor).params.endsOnGround).toBe(true);
    expect(road(s.editor).params.levelShoulders).toBe(true);
    expect(s.design.layers.store.getState().selectedId).toBe('road-1');
    expect(s.editor.history.undoDepth).toBe(depth + 1);
    expect(bits(s.editor.document.field.heights).equals(bits(before.heights))).toBe(false);
    expectExact(s.editor);
    s.editor.undo();
    expectSnapshot(s.editor, before);
    s.editor.redo();
    expectExact(s.editor);
  });

  it('adds a point at the end, inserts one on the centreline, deletes the selected one: each one entry, exact, undone bit for bit', async () => {
    const s = await setup();
    await makeRoad(s);
    // Add at the end.
    let before = snapshot(s.editor);
    await click(s.tool, 30, 20);
    expect(road(s.editor).params.points).toHaveLength(3);
    expect(s.model.store.getState().selectedPoint).toBe(2);
    expectExact(s.editor);
    s.editor.undo();
    expectSnapshot(s.editor, before);
    s.editor.redo();
    // Insert between points 1 and 2 (a click on the line).
    before = snapshot(s.editor);
    await click(s.tool, 0, -20);
    expect(road(s.editor).params.points.map((p) => p.x)).toEqual([-30, 0, 30, 30]);
    expect(s.model.store.getState().selectedPoint).toBe(1);
    expectExact(s.editor);
    s.editor.undo();
    expectSnapshot(s.editor, before);
    s.editor.redo();
    // Delete the selected point with the Delete key.
    before = snapshot(s.editor);
    expect(s.tool.onKeyDown?.('Delete')).toBe(true);
    await settle();
    expect(road(s.editor).params.points.map((p) => p.x)).toEqual([-30, 30, 30]);
    expectExact(s.editor);
    s.editor.undo();
    expectSnapshot(s.editor, before);
  });

  it('Alt+click deletes a point; a road never drops below two points (the message says so, nothing changes)', async () => {
    const s = await setup();
    await makeRoad(s);
    await click(s.tool, 30, 20);
    await click(s.tool, 30, 20, { altKey: true });
    expect(road(s.editor).params.points).toHaveLength(2);
    expectExact(s.editor);
    const before = snapshot(s.editor);
    const version = s.editor.store.getState().version;
    await click(s.tool, 30, -20, { altKey: true });
    expect(s.model.store.getState().message).toMatch(/at least two control points: delete the road instead/);
    expect(s.editor.store.getState().version).toBe(version);
    expectSnapshot(s.editor, before);
  });

  it('a drag moves a point live (one evaluation per frame), records one entry on release, and undo restores the bytes', async () => {
    const s = await setup();
    await makeRoad(s);
    const before = snapshot(s.editor);
    const depth = s.editor.history.undoDepth;
    s.tool.onPointerDown?.(at(30.5, -20));
    for (let z = -18; z <= -4; z += 2) s.tool.onPointerMove?.(at(30.5, z));
    // Eight moves, one frame requested.
    expect(s.frames).toHaveLength(1);
    s.runFrames();
    // Live: the heights show the moved road, the document's stack does not yet.
    expect(bits(s.editor.document.field.heights).equals(bits(before.heights))).toBe(false);
    expect(JSON.stringify(s.editor.document.stack)).toBe(before.stack);
    expect(s.editor.history.undoDepth).toBe(depth);
    s.tool.onPointerMove?.(at(30.5, 0));
    s.tool.onPointerUp?.(at(30.5, 0));
    await settle();
    expect(road(s.editor).params.points[1]).toEqual({ x: 30, z: 0 });
    expect(s.editor.history.undoDepth).toBe(depth + 1);
    expect(s.editor.store.getState().undoLabel).toBe('Move point 2 of "Road 1"');
    expectExact(s.editor);
    s.editor.undo();
    expectSnapshot(s.editor, before);
    s.editor.redo();
    expectExact(s.editor);
  });

  it('a press grabs only a point of the selected road; on its centreline, another road or bare ground it navigates', async () => {
    const s = await setup();
    // No road yet: nothing to grab anywhere.
    expect(s.tool.pressGrabs?.(at(-30, -20))).toBe(false);
    await makeRoad(s);
    expect(s.tool.pressGrabs?.(at(-30, -20))).toBe(true);
    expect(s.tool.pressGrabs?.(at(30, -19))).toBe(true);
    // Halfway along the centreline (a click there inserts a point; a drag there orbits).
    expect(s.tool.pressGrabs?.(at(0, -20))).toBe(false);
    expect(s.tool.pressGrabs?.(at(0, 30))).toBe(false);
    expect(s.tool.pressGrabs?.(null)).toBe(false);
  });

  it('Esc during a drag leaves the document as it was, and later edits stay exact', async () => {
    const s = await setup();
    await makeRoad(s);
    const before = snapshot(s.editor);
    const version = s.editor.history.undoDepth;
    s.tool.onPointerDown?.(at(-30, -20));
    s.tool.onPointerMove?.(at(-20, 10));
    s.runFrames();
    expect(bits(s.editor.document.field.heights).equals(bits(before.heights))).toBe(false);
    s.tool.cancel();
    expectSnapshot(s.editor, before);
    expect(s.editor.history.undoDepth).toBe(version);
    // A pointer up after the cancel does nothing.
    s.tool.onPointerUp?.(at(-20, 10));
    await settle();
    expectSnapshot(s.editor, before);
    await click(s.tool, 30, 20);
    expectExact(s.editor);
  });

  it('Esc drops a draft; Enter ends the road so the next clicks start road-2', async () => {
    const s = await setup();
    await click(s.tool, -30, -20);
    s.tool.cancel();
    expect(s.model.store.getState().draft).toBeNull();
    await makeRoad(s);
    expect(s.tool.onKeyDown?.('Enter')).toBe(true);
    expect(s.design.layers.store.getState().selectedId).toBeNull();
    await click(s.tool, -30, 20);
    await click(s.tool, 0, 25);
    expect(s.editor.document.stack.filter((l) => l.kind === 'road').map((l) => l.id)).toEqual(['road-1', 'road-2']);
    expect(s.design.layers.store.getState().selectedId).toBe('road-2');
    expectExact(s.editor);
    // A click on road-1's point selects road-1 and changes nothing.
    const before = snapshot(s.editor);
    await click(s.tool, -30, -20);
    expect(s.design.layers.store.getState().selectedId).toBe('road-1');
    expectSnapshot(s.editor, before);
  });

  it('the overlay shows every road, the selected one with its points and the highlighted point', async () => {
    const s = await setup();
    await makeRoad(s);
    await click(s.tool, 30, 20);
    const overlay = s.tools.getState().overlay;
    if (overlay.kind !== 'road') throw new Error('no road overlay');
    expect(overlay.roads).toHaveLength(1);
    expect(overlay.roads[0]).toMatchObject({ id: 'road-1', selected: true, selectedPoint: 2 });
    expect(Array.from(overlay.roads[0].points)).toEqual([-30, -20, 30, -20, 30, 20]);
    // The centreline starts and ends at the end points.
    const line = overlay.roads[0].line;
    expect(line[0]).toBeCloseTo(-30);
    expect(line.at(-2)).toBeCloseTo(30);
    expect(line.at(-1)).toBeCloseTo(20);
  });
});

describe('the road tool over other layers', () => {
  it('under a whole-map layer the drag is evaluated in the worker on release: one entry, exact, undone bit for bit', async () => {
    const s = await setup();
    await makeRoad(s);
    await s.design.jobs.runStep(thermalStep({ iterations: 3 }));
    for (let n = 0; n < 2000 && s.design.jobs.isRunning; n++) await settle();
    expect(s.editor.document.stack.at(-1)?.kind).toBe('thermal');
    s.model.selectRoad('road-1');
    const before = snapshot(s.editor);
    s.tool.onPointerDown?.(at(30, -20));
    s.tool.onPointerMove?.(at(30, 0));
    s.runFrames();
    // Not local: the heights wait for the release.
    expectSnapshot(s.editor, before);
    s.tool.onPointerUp?.(at(30, 0));
    for (let n = 0; n < 2000 && (s.design.jobs.isRunning || road(s.editor).params.points[1].z !== 0); n++) await settle();
    expect(road(s.editor).params.points[1]).toEqual({ x: 30, z: 0 });
    expectExact(s.editor);
    s.editor.undo();
    expectSnapshot(s.editor, before);
  });

  it('a point dropped onto its neighbour is refused with the message; nothing changes', async () => {
    const s = await setup();
    await makeRoad(s);
    await click(s.tool, 30, 20);
    const before = snapshot(s.editor);
    s.tool.onPointerDown?.(at(30, 20));
    s.tool.onPointerUp?.(at(30, -20));
    await settle();
    expect(s.model.store.getState().message).toMatch(/points 2 and 3 are in the same place/);
    expectSnapshot(s.editor, before);
    // A later edit is still exact (the evaluator was put back).
    await click(s.tool, 0, 20);
    expectExact(s.editor);
  });
});

describe('the Roads tab model', () => {
  it('sets road-wide and per-point values as one entry each; refuses bad values with the validator message', async () => {
    const s = await setup();
    await makeRoad(s);
    await s.model.setValue('road-1', 'width', 6);
    expect(road(s.editor).params.width).toBe(6);
    expectExact(s.editor);
    await s.model.setValue('road-1', 'bank', 'auto');
    expect(road(s.editor).params.bank).toBe('auto');
    await s.model.setPointValue('road-1', 1, 'width', 10);
    expect(road(s.editor).params.points[1].width).toBe(10);
    expectExact(s.editor);
    const before = snapshot(s.editor);
    const version = s.editor.store.getState().version;
    expect(await s.model.setValue('road-1', 'width', -1)).toBe('failed');
    expect(s.model.store.getState().message).toMatch(/width must be more than 0 and at most 100 m/);
    expect(await s.model.setValue('road-1', 'maxGradePct', Number.NaN)).toBe('failed');
    expect(s.model.store.getState().message).toMatch(/maxGradePct must be more than 0/);
    expect(await s.model.setPointValue('road-1', 0, 'bank', 80)).toBe('failed');
    expect(s.model.store.getState().message).toMatch(/point 1: bank must be from/);
    expect(s.editor.store.getState().version).toBe(version);
    expectSnapshot(s.editor, before);
  });

  it('a class sets the maximum grade from the Green Book’s table for the design speed, one entry; e_max is one of 4, 6, 8, 10', async () => {
    const s = await setup();
    await makeRoad(s);
    await s.model.setValue('road-1', 'designSpeedKmh', 40);
    await s.model.setClass('road-1', { kind: 'local', terrain: 'mountainous' });
    // Table 5-2 (rural local roads), mountainous, 40 km/h: 15 %.
    expect(road(s.editor).params).toMatchObject({ roadClass: { kind: 'local', terrain: 'mountainous' }, maxGradePct: 15 });
    expect(s.editor.store.getState().undoLabel).toBe('Set class of "Road 1"');
    expectExact(s.editor);
    await s.model.setClass('road-1', null);
    expect(road(s.editor).params.roadClass).toBeUndefined();
    expect(road(s.editor).params.maxGradePct).toBe(15);
    await s.model.setValue('road-1', 'eMaxPct', 4);
    expect(road(s.editor).params.eMaxPct).toBe(4);
    expect(await s.model.setValue('road-1', 'eMaxPct', 5)).toBe('failed');
    expect(s.model.store.getState().message).toMatch(/eMaxPct must be one of 4, 6, 8, 10/);
  });

  it('ends on the ground and level shoulders turn off and on as one entry each, the old rule with the key removed', async () => {
    const s = await setup();
    await makeRoad(s);
    const { field } = s.editor.document;
    const size = { width: field.width, depth: field.depth, cellSize: field.cellSize };
    // The ground under the road's first point (a vertex: x −30, z −20 on 2 m cells), the road left out.
    const k = (-20 / CELL + (SIZE - 1) / 2) * SIZE + (-30 / CELL + (SIZE - 1) / 2);
    const ground = evaluateStack(s.editor.document.stack.slice(0, -1), size)![k];
    expect(s.editor.document.field.heights[k]).toBeCloseTo(ground, 6);
    const before = snapshot(s.editor);
    const depth = s.editor.history.undoDepth;
    expect(await s.model.setOption('road-1', 'endsOnGround', false)).toBe('done');
    expect(s.editor.history.undoDepth).toBe(depth + 1);
    expect(s.editor.store.getState().undoLabel).toBe('Turn off ends on the ground of "Road 1"');
    expect('endsOnGround' in road(s.editor).params).toBe(false);
    // The older profile holds the ends level under its vertical curves: its start is off the ground.
    expect(Math.abs(s.editor.document.field.heights[k] - ground)).toBeGreaterThan(0.01);
    expectExact(s.editor);
    s.editor.undo();
    expectSnapshot(s.editor, before);
    expect(await s.model.setOption('road-1', 'levelShoulders', false)).toBe('done');
    expect(s.editor.history.undoDepth).toBe(depth + 1);
    expect(s.editor.store.getState().undoLabel).toBe('Turn off level shoulders of "Road 1"');
    expect(bits(s.editor.document.field.heights).equals(bits(before.heights))).toBe(false);
    expect(await s.model.setOption('road-1', 'levelShoulders', true)).toBe('done');
    expect(s.editor.history.undoDepth).toBe(depth + 2);
    expectSnapshot(s.editor, before);
  });

  it('a road made or moved removes the props on it in the same entry (undo brings them back); Keep props keeps them', async () => {
    const s = await setup();
    const props: Prop[] = [
      { id: 'p1', type: 'rock', x: 0, z: -20, yaw: 0, scale: 1 },
      { id: 'p2', type: 'rock', x: 10, z: -21, yaw: 0, scale: 1 },
      { id: 'p3', type: 'rock', x: 0, z: 20, yaw: 0, scale: 1 },
    ];
    s.editor.document.props = props;
    await makeRoad(s);
    expect(s.editor.document.props.map((p) => p.id)).toEqual(['p3']);
    expect(s.model.store.getState().message).toBe('2 props removed under Road 1');
    expect(s.editor.store.getState().undoLabel).toBe('New road "Road 1" (2 props removed)');
    s.editor.undo();
    expect(s.editor.document.props.map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    s.editor.redo();
    // Undo dropped the selection of the road it removed: a click on its point selects it again.
    await click(s.tool, 30, -20);
    expect(s.design.layers.store.getState().selectedId).toBe('road-1');
    s.model.store.setState({ keepProps: true });
    // Moving the end point onto p3 keeps it.
    s.tool.onPointerDown?.(at(30, -20));
    s.tool.onPointerUp?.(at(2, 20));
    await settle();
    expect(s.model.store.getState().message).toBeNull();
    expect(road(s.editor).params.points[1]).toEqual({ x: 2, z: 20 });
    expect(s.editor.document.props.map((p) => p.id)).toEqual(['p3']);
  });

  it('places props along the road as one entry; deletes a road', async () => {
    const s = await setup();
    await makeRoad(s);
    s.model.store.setState({ along: { type: 'rock', spacing: 10, offset: 2, side: 'both' } });
    const depth = s.editor.history.undoDepth;
    expect(s.model.placeAlong('road-1')).toBe('done');
    const placed = s.editor.document.props;
    // 60 m at 10 m from 5 m: 6 stations, both sides.
    expect(placed).toHaveLength(12);
    for (const p of placed) expect(Math.abs(Math.abs(p.z + 20) - 6)).toBeLessThan(0.01);
    expect(s.editor.history.undoDepth).toBe(depth + 1);
    s.editor.undo();
    expect(s.editor.document.props).toHaveLength(0);
    s.model.store.setState({ along: { type: 'rock', spacing: 0, offset: 2, side: 'both' } });
    expect(s.model.placeAlong('road-1')).toBe('failed');
    expect(s.model.store.getState().message).toMatch(/spacing must be a positive number/);
    await s.model.deleteRoad('road-1');
    expect(s.editor.document.stack.some((l) => l.kind === 'road')).toBe(false);
    expectExact(s.editor);
  });

  it('scatter avoids roads by default', async () => {
    const s = await setup();
    await makeRoad(s);
    const props = new PropsController(s.editor);
    props.settings.setState((st) => ({ scatter: { ...st.scatter, types: ['rock'], count: 300, spacing: 0 } }));
    props.scatter();
    const onRoad = (p: Prop) => p.x > -30 && p.x < 30 && Math.abs(p.z + 20) < 4 + 1;
    expect(s.editor.document.props.length).toBeGreaterThan(100);
    expect(s.editor.document.props.filter(onRoad)).toHaveLength(0);
    s.editor.undo();
    props.settings.setState((st) => ({ scatter: { ...st.scatter, avoidRoads: false } }));
    props.scatter();
    expect(s.editor.document.props.filter(onRoad).length).toBeGreaterThan(0);
    props.dispose();
  });
});
