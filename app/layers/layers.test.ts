import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { evaluateStack } from '../../shared/layers/evaluate';
import { DEFAULT_RECIPE, type FaultRecipe } from '../../shared/fault/recipe';
import { hydraulicStep, thermalStep } from '../../shared/recipe/steps';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { createToolStore } from '../tools/toolStore';
import type { ToolPointerEvent } from '../tools/types';
import { layerViewImage } from './layerViewImage';
import { applyStackNow } from '../generate/terrainStepEdits';

const SIZE = 65;
const RECIPE: FaultRecipe = { ...DEFAULT_RECIPE, seed: 4, iterations: 60 };

function setup() {
  const editor = new Editor(createDocument(createHeightfield(SIZE, SIZE, 2)));
  const tools = createToolStore();
  const design = createTerrainDesign(editor, tools, createInProcessTransport());
  return { editor, tools, design };
}

const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const kinds = (editor: Editor) => editor.document.stack.map((layer) => layer.kind);

/** The document's heights are its stack evaluated from scratch, bit for bit. */
function expectExact(editor: Editor): void {
  const { field, stack } = editor.document;
  const scratch = evaluateStack(stack, { width: field.width, depth: field.depth, cellSize: field.cellSize })!;
  expect(bits(field.heights).equals(bits(scratch))).toBe(true);
}

function at(x: number, z: number): ToolPointerEvent {
  return { x, z, y: 0, source: '3d', shiftKey: false, altKey: false, ctrlKey: false };
}

