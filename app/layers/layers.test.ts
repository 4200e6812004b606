import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../../shared/layers/evaluate';
import { hydraulicStep, thermalStep } from '../../shared/recipe/steps';
import { Editor } from '../document/editor';
import { layerViewImage } from './layerViewImage';
import { SIZE, RECIPE, setup, bits, kinds, expectExact, at, settled, carveValley } from '../testing/designHarness';

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

    expect(
      await design.jobs.generate({ width: SIZE, depth: SIZE, cellSize: 2, recipe: { ...RECIPE, seed: 11 }, finishing: [thermalStep({ iterations: 5 })] }),
    ).toBe('done');
    expect(kinds(editor)).toEqual(['faults', 'thermal', 'sculpt']);
    expectExact(editor);
    // The valley is cut into the new base as deep as into the old one.
    expect(carvedDepth()).toBeCloseTo(depth, 3);

    editor.undo();
    expect(editor.document.stack[0].kind === 'faults' && editor.document.stack[0].params.seed).toBe(4);
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
    // A group of params turned on from its start value (the panel's switch): one undo entry, evaluated.
    expect(await layers.switchGroup('thermal', 'strata', true)).toBe('done');
    expect(editor.document.stack[2].params).toHaveProperty('strata.beds');
    expectExact(editor);
    expect(editor.history.undoDepth).toBe(depthBefore + 9);
    expect(await layers.setOpacity('thermal', 2)).toBe('failed');
    expect(layers.store.getState().message).toMatch(/Opacity/);
    expect(await layers.setParam('thermal', 'iterations', -1)).toBe('failed');
    expect(layers.store.getState().message).toMatch(/thermal/i);
    for (let k = 0; k < 9; k++) {
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

describe('Run with another preset', () => {
  it("replaces the finishing layers of the last Run (whatever their kinds) and keeps the user's layers", async () => {
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

describe("the 2D panel's layer view", () => {
  /** Waits until the layers model holds a Solo of `id` at the document's version. */
  async function soloOf(design: ReturnType<typeof setup>['design'], editor: Editor, id: string) {
    for (let n = 0; n < 2000; n++) {
      const { solo } = design.layers.store.getState();
      if (solo && solo.id === id && solo.version === editor.store.getState().documentVersion && !design.jobs.isRunning) return solo;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    throw new Error(`no Solo of ${id}`);
  }

  it("shows the selected sculpt layer's contribution, non-zero only where the stroke went, and follows the selection and edits", async () => {
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
    expect(after.version).toBe(editor.store.getState().documentVersion);
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
