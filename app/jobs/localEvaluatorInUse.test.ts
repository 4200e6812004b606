import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { hydraulicStep, thermalStep } from '../../shared/recipe/steps';
import { createDocument } from '../document/document';
import { applyStackNow } from '../generate/terrainStepEdits';
import { SIZE, RECIPE, setup, bits, kinds, expectExact, at, settled, carveValley } from '../testing/designHarness';

/**
 * TerrainJobs' local evaluator as edits use it (moved from app/layers/layers.test.ts: only app/jobs
 * reaches the evaluator): what it keeps, whether its composite is the document's heights, and that
 * every local edit through it is exact.
 */

describe('the evaluator under the edits', () => {
  it('the evaluator evaluates strokes above the last whole-map layer here, from what the worker left', async () => {
    const { editor, tools, design } = setup();
    await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 3 })] });
    const stack = [...editor.document.stack, { id: 'sculpt', kind: 'sculpt' as const, name: 'Sculpt', enabled: true, opacity: 1, params: {}, tiles: [] }];
    expect(design.jobs.evaluator.prepareUpdate(stack, { width: SIZE, depth: SIZE, cellSize: 2 }, 2)).toBe(true);
    await carveValley(tools, design);
    expect(design.jobs.isRunning).toBe(false);
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
    expect(design.jobs.evaluator.prepareUpdate(withSculpt, { width: SIZE, depth: SIZE, cellSize: 2 }, 1)).toBe(true);

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
    await design.jobs.generate({
      width: SIZE,
      depth: SIZE,
      cellSize: 2,
      recipe: RECIPE,
      finishing: [hydraulicStep({ droplets: 2000 }), thermalStep({ iterations: 3 })],
    });
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

describe("an opened project holds its map once besides the evaluator's base", () => {
  it('the check keeps the base alone; the first stroke takes the checked heights as its composite (no copy), exactly; so does an edit before it', async () => {
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
    expect(design.jobs.evaluator.cachedBytes).toBe(map);
    await carveValley(tools, design);
    expectExact(editor);
    // The composite is the document's heights: still one map besides them.
    expect(design.jobs.evaluator.cachedBytes).toBe(map);
    expect(design.jobs.evaluator.writesHeights).toBe(true);
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

describe("the evaluator's composite is the document's heights (one array)", () => {
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

  it('strokes, undo, redo, a toggle and a Run: exact after each, strokes rectangle-only, undo restores heights bit for bit, no second map kept', async () => {
    const { editor, tools, design } = setup();
    const { jobs } = design;
    const map = SIZE * SIZE * 4;
    await jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 3 })] });
    const heights = editor.document.field.heights;
    const states: Buffer[] = [Buffer.from(bits(heights))];
    const stroke = (x0: number, x1: number, z: number) => {
      raise(tools, design, x0, x1, z);
      expectExact(editor);
      expect(jobs.evaluator.writesHeights).toBe(true);
      // The base (thermal's result) alone: the composite is the document's heights.
      expect(jobs.evaluator.cachedBytes).toBe(map);
      expect(jobs.isRunning).toBe(false);
      states.push(Buffer.from(bits(heights)));
    };
    stroke(-20, 10, 5);
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'sculpt']);
    stroke(-10, 20, -15);
    expect(jobs.evaluator.changedRect).not.toBeNull();
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
    expect(jobs.evaluator.cachedBytes).toBe(map);
    expect(await design.layers.setEnabled('sculpt', true)).toBe('done');
    expectExact(editor);
    expect(bits(heights).equals(states[states.length - 1])).toBe(true);
    editor.undo();
    editor.undo();
    expect(bits(heights).equals(states[states.length - 1])).toBe(true);
    // A Run (a worker's result primes the evaluator), strokes after it, then undo of them all.
    expect(await jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: { ...RECIPE, seed: 9 }, finishing: [thermalStep({ iterations: 3 })] })).toBe(
      'done',
    );
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

  it('Esc mid-stroke under a slope-masked layer restores all the evaluator wrote, outside the dabs too; the next stroke is rectangle-only, exact', async () => {
    const { editor, tools, design } = setup();
    const { jobs } = design;
    await jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 3 })] });
    const [faults, thermal] = editor.document.stack;
    const ridge = {
      id: 'ridge',
      kind: 'sculpt' as const,
      name: 'Ridge',
      enabled: true,
      opacity: 1,
      params: {},
      tiles: [],
      mask: { kind: 'slope' as const, minDeg: 0, maxDeg: 80, softness: 20 },
    };
    expect(
      applyStackNow(
        editor,
        [faults, thermal, { id: 'sculpt', kind: 'sculpt', name: 'Sculpt', enabled: true, opacity: 1, params: {}, tiles: [] }, ridge],
        'Layers',
      ),
    ).toBe(true);
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
    expect(jobs.evaluator.writesHeights).toBe(true);
    expect(jobs.evaluator.changedRect).not.toBeNull();
    expectExact(editor);
    editor.undo();
    expect(bits(editor.document.field.heights).equals(bits(before))).toBe(true);
  });

  it("a stroke under a whole-map layer shows its dabs, then its evaluation is cancelled: heights and the evaluator's composite are the stack's", async () => {
    const { editor, tools, design } = setup();
    const { jobs, layers } = design;
    await jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: RECIPE, finishing: [thermalStep({ iterations: 3 })] });
    const [faults, thermal] = editor.document.stack;
    const sculpt = (id: string) => ({ id, kind: 'sculpt' as const, name: id, enabled: true, opacity: 1, params: {}, tiles: [] });
    expect(applyStackNow(editor, [faults, sculpt('low'), thermal, sculpt('top')], 'Sculpt layers')).toBe(true);
    // Into the top layer: the first stroke in a worker (it primes the evaluator), the second here.
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
    // The evaluator's composite is the stack's, not the dabs that were on show.
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
    expect(jobs.evaluator.cachedBytes).toBe(0);
    expect(jobs.evaluator.writesHeights).toBe(true);
    raise(tools, design, -20, 0, -10);
    expectExact(editor);
    expect(jobs.evaluator.cachedBytes).toBe(0);
  });
});
