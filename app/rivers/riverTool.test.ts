import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { RiverLayer } from '../../shared/layers/types';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { CommandRegistry } from '../commands/commands';
import { createToolStore } from '../tools/toolStore';
import type { ToolPointerEvent } from '../tools/types';
import type { RoadTool } from '../roads/roadTool';
import { createRiversFeature } from './riversFeature';

const SIZE = 65;
const CELL = 2;

/** A 65² map of 2 m cells falling towards +x and +z with ripples (rivers drawn that way run downhill), the river tool in hand. */
async function setup() {
  const field = createHeightfield(SIZE, SIZE, CELL);
  for (let j = 0; j < SIZE; j++)
    for (let i = 0; i < SIZE; i++) field.heights[j * SIZE + i] = 20 - 0.1 * (i + j) * CELL + 0.5 * Math.sin(i * 0.7) * Math.cos(j * 0.4);
  const editor = new Editor(createDocument(field));
  const tools = createToolStore();
  const commands = new CommandRegistry(false);
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  const frames: Array<() => void> = [];
  const rivers = createRiversFeature({ editor, tools, commands }, design, (callback) => frames.push(callback));
  // Its shortcut, as the window's key handler finds it.
  await commands.findByChord({ key: 'W', ctrlKey: false, metaKey: false, shiftKey: true, altKey: false })?.run();
  const runFrames = () => frames.splice(0).forEach((callback) => callback());
  return { editor, tools, commands, design, frames, runFrames, tool: rivers.tool, model: rivers.model };
}

