import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { CommandRegistry } from '../commands/commands';
import { createToolStore } from '../tools/toolStore';
import type { ToolPointerEvent } from '../tools/types';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { RoadLayer } from '../../shared/layers/types';
import { findJunctions } from '../../shared/roads/junction';
import { centrelineOf } from '../../shared/roads/fittedRoad';
import { createRoadsFeature } from './roadsFeature';

/** The road tool's states (idle | drafting | dragging) and every transition between them. */

async function setup() {
  const editor = new Editor(createDocument(createHeightfield(65, 65, 2)));
  const tools = createToolStore();
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  await design.jobs.generate({
    width: 65,
    depth: 65,
    cellSize: 2,
    recipe: { ...DEFAULT_RECIPE, seed: 3, iterations: 40, decay: { disp0: 1, dispN: 0.1, n: 40 } },
  });
  const frames: Array<() => void> = [];
  const roads = createRoadsFeature({ editor, tools, commands: new CommandRegistry(false) }, design, (callback) => frames.push(callback));
  roads.selectTool();
  return { editor, tool: roads.tool, model: roads.model, frames };
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

describe("the road tool's states", () => {
  it('idle → drafting (first click) → idle (second click makes the road); drafting → idle on Esc and on Enter', async () => {
    const { tool, model } = await setup();
    expect(tool.state()).toEqual({ kind: 'idle' });
    tool.onPointerDown?.(at(-30, -20));
    tool.onPointerUp?.(at(-30, -20));
    expect(tool.state()).toEqual({ kind: 'drafting', first: { x: -30, z: -20 } });
    expect(model.store.getState().draft).toEqual({ x: -30, z: -20 });
    tool.cancel();
    expect(tool.state()).toEqual({ kind: 'idle' });
    expect(model.store.getState().draft).toBeNull();
    tool.onPointerDown?.(at(-30, -20));
    expect(tool.onKeyDown?.('Enter')).toBe(true);
    expect(tool.state()).toEqual({ kind: 'idle' });
    tool.onPointerDown?.(at(-30, -20));
    tool.onPointerDown?.(at(30, -20));
    await settle();
    expect(tool.state()).toEqual({ kind: 'idle' });
    expect(model.selected()?.params.points).toHaveLength(2);
  });

  it('idle → dragging (press on a point of the selected road) → idle on release (recorded) or on Esc (put back)', async () => {
    const { editor, tool, frames } = await setup();
    tool.onPointerDown?.(at(-30, -20));
    tool.onPointerDown?.(at(30, -20));
    await settle();
    const depth = editor.history.undoDepth;
    tool.onPointerDown?.(at(30, -20));
    const state = tool.state();
    expect(state.kind).toBe('dragging');
    if (state.kind !== 'dragging') return;
    expect(state.drag.point).toBe(1);
    // Moves wait for one frame.
    tool.onPointerMove?.(at(30, -10));
    tool.onPointerMove?.(at(30, -8));
    expect(state.drag.frame).toBe('requested');
    expect(frames).toHaveLength(1);
    frames.splice(0).forEach((callback) => callback());
    expect(state.drag.frame).toBe('none');
    tool.onPointerUp?.(at(30, -8));
    await settle();
    expect(tool.state()).toEqual({ kind: 'idle' });
    expect(editor.history.undoDepth).toBe(depth + 1);
    tool.onPointerDown?.(at(30, -8));
    expect(tool.state().kind).toBe('dragging');
    tool.onPointerMove?.(at(20, 0));
    tool.cancel();
    expect(tool.state()).toEqual({ kind: 'idle' });
    // The frame asked for before the Esc finds no drag.
    frames.splice(0).forEach((callback) => callback());
    expect(editor.history.undoDepth).toBe(depth + 1);
    expect(editor.isDirty).toBe(true);
  });

  it('drafting → a click on another road ends the new road on its centreline (a T); a last point selected does the same; a middle one selects', async () => {
    const { editor, tool, model } = await setup();
    tool.onPointerDown?.(at(-30, -20));
    tool.onPointerDown?.(at(30, -20));
    await settle();
    expect(tool.onKeyDown?.('Enter')).toBe(true);
    // A new road from (0, 20) towards road-1: the second click lands 1.2 m off its centreline (z = −20).
    tool.onPointerDown?.(at(4, 20));
    expect(tool.state().kind).toBe('drafting');
    const depth = editor.history.undoDepth;
    tool.onPointerDown?.(at(3, -18.8));
    await settle();
    expect(tool.state()).toEqual({ kind: 'idle' });
    expect(editor.history.undoDepth).toBe(depth + 1);
    const roads = editor.document.stack.filter((layer): layer is RoadLayer => layer.kind === 'road');
    expect(roads.map((r) => r.id)).toEqual(['road-1', 'road-2']);
    const end = roads[1].params.points[1];
    // The foot of the perpendicular on the straight road: (3, −20).
    expect(end.x).toBeCloseTo(3, 6);
    expect(end.z).toBeCloseTo(-20, 6);
    const { field } = editor.document;
    const size = { width: field.width, depth: field.depth, cellSize: field.cellSize };
    const below = evaluateStack(editor.document.stack.slice(0, -1), size)!;
    const junctions = findJunctions(centrelineOf(roads[1].params, size.cellSize), roads[1].params, [roads[0].params], below, size);
    expect(junctions.map((j) => j.kind)).toEqual(['end']);
    // A new road-3 along x = −20 with its first point selected: a click on road-1's line puts a new first point on it.
    expect(tool.onKeyDown?.('Enter')).toBe(true);
    tool.onPointerDown?.(at(-20, 10));
    tool.onPointerDown?.(at(-20, 25));
    await settle();
    model.selectPoint(0);
    tool.onPointerDown?.(at(-20.5, -21));
    await settle();
    const joined = editor.document.stack.find((layer): layer is RoadLayer => layer.id === 'road-3')!;
    expect(joined.params.points).toHaveLength(3);
    expect(joined.params.points[0].x).toBeCloseTo(-20.5, 6);
    expect(joined.params.points[0].z).toBeCloseTo(-20, 6);
    // A middle point selected: a click on road-1's line selects road-1, nothing changes.
    model.selectPoint(1);
    const after = editor.history.undoDepth;
    tool.onPointerDown?.(at(20, -20.5));
    await settle();
    expect(model.selected()?.id).toBe('road-1');
    expect(editor.history.undoDepth).toBe(after);
  });
});
