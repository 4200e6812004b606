import { cpuTimed, type Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { evaluateWater } from '../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../shared/hydrology/waterParams';
import type { WaterSurface } from '../shared/hydrology/waterSurface';
import type { ErosionCoverBytes } from '../shared/erosion/cover';
import type { LayerSize } from '../shared/layers/types';
import { coverOnFinalSurface, drawnCover, findRiverCoverWith, surfaceCoverOf } from '../app/document/surfaceCover';
import { CoverJob, type CoverAsk, type CoverLink } from '../app/document/riverCoverJob';
import { coverInChannels } from '../shared/erosion/channelCover';
import { createDocument } from '../app/document/document';
import { Editor } from '../app/document/editor';
import { createHeightfield } from '../shared/terrain/heightfield';
import type { DirtyRegion } from '../app/document/region';

/**
 * The drawn erosion cover (app/document/surfaceCover.ts: the channel pass, then beside the rivers) at 1025² and 4097²
 * on the LOD benches' synthetic hills with the default water layer plus smaller rivers (riverArea 20,000 m²), as
 * wetGround.bench.ts, and a droplets' cover of pseudo-random bytes (the cost does not depend on them):
 * - `river-cover old path`: drawnCover over the whole map at once, on the calling thread (tests, the CLI, an export or
 *   a drive that cannot wait: surfaceCoverNow).
 * - `river-cover worker's job`: CoverJob.take (riverCoverJob.ts), what the worker does: a whole map (the same bytes, in
 *   bands), and an edit's 128² rectangle of a map it holds (found again over the rectangle grown by the reach).
 * - `river-cover window's part`: what the window's thread does per document change, surfaceCoverOf with a worker that
 *   never answers: a whole-map change (the copies sent) and an edit of 128² (its rectangle sent). `before` is what it
 *   did until now: the cover on the final surface, the channel pass on maps up to 1025², the copies of the flow, the
 *   water and the heights.
 * The baseline reads each vertex's surface and height once. Ratios are to it; CPU time alongside (the machine is shared).
 */
interface State {
  size: LayerSize;
  heights: Float32Array;
  water: WaterSurface;
  cover: ErosionCoverBytes;
}

const cached = new Map<number, State>();

function state(side: number): State {
  const hit = cached.get(side);
  if (hit) return hit;
  const ground = syntheticTerrain(side, 1);
  const heights = new Float32Array(ground.heights.length);
  const result = evaluateWater(ground, ground.heights, heights, { ...DEFAULT_WATER_PARAMS, riverArea: 20_000 });
  if (!result) throw new Error('water was cancelled');
  const flow = new Uint8Array(heights.length);
  const deposition = new Uint8Array(heights.length);
  let seed = 1;
  for (let k = 0; k < flow.length; k++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    flow[k] = seed >>> 24;
    deposition[k] = (seed >>> 16) & 255;
  }
  const made: State = {
    size: { width: side, depth: side, cellSize: 1 },
    heights,
    water: { surface: result.surface, kind: result.kind },
    cover: { flow, deposition },
  };
  cached.clear();
  cached.set(side, made);
  return made;
}

/** The window's part until now (the code before the worker took the channel pass), for comparison in the same run. */
function windowPartBefore(s: State): unknown {
  const { cover, size, water, heights } = s;
  const surfaced = coverOnFinalSurface(cover, [], size);
  const kept = size.width * size.depth > 1025 * 1025 ? surfaced : coverInChannels(surfaced, heights, size);
  return [kept.flow.slice(), water.surface.slice(), water.kind.slice(), heights.slice()];
}

/** The whole-map ask a worker is sent, and an edit's 128² rectangle of it. */
function asks(s: State): { whole: CoverAsk; rect: CoverAsk } {
  const { size, heights, water, cover } = s;
  const { width, depth } = size;
  const whole: CoverAsk = {
    kind: 'whole',
    ...size,
    patch: {
      rect: { i0: 0, j0: 0, i1: width, j1: depth },
      heights: heights.slice(),
      surface: water.surface.slice(),
      kind: water.kind.slice(),
      flow: cover.flow.slice(),
      deposition: cover.deposition.slice(),
    },
  };
  const i0 = Math.floor(width / 2) - 64;
  const rect = { i0, j0: i0, i1: i0 + 128, j1: i0 + 128 };
  const rows = <T extends Float32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
    const out = make(128 * 128);
    for (let j = rect.j0; j < rect.j1; j++) out.set(a.subarray(j * width + rect.i0, j * width + rect.i1), (j - rect.j0) * 128);
    return out;
  };
  const f32 = (n: number) => new Float32Array(n);
  const u8 = (n: number) => new Uint8Array(n);
  const patch = {
    rect,
    heights: rows(heights, f32),
    surface: rows(water.surface, f32),
    kind: rows(water.kind, u8),
    flow: rows(cover.flow, u8),
    deposition: rows(cover.deposition, u8),
  };
  return { whole, rect: { kind: 'rect', patch } };
}

