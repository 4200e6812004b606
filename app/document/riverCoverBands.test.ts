import { describe, expect, it } from 'vitest';
import { syntheticTerrain } from '../../shared/lod/testing/syntheticTerrain';
import { evaluateWater, WATER_LAKE, WATER_RIVER } from '../../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../../shared/hydrology/waterParams';
import { createWaterSurface, type WaterSurface } from '../../shared/hydrology/waterSurface';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { RIVER_BED_FLOW, RIVER_COVER_BACK } from '../../shared/erosion/riverCover';
import { createDocument } from './document';
import { Editor } from './editor';
import {
  coverBesideRiversOf,
  drawnCover,
  findRiverCoverWith,
  onRiverCover,
  surfaceCoverNow,
  surfaceCoverOf,
  surfaceCoverSettled,
  surfacedCover,
} from './surfaceCover';
import { riverCoverReachCells, riverFlowInto, riverMask } from './riverCoverBands';
import { inProcessRiverCoverRunner, riverCoverAnswer, riverCoverAsk, type RiverCoverAnswer, type RiverCoverAsk, type RiverCoverRunner } from './riverCoverJob';

// The cover beside the rivers found a rectangle at a time (riverCoverBands.ts, what the window's worker runs) against
// the whole-map path it replaces (surfaceCover.ts coverBesideRiversOf: coverBesideRivers over riverNearness), byte for byte.

/** Hills 257² (more rows than a band of 256: the whole map is two bands) with rivers and lakes, and a droplets' cover of every byte. */
function hills() {
  const ground = syntheticTerrain(257, 1);
  const heights = new Float32Array(ground.heights.length);
  const result = evaluateWater(ground, ground.heights, heights, { ...DEFAULT_WATER_PARAMS, riverArea: 2000 })!;
  const water: WaterSurface = { surface: result.surface, kind: result.kind };
  let seed = 7;
  const flow = new Uint8Array(heights.length);
  const deposition = new Uint8Array(heights.length);
  for (let k = 0; k < flow.length; k++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    flow[k] = seed >>> 24;
    deposition[k] = (seed >>> 16) & 255;
  }
  const size = { width: ground.width, depth: ground.depth, cellSize: ground.cellSize };
  return { size, heights, water, cover: { flow, deposition } };
}

describe('the cover beside the rivers by rectangles (riverCoverBands.ts)', () => {
  const { size, heights, water, cover } = hills();
  const whole = coverBesideRiversOf(cover, size, water, heights);
  const under = riverMask({ surface: water.surface, kind: water.kind, heights })!;

  it('the map has rivers and lakes, and the rivers change the cover', () => {
    expect(water.kind.includes(WATER_RIVER)).toBe(true);
    expect(water.kind.includes(WATER_LAKE)).toBe(true);
    expect(whole).not.toBe(cover);
    let bed = 0;
    for (let k = 0; k < whole.flow.length; k++) if (whole.flow[k] === RIVER_BED_FLOW && cover.flow[k] !== RIVER_BED_FLOW) bed++;
    expect(bed).toBeGreaterThan(100);
  });

  it('over the whole map, the worker’s answer is the whole-map path’s bytes', () => {
    const answer = riverCoverAnswer(riverCoverAsk(size, cover.flow, { surface: water.surface, kind: water.kind, heights }));
    expect(answer.flow).not.toBeNull();
    expect(Buffer.from(answer.flow!).equals(Buffer.from(whole.flow))).toBe(true);
    expect(whole.deposition.every((b) => b === 0)).toBe(true);
  });

  it('over rectangles (corners, edges, across a band, a single vertex), each vertex’s byte is the whole map’s, nothing outside written', () => {
    const r = riverCoverReachCells(size.cellSize);
    expect(r).toBe(RIVER_COVER_BACK);
    const rects = [
      { i0: 0, j0: 0, i1: 40, j1: 30 },
      { i0: 200, j0: 230, i1: 257, j1: 257 },
      { i0: 100, j0: 0, i1: 101, j1: 257 },
      { i0: 0, j0: 120, i1: 257, j1: 140 },
      { i0: 60, j0: 240, i1: 190, j1: 257 },
      { i0: 128, j0: 128, i1: 129, j1: 129 },
      { i0: 10, j0: 5, i1: 250, j1: 256 },
    ];
    for (const rect of rects) {
      const out = new Uint8Array(whole.flow.length).fill(3);
      riverFlowInto(size, cover.flow, under, rect, out);
      for (let j = 0; j < size.depth; j++) {
        for (let i = 0; i < size.width; i++) {
          const k = j * size.width + i;
          const inside = i >= rect.i0 && i < rect.i1 && j >= rect.j0 && j < rect.j1;
          if (out[k] !== (inside ? whole.flow[k] : 3)) expect.fail(`${JSON.stringify(rect)} at ${i}, ${j}: ${out[k]}, whole map ${whole.flow[k]}`);
        }
      }
    }
  });

  it('with lakes only (no river), the answer says so and the cover is unchanged', () => {
    const lakes = createWaterSurface(heights.length);
    for (let k = 0; k < heights.length; k++) {
      if (water.kind[k] !== WATER_LAKE) continue;
      lakes.surface[k] = water.surface[k];
      lakes.kind[k] = WATER_LAKE;
    }
    expect(riverMask({ surface: lakes.surface, kind: lakes.kind, heights })).toBeNull();
    expect(riverCoverAnswer(riverCoverAsk(size, cover.flow, { surface: lakes.surface, kind: lakes.kind, heights })).flow).toBeNull();
    expect(coverBesideRiversOf(cover, size, lakes, heights)).toBe(cover);
  });
});

