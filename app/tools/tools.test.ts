import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { heightAt } from '../../shared/terrain/surface';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { bindDesignCommands, createTerrainDesign } from '../terrainDesign';
import { CommandRegistry } from '../commands/commands';
import { validateGenerateForm } from '../generate/generateFormStore';
import { createToolStore } from './toolStore';
import type { ToolPointerEvent } from './types';
import { brushWeight } from './brush';
import { applyStackNow } from '../generate/terrainStepEdits';
import { heightsStack } from '../../shared/layers/migrate';

/** A 129² map of 1 m cells whose stack is its heights (as `init` sets them: a heights layer), or flat ground. */
function setup(init?: (heights: Float32Array) => void) {
  const field = createHeightfield(129, 129, 1);
  init?.(field.heights);
  const editor = new Editor(createDocument(field));
  const tools = createToolStore();
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  return { editor, tools, design, field };
}

/** Waits for the terrain job a tool started (the in-process transport runs it after the current task). */
async function jobsSettled(design: ReturnType<typeof setup>['design']): Promise<void> {
  for (let n = 0; n < 1000 && design.jobs.isRunning; n++) await new Promise((resolve) => setTimeout(resolve, 1));
}

function at(x: number, z: number, source: '3d' | '2d' = '3d', y = 0): ToolPointerEvent {
  return { x, z, y, source, shiftKey: false, altKey: false, ctrlKey: false };
}

describe('brush weight', () => {
  it('is full inside the hard core, falls to zero at the rim', () => {
    expect(brushWeight(0, 0.5)).toBe(1);
    expect(brushWeight(0.5, 0.5)).toBe(1);
    expect(brushWeight(0.75, 0.5)).toBeCloseTo(0.5);
    expect(brushWeight(1, 0.5)).toBe(0);
    expect(brushWeight(0.99, 0)).toBe(1);
  });
});

describe('brush tool', () => {
  it('raises heights live while dragging and records one history entry per stroke', () => {
    const { editor, tools, design, field } = setup();
    design.toolSettings.setState({ brush: { mode: 'raise', radius: 8, strength: 1, falloff: 0.5 } });
    design.selectTool('brush');
    const tool = tools.getState().active;
    expect(tool?.id).toBe('brush');
    const version = editor.store.getState().version;
    tool?.onPointerDown?.(at(-20, 0));
    tool?.onPointerMove?.(at(0, 0));
    expect(heightAt(field, -10, 0)).toBeGreaterThan(0);
    expect(editor.store.getState().version).toBeGreaterThan(version);
    expect(editor.history.undoDepth).toBe(0);
    expect(tools.getState().overlay).toEqual({ kind: 'brush', x: 0, z: 0, radius: 8 });
    tool?.onPointerUp?.(at(20, 0));
    expect(editor.history.undoDepth).toBe(1);
    expect(heightAt(field, 15, 0)).toBeGreaterThan(0);
    expect(heightAt(field, 0, 30)).toBe(0);
    editor.undo();
    expect(field.heights.every((h) => h === 0)).toBe(true);
  });

  it('Esc during a stroke restores the heights and records nothing', () => {
    const { editor, tools, design, field } = setup();
    design.toolSettings.setState({ brush: { mode: 'lower', radius: 6, strength: 1, falloff: 0 } });
    design.selectTool('brush');
    const tool = tools.getState().active;
    tool?.onPointerDown?.(at(5, 5));
    tool?.onPointerMove?.(at(25, 5));
    expect(heightAt(field, 15, 5)).toBeLessThan(0);
    tool?.cancel();
    expect(field.heights.every((h) => h === 0)).toBe(true);
    tool?.onPointerUp?.(at(25, 5));
    expect(editor.history.undoDepth).toBe(0);
  });

  it('smooths towards the neighbours and flattens towards the start height', () => {
    const centre = 64 * 129 + 64;
    const { editor, tools, design, field } = setup((heights) => (heights[centre] = 10));
    design.toolSettings.setState({ brush: { mode: 'smooth', radius: 3, strength: 1, falloff: 0 } });
    design.selectTool('brush');
    let tool = tools.getState().active;
    tool?.onPointerDown?.(at(0, 0));
    tool?.onPointerUp?.(at(0, 0));
    expect(field.heights[centre]).toBeCloseTo(10 / 9, 5);
    expect(field.heights[centre + 1]).toBeCloseTo(10 / 9, 5);

    applyStackNow(editor, heightsStack(new Float32Array(129 * 129).fill(5)), 'Level at 5 m');
    design.toolSettings.setState({ brush: { mode: 'flatten', radius: 4, strength: 1, falloff: 0 } });
    design.selectTool('brush');
    tool = tools.getState().active;
    tool?.onPointerDown?.(at(0, 0, '3d', 2));
    tool?.onPointerUp?.(at(0, 0, '3d', 2));
    expect(field.heights[centre]).toBe(2);
    expect(field.heights[centre + 10]).toBe(5);
  });
});

