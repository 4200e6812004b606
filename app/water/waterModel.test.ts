import { describe, expect, it } from 'vitest';
import { featuresOf, inProcessFeaturesRunner, type FeaturesAsk } from './featuresRunner';
import { findWaterFeatures, type WaterFeatures } from '../../shared/hydrology/waterFeatures';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { WATER_LAKE } from '../../shared/hydrology/water';
import { waterDepths } from '../../shared/hydrology/waterSurface';
import type { Layer } from '../../shared/layers/types';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { TerrainJobs } from '../jobs/terrainJobs';
import { createWaterModel, nextWaterId } from './waterModel';
import { createImportEdit } from '../exchange/importEdit';
import { createLayersModel } from '../layers/layersModel';

const SIDE = 41;
const CELL = 2;

/** A bowl 3 m deep (rim at 10 m, radius 20 m) in a plane at 10 m, as one heights layer. */
function bowlEditor() {
  const field = createHeightfield(SIDE, SIDE, CELL);
  const c = ((SIDE - 1) * CELL) / 2;
  for (let j = 0; j < SIDE; j++) {
    for (let i = 0; i < SIDE; i++) {
      const r2 = (i * CELL - c) ** 2 + (j * CELL - c) ** 2;
      field.heights[j * SIDE + i] = r2 < 400 ? 10 - 3 * (1 - r2 / 400) : 10;
    }
  }
  const editor = new Editor(createDocument(field));
  const jobs = new TerrainJobs(editor, createInProcessTransport());
  return { editor, jobs, model: createWaterModel(editor, jobs) };
}