async function settled(design: ReturnType<typeof setup>['design']): Promise<void> {
  for (let n = 0; n < 2000 && design.jobs.isRunning; n++) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** A lowering stroke from (−30, 0) to (30, 0): a valley across the map. */
async function carveValley(tools: ReturnType<typeof setup>['tools'], design: ReturnType<typeof setup>['design']): Promise<void> {
  design.toolSettings.setState({ brush: { mode: 'lower', radius: 10, strength: 1, falloff: 0.5 } });
  design.selectTool('brush');
  const brush = tools.getState().active;
  brush?.onPointerDown?.(at(-30, 0));
  for (let x = -25; x <= 30; x += 5) brush?.onPointerMove?.(at(x, 0));
  brush?.onPointerUp?.(at(30, 0));
  await settled(design);
  design.selectTool('navigate');
}

describe('editing the layer stack', () => {
  it('a brush stroke paints into a new sculpt layer; a new seed keeps the valley; undo takes each back', async () => {
    const { editor, tools, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 5 })] });
    await carveValley(tools, design);
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'sculpt']);
    expect(design.layers.store.getState().selectedId).toBe('sculpt');
    expect(editor.store.getState().undoLabel).toBe('Brush: lower');
    expectExact(editor);
    const size = { width: SIZE, depth: SIZE, cellSize: 2 };
    const centre = ((SIZE - 1) / 2) * SIZE + (SIZE - 1) / 2;
    /** How far the sculpting lowers the centre below the layers under it. */
    const carvedDepth = () => evaluateStack(editor.document.stack.slice(0, 2), size)![centre] - editor.document.field.heights[centre];
    const depth = carvedDepth();
    expect(depth).toBeGreaterThan(0.5);

    expect(await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: { ...RECIPE, seed: 11 }, finishing: [thermalStep({ iterations: 5 })] })).toBe('done');
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'sculpt']);
    expectExact(editor);
    // The valley is cut into the new base as deep as into the old one.
    expect(carvedDepth()).toBeCloseTo(depth, 3);

    editor.undo();
    expect((editor.document.stack[0].kind === 'faults' && editor.document.stack[0].params.seed)).toBe(4);
    expectExact(editor);
    editor.undo();
    expect(kinds(editor)).toEqual(['faults', 'thermal']);
    expectExact(editor);
  });

  it('a stroke into a sculpt layer under a whole-map layer is evaluated through it (in a worker), exactly', async () => {
    const { editor, tools, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE });
    await carveValley(tools, design);
    expect(await design.jobs.runStep(hydraulicStep({ droplets: 2000, seed: 5 }))).toBe('done');
    expect(kinds(editor)).toEqual(['faults', 'sculpt', 'hydraulic']);
    design.layers.select('sculpt');
    await carveValley(tools, design);
    // Painted into the selected layer below the erosion: no new layer, and the erosion ran again on it.
    expect(kinds(editor)).toEqual(['faults', 'sculpt', 'hydraulic']);
    expectExact(editor);
    expect(editor.history.undoDepth).toBe(4);
  });

  it('the engine evaluates strokes above the last whole-map layer here, from what the worker left', async () => {
    const { editor, tools, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 3 })] });
    const stack = [...editor.document.stack, { id: 'sculpt', kind: 'sculpt' as const, name: 'Sculpt', enabled: true, opacity: 1, params: {}, tiles: [] }];
    expect(design.jobs.engine.canUpdate(stack, { width: SIZE, depth: SIZE, cellSize: 2 }, 2)).toBe(true);
    await carveValley(tools, design);
    expect(design.jobs.isRunning).toBe(false);
    expectExact(editor);
  });

  it('hide, opacity, rename, move, duplicate and delete are one undo entry each, and the heights follow', async () => {
    const { editor, tools, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 4 })] });
    await carveValley(tools, design);
    const { layers } = design;
    const depthBefore = editor.history.undoDepth;
    expect(await layers.setEnabled('sculpt', false)).toBe('done');
    expectExact(editor);
    expect(await layers.setEnabled('sculpt', true)).toBe('done');
    expect(await layers.setOpacity('sculpt', 0.5)).toBe('done');
    expectExact(editor);
    expect(await layers.rename('sculpt', 'Valley')).toBe('done');
    expect(editor.document.stack[2].name).toBe('Valley');
    expect(await layers.move('sculpt', 0)).toBe('done');
    expect(kinds(editor)).toEqual(['sculpt', 'faults', 'thermal']);
    expectExact(editor);
    expect(await layers.duplicate('thermal')).toBe('done');
    expect(editor.document.stack.map((layer) => layer.id)).toEqual(['sculpt', 'faults', 'thermal', 'thermal-2']);
    expect(layers.store.getState().selectedId).toBe('thermal-2');
    expectExact(editor);
    expect(await layers.remove('thermal-2')).toBe('done');
    expect(layers.store.getState().selectedId).toBeNull();
    expect(await layers.setParam('thermal', 'iterations', 9)).toBe('done');
    expectExact(editor);
    expect(editor.history.undoDepth).toBe(depthBefore + 8);
    expect(await layers.setOpacity('thermal', 2)).toBe('failed');
    expect(layers.store.getState().message).toMatch(/Opacity/);
    expect(await layers.setParam('thermal', 'iterations', -1)).toBe('failed');
    expect(layers.store.getState().message).toMatch(/thermal/i);
    for (let k = 0; k < 8; k++) {
      editor.undo();
      expectExact(editor);
    }
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'sculpt']);
    expect(editor.document.stack[2]).toMatchObject({ name: 'Sculpt', opacity: 1, enabled: true });
  });

  it('Esc during a stroke leaves the stack and the heights as they were, and the next stroke is exact', async () => {
    const { editor, tools, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE });
    await carveValley(tools, design);
    const before = editor.document.field.heights.slice();
    const stackBefore = editor.document.stack;
    design.selectTool('brush');
    const brush = tools.getState().active;
    brush?.onPointerDown?.(at(0, -20));
    brush?.onPointerMove?.(at(20, -20));
    brush?.cancel();
    expect(editor.document.stack).toBe(stackBefore);
    expect(bits(editor.document.field.heights).equals(bits(before))).toBe(true);
    design.toolSettings.setState({ brush: { mode: 'raise', radius: 6, strength: 1, falloff: 0.5 } });
    brush?.onPointerDown?.(at(-20, 20));
    brush?.onPointerUp?.(at(-10, 20));
    expectExact(editor);
  });
});

