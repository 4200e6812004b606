import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { evaluateStack } from '../../shared/layers/evaluate';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { createDocument } from '../document/document';
import { Editor, type EditorState } from '../document/editor';
import { createInProcessTransport } from './inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { CommandRegistry } from '../commands/commands';
import { createToolStore } from '../tools/toolStore';
import type { ToolPointerEvent } from '../tools/types';
import { LocalEvaluator } from './localEvaluator';
import { createRoadsFeature } from '../roads/roadsFeature';
import { createRoadReportModel } from '../roads/roadReportModel';

/**
 * One local edit (TerrainJobs.beginLocalEdit) for every gesture: its preview is not a change of the
 * document (no document version, no dirty mark, no derived value computed again), and its end is
 * one document version, or none when cancelled.
 */

const SIZE = 65;
const CELL = 2;

async function setup() {
  const editor = new Editor(createDocument(createHeightfield(SIZE, SIZE, CELL)));
  const tools = createToolStore();
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  // A whole-map layer under the edits: they are evaluated here from what the worker left.
  await design.jobs.generate({
    width: SIZE,
    depth: SIZE,
    cellSize: CELL,
    recipe: { ...DEFAULT_RECIPE, seed: 3, iterations: 40, decay: { disp0: 1, dispN: 0.1, n: 40 } },
  });
  editor.markSaved('test.faultline');
  return { editor, tools, design };
}

const at = (x: number, z: number): ToolPointerEvent => ({ x, z, y: 0, source: '3d', shiftKey: false, altKey: false, ctrlKey: false, pickRadius: 3 });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

function expectExact(editor: Editor): void {
  const { field, stack } = editor.document;
  const scratch = evaluateStack(stack, { width: field.width, depth: field.depth, cellSize: field.cellSize })!;
  expect(bits(field.heights).equals(bits(scratch))).toBe(true);
}

/** Every change of the editor's store from now on. */
function changesOf(editor: Editor): EditorState[] {
  const seen: EditorState[] = [];
  editor.store.subscribe((state) => seen.push(state));
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a local edit', () => {
  it('a road point drag: previews move no document version; the release is one document version, one store change, and evaluates nothing again', async () => {
    const { editor, tools, design } = await setup();
    const frames: Array<() => void> = [];
    const roads = createRoadsFeature({ editor, tools, commands: new CommandRegistry(false) }, design, (callback) => frames.push(callback));
    roads.selectTool();
    const tool = roads.tool;
    for (const [x, z] of [
      [-30, -20],
      [30, -20],
    ]) {
      tool.onPointerDown?.(at(x, z));
      tool.onPointerUp?.(at(x, z));
      await settle();
    }
    editor.markSaved('test.faultline');
    const { documentVersion } = editor.store.getState();
    const updates = vi.spyOn(LocalEvaluator.prototype, 'update');
    tool.onPointerDown?.(at(30.5, -20));
    tool.onPointerMove?.(at(30.5, -10));
    frames.splice(0).forEach((callback) => callback());
    expect(updates).toHaveBeenCalledTimes(1);
    // The preview: the views redrew, the document did not change.
    expect(editor.store.getState().preview).toBe(true);
    expect(editor.store.getState().documentVersion).toBe(documentVersion);
    expect(editor.isDirty).toBe(false);
    const changes = changesOf(editor);
    // Released where the last step left it: that step's preview, then the record — nothing evaluated again.
    tool.onPointerUp?.(at(30.5, -10));
    await settle();
    expect(updates).toHaveBeenCalledTimes(1);
    const documentChanges = changes.filter((state) => !state.preview);
    expect(documentChanges).toHaveLength(1);
    expect(editor.store.getState().documentVersion).toBe(documentVersion + 1);
    expect(editor.store.getState().undoLabel).toBe('Move point 2 of "Road 1"');
    expect(editor.isDirty).toBe(true);
    expectExact(editor);
  });

  it('an Esc-cancelled brush stroke leaves the document clean: same bits, no document version, not dirty', async () => {
    const { editor, tools, design } = await setup();
    const heights = editor.document.field.heights.slice();
    const stack = editor.document.stack;
    const { documentVersion } = editor.store.getState();
    design.toolSettings.setState({ brush: { mode: 'raise', radius: 10, strength: 1, falloff: 0.5 } });
    design.selectTool('brush');
    const brush = tools.getState().active!;
    brush.onPointerDown?.(at(-20, 0));
    for (let x = -15; x <= 20; x += 5) brush.onPointerMove?.(at(x, 0));
    expect(bits(editor.document.field.heights).equals(bits(heights))).toBe(false);
    expect(editor.isDirty).toBe(false);
    brush.cancel();
    expect(bits(editor.document.field.heights).equals(bits(heights))).toBe(true);
    expect(editor.document.stack).toBe(stack);
    expect(editor.store.getState().documentVersion).toBe(documentVersion);
    expect(editor.isDirty).toBe(false);
    // The next stroke is one document version, and exact.
    brush.onPointerDown?.(at(-20, 0));
    brush.onPointerMove?.(at(0, 0));
    brush.onPointerUp?.(at(0, 0));
    await settle();
    expect(editor.store.getState().documentVersion).toBe(documentVersion + 1);
    expect(editor.isDirty).toBe(true);
    expectExact(editor);
  });

  it("the road report follows the document, not a drag's preview, and needs no view to ask", async () => {
    const { editor, tools, design } = await setup();
    const frames: Array<() => void> = [];
    const roads = createRoadsFeature({ editor, tools, commands: new CommandRegistry(false) }, design, (callback) => frames.push(callback));
    const reports = createRoadReportModel(editor, design.layers);
    roads.selectTool();
    const tool = roads.tool;
    for (const [x, z] of [
      [-30, -20],
      [30, -20],
    ]) {
      tool.onPointerDown?.(at(x, z));
      tool.onPointerUp?.(at(x, z));
      await settle();
    }
    reports.setOverlay(true);
    const shown = reports.store.getState().report;
    expect(shown).not.toBeNull();
    // A straight two-point road: its length is the points' distance.
    expect(shown!.length).toBeCloseTo(60, 0);
    tool.onPointerDown?.(at(30.5, -20));
    tool.onPointerMove?.(at(30.5, 10));
    frames.splice(0).forEach((callback) => callback());
    // Previewed: the report is the document's road's, untouched.
    expect(reports.store.getState().report).toBe(shown);
    tool.onPointerUp?.(at(30.5, 10));
    await settle();
    // Recorded: computed again at once, for the moved road (its end 30 m to the side).
    const after = reports.store.getState().report;
    expect(after).not.toBe(shown);
    expect(after!.length).toBeCloseTo(Math.hypot(60, 30), 0);
    reports.dispose();
  });
});
