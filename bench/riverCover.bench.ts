import { cpuTimed, type Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { evaluateWater } from '../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../shared/hydrology/waterParams';
import type { WaterSurface } from '../shared/hydrology/waterSurface';
import type { ErosionCoverBytes } from '../shared/erosion/cover';
import type { LayerSize } from '../shared/layers/types';
import { coverOnFinalSurface, drawnCover } from '../app/document/surfaceCover';
import { riverCoverAnswer, riverCoverAsk, type RiverCoverAsk } from '../app/document/riverCoverJob';

/**
 * The erosion cover beside the rivers (app/document/surfaceCover.ts, riverCoverBands.ts) at 1025² and 4097² on the
 * LOD benches' synthetic hills with the default water layer plus smaller rivers (riverArea 20,000 m²), as
 * wetGround.bench.ts, and a droplets' cover of pseudo-random bytes (the cost does not depend on them):
 * - `river-cover old path`: drawnCover over the whole map at once (riverNearness, coverBesideRivers), what the
 *   window's thread did at each document change on maps ≤ 1025² (and what it still does without a worker: tests, CLI).
 * - `river-cover worker's bands`: riverCoverAnswer, what the worker does now (the same bytes, bands of 256 rows).
 * - `river-cover window's part`: what the window's thread still does per change: the cover on the final surface
 *   (no strokes here) and the copies of the flow, the water and the heights sent to the worker (riverCoverAsk).
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

function ask(s: State): RiverCoverAsk {
  const surfaced = coverOnFinalSurface(s.cover, [], s.size);
  return riverCoverAsk(s.size, surfaced.flow, { surface: s.water.surface, kind: s.water.kind, heights: s.heights });
}

function rows(side: number, samples: number): Benchmark[] {
  const baseline = `river-cover baseline: one read of every vertex`;
  const old = cpuTimed(samples, (s) => {
    const { cover, size, water, heights } = s as State;
    drawnCover(cover, [], size, water, heights);
  });
  const bands = cpuTimed(samples, (s) => riverCoverAnswer((s as State & { asked: RiverCoverAsk }).asked));
  const window = cpuTimed(samples, (s) => ask(s as State));
  const setup = () => state(side);
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
    {
      name: 'river-cover old path (whole map at once)',
      size: side,
      samples,
      warmup: 1,
      baseline: `${baseline}@${side}`,
      setup,
      run: old.run,
      measure: () => {
        const { cover, size, water, heights } = state(side);
        const drawn = drawnCover(cover, [], size, water, heights);
        let changed = 0;
        for (let k = 0; k < drawn.flow.length; k++) if (drawn.flow[k] !== cover.flow[k]) changed++;
        return { ...old.measure(), changed_share: changed / drawn.flow.length };
      },
    },
    {
      name: "river-cover worker's bands",
      size: side,
      samples,
      warmup: 1,
      baseline: `${baseline}@${side}`,
      setup: () => ({ ...setup(), asked: ask(setup()) }),
      run: bands.run,
      measure: bands.measure,
    },
    {
      name: "river-cover window's part (copies)",
      size: side,
      samples,
      warmup: 1,
      baseline: `${baseline}@${side}`,
      setup,
      run: window.run,
      measure: window.measure,
    },
  ];
}

export const benchmarks: Benchmark[] = [...rows(1025, 7), ...rows(4097, 3)];