const CENTRE = 20 * SIDE + 20;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Water section model', () => {
  it('adds automatic water as one undo entry: the bowl holds a lake to its rim; undo takes it away, heights byte for byte', async () => {
    const { editor, jobs, model } = bowlEditor();
    const before = editor.document.field.heights.slice();
    expect(model.layer()).toBeNull();
    expect(await model.add()).toBe('done');
    expect(editor.history.undoDepth).toBe(1);
    expect(editor.store.getState().undoLabel).toBe('Add automatic water');
    // New layers carry the keys of the current rules (banks blended to the ground, lakes from 0.1 m deep).
    expect(model.layer()).toMatchObject({ id: 'water-1', kind: 'water', name: 'Water 1', params: { followWalls: true, minLakeDepth: 0.1 } });
    const water = editor.document.water!;
    expect(water.kind[CENTRE]).toBe(WATER_LAKE);
    // Lakes are not dug: the water stands at the spill height, 10 m, over the bowl's floor of 7 m.
    expect(waterDepths(water, editor.document.field.heights)[CENTRE]).toBeCloseTo(3, 5);
    const lakes = (await model.findFeatures())!.features.filter((f) => f.kind === 'lake');
    expect(lakes).toHaveLength(1);
    expect(lakes[0].maxDepth).toBeCloseTo(3, 5);
    editor.undo();
    expect(editor.document.water).toBeNull();
    expect(Buffer.from(editor.document.field.heights.buffer).equals(Buffer.from(before.buffer))).toBe(true);
    editor.redo();
    expect(editor.document.water).toBe(water);
    jobs.dispose();
  });

  it('sets a parameter as one undo entry, refuses one out of range with a message and changes nothing', async () => {
    const { editor, jobs, model } = bowlEditor();
    await model.add();
    expect(await model.setParam('lakes', false)).toBe('done');
    expect(editor.history.undoDepth).toBe(2);
    expect(editor.store.getState().undoLabel).toBe('Set Water 1 lakes');
    expect(editor.document.water!.kind.includes(WATER_LAKE)).toBe(false);
    editor.undo();
    // The shallowest lake kept: the bowl's lake is shallower than 1 km, so it goes; undo brings it back.
    expect(editor.document.water!.kind[CENTRE]).toBe(WATER_LAKE);
    expect(await model.setParam('minLakeDepth', 1000)).toBe('done');
    expect(editor.store.getState().undoLabel).toBe('Set Water 1 minimum lake depth');
    expect(editor.document.water!.kind.includes(WATER_LAKE)).toBe(false);
    expect(await model.setParam('minLakeDepth', -1)).toBe('failed');
    expect(model.store.getState().message).toMatch(/minLakeDepth must be a number from 0/);
    editor.undo();
    expect(editor.document.water!.kind[CENTRE]).toBe(WATER_LAKE);
    expect(await model.setParam('lakes', false)).toBe('done');
    expect(await model.setParam('riverArea', 5)).toBe('failed');
    expect(model.store.getState().message).toMatch(/riverArea must be a number from 100/);
    expect(editor.history.undoDepth).toBe(2);
    editor.undo();
    expect(editor.document.water!.kind[CENTRE]).toBe(WATER_LAKE);
    jobs.dispose();
  });

  it('keeps the water when a layer above it changes, read against the new heights', async () => {
    const { editor, jobs, model } = bowlEditor();
    await model.add();
    const water = editor.document.water!;
    // A heights layer above that lifts the land to 11 m: the water stays, dry everywhere over it.
    const raised: Layer = {
      id: 'raised',
      kind: 'heights',
      name: 'Raised',
      enabled: true,
      opacity: 1,
      params: {},
      heights: new Float32Array(SIDE * SIDE).fill(11),
    };
    expect(await jobs.applyStack([...editor.document.stack, raised], 'Raise')).toBe('done');
    expect(editor.document.water).toBe(water);
    expect(waterDepths(water, editor.document.field.heights).every((d) => d === 0)).toBe(true);
    expect((await model.findFeatures())!.features).toHaveLength(0);
    // Hidden again: the lake is back, with the water the layer below made.
    expect(
      await jobs.applyStack(
        editor.document.stack.map((layer) => (layer.id === 'raised' ? { ...layer, enabled: false } : layer)),
        'Hide',
      ),
    ).toBe('done');
    expect(waterDepths(editor.document.water!, editor.document.field.heights)[CENTRE]).toBeCloseTo(3, 5);
    jobs.dispose();
  });

  it('follows the water layer’s opacity and mask in the document’s water (both views draw it): no lake under ½ or masked out', async () => {
    const { editor, jobs, model } = bowlEditor();
    const layers = createLayersModel(editor, jobs);
    await model.add();
    const depthAtCentre = () => waterDepths(editor.document.water!, editor.document.field.heights)[CENTRE];
    expect(depthAtCentre()).toBeCloseTo(3, 5);
    expect(await layers.setOpacity('water-1', 0.4)).toBe('done');
    expect(editor.document.water!.kind.every((k) => k === 0)).toBe(true);
    expect(depthAtCentre()).toBe(0);
    expect(await layers.setOpacity('water-1', 0.5)).toBe('done');
    expect(depthAtCentre()).toBeCloseTo(3, 5);
    // A height mask from 9 m up leaves the bowl's middle (its floor at 7 m) out: dry there, the rim's ring kept.
    const masked = editor.document.stack.map((layer) =>
      layer.id === 'water-1' ? { ...layer, opacity: 1, mask: { kind: 'height' as const, min: 9, max: 100, softness: 0 } } : layer,
    );
    expect(await jobs.applyStack(masked, 'Mask')).toBe('done');
    expect(depthAtCentre()).toBe(0);
    expect(editor.document.water!.kind.some((k) => k === WATER_LAKE)).toBe(true);
    editor.undo();
    expect(depthAtCentre()).toBeCloseTo(3, 5);
    jobs.dispose();
  });

  it('keeps the water of the layers below when a whole-map layer above it runs, and drops it with the water layer', async () => {
    const { editor, jobs, model } = bowlEditor();
    await model.add();
    const water = editor.document.water;
    // Smoothing on top runs in the job from the water layer's result: the water stays the one it made.
    expect(await jobs.runStep({ kind: 'smooth', k: 0.5 })).toBe('done');
    expect(editor.document.water).toBe(water);
    // The water layer hidden: no water.
    const hidden = editor.document.stack.map((layer) => (layer.kind === 'water' ? { ...layer, enabled: false } : layer));
    expect(await jobs.applyStack(hidden, 'Hide water')).toBe('done');
    expect(editor.document.water).toBeNull();
    editor.undo();
    expect(editor.document.water).toBe(water);
    jobs.dispose();
  });

  it('lets the water go with an imported heightmap, and brings it back on undo', async () => {
    const { editor, jobs, model } = bowlEditor();
    await model.add();
    const water = editor.document.water;
    const doc = editor.document;
    editor.apply(createImportEdit('flat.png', doc.field, doc.stack, createHeightfield(SIDE, SIDE, CELL), doc.erosionMasks, doc.water));
    expect(editor.document.water).toBeNull();
    editor.undo();
    expect(editor.document.water).toBe(water);
    jobs.dispose();
  });

  it('selects a feature and lets it go when the water changes', async () => {
    const { editor, jobs, model } = bowlEditor();
    await model.add();
    await model.findFeatures();
    model.select(1);
    expect(model.selected()).toMatchObject({ id: 1, kind: 'lake' });
    editor.undo();
    expect(model.store.getState().selectedId).toBeNull();
    jobs.dispose();
  });

  it('keeps the per-vertex feature ids only while a river or lake is selected: found again on selecting, let go on deselecting', async () => {
    const { editor, jobs } = bowlEditor();
    let runs = 0;
    const model = createWaterModel(editor, jobs, (ask, onProgress) => {
      runs++;
      return inProcessFeaturesRunner(ask, onProgress);
    });
    await model.add();
    await model.findFeatures();
    expect(runs).toBe(1);
    // The list is known; with nothing selected no map-sized id array is kept.
    expect(model.features()!.features).toHaveLength(1);
    expect(model.featureIds()).toBeNull();
    model.select(1);
    // Found again for the selection: the same ids as a pass from scratch (the bowl's lake is feature 1).
    expect(model.featureIds()).toBeNull();
    expect(model.store.getState().finding).toBe(true);
    await settle();
    const { field, water } = editor.document;
    const ids = model.featureIds()!;
    expect(Array.from(ids)).toEqual(Array.from(findWaterFeatures(field, water!, field.heights).featureOf));
    expect(ids[CENTRE]).toBe(1);
    expect(runs).toBe(2);
    // Framed once the ids came: points on the lake's water, which the 3D camera must see.
    const { focus, focusVersion } = model.store.getState();
    expect(focusVersion).toBe(1);
    expect(focus!.samples.length).toBeGreaterThan(4);
    for (const p of focus!.samples) {
      const i = Math.round(p.x / field.cellSize + (field.width - 1) / 2);
      const j = Math.round(p.z / field.cellSize + (field.depth - 1) / 2);
      expect(ids[j * field.width + i]).toBe(1);
      expect(p.y).toBe(water!.surface[j * field.width + i]);
    }
    // Kept while selected: no further run.
    expect(model.featureIds()).toBe(ids);
    model.select(null);
    expect(model.featureIds()).toBeNull();
    expect(model.features()!.features).toHaveLength(1);
    expect(runs).toBe(2);
    jobs.dispose();
  });

  it('finds the rivers and lakes through its runner (a worker in the window): none until found, with progress; a run for older water is dropped', async () => {
    const { editor, jobs, model } = bowlEditor();
    await model.add();
    const asked: FeaturesAsk[] = [];
    const pending: Array<(features: WaterFeatures | null) => void> = [];
    const cancelled: number[] = [];
    // A runner whose runs end when the test says: as a worker's, they end after the caller's turn.
    const held = createWaterModel(editor, jobs, (ask, onProgress) => {
      asked.push(ask);
      onProgress(0.5);
      const n = pending.length;
      return { result: new Promise((resolve) => pending.push(resolve)), cancel: () => cancelled.push(n) };
    });
    expect(held.features()).toBeNull();
    expect(held.store.getState()).toMatchObject({ finding: true, findingProgress: 0.5, featuresVersion: 0 });
    // The same water is asked for once.
    expect(held.features()).toBeNull();
    expect(asked).toHaveLength(1);
    const { field, water } = editor.document;
    const expected = findWaterFeatures(field, water!, field.heights);
    pending[0](featuresOf(asked[0]));
    await settle();
    expect(held.store.getState()).toMatchObject({ finding: false, featuresVersion: 1 });
    expect(held.features()).toEqual({ features: expected.features });
    // Another water: the run for it is asked, and one for the water before is cancelled when it changes again.
    editor.undo();
    await model.add();
    expect(held.features()).toBeNull();
    editor.undo();
    expect(held.features()).toBeNull();
    expect(cancelled).toEqual([1]);
    held.dispose();
    jobs.dispose();
  });

  it('names water layers as the command line does: water-1, water-2, … after the highest', () => {
    const stack = [{ id: 'water-1' }, { id: 'water-7' }, { id: 'waterfall' }] as unknown as Layer[];
    expect(nextWaterId(stack)).toBe('water-8');
    expect(nextWaterId([])).toBe('water-1');
  });
});
