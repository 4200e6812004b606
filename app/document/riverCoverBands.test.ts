import { describe, expect, it } from 'vitest';
import { syntheticTerrain } from '../../shared/lod/testing/syntheticTerrain';
import { evaluateWater, WATER_LAKE, WATER_RIVER } from '../../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../../shared/hydrology/waterParams';
import { createWaterSurface, type WaterSurface } from '../../shared/hydrology/waterSurface';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { RIVER_BED_FLOW, RIVER_COVER_BACK } from '../../shared/erosion/riverCover';
import { createDocument } from './document';
import { createHeightRectEdit, readHeightRect } from './heightEdit';
import { addSculptDeltas } from '../../shared/layers/kinds/sculpt';
import type { LayerStack, SculptLayer } from '../../shared/layers/types';
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
import { CoverJob, inProcessRiverCoverRunner, type CoverAnswer, type CoverAsk, type CoverLink, type CoverPatch, type RiverCoverRunner } from './riverCoverJob';
import type { CoverRect } from './riverCoverBands';
import type { ErosionCoverBytes } from '../../shared/erosion/cover';

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

/** The worker's whole-map ask for a map (its own copies). */
function wholeAsk(
  size: { width: number; depth: number; cellSize: number },
  cover: ErosionCoverBytes,
  water: WaterSurface | null,
  heights: Float32Array,
): CoverAsk {
  const patch: CoverPatch = {
    rect: { i0: 0, j0: 0, i1: size.width, j1: size.depth },
    heights: heights.slice(),
    surface: water ? water.surface.slice() : null,
    kind: water ? water.kind.slice() : null,
    flow: cover.flow.slice(),
    deposition: cover.deposition.slice(),
  };
  return { kind: 'whole', ...size, patch };
}

/** The worker's ask for `rect` of a map it holds. */
function rectAsk(width: number, rect: CoverRect, cover: ErosionCoverBytes, water: WaterSurface | null, heights: Float32Array): CoverAsk {
  const rows = <T extends Float32Array | Uint8Array>(a: T): T => {
    const w = rect.i1 - rect.i0;
    const out = new (a.constructor as new (n: number) => T)(w * (rect.j1 - rect.j0));
    for (let j = rect.j0; j < rect.j1; j++) out.set(a.subarray(j * width + rect.i0, j * width + rect.i1), (j - rect.j0) * w);
    return out;
  };
  const patch: CoverPatch = {
    rect,
    heights: rows(heights),
    surface: water ? rows(water.surface) : null,
    kind: water ? rows(water.kind) : null,
    flow: rows(cover.flow),
    deposition: rows(cover.deposition),
  };
  return { kind: 'rect', patch };
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

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

  it('over the whole map, the worker’s answer is the whole-map passes’ bytes (the channel pass, then the rivers’ part)', () => {
    const drawn = drawnCover(cover, [], size, water, heights);
    const answer = new CoverJob().take(wholeAsk(size, cover, water, heights));
    expect(same(answer.flow, drawn.flow)).toBe(true);
    expect(same(answer.deposition, drawn.deposition)).toBe(true);
    expect(drawn.deposition.every((b) => b === 0)).toBe(true);
    // Both passes changed something: the channel pass alone and the rivers' part alone each give other bytes.
    expect(same(surfacedCover(cover, [], size, heights).flow, drawn.flow)).toBe(false);
    expect(same(whole.flow, drawn.flow)).toBe(false);
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
    expect(coverBesideRiversOf(cover, size, lakes, heights)).toBe(cover);
    // The worker's answer is then the channel pass's alone, silt kept.
    const channelled = surfacedCover(cover, [], size, heights);
    const answer = new CoverJob().take(wholeAsk(size, cover, lakes, heights));
    expect(same(answer.flow, channelled.flow) && same(answer.deposition, channelled.deposition)).toBe(true);
    expect(answer.deposition.some((b) => b > 0)).toBe(true);
  });
});

