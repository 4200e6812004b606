import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { TerrainJobs } from '../jobs/terrainJobs';
import { createLayersModel } from '../layers/layersModel';
import { createBrushTool } from './brushTool';
import { createFaultTool } from './faultTool';
import { createToolSettingsStore } from './toolSettings';
import { createToolStore } from './toolStore';
import type { ToolPointerEvent } from './types';

/** The brush's (idle | stroking) and the fault tool's (idle | drawing) states and their transitions. */

function setup() {
  const editor = new Editor(createDocument(createHeightfield(33, 33, 2)));
  const tools = createToolStore();
  const jobs = new TerrainJobs(editor, createInProcessTransport());
  const layers = createLayersModel(editor, jobs);
  const settings = createToolSettingsStore();
  return { editor, tools, jobs, layers, settings };
}

const at = (x: number, z: number, source: '2d' | '3d' = '3d'): ToolPointerEvent => ({ x, z, y: 0, source, shiftKey: false, altKey: false, ctrlKey: false });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tool states', () => {
  it('brush: idle → stroking (press) → idle on release (one entry) or on Esc (nothing)', async () => {
    const { editor, tools, jobs, layers, settings } = setup();
    const brush = createBrushTool(editor, tools, settings, jobs, layers);
    expect(brush.state()).toEqual({ kind: 'idle' });
    brush.onPointerDown?.(at(0, 0));
    const stroking = brush.state();
    expect(stroking.kind).toBe('stroking');
    if (stroking.kind === 'stroking') expect(stroking.label).toBe(`Brush: ${settings.getState().brush.mode}`);
    brush.onPointerMove?.(at(6, 0));
    brush.cancel();
    expect(brush.state()).toEqual({ kind: 'idle' });
    expect(editor.history.undoDepth).toBe(0);
    brush.onPointerDown?.(at(0, 0));
    brush.onPointerUp?.(at(6, 0));
    await settle();
    expect(brush.state()).toEqual({ kind: 'idle' });
    expect(editor.history.undoDepth).toBe(1);
    // A release without a press changes nothing.
    brush.onPointerUp?.(at(6, 0));
    expect(editor.history.undoDepth).toBe(1);
  });

  it('fault: idle → drawing (a press on the 2D panel; not in 3D) → idle on release (one fault) or Esc', async () => {
    const { editor, tools, jobs, layers, settings } = setup();
    const fault = createFaultTool(editor, tools, settings, jobs, layers);
    fault.onPointerDown?.(at(-10, 0, '3d'));
    expect(fault.state()).toEqual({ kind: 'idle' });
    fault.onPointerDown?.(at(-10, 0, '2d'));
    expect(fault.state()).toEqual({ kind: 'drawing', from: { x: -10, z: 0 } });
    fault.cancel();
    expect(fault.state()).toEqual({ kind: 'idle' });
    expect(tools.getState().overlay).toEqual({ kind: 'none' });
    fault.onPointerDown?.(at(-10, 0, '2d'));
    fault.onPointerMove?.(at(10, 0, '2d'));
    expect(tools.getState().overlay).toEqual({ kind: 'line', x1: -10, z1: 0, x2: 10, z2: 0 });
    fault.onPointerUp?.(at(10, 0, '2d'));
    expect(fault.state()).toEqual({ kind: 'idle' });
    for (let n = 0; n < 200 && jobs.isRunning; n++) await settle();
    expect(editor.document.stack.some((layer) => layer.kind === 'manualFaults')).toBe(true);
  });
});