describe('opening a project: its stack is checked against its saved heights', () => {
  it('a stack that gives the heights primes local editing; one that does not is reported, or (a v1 migration) becomes its heights', async () => {
    const { editor, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE });
    const stack = editor.document.stack;
    expect(await design.jobs.checkOpened('saved')).toBeNull();
    const withSculpt = [...stack, { id: 'sculpt', kind: 'sculpt' as const, name: 'Sculpt', enabled: true, opacity: 1, params: {}, tiles: [] }];
    expect(design.jobs.engine.canUpdate(withSculpt, { width: SIZE, depth: SIZE, cellSize: 2 }, 1)).toBe(true);

    // Saved heights that the stack does not give (edited outside): reported, shown as saved.
    editor.document.field.heights[5] += 1;
    const saved = editor.document.field.heights.slice();
    expect(await design.jobs.checkOpened('saved')).toMatch(/do not give its saved heights \(first difference at column 5, row 0\)/);
    expect(bits(editor.document.field.heights).equals(bits(saved))).toBe(true);
    expect(editor.document.stack).toBe(stack);
    // A v1 project's migrated recipe that does not give them: its heights become the stack.
    expect(await design.jobs.checkOpened('replay')).toBeNull();
    expect(kinds(editor)).toEqual(['heights']);
    expectExact(editor);
  });

  it('hiding the erosion layer drops its results (no cover for erosion not shown); showing it, or undo, brings them back', async () => {
    const { editor, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [hydraulicStep({ droplets: 2000 }), thermalStep({ iterations: 3 })] });
    const masks = editor.document.erosionMasks;
    expect(masks).not.toBeNull();
    const hydraulic = editor.document.stack.find((layer) => layer.kind === 'hydraulic')!;
    const thermal = editor.document.stack.find((layer) => layer.kind === 'thermal')!;
    // A change above the erosion keeps its results.
    expect(await design.layers.setEnabled(thermal.id, false)).toBe('done');
    const kept = editor.document.erosionMasks;
    expect(kept?.deposition).toEqual(masks?.deposition);
    expect(await design.layers.setEnabled(hydraulic.id, false)).toBe('done');
    expect(editor.document.erosionMasks).toBeNull();
    editor.undo();
    expect(editor.document.erosionMasks).toBe(kept);
    editor.redo();
    expect(await design.layers.setEnabled(hydraulic.id, true)).toBe('done');
    expect(editor.document.erosionMasks?.deposition).toEqual(masks?.deposition);
  });

  it('an opened project gets its erosion results from the check, without an edit, and the views hear of it', async () => {
    const { editor, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [hydraulicStep({ droplets: 2000 })] });
    const { field, stack, erosionMasks } = editor.document;
    expect(erosionMasks).not.toBeNull();
    // A project file stores the stack and heights, not the masks.
    const opened = createDocument(createHeightfield(SIZE, SIZE, 2, field.heights.slice()), stack);
    editor.replaceDocument(opened, 'opened.faultline');
    const before = editor.store.getState();
    expect(editor.document.erosionMasks).toBeNull();
    expect(await design.jobs.checkOpened('saved')).toBeNull();
    const after = editor.store.getState();
    expect(editor.document.erosionMasks?.deposition).toEqual(erosionMasks?.deposition);
    expect(after.resultsVersion).toBe(before.resultsVersion + 1);
    expect(after.version).toBe(before.version);
    expect(editor.isDirty).toBe(false);
    expect(after.canUndo).toBe(false);
  });
});

describe('an opened project holds its map once besides the engine\'s base', () => {
  it('the check keeps the base alone; the first stroke takes the checked heights as the composite (no copy) and is exact; an edit before it is exact too', async () => {
    const { editor, tools, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 3 })] });
    await carveValley(tools, design);
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'sculpt']);
    const map = SIZE * SIZE * 4;
    const reopen = async () => {
      const { field, stack } = editor.document;
      editor.replaceDocument(createDocument(createHeightfield(SIZE, SIZE, 2, field.heights.slice()), stack));
      expect(await design.jobs.checkOpened('saved')).toBeNull();
    };
    await reopen();
    // The thermal layer's result (the base of the sculpt layer above) and nothing else.
    expect(design.jobs.engine.cachedBytes).toBe(map);
    await carveValley(tools, design);
    expectExact(editor);
    // The composite is the document's heights: still one map besides them.
    expect(design.jobs.engine.cachedBytes).toBe(map);
    expect(design.jobs.engine.writesHeights).toBe(true);
    editor.undo();
    expectExact(editor);

    // An edit between the check and the first stroke: still exact.
    await reopen();
    const halved = editor.document.stack.map((layer) => (layer.kind === 'sculpt' ? { ...layer, opacity: 0.5 } : layer));
    expect(applyStackNow(editor, halved, 'Half the valley')).toBe(true);
    expectExact(editor);
    await carveValley(tools, design);
    expectExact(editor);
  });
});

