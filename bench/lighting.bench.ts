import type { Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/syntheticTerrain.testkit';
import { heightRange, type Heightfield } from '../shared/terrain/heightfield';
import {
  LIGHTING_CHANNELS,
  OCCLUSION_REACH,
  computeLighting,
  growRect,
  shadowReachSteps,
  sunAffected,
  sunDependencies,
  sunSweep,
  unionRect,
  writeSkyVisibility,
  writeSunVisibility,
  type GridRect,
  type LightingHeights,
  type LightingSun,
} from '../shared/terrain/lighting';

const SIZE = 4097;
const SUN: LightingSun = { azimuthDeg: 235, elevationDeg: 32 };

interface State {
  grid: LightingHeights;
  out: Uint8Array;
  all: GridRect;
}

let shared: State | undefined;
function state(): State {
  if (!shared) {
    const field: Heightfield = syntheticTerrain(SIZE, 1);
    shared = {
      grid: { width: SIZE, depth: SIZE, spacing: 1, heights: field.heights },
      out: new Uint8Array(SIZE * SIZE * LIGHTING_CHANNELS),
      all: { i0: 0, j0: 0, i1: SIZE, j1: SIZE },
    };
  }
  return shared;
}

/** A brush-sized edit (64 m square) in the middle of the map: the window a local update reads and the rect it writes. */
function localUpdate(s: State): { window: GridRect; output: GridRect } {
  const edit = { i0: 2016, j0: 2016, i1: 2080, j1: 2080 };
  const { min, max } = heightRange(s.grid.heights);
  const sweep = sunSweep(SUN, s.grid.spacing);
  const reach = shadowReachSteps(sweep, max - min);
  const output = unionRect(sunAffected(edit, sweep, reach, SIZE, SIZE), growRect(edit, OCCLUSION_REACH, SIZE, SIZE));
  const window = unionRect(sunDependencies(output, sweep, reach, SIZE, SIZE), growRect(output, OCCLUSION_REACH, SIZE, SIZE));
  return { window, output };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'lighting: sun shadows, horizon sweep, whole map',
    size: SIZE,
    samples: 5,
    warmup: 1,
    opsPerRun: SIZE * SIZE,
    setup: state,
    run: (s) => {
      const { grid, out, all } = s as State;
      writeSunVisibility(grid, SUN, all, out);
    },
  },
  {
    name: 'lighting: ambient occlusion, 8 directions, whole map',
    size: SIZE,
    samples: 3,
    warmup: 1,
    opsPerRun: SIZE * SIZE,
    setup: state,
    run: (s) => {
      const { grid, out, all } = s as State;
      writeSkyVisibility(grid, all, out);
    },
  },
  {
    name: 'lighting: local update after a 64 m edit (window copy + sun + occlusion)',
    size: SIZE,
    samples: 7,
    warmup: 2,
    setup: () => {
      const s = state();
      const update = localUpdate(s);
      return { s, ...update };
    },
    run: (u) => {
      const { s, window, output } = u as { s: State; window: GridRect; output: GridRect };
      const ww = window.i1 - window.i0;
      const wd = window.j1 - window.j0;
      const heights = new Float32Array(ww * wd);
      for (let j = 0; j < wd; j++) heights.set(s.grid.heights.subarray((window.j0 + j) * SIZE + window.i0, (window.j0 + j) * SIZE + window.i1), j * ww);
      const shift = (r: GridRect): GridRect => ({ i0: r.i0 - window.i0, j0: r.j0 - window.j0, i1: r.i1 - window.i0, j1: r.j1 - window.j0 });
      computeLighting({ width: ww, depth: wd, spacing: 1, heights }, SUN, shift(output), shift(s.all));
    },
    measure: () => {
      const { window, output } = localUpdate(state());
      return { window_vertices: (window.i1 - window.i0) * (window.j1 - window.j0), output_vertices: (output.i1 - output.i0) * (output.j1 - output.j0) };
    },
  },
];