describe('the worker’s copy of the map kept by rectangles (riverCoverJob.ts CoverJob)', () => {
  it('after each edit’s rectangle the answer is the whole-map passes’ bytes on the map as edited (heights, water, cover, first and last river)', () => {
    const { size, heights, water, cover } = hills();
    const { width } = size;
    const h = heights.slice();
    const w: WaterSurface = { surface: water.surface.slice(), kind: water.kind.slice() };
    // No river at first: lakes only (the silt is kept), so that a river dug later changes the silt of the whole map.
    for (let k = 0; k < h.length; k++) {
      if (w.kind[k] === WATER_LAKE) continue;
      w.surface[k] = NaN;
      w.kind[k] = 0;
    }
    const c = { flow: cover.flow.slice(), deposition: cover.deposition.slice() };
    const job = new CoverJob();
    const check = (answer: CoverAnswer, what: string) => {
      const drawn = drawnCover(c, [], size, w, h);
      if (!same(answer.flow, drawn.flow) || !same(answer.deposition, drawn.deposition)) expect.fail(`${what}: not the whole map's bytes`);
      return drawn;
    };
    const first = check(job.take(wholeAsk(size, c, w, h)), 'whole map');
    expect(first.deposition.some((b) => b > 0)).toBe(true);
    const edit = (what: string, rect: CoverRect, change: (k: number) => void) => {
      for (let j = rect.j0; j < rect.j1; j++) for (let i = rect.i0; i < rect.i1; i++) change(j * width + i);
      return check(job.take(rectAsk(width, rect, c, w, h)), what);
    };
    // A hill raised in the middle (across the bands' boundary at row 128 of the rivers' part and the channel pass's).
    edit('a hill', { i0: 100, j0: 110, i1: 160, j1: 150 }, (k) => (h[k] += 4 * Math.sin((k % width) / 9)));
    // A creek dug along a row near the map's corner: the first river, so the silt goes from the whole map.
    const dug = edit('the first river', { i0: 0, j0: 240, i1: 90, j1: 243 }, (k) => {
      h[k] -= 1;
      w.surface[k] = h[k] + 0.3;
      w.kind[k] = WATER_RIVER;
    });
    expect(dug.deposition.every((b) => b === 0)).toBe(true);
    expect(dug.flow[241 * width + 40]).toBe(RIVER_BED_FLOW);
    // The droplets' cover changed over a rectangle at the map's edge; an empty rectangle (nothing changed).
    edit('the cover', { i0: 230, j0: 0, i1: 257, j1: 70 }, (k) => {
      c.flow[k] = 255 - c.flow[k];
      c.deposition[k] = 0;
    });
    edit('nothing', { i0: 50, j0: 50, i1: 50, j1: 50 }, () => undefined);
    // The river filled in again: the last river gone, the silt back on the whole map.
    const filled = edit('the last river', { i0: 0, j0: 240, i1: 90, j1: 243 }, (k) => {
      h[k] += 1;
      w.surface[k] = NaN;
      w.kind[k] = 0;
    });
    expect(filled.deposition.some((b) => b > 0)).toBe(true);
  });
});

/** A link whose worker answers only when told to (a large map's, or a loaded machine's): `answer()` answers the oldest ask. */
function lateLink(): { runner: RiverCoverRunner; asks: CoverAsk[]; answer: () => void } {
  const job = new CoverJob();
  const asks: CoverAsk[] = [];
  const queue: { ask: CoverAsk; resolve: (a: CoverAnswer | null) => void; wanted: boolean }[] = [];
  let synced = false;
  const link: CoverLink = {
    get synced() {
      return synced;
    },
    ask(ask) {
      if (ask.kind === 'whole') synced = true;
      asks.push(ask);
      let resolve: (a: CoverAnswer | null) => void = () => undefined;
      const result = new Promise<CoverAnswer | null>((r) => (resolve = r));
      const run = { ask, resolve, wanted: true };
      queue.push(run);
      return { result, cancel: () => (run.wanted = false) };
    },
    dispose: () => undefined,
  };
  const answer = () => {
    const run = queue.shift()!;
    const found = job.take(run.ask);
    run.resolve(run.wanted ? found : null);
  };
  return { runner: () => link, asks, answer };
}