/** An editor on the map whose cover is found by a worker that never answers (the window's part alone), and a change to make. */
function windowEditor(s: State): { editor: Editor; change: (region: DirtyRegion) => void } {
  const { size, heights, water, cover } = s;
  const doc = createDocument(createHeightfield(size.width, size.depth, size.cellSize, heights), []);
  doc.erosionMasks = cover;
  doc.water = water;
  const editor = new Editor(doc);
  let synced = false;
  const link: CoverLink = {
    get synced() {
      return synced;
    },
    ask(ask) {
      if (ask.kind === 'whole') synced = true;
      return { result: new Promise(() => undefined), cancel: () => undefined };
    },
    dispose: () => undefined,
  };
  findRiverCoverWith(editor, () => link);
  surfaceCoverOf(editor);
  const change = (region: DirtyRegion) => {
    editor.store.setState((st) => ({ version: st.version + 1, documentVersion: st.documentVersion + 1, lastChange: region }));
    surfaceCoverOf(editor);
  };
  return { editor, change };
}

function rows(side: number, samples: number): Benchmark[] {
  const baseline = `river-cover baseline: one read of every vertex`;
  const old = cpuTimed(samples, (s) => {
    const { cover, size, water, heights } = s as State;
    drawnCover(cover, [], size, water, heights);
  });
  type Held = State & { job: CoverJob; asked: { whole: CoverAsk; rect: CoverAsk } };
  const jobWhole = cpuTimed(samples, (s) => {
    const held = s as Held;
    // take() keeps the ask's arrays as its copy: a fresh whole ask each time (made outside the timing by `setup`).
    held.job.take(held.asked.whole);
  });
  const jobRect = cpuTimed(samples, (s) => (s as Held).job.take((s as Held).asked.rect));
  const before = cpuTimed(samples, (s) => windowPartBefore(s as State));
  type Windowed = State & { change: (region: DirtyRegion) => void };
  const windowWhole = cpuTimed(samples, (s) => (s as Windowed).change({ kind: 'all' }));
  const mid = Math.floor(side / 2) - 64;
  const windowRect = cpuTimed(samples, (s) => (s as Windowed).change({ kind: 'rect', i0: mid, j0: mid, i1: mid + 128, j1: mid + 128 }));
  const setup = () => state(side);
  const row = (name: string, timed: ReturnType<typeof cpuTimed>, make: () => unknown = setup): Benchmark => ({
    name,
    size: side,
    samples,
    warmup: 1,
    baseline: `${baseline}@${side}`,
    setup: make,
    run: timed.run,
    measure: timed.measure,
  });
  const held = (): Held => {
    const s = setup();
    const job = new CoverJob();
    const asked = asks(s);
    job.take(asked.whole);
    return { ...s, job, asked };
  };
  const windowed = (): Windowed => ({ ...setup(), change: windowEditor(setup()).change });
  return [
    {
      name: baseline,
      size: side,
      samples,
      warmup: 1,
      setup,
      run: (s) => {
        const { heights, water } = s as State;
        let wet = 0;
        for (let v = 0; v < heights.length; v++) if (water.surface[v] > heights[v]) wet++;
        return wet;
      },
    },
    row('river-cover old path (whole map at once)', old),
    // Each sample takes the same whole ask: the job keeps its arrays, which the next sample overwrites alike.
    row("river-cover worker's job, whole map", jobWhole, held),
    row("river-cover worker's job, an edit's 128² rectangle", jobRect, held),
    row("river-cover window's part, before (channel pass ≤ 1025², copies)", before),
    row("river-cover window's part, whole-map change (copies)", windowWhole, windowed),
    row("river-cover window's part, an edit's 128² rectangle", windowRect, windowed),
  ];
}

export const benchmarks: Benchmark[] = [...rows(1025, 7), ...rows(4097, 3)];