describe('the document’s cover beside its rivers found off the thread (surfaceCover.ts findRiverCoverWith)', () => {
  it('gives the cover before the rivers, then the whole-map path’s bytes once found, telling its listeners; a drive or an export waits for none', async () => {
    const { size, heights, water, cover } = hills();
    const doc = createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights.slice()), []);
    doc.erosionMasks = cover;
    doc.water = water;
    const expected = drawnCover(cover, [], size, water, heights);
    const editor = new Editor(doc);
    const undo = findRiverCoverWith(editor, inProcessRiverCoverRunner);
    let told = 0;
    onRiverCover(editor, () => told++);
    // Before the rivers: the droplets' cover kept to the concave ground (surfacedCover), found on the thread.
    expect(Buffer.from(surfaceCoverOf(editor)!.flow).equals(Buffer.from(surfacedCover(cover, [], size, heights).flow))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(told).toBe(1);
    const found = surfaceCoverOf(editor)!;
    expect(Buffer.from(found.flow).equals(Buffer.from(expected.flow))).toBe(true);
    expect(found.deposition.every((b) => b === 0)).toBe(true);
    expect(surfaceCoverOf(editor)).toBe(found);
    // Another document version: the last cover drawn until the next is found; surfaceCoverNow finds it at once.
    editor.store.setState((s) => ({ documentVersion: s.documentVersion + 1 }));
    expect(surfaceCoverOf(editor)).toBe(found);
    const now = surfaceCoverNow(editor)!;
    expect(now).not.toBe(found);
    expect(Buffer.from(now.flow).equals(Buffer.from(expected.flow))).toBe(true);
    expect(told).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The cancelled run tells no one.
    expect(told).toBe(2);
    expect(surfaceCoverOf(editor)).toBe(now);
    undo();
  });

  it('a view reports a version drawn only with that version’s cover: a runner answering late holds the report back until it answers', async () => {
    const { size, heights, water, cover } = hills();
    const doc = createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights.slice()), []);
    doc.erosionMasks = cover;
    doc.water = water;
    const expected = drawnCover(cover, [], size, water, heights);
    const editor = new Editor(doc);
    // Answers only when told to (the worker of a large map, or a loaded machine); a cancelled run answers null.
    const asks: { ask: RiverCoverAsk; answer: () => void }[] = [];
    const lateRunner: RiverCoverRunner = (ask) => {
      let resolve: (answer: RiverCoverAnswer | null) => void = () => undefined;
      const result = new Promise<RiverCoverAnswer | null>((r) => (resolve = r));
      asks.push({ ask, answer: () => resolve(riverCoverAnswer(ask)) });
      return { result, cancel: () => resolve(null) };
    };
    const undo = findRiverCoverWith(editor, lateRunner);
    // A view as the three views draw: its cover, then "drawn" for the document's version only when the cover is settled.
    const reports: { version: number; flow: Uint8Array }[] = [];
    const draw = () => {
      const drawn = surfaceCoverOf(editor)!;
      if (surfaceCoverSettled(editor)) reports.push({ version: editor.store.getState().documentVersion, flow: drawn.flow });
    };
    onRiverCover(editor, draw);
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    draw();
    expect(asks.length).toBe(1);
    await tick();
    await tick();
    expect(reports).toEqual([]);
    asks[0].answer();
    await tick();
    expect(reports.length).toBe(1);
    expect(Buffer.from(reports[0].flow).equals(Buffer.from(expected.flow))).toBe(true);
    // The next version: the last cover is drawn meanwhile, but no report until its own cover is in.
    editor.store.setState((s) => ({ documentVersion: s.documentVersion + 1 }));
    draw();
    expect(asks.length).toBe(2);
    expect(surfaceCoverSettled(editor)).toBe(false);
    await tick();
    expect(reports.length).toBe(1);
    asks[1].answer();
    await tick();
    expect(reports.map((r) => r.version)).toEqual([0, 1].map((d) => reports[0].version + d));
    expect(surfaceCoverSettled(editor)).toBe(true);
    undo();
  });

  it('maps over 1025² get their rivers’ cover too (the limit is gone): a creek on a 1100 × 1000 map', () => {
    const width = 1100;
    const depth = 1000;
    const field = createHeightfield(width, depth, 1);
    const water = createWaterSurface(width * depth);
    for (let i = 0; i < width; i++) {
      water.surface[500 * width + i] = 0.3;
      water.kind[500 * width + i] = WATER_RIVER;
    }
    const doc = createDocument(field, []);
    doc.erosionMasks = { flow: new Uint8Array(width * depth).fill(255), deposition: new Uint8Array(width * depth).fill(255) };
    doc.water = water;
    const found = surfaceCoverOf(new Editor(doc))!;
    expect(found.flow[500 * width + 300]).toBe(RIVER_BED_FLOW);
    expect(found.flow[505 * width + 300]).toBe(0);
    expect(found.flow[530 * width + 300]).toBe(255);
    expect(found.deposition[100 * width + 300]).toBe(0);
  });
});