describe('the engine\'s composite is the document\'s heights (one array)', () => {
  /** A raising stroke from (x0, z) to (x1, z). */
  const raise = (tools: ReturnType<typeof setup>['tools'], design: ReturnType<typeof setup>['design'], x0: number, x1: number, z: number) => {
    design.toolSettings.setState({ brush: { mode: 'raise', radius: 6, strength: 1, falloff: 0.5 } });
    design.selectTool('brush');
    const brush = tools.getState().active;
    brush?.onPointerDown?.(at(x0, z));
    for (let x = x0; x <= x1; x += 3) brush?.onPointerMove?.(at(x, z));
    brush?.onPointerUp?.(at(x1, z));
    design.selectTool('navigate');
  };

  it('strokes, undo, redo, a toggle and a Run: exact after each, rectangle-only strokes, undo restores the heights bit for bit, and no second map is kept', async () => {
    const { editor, tools, design } = setup();
    const { jobs } = design;
    const map = SIZE * SIZE * 4;
    await jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 3 })] });
    const heights = editor.document.field.heights;
    const states: Buffer[] = [Buffer.from(bits(heights))];
    const stroke = (x0: number, x1: number, z: number) => {
      raise(tools, design, x0, x1, z);
      expectExact(editor);
      expect(jobs.engine.writesHeights).toBe(true);
      // The base (thermal's result) alone: the composite is the document's heights.
      expect(jobs.engine.cachedBytes).toBe(map);
      expect(jobs.isRunning).toBe(false);
      states.push(Buffer.from(bits(heights)));
    };
    stroke(-20, 10, 5);
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'sculpt']);
    stroke(-10, 20, -15);
    expect(jobs.engine.changedRect).not.toBeNull();
    // Undo: the heights of the stack before, bit for bit; a stroke after it is rectangle-only.
    editor.undo();
    states.pop();
    expect(bits(heights).equals(states[states.length - 1])).toBe(true);
    expectExact(editor);
    stroke(0, 15, 20);
    editor.undo();
    editor.redo();
    expectExact(editor);
    stroke(-25, -5, -25);
    // A layer hidden and shown (evaluated here: only local layers change).
    expect(await design.layers.setEnabled('sculpt', false)).toBe('done');
    expectExact(editor);
    expect(jobs.engine.cachedBytes).toBe(map);
    expect(await design.layers.setEnabled('sculpt', true)).toBe('done');
    expectExact(editor);
    expect(bits(heights).equals(states[states.length - 1])).toBe(true);
    editor.undo();
    editor.undo();
    expect(bits(heights).equals(states[states.length - 1])).toBe(true);
    // A Run (a worker's result primes the engine), strokes after it, then undo of them all.
    expect(await jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: { ...RECIPE, seed: 9 }, finishing: [thermalStep({ iterations: 3 })] })).toBe('done');
    expectExact(editor);
    stroke(-20, 10, 0);
    stroke(-5, 25, 8);
    editor.undo();
    editor.undo();
    expectExact(editor);
    editor.undo();
    // Before the Run: the heights of the first strokes' stack, bit for bit.
    expect(bits(heights).equals(states[3])).toBe(true);
    expectExact(editor);
    // The base of the stack before the Run is not kept: this stroke is evaluated in a worker.
    raise(tools, design, -15, 15, -5);
    await settled(design);
    expectExact(editor);
    stroke(-5, 5, 25);
    // Those two, then the three strokes before the Run.
    for (let k = 0; k < 5; k++) {
      editor.undo();
      expectExact(editor);
    }
    expect(bits(heights).equals(states[0])).toBe(true);
  });

  it('Esc during a stroke under a slope-masked layer puts back every height the engine wrote, outside the dabs too; the next stroke is rectangle-only and exact', async () => {
    const { editor, tools, design } = setup();
    const { jobs } = design;
    await jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 3 })] });
    const [faults, thermal] = editor.document.stack;
    const ridge = { id: 'ridge', kind: 'sculpt' as const, name: 'Ridge', enabled: true, opacity: 1, params: {}, tiles: [], mask: { kind: 'slope' as const, minDeg: 0, maxDeg: 80, softness: 20 } };
    expect(applyStackNow(editor, [faults, thermal, { id: 'sculpt', kind: 'sculpt', name: 'Sculpt', enabled: true, opacity: 1, params: {}, tiles: [] }, ridge], 'Layers')).toBe(true);
    design.layers.select('ridge');
    raise(tools, design, -20, 20, 0);
    expectExact(editor);
    const before = editor.document.field.heights.slice();
    const stackBefore = editor.document.stack;
    const depth = editor.history.undoDepth;
    design.layers.select('sculpt');
    design.toolSettings.setState({ brush: { mode: 'raise', radius: 8, strength: 2, falloff: 0.5 } });
    design.selectTool('brush');
    const brush = tools.getState().active;
    brush?.onPointerDown?.(at(-10, 0));
    brush?.onPointerMove?.(at(10, 0));
    expect(editor.previewing).toBe(true);
    expect(bits(editor.document.field.heights).equals(bits(before))).toBe(false);
    brush?.cancel();
    expect(editor.previewing).toBe(false);
    expect(editor.document.stack).toBe(stackBefore);
    expect(bits(editor.document.field.heights).equals(bits(before))).toBe(true);
    expect(editor.history.undoDepth).toBe(depth);
    brush?.onPointerDown?.(at(-20, 20));
    brush?.onPointerUp?.(at(-10, 20));
    expect(jobs.engine.writesHeights).toBe(true);
    expect(jobs.engine.changedRect).not.toBeNull();
    expectExact(editor);
    editor.undo();
    expect(bits(editor.document.field.heights).equals(bits(before))).toBe(true);
  });

  it('a stroke under a whole-map layer shows its dabs, then its evaluation is cancelled: the heights and the engine\'s composite are the stack\'s again', async () => {
    const { editor, tools, design } = setup();
    const { jobs, layers } = design;
    await jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 3 })] });
    const [faults, thermal] = editor.document.stack;
    const sculpt = (id: string) => ({ id, kind: 'sculpt' as const, name: id, enabled: true, opacity: 1, params: {}, tiles: [] });
    expect(applyStackNow(editor, [faults, sculpt('low'), thermal, sculpt('top')], 'Sculpt layers')).toBe(true);
    // Into the top layer: the first stroke in a worker (it primes the engine), the second here.
    layers.select('top');
    raise(tools, design, -20, 10, 5);
    await settled(design);
    layers.select('top');
    raise(tools, design, -20, 10, -15);
    expect(jobs.isRunning).toBe(false);
    expectExact(editor);
    const before = editor.document.field.heights.slice();
    // Into the layer under the erosion: the dabs are shown in the heights until the worker's result.
    layers.select('low');
    design.selectTool('brush');
    const brush = tools.getState().active;
    brush?.onPointerDown?.(at(-10, 20));
    brush?.onPointerMove?.(at(10, 20));
    brush?.onPointerUp?.(at(10, 20));
    expect(jobs.isRunning).toBe(true);
    jobs.cancel();
    await settled(design);
    expect(editor.previewing).toBe(false);
    expect(bits(editor.document.field.heights).equals(bits(before))).toBe(true);
    expectExact(editor);
    // The engine's composite is the stack's, not the dabs that were on show.
    expect(await layers.rename('top', 'Top')).toBe('done');
    expectExact(editor);
    layers.select('top');
    raise(tools, design, 0, 20, 25);
    expect(jobs.isRunning).toBe(false);
    expectExact(editor);
  });

  it('a stack of local layers only: strokes write the heights with nothing else kept', () => {
    const { editor, tools, design } = setup();
    const { jobs } = design;
    applyStackNow(editor, [{ id: 'sculpt', kind: 'sculpt', name: 'Sculpt', enabled: true, opacity: 1, params: {}, tiles: [] }], 'Sculpt');
    raise(tools, design, -20, 10, 5);
    expectExact(editor);
    expect(jobs.engine.cachedBytes).toBe(0);
    expect(jobs.engine.writesHeights).toBe(true);
    raise(tools, design, -20, 0, -10);
    expectExact(editor);
    expect(jobs.engine.cachedBytes).toBe(0);
  });
});

