import { describe, expect, it } from 'vitest';
import { COVER_GONE_FROM, COVER_KEPT_TO, coverKept, type ErosionCoverBytes } from '../../shared/erosion/cover';
import { channelReachCells } from '../../shared/erosion/channelCover';
import { createDefaultDocument } from './document';
import { Editor } from './editor';
import { coverOnFinalSurface, surfaceCoverOf } from './surfaceCover';
import { SCULPT_TILE, type LayerStack, type SculptLayer } from '../../shared/layers/types';
import { addSculptDeltas } from '../../shared/layers/kinds/sculpt';

// Issue 34's tour: a valley lowered with the brush across Rolling hills read from afar as a patch crossed by
// the old channels' wet stripes, the erosion cover (where water ran and sediment settled) being that of the
// ground before the stroke. The cover the views draw follows the final surface: gone where the ground moved.

const side = 129;
const size = { width: side, depth: side, cellSize: 2 };

function sculpt(id: string, deltas: (i: number, j: number) => number, opacity = 1): SculptLayer {
  const layer: SculptLayer = { id, name: id, kind: 'sculpt', enabled: true, opacity, params: {}, tiles: [] } as unknown as SculptLayer;
  addSculptDeltas(layer, size, { i0: 0, j0: 0, i1: side, j1: side }, deltas);
  return layer;
}

const hydraulic = { id: 'h', name: 'h', kind: 'hydraulic', enabled: true, opacity: 1, params: {} } as unknown as LayerStack[number];

/** Cover bytes of 200 everywhere. */
function fullCover(): ErosionCoverBytes {
  return { flow: new Uint8Array(side * side).fill(200), deposition: new Uint8Array(side * side).fill(100) };
}

describe('the erosion cover on the final surface', () => {
  it('keeps all of it up to a quarter metre of change, none from a metre, smoothly between', () => {
    expect(coverKept(0)).toBe(1);
    expect(coverKept(-COVER_KEPT_TO)).toBe(1);
    expect(coverKept(COVER_GONE_FROM)).toBe(0);
    expect(coverKept(-16)).toBe(0);
    const mid = coverKept(-(COVER_KEPT_TO + COVER_GONE_FROM) / 2);
    expect(mid).toBeCloseTo(0.5, 9);
  });

  it('a valley lowered across the map after the erosion takes the cover away from its cut, not beside it', () => {
    // A trench 16 m deep along row 64, 20 vertices either side falling off linearly.
    const depthAt = (j: number) => -Math.max(0, 16 * (1 - Math.abs(j - 64) / 20));
    const stack: LayerStack = [hydraulic, sculpt('s', (_i, j) => depthAt(j))];
    const cover = fullCover();
    const out = coverOnFinalSurface(cover, stack, size);
    for (const j of [64, 60, 70]) {
      expect(out.flow[j * side + 30], `row ${j}`).toBe(0);
      expect(out.deposition[j * side + 30], `row ${j}`).toBe(0);
    }
    // The trench's lip (0.8 m cut) keeps a little, the ground beside it all; the document's bytes are untouched.
    expect(out.flow[83 * side + 30]).toBe(Math.round(200 * coverKept(depthAt(83))));
    expect(out.flow[83 * side + 30]).toBeGreaterThan(0);
    for (const j of [0, 40, 90, 128]) expect(out.flow[j * side + 30]).toBe(200);
    expect(cover.flow[64 * side + 30]).toBe(200);
  });

  it('counts only strokes above the topmost hydraulic layer, by their opacity, and none without erosion', () => {
    const cut = (_i: number, j: number) => (j === 64 ? -4 : 0);
    const cover = fullCover();
    // Below the erosion: the erosion ran on the cut ground, its cover is that ground's own.
    expect(coverOnFinalSurface(cover, [sculpt('s', cut), hydraulic], size)).toBe(cover);
    expect(coverOnFinalSurface(cover, [sculpt('s', cut)], size)).toBe(cover);
    // At 10 % opacity the 4 m cut moves the ground 0.4 m.
    const faint = coverOnFinalSurface(cover, [hydraulic, sculpt('s', cut, 0.1)], size);
    expect(faint.flow[64 * side + 7]).toBe(Math.round(200 * coverKept(0.4)));
    // A hidden layer moves nothing; two layers add.
    const hidden = { ...sculpt('s', cut), enabled: false };
    expect(coverOnFinalSurface(cover, [hydraulic, hidden], size)).toBe(cover);
    const two = coverOnFinalSurface(cover, [hydraulic, sculpt('a', cut, 0.1), sculpt('b', cut, 0.1)], size);
    expect(two.flow[64 * side + 7]).toBe(Math.round(200 * coverKept(0.8)));
    // A stroke and its opposite cancel: the ground is where the erosion left it.
    expect(coverOnFinalSurface(cover, [hydraulic, sculpt('a', cut), sculpt('b', (i, j) => -cut(i, j))], size)).toBe(cover);
    expect(SCULPT_TILE).toBe(64);
  });

  it("on the start's terrain: a brush valley crossing its channels leaves none of their cover in the cut", () => {
    const doc = createDefaultDocument(65);
    const editor = new Editor(doc);
    const raw = doc.erosionMasks!;
    // The wettest vertex on the map: lower a square round it by 5 m.
    let wettest = 0;
    for (let k = 0; k < raw.flow.length; k++) if (raw.flow[k] > raw.flow[wettest]) wettest = k;
    const [wi, wj] = [wettest % 65, Math.floor(wettest / 65)];
    const small = { width: 65, depth: 65, cellSize: 2 };
    const layer = { id: 'cut', name: 'cut', kind: 'sculpt', enabled: true, opacity: 1, params: {}, tiles: [] } as unknown as SculptLayer;
    addSculptDeltas(layer, small, { i0: 0, j0: 0, i1: 65, j1: 65 }, (i, j) => (Math.abs(i - wi) <= 3 && Math.abs(j - wj) <= 3 ? -5 : 0));
    // Before the cut: the droplets' flow and silt as channelCover.ts keeps them on the uncut ground.
    const before = surfaceCoverOf(editor)!;
    doc.stack = [...doc.stack, layer];
    editor.store.setState((s) => ({ documentVersion: s.documentVersion + 1 }));
    const drawn = surfaceCoverOf(editor)!;
    expect(raw.flow[wettest]).toBe(255);
    expect(drawn.flow[wettest]).toBe(0);
    expect(drawn.deposition[wettest]).toBe(0);
    // The same object while nothing changes (the views redraw their cover only for another object).
    expect(surfaceCoverOf(editor)).toBe(drawn);
    // Away from the cut (and the reach its concavity is read over) the map's cover is as it was before it.
    const reach = 3 + channelReachCells(2, 65, 65);
    for (let k = 0; k < raw.flow.length; k++) {
      if (Math.abs((k % 65) - wi) <= reach && Math.abs(Math.floor(k / 65) - wj) <= reach) continue;
      expect(drawn.flow[k]).toBe(before.flow[k]);
      expect(drawn.deposition[k]).toBe(before.deposition[k]);
    }
  });
});
