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
});
