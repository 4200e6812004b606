import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createHoverStore } from '../view/viewStore';
import { InputRouter, PICK_PX, type WorldPointer } from './inputRouter';
import { CLICK_SLOP_PX } from './press';
import { createToolStore } from './toolStore';
import type { Tool, ToolPointerEvent } from './types';

/** A 33² map of 2 m cells: x and z from −32 to 32 m; heights rise with x (h = x / 4 + 10). */
function setup(tool: Tool | null) {
  const field = createHeightfield(33, 33, 2);
  for (let j = 0; j < 33; j++) for (let i = 0; i < 33; i++) field.heights[j * 33 + i] = ((i - 16) * 2) / 4 + 10;
  const editor = new Editor(createDocument(field));
  const tools = createToolStore();
  tools.setState({ active: tool });
  const hover = createHoverStore();
  return { router: new InputRouter(editor, tools, hover), hover };
}

type Call = [string, ToolPointerEvent | null];

/** A tool that records what reaches it; `grabs`: a handle tool whose press is its own where this says. */
function recordingTool(options: { capturesPrimaryDrag: boolean; grabs?: (at: ToolPointerEvent | null) => boolean }): { tool: Tool; calls: Call[] } {
  const calls: Call[] = [];
  const tool: Tool = {
    id: 'recording',
    label: 'Recording',
    capturesPrimaryDrag: options.capturesPrimaryDrag,
    ...(options.grabs ? { pressGrabs: options.grabs } : {}),
    onPointerDown: (e) => calls.push(['down', e]),
    onPointerMove: (e) => calls.push(['move', e]),
    onPointerUp: (e) => calls.push(['up', e]),
    onHover: (e) => calls.push(['hover', e]),
    cancel: () => calls.push(['cancel', null]),
  };
  return { tool, calls };
}

function pointer(x: number, z: number, extra: Partial<WorldPointer> = {}): WorldPointer {
  return { source: '3d', hit: { x, z }, screenX: 100, screenY: 100, button: 0, buttons: 0, shiftKey: false, altKey: false, ctrlKey: false, ...extra };
}

describe('the input router', () => {
  it('hover: the readout and the tool hear the exact height at the hit; off the terrain, nothing', () => {
    const { tool, calls } = recordingTool({ capturesPrimaryDrag: true });
    const { router, hover } = setup(tool);
    router.move(pointer(8, 4));
    // h = x / 4 + 10 on the plane the heights sample.
    expect(hover.getState().hover).toEqual({ x: 8, z: 4, h: 12, source: '3d' });
    expect(calls).toEqual([['hover', expect.objectContaining({ x: 8, z: 4, y: 12 })]]);
    router.move(pointer(8, 4, { hit: null }));
    expect(hover.getState().hover).toBeNull();
    expect(calls[1]).toEqual(['hover', null]);
  });

  it('a painting tool captures the primary press: its moves and its release, clamped onto the terrain, in either view', () => {
    const { tool, calls } = recordingTool({ capturesPrimaryDrag: true });
    const { router } = setup(tool);
    expect(router.down(pointer(0, 0, { source: '2d', buttons: 1 }))).toBe('tool');
    expect(router.capturing).toBe(true);
    router.move(pointer(50, -40, { source: '2d', buttons: 1 }));
    router.up(pointer(60, 0, { source: '2d' }));
    expect(calls.map(([kind]) => kind)).toEqual(['down', 'move', 'up']);
    // The map's edge is ±32 m.
    expect(calls[1][1]).toMatchObject({ x: 32, z: -32, source: '2d' });
    expect(calls[2][1]).toMatchObject({ x: 32, z: 0 });
    expect(router.capturing).toBe(false);
  });

  it("Alt+press and the other buttons are the view's: the tool hears nothing", () => {
    const { tool, calls } = recordingTool({ capturesPrimaryDrag: true });
    const { router } = setup(tool);
    expect(router.takesPress(true)).toBe(false);
    expect(router.down(pointer(0, 0, { altKey: true, buttons: 1 }))).toBe('view');
    router.move(pointer(4, 0, { altKey: true, buttons: 1, screenX: 140 }));
    router.up(pointer(4, 0, { altKey: true, screenX: 140 }));
    expect(router.down(pointer(0, 0, { button: 2, buttons: 2 }))).toBe('view');
    router.up(pointer(0, 0, { button: 2 }));
    expect(calls.filter(([kind]) => kind !== 'hover')).toEqual([]);
  });

  it('a tool that grabs handles: a press on one is its drag; elsewhere the view navigates and the tool hears a click only without motion', () => {
    const onHandle = (at: ToolPointerEvent | null) => at !== null && Math.hypot(at.x - 10, at.z) < 1;
    const { tool, calls } = recordingTool({ capturesPrimaryDrag: true, grabs: onHandle });
    const { router } = setup(tool);
    // Hovered over the handle: the press is the tool's.
    router.move(pointer(10, 0));
    expect(router.takesPress(false)).toBe(true);
    expect(router.down(pointer(10, 0, { buttons: 1 }))).toBe('tool');
    router.up(pointer(10, 0));
    expect(calls.filter(([kind]) => kind !== 'hover').map(([kind]) => kind)).toEqual(['down', 'up']);
    calls.length = 0;
    // Off it: the view's; released within the slop, a click (down then up at the release).
    router.move(pointer(0, 0));
    expect(router.down(pointer(0, 0, { buttons: 1 }))).toBe('view');
    router.move(pointer(0, 0, { buttons: 1, screenX: 100 + CLICK_SLOP_PX }));
    router.up(pointer(0.5, 0, { screenX: 100 + CLICK_SLOP_PX }));
    expect(calls.filter(([kind]) => kind !== 'hover')).toEqual([
      ['down', expect.objectContaining({ x: 0.5 })],
      ['up', expect.objectContaining({ x: 0.5 })],
    ]);
    calls.length = 0;
    // Dragged farther (an orbit), or taken away (pointercancel): no click.
    router.down(pointer(0, 0, { buttons: 1 }));
    router.move(pointer(0, 0, { buttons: 1, screenX: 101 + CLICK_SLOP_PX }));
    router.up(pointer(0, 0));
    router.down(pointer(0, 0, { buttons: 1 }));
    router.up(pointer(0, 0), true);
    expect(calls.filter(([kind]) => kind !== 'hover')).toEqual([]);
  });

  it('one pick radius: PICK_PX screen pixels at the hit, from either view', () => {
    const { tool, calls } = recordingTool({ capturesPrimaryDrag: true });
    const { router } = setup(tool);
    router.down(pointer(0, 0, { buttons: 1, metresPerPixel: 0.25 }));
    router.up(pointer(0, 0, { source: '2d', metresPerPixel: 0.5 }));
    expect(calls[0][1]?.pickRadius).toBe(PICK_PX * 0.25);
    expect(calls[1][1]?.pickRadius).toBe(PICK_PX * 0.5);
  });

  it("leaving the view clears the hover, but not the tool's gesture", () => {
    const { tool, calls } = recordingTool({ capturesPrimaryDrag: true });
    const { router, hover } = setup(tool);
    router.move(pointer(1, 1));
    router.down(pointer(1, 1, { buttons: 1 }));
    router.leave();
    expect(hover.getState().hover).toBeNull();
    expect(calls.filter(([kind]) => kind === 'hover')).toHaveLength(1);
    router.move(pointer(2, 1, { buttons: 1 }));
    expect(calls.at(-1)?.[0]).toBe('move');
  });
});