describe('the document’s drawn cover found off the thread (surfaceCover.ts findRiverCoverWith)', () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('gives the cover before the passes, then the whole-map passes’ bytes once found, telling its listeners; a drive or an export waits for none', async () => {
    const { size, heights, water, cover } = hills();
    const doc = createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights.slice()), []);
    doc.erosionMasks = cover;
    doc.water = water;
    const expected = drawnCover(cover, [], size, water, heights);
    const editor = new Editor(doc);
    const undo = findRiverCoverWith(editor, inProcessRiverCoverRunner);
    let told = 0;
    onRiverCover(editor, () => told++);
    // Before the passes: the droplets' cover on the final surface (no stroke here: the results themselves), no pass on this thread.
    expect(surfaceCoverOf(editor)).toBe(cover);
    await tick();
    expect(told).toBe(1);
    const found = surfaceCoverOf(editor)!;
    expect(same(found.flow, expected.flow) && same(found.deposition, expected.deposition)).toBe(true);
    expect(surfaceCoverOf(editor)).toBe(found);
    // Another document version: the last cover drawn until the next is found; surfaceCoverNow finds it at once.
    editor.store.setState((s) => ({ documentVersion: s.documentVersion + 1 }));
    expect(surfaceCoverOf(editor)).toBe(found);
    const now = surfaceCoverNow(editor)!;
    expect(now).not.toBe(found);
    expect(same(now.flow, expected.flow)).toBe(true);
    expect(told).toBe(2);
    await tick();
    // The run no longer waited for tells no one.
    expect(told).toBe(2);
    expect(surfaceCoverOf(editor)).toBe(now);
    undo();
  });

  it('an edit sends the worker its rectangle only, and the cover found is the whole-map passes’ over the edited map; undo and redo too', async () => {
    const { size, heights, water, cover } = hills();
    const doc = createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights.slice()), []);
    doc.erosionMasks = cover;
    doc.water = water;
    const editor = new Editor(doc);
    const late = lateLink();
    const undo = findRiverCoverWith(editor, late.runner);
    const settled = async () => {
      while (!surfaceCoverSettled(editor)) {
        late.answer();
        await tick();
      }
      return surfaceCoverOf(editor)!;
    };
    const expectDrawn = (found: ErosionCoverBytes, what: string) => {
      const drawn = drawnCover(cover, [], size, water, doc.field.heights);
      if (!same(found.flow, drawn.flow) || !same(found.deposition, drawn.deposition)) expect.fail(`${what}: not the whole map's bytes`);
    };
    expectDrawn(await settled(), 'opened');
    expect(late.asks.map((a) => a.kind)).toEqual(['whole']);
    // Two edits before the worker answers: each is sent as its rectangle, and both are in the second answer.
    const rectA = { i0: 30, j0: 40, i1: 70, j1: 90 };
    const rectB = { i0: 200, j0: 180, i1: 240, j1: 230 };
    for (const [n, rect] of [rectA, rectB].entries()) {
      const before = readHeightRect(doc, rect);
      const after = before.map((v, k) => v + (n + 1) * 3 * Math.sin(k / 11));
      editor.apply(createHeightRectEdit('raise', doc, rect, before, after));
      surfaceCoverOf(editor);
    }
    expect(late.asks.slice(1).map((a) => [a.kind, a.patch.rect])).toEqual([
      ['rect', rectA],
      ['rect', rectB],
    ]);
    expect(late.asks[2].patch.heights.length).toBe(40 * 50);
    expectDrawn(await settled(), 'two edits');
    editor.undo();
    expectDrawn(await settled(), 'undo');
    editor.redo();
    expectDrawn(await settled(), 'redo');
    expect(late.asks.slice(1).every((a) => a.kind === 'rect')).toBe(true);
    // New erosion results: the whole map again.
    const other = { flow: cover.flow.map((b) => 255 - b), deposition: cover.deposition.slice() };
    editor.setErosionResults(other);
    surfaceCoverOf(editor);
    expect(late.asks[late.asks.length - 1].kind).toBe('whole');
    const found = await settled();
    const drawn = drawnCover(other, [], size, water, doc.field.heights);
    expect(same(found.flow, drawn.flow)).toBe(true);
    undo();
  });

  it('a brush stroke above the erosion (a sculpt layer’s tiles) is sent as its tiles’ rectangle, the cover taken from under the stroke', async () => {
    const { size, heights, water, cover } = hills();
    const doc = createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights.slice()), []);
    const hydraulic = { id: 'h', name: 'h', kind: 'hydraulic', enabled: true, opacity: 1, params: {} } as unknown as LayerStack[number];
    doc.stack = [hydraulic];
    doc.erosionMasks = cover;
    doc.water = water;
    const editor = new Editor(doc);
    const late = lateLink();
    const undo = findRiverCoverWith(editor, late.runner);
    const settled = async () => {
      while (!surfaceCoverSettled(editor)) {
        late.answer();
        await tick();
      }
      return surfaceCoverOf(editor)!;
    };
    await settled();
    // A layer of 3 m cuts in tile (1, 1) only, the heights left as they are (what the views' cover follows is the stack).
    const layer = { id: 's', name: 's', kind: 'sculpt', enabled: true, opacity: 1, params: {}, tiles: [] } as unknown as SculptLayer;
    addSculptDeltas(layer, size, { i0: 0, j0: 0, i1: size.width, j1: size.depth }, (i, j) => (i >= 70 && i < 100 && j >= 80 && j < 110 ? -3 : 0));
    doc.stack = [hydraulic, layer];
    editor.store.setState((s) => ({
      documentVersion: s.documentVersion + 1,
      version: s.version + 1,
      lastChange: { kind: 'rect', i0: 0, j0: 0, i1: 0, j1: 0 },
    }));
    surfaceCoverOf(editor);
    const ask = late.asks[late.asks.length - 1];
    expect(ask.kind).toBe('rect');
    expect(ask.patch.rect).toEqual({ i0: 64, j0: 64, i1: 128, j1: 128 });
    const found = await settled();
    const drawn = drawnCover(cover, doc.stack, size, water, doc.field.heights);
    expect(same(found.flow, drawn.flow) && same(found.deposition, drawn.deposition)).toBe(true);
    undo();
  });

  it('a view reports a version drawn only with that version’s cover: a worker answering late holds the report back until it answers', async () => {
    const { size, heights, water, cover } = hills();
    const doc = createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights.slice()), []);
    doc.erosionMasks = cover;
    doc.water = water;
    const expected = drawnCover(cover, [], size, water, heights);
    const editor = new Editor(doc);
    const late = lateLink();
    const undo = findRiverCoverWith(editor, late.runner);
    // A view as the three views draw: its cover, then "drawn" for the document's version only when the cover is settled.
    const reports: { version: number; flow: Uint8Array }[] = [];
    const draw = () => {
      const drawn = surfaceCoverOf(editor)!;
      if (surfaceCoverSettled(editor)) reports.push({ version: editor.store.getState().documentVersion, flow: drawn.flow });
    };
    onRiverCover(editor, draw);
    draw();
    expect(late.asks.length).toBe(1);
    await tick();
    await tick();
    expect(reports).toEqual([]);
    late.answer();
    await tick();
    expect(reports.length).toBe(1);
    expect(same(reports[0].flow, expected.flow)).toBe(true);
    // The next version: the last cover is drawn meanwhile, but no report until its own cover is in.
    editor.store.setState((s) => ({ documentVersion: s.documentVersion + 1 }));
    draw();
    expect(late.asks.length).toBe(2);
    expect(surfaceCoverSettled(editor)).toBe(false);
    await tick();
    expect(reports.length).toBe(1);
    late.answer();
    await tick();
    expect(reports.map((r) => r.version)).toEqual([0, 1].map((d) => reports[0].version + d));
    expect(surfaceCoverSettled(editor)).toBe(true);
    undo();
  });

  it('maps over 1025² get the channel pass and their rivers’ cover (no size limit): a creek and a valley on a 1100 × 1000 map', () => {
    const width = 1100;
    const depth = 1000;
    // A V valley along row 700 (its floor concave: the droplets' flow kept), planes either side (none kept), a creek
    // along row 500 on the plane.
    const field = createHeightfield(width, depth, 1);
    for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) field.heights[j * width + i] = 0.2 * Math.abs(j - 700);
    const water = createWaterSurface(width * depth);
    for (let i = 0; i < width; i++) {
      water.surface[500 * width + i] = field.heights[500 * width + i] + 0.3;
      water.kind[500 * width + i] = WATER_RIVER;
    }
    const doc = createDocument(field, []);
    doc.erosionMasks = { flow: new Uint8Array(width * depth).fill(255), deposition: new Uint8Array(width * depth).fill(255) };
    doc.water = water;
    const found = surfaceCoverOf(new Editor(doc))!;
    expect(found.flow[500 * width + 300]).toBe(RIVER_BED_FLOW);
    expect(found.flow[505 * width + 300]).toBe(0);
    expect(found.flow[600 * width + 300]).toBe(0);
    expect(found.flow[700 * width + 300]).toBe(255);
    expect(found.deposition[100 * width + 300]).toBe(0);
  });
});
