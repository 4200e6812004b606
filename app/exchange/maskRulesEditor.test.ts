import { afterEach, describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createMemoryFaultlineApi } from '../platform/memoryApi';
import { createDocument } from '../document/document';
import { createEditorSession, type EditorSession } from '../editorSession';

let session: EditorSession | null = null;
afterEach(() => {
  session?.exchange.cancelExport();
  session?.dispose();
  session = null;
});

/** A session on a 9² map whose highest point is 57.4 m, with the export dialog open on an engine tab. */
async function openEngineTab() {
  const field = createHeightfield(9, 9, 1);
  field.heights[40] = 57.4;
  session = createEditorSession({ api: createMemoryFaultlineApi(), document: createDocument(field) });
  await session.commands.execute('file.exportHeightmap');
  session.exchange.exports.setTarget('godot-terrain3d');
  const { exports, store } = session.exchange;
  const layers = () => store.getState().engineOptions.maskSet.layers;
  return { masks: exports.masks, store, layers };
}

describe('mask rules editor', () => {
  it("a new layer takes the first free name and starts with one slope rule; the set is then the user's", async () => {
    const { masks, store, layers } = await openEngineTab();
    expect(store.getState().engineOptions.maskSetEdited).toBe(false);
    const before = layers().length;
    masks.addMaskLayer();
    masks.renameMaskLayer(before, `layer${before + 2}`);
    masks.addMaskLayer();
    expect(
      layers()
        .map((l) => l.name)
        .slice(before),
    ).toEqual([`layer${before + 2}`, `layer${before + 3}`]);
    expect(layers()[before + 1].rules).toEqual([{ source: 'slope', min: 30, softness: 5 }]);
    expect(store.getState().engineOptions.maskSetEdited).toBe(true);
  });

  it('never removes the last layer; the previewed layer follows a removal before it and ends with its own', async () => {
    const { masks, store, layers } = await openEngineTab();
    while (layers().length > 1) masks.removeMaskLayer(0);
    const last = layers()[0];
    masks.removeMaskLayer(0);
    expect(layers()).toEqual([last]);
    masks.addMaskLayer();
    masks.addMaskLayer();
    store.setState({ maskPreviewLayer: 2 });
    masks.removeMaskLayer(0);
    expect(store.getState().maskPreviewLayer).toBe(1);
    masks.removeMaskLayer(1);
    expect(store.getState().maskPreviewLayer).toBeNull();
    masks.removeMaskLayer(0);
    expect(layers()).toHaveLength(1);
  });

  it('a new rule is a height rule at 80 % of the highest point, at most 8 rules a layer', async () => {
    const { masks, layers } = await openEngineTab();
    masks.addMaskLayer();
    const index = layers().length - 1;
    masks.addMaskRule(index);
    expect(layers()[index].rules[1]).toEqual({ source: 'height', min: Math.round(57.4 * 0.8) });
    for (let n = 0; n < 10; n++) masks.addMaskRule(index);
    expect(layers()[index].rules).toHaveLength(8);
    masks.removeMaskRule(index, 0);
    expect(layers()[index].rules).toHaveLength(7);
    expect(layers()[index].rules[0].source).toBe('height');
  });

  it('an emptied bound is no bound; every edit replaces the set and leaves the rest as it was', async () => {
    const { masks, layers } = await openEngineTab();
    masks.addMaskLayer();
    const index = layers().length - 1;
    const before = layers();
    const untouched = JSON.stringify(before.slice(0, index));
    masks.setMaskRule(index, 0, { max: 45, softness: undefined });
    const rule = layers()[index].rules[0];
    expect(rule).toEqual({ source: 'slope', min: 30, max: 45 });
    expect('softness' in rule).toBe(false);
    expect(before[index].rules[0]).toEqual({ source: 'slope', min: 30, softness: 5 });
    expect(JSON.stringify(layers().slice(0, index))).toBe(untouched);
  });
});