describe('erode brush', () => {
  it('settles a cliff under the brush toward the talus and leaves the rest alone', () => {
    // A 20 m step across x = 0 (cells of 1 m): far steeper than the brush's talus.
    const { editor, tools, design, field } = setup((heights) => {
      for (let j = 0; j < 129; j++) for (let i = 0; i < 129; i++) heights[j * 129 + i] = i >= 64 ? 20 : 0;
    });
    const before = field.heights.slice();
    const steepest = () => {
      let max = 0;
      for (let i = 58; i < 70; i++) max = Math.max(max, Math.abs(field.heights[64 * 129 + i + 1] - field.heights[64 * 129 + i]));
      return max;
    };
    design.toolSettings.setState({ brush: { mode: 'erode', radius: 6, strength: 1, falloff: 0 } });
    design.selectTool('brush');
    const tool = tools.getState().active;
    tool?.onPointerDown?.(at(0, 0));
    for (let k = 0; k < 10; k++) tool?.onPointerMove?.(at(0, 0));
    tool?.onPointerUp?.(at(0, 0));
    expect(steepest()).toBeLessThan(10);
    // Material moves from the top of the step to its foot: heights only between the two levels.
    expect(field.heights.every((h) => h >= 0 && h <= 20)).toBe(true);
    expect(field.heights[64 * 129 + 63]).toBeGreaterThan(0);
    expect(field.heights[64 * 129 + 64]).toBeLessThan(20);
    // Far from the brush nothing moved.
    expect(field.heights[10 * 129 + 64]).toBe(20);
    expect(field.heights[64 * 129 + 30]).toBe(0);
    expect(editor.history.undoDepth).toBe(1);
    editor.undo();
    expect(field.heights).toEqual(before);
  });
});

describe('manual fault tool', () => {
  it('shows the dragged line and adds one fault to a manual faults layer as one edit', async () => {
    const { editor, tools, design, field } = setup();
    design.toolSettings.setState({ faultDisplacement: 1.5 });
    design.selectTool('fault');
    const tool = tools.getState().active;
    tool?.onPointerDown?.(at(-30, 0, '2d'));
    tool?.onPointerMove?.(at(10, 0, '2d'));
    expect(tools.getState().overlay).toEqual({ kind: 'line', x1: -30, z1: 0, x2: 10, z2: 0 });
    tool?.onPointerUp?.(at(30, 0, '2d'));
    expect(tools.getState().overlay).toEqual({ kind: 'none' });
    await jobsSettled(design);
    expect(editor.history.undoDepth).toBe(1);
    expect(editor.document.stack.map((layer) => layer.kind)).toEqual(['manualFaults']);
    // The left of the drag direction as seen on the 2D panel (+z down) rises: dragging toward +x raises −z.
    expect(heightAt(field, 0, -20)).toBe(1.5);
    expect(heightAt(field, 0, 20)).toBe(-1.5);
    editor.undo();
    expect(field.heights.every((h) => h === 0)).toBe(true);
  });

  it('Esc cancels the drag; 3D drags and zero-length lines do nothing', () => {
    const { editor, tools, design } = setup();
    design.selectTool('fault');
    const tool = tools.getState().active;
    tool?.onPointerDown?.(at(-30, 0, '2d'));
    tool?.cancel();
    expect(tools.getState().overlay).toEqual({ kind: 'none' });
    tool?.onPointerUp?.(at(30, 0, '2d'));
    tool?.onPointerDown?.(at(-30, 0, '3d'));
    tool?.onPointerUp?.(at(30, 0, '3d'));
    tool?.onPointerDown?.(at(5, 5, '2d'));
    tool?.onPointerUp?.(at(5, 5, '2d'));
    expect(editor.history.undoDepth).toBe(0);
  });
});

describe('design commands', () => {
  it('B, F and V select the brush, the fault tool and navigation; terrain.generate runs the form', async () => {
    const { editor, tools, design } = setup();
    const commands = new CommandRegistry(false);
    bindDesignCommands(commands, editor, design, tools);
    const chord = (key: string) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false });
    await commands.findByChord(chord('b'))?.run();
    expect(tools.getState().active?.id).toBe('brush');
    await commands.findByChord(chord('f'))?.run();
    expect(tools.getState().active?.id).toBe('fault');
    await commands.findByChord(chord('v'))?.run();
    expect(tools.getState().active).toBeNull();
    expect(commands.isEnabled('terrain.runMore')).toBe(false);
    design.form.setState({ width: 33, depth: 17, recipe: { ...design.form.getState().recipe, iterations: 20 } });
    expect(await design.generate()).toBeNull();
    // The form's finishing steps (the default preset's erosion) run in the same entry.
    expect(editor.store.getState()).toMatchObject({
      width: 33,
      depth: 17,
      undoLabel: `Generate 20 iterations + ${design.form.getState().finishing.length} steps`,
    });
    expect(editor.document.stack.map((layer) => layer.kind)).toEqual(['faults', ...design.form.getState().finishing.map((step) => step.kind)]);
    expect(commands.isEnabled('terrain.runMore')).toBe(true);
  });

  it('refuses a form it cannot run, naming the problem', async () => {
    const { editor, design } = setup();
    design.form.setState({ width: 1 });
    expect(await design.generate()).toMatch(/Width/);
    design.form.setState({ width: 65, cellSize: 0 });
    expect(validateGenerateForm(design.form.getState())).toMatch(/Cell size/);
    expect(editor.history.undoDepth).toBe(0);
  });
});