const at = (x: number, z: number, extra: Partial<ToolPointerEvent> = {}): ToolPointerEvent => ({
  x,
  z,
  y: 0,
  source: '2d',
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  pickRadius: 3,
  ...extra,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
async function click(tool: RoadTool, x: number, z: number, extra: Partial<ToolPointerEvent> = {}) {
  tool.onPointerDown?.(at(x, z, extra));
  tool.onPointerUp?.(at(x, z, extra));
  await settle();
}
const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

function expectExact(editor: Editor): void {
  const { field, stack } = editor.document;
  const scratch = evaluateStack(stack, { width: field.width, depth: field.depth, cellSize: field.cellSize })!;
  expect(bits(field.heights).equals(bits(scratch))).toBe(true);
}
const snapshot = (editor: Editor) => ({ heights: editor.document.field.heights.slice(), stack: JSON.stringify(editor.document.stack) });
function expectSnapshot(editor: Editor, s: ReturnType<typeof snapshot>) {
  expect(bits(editor.document.field.heights).equals(bits(s.heights))).toBe(true);
  expect(JSON.stringify(editor.document.stack)).toBe(s.stack);
}
const river = (editor: Editor, id = 'river-1') => editor.document.stack.find((layer): layer is RiverLayer => layer.id === id)!;

describe('the river tool (the road tool drawing river layers)', () => {
  it('is one command; a click sets the source, the next makes river-1 carving its bed: one undo entry, undone bit for bit', async () => {
    const s = await setup();
    expect(s.tools.getState().active?.id).toBe('river');
    expect(s.commands.isPressed('tool.river')).toBe(true);
    const before = snapshot(s.editor);
    const depth = s.editor.history.undoDepth;
    await click(s.tool, -30, -20);
    expect(s.model.store.getState().draft).toEqual({ x: -30, z: -20 });
    expectSnapshot(s.editor, before);
    await click(s.tool, 30, -20);
    expect(s.editor.document.stack.at(-1)).toMatchObject({
      id: 'river-1',
      kind: 'river',
      name: 'River 1',
      params: {
        points: [
          { x: -30, z: -20 },
          { x: 30, z: -20 },
        ],
      },
    });
    expect(s.design.layers.store.getState().selectedId).toBe('river-1');
    expect(s.editor.history.undoDepth).toBe(depth + 1);
    // The bed is cut: along the river the land is lower, nowhere higher.
    const after = s.editor.document.field.heights;
    let lower = 0;
    for (let k = 0; k < after.length; k++) {
      expect(after[k]).toBeLessThanOrEqual(before.heights[k]);
      if (after[k] < before.heights[k]) lower++;
    }
    expect(lower).toBeGreaterThan(60);
    expectExact(s.editor);
    s.editor.undo();
    expectSnapshot(s.editor, before);
    s.editor.redo();
    expectExact(s.editor);
  });

  it('adds, inserts, drags and deletes points (each one entry, exact) and undoes them to the same bytes', async () => {
    const s = await setup();
    await click(s.tool, -30, -20);
    await click(s.tool, 30, -20);
    const start = snapshot(s.editor);
    const depth = s.editor.history.undoDepth;
    await click(s.tool, 30, 20);
    expect(s.model.store.getState().message).toBeNull();
    expect(river(s.editor).params.points).toHaveLength(3);
    await click(s.tool, 0, -20);
    expect(river(s.editor).params.points.map((p) => p.x)).toEqual([-30, 0, 30, 30]);
    expectExact(s.editor);
    // A live drag of point 2: one evaluation per frame, nothing recorded until the release.
    const beforeDrag = snapshot(s.editor);
    s.tool.onPointerDown?.(at(0, -20));
    for (let z = -18; z <= -8; z += 2) s.tool.onPointerMove?.(at(0, z));
    expect(s.frames).toHaveLength(1);
    s.runFrames();
    expect(bits(s.editor.document.field.heights).equals(bits(beforeDrag.heights))).toBe(false);
    expect(JSON.stringify(s.editor.document.stack)).toBe(beforeDrag.stack);
    s.tool.onPointerUp?.(at(0, -6));
    await settle();
    expect(river(s.editor).params.points[1]).toEqual({ x: 0, z: -6 });
    expect(s.editor.store.getState().undoLabel).toBe('Move point 2 of "River 1"');
    expectExact(s.editor);
    // Delete the selected point (Delete), and one with Alt+click.
    expect(s.tool.onKeyDown?.('Delete')).toBe(true);
    await settle();
    await click(s.tool, 30, 20, { altKey: true });
    expect(river(s.editor).params.points).toEqual([
      { x: -30, z: -20 },
      { x: 30, z: -20 },
    ]);
    // Two points are the least: the refusal says so (in the Layers tab too), nothing changes.
    const version = s.editor.store.getState().version;
    await click(s.tool, 30, -20, { altKey: true });
    expect(s.model.store.getState().message).toMatch(/a river needs at least two points \(its source and its mouth\): delete the river instead/);
    expect(s.design.layers.store.getState().message).toBe(s.model.store.getState().message);
    expect(s.editor.store.getState().version).toBe(version);
    expect(s.editor.history.undoDepth).toBe(depth + 5);
    for (let n = 0; n < 5; n++) s.editor.undo();
    expectSnapshot(s.editor, start);
  });

  it('Esc drops a source or a drag; Enter ends the river so the next clicks start river-2', async () => {
    const s = await setup();
    await click(s.tool, -30, -20);
    s.tool.cancel();
    expect(s.model.store.getState().draft).toBeNull();
    await click(s.tool, -30, -20);
    await click(s.tool, 30, -20);
    const before = snapshot(s.editor);
    s.tool.onPointerDown?.(at(-30, -20));
    s.tool.onPointerMove?.(at(-20, 10));
    s.runFrames();
    s.tool.cancel();
    expectSnapshot(s.editor, before);
    expect(s.tool.onKeyDown?.('Enter')).toBe(true);
    expect(s.design.layers.store.getState().selectedId).toBeNull();
    await click(s.tool, -30, 20);
    await click(s.tool, 20, 25);
    expect(s.editor.document.stack.filter((l) => l.kind === 'river').map((l) => l.id)).toEqual(['river-1', 'river-2']);
    expectExact(s.editor);
    // The overlay draws both (as the road tool's lines, with no road surface), river-2 selected.
    const overlay = s.tools.getState().overlay;
    if (overlay.kind !== 'road') throw new Error('no spline overlay');
    expect(overlay.roads.map((line) => [line.id, line.selected, line.params])).toEqual([
      ['river-1', false, null],
      ['river-2', true, null],
    ]);
  });

  it('navigates as every tool: a press grabs only a point of the selected river; anywhere else it orbits or pans', async () => {
    const s = await setup();
    expect(s.tool.pressGrabs?.(at(-30, -20))).toBe(false);
    await click(s.tool, -30, -20);
    await click(s.tool, 30, -20);
    expect(s.tool.pressGrabs?.(at(-30, -20))).toBe(true);
    expect(s.tool.pressGrabs?.(at(0, -20))).toBe(false);
    expect(s.tool.pressGrabs?.(at(0, 30))).toBe(false);
  });

  it('refuses a river whose bed would lie deeper than its limit, with the reason, and records nothing', async () => {
    const s = await setup();
    // A 30 m wall across the map at x = 0: a river over it would need a bed 30 m down.
    const heights = s.editor.document.field.heights;
    const walled = createHeightfield(SIZE, SIZE, CELL);
    for (let k = 0; k < heights.length; k++) walled.heights[k] = k % SIZE === 32 ? 30 : 0;
    s.editor.replaceDocument(createDocument(walled));
    await settle();
    const depth = s.editor.history.undoDepth;
    await click(s.tool, -30, 0);
    await click(s.tool, 30, 0);
    expect(s.model.store.getState().message).toMatch(
      /^New river "River 1": the bed would lie 3[01]\.\d m below the ground 3[01] m from the source, deeper than the limit \(maxCut 10 m\)/,
    );
    expect(s.editor.document.stack.some((layer) => layer.kind === 'river')).toBe(false);
    expect(s.editor.history.undoDepth).toBe(depth);
  });
});