describe('Run with another preset', () => {
  it('replaces the finishing layers of the last Run (whatever their kinds) and keeps the user\'s layers', async () => {
    const { editor, tools, design } = setup();
    const { buildPreset } = await import('../../shared/presets/terrainPresets');
    const run = async (id: 'mountains' | 'mesas' | 'canyons') => {
      const { recipe, finishing } = buildPreset(id, { width: SIZE, depth: SIZE, cellSize: 2, seed: 3 });
      expect(await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe, finishing })).toBe('done');
      return ['faults', ...finishing.map((step) => step.kind)];
    };
    await run('canyons');
    await carveValley(tools, design);
    for (const id of ['mesas', 'mountains', 'canyons'] as const) {
      const expected = await run(id);
      expect(kinds(editor)).toEqual([...expected, 'sculpt']);
      expectExact(editor);
    }
  });
});

describe('the 2D panel\'s layer view', () => {
  /** Waits until the layers model holds a Solo of `id` at the document's version. */
  async function soloOf(design: ReturnType<typeof setup>['design'], editor: Editor, id: string) {
    for (let n = 0; n < 2000; n++) {
      const { solo } = design.layers.store.getState();
      if (solo && solo.id === id && solo.version === editor.store.getState().version && !design.jobs.isRunning) return solo;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    throw new Error(`no Solo of ${id}`);
  }

  it('shows the selected sculpt layer\'s contribution, non-zero only where the stroke went, and follows the selection and edits', async () => {
    const { editor, tools, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 5 })] });
    await carveValley(tools, design);
    design.layers.select('sculpt');
    design.layers.setMap2dView('contribution');
    const solo = await soloOf(design, editor, 'sculpt');
    const view = layerViewImage(solo, 'contribution')!;
    expect(view.range).toBeGreaterThan(0);
    // The valley runs from x = −30 to 30 m at z = 0 with a 10 m brush: cells 2 m, centre 32.
    let shown = 0;
    for (let j = 0; j < SIZE; j++) {
      for (let i = 0; i < SIZE; i++) {
        const alpha = view.rgba[4 * (j * SIZE + i) + 3];
        const x = (i - 32) * 2;
        const z = (j - 32) * 2;
        const near = Math.abs(z) <= 12 && x >= -42 && x <= 42;
        if (alpha > 0) {
          shown++;
          expect(near).toBe(true);
          // Lowering: blue.
          expect(view.rgba[4 * (j * SIZE + i) + 2]).toBeGreaterThan(view.rgba[4 * (j * SIZE + i)]);
        }
      }
    }
    expect(shown).toBeGreaterThan(50);
    // Another selection: its Solo follows (the generator adds something everywhere).
    design.layers.select('faults');
    const faults = await soloOf(design, editor, 'faults');
    expect(layerViewImage(faults, 'contribution')!.range).toBeGreaterThan(0);
    expect(layerViewImage(faults, 'mask')).toBeNull();
    // An edit: computed again at the new version.
    await design.layers.setOpacity('thermal', 0.5);
    const after = await soloOf(design, editor, 'faults');
    expect(after.version).toBe(editor.store.getState().version);
    // Back to the heights: nothing more is computed.
    design.layers.setMap2dView('heights');
    design.layers.select('sculpt');
    await settled(design);
    expect(design.layers.store.getState().solo?.id).toBe('faults');
  });

  it('a mask view shows the mask weights, opaque grey', () => {
    const preview = { id: 'p', name: 'P', width: 2, depth: 1, contribution: new Float32Array([1, 0]), mask: new Float32Array([1, 0.5]), version: 0 };
    expect([...layerViewImage(preview, 'mask')!.rgba]).toEqual([255, 255, 255, 255, 128, 128, 128, 255]);
    expect(layerViewImage(preview, 'heights')).toBeNull();
    const contribution = layerViewImage(preview, 'contribution')!;
    expect(contribution.rgba[3]).toBe(255);
    expect(contribution.rgba[7]).toBe(0);
  });
});
