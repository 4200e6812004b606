import type { Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { heightRange, type Heightfield } from '../shared/terrain/heightfield';
import {
  LIGHTING_CHANNELS,
  OCCLUSION_REACH,
  computeLighting,
  growRect,
  lightingGridOf,
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

/**
 * The viewport's terrain lighting (shared/terrain/lighting.ts): sun shadows and sky occlusion from
 * the heights, on the lighting grid the viewport uses (the map itself at 1025², every fourth
 * vertex at 4097²), for the whole map (a Run: on the worker) and for a brush-sized edit (the main
 * thread, between frames).
 */
const SUN: LightingSun = { azimuthDeg: 235, elevationDeg: 32 };

interface State {
  grid: LightingHeights;
  out: Uint8Array;
  all: GridRect;
}

const states = new Map<number, State>();
/** The lighting grid of a synthetic `size`² map with 1 m cells (heights of every stride-th vertex). */
function state(size: number): State {
  let s = states.get(size);
  if (!s) {
    const field: Heightfield = syntheticTerrain(size, 1);
    const { stride, width, depth } = lightingGridOf(field);
    const heights = new Float32Array(width * depth);
    for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) heights[j * width + i] = field.heights[j * stride * field.width + i * stride];
    s = {
      grid: { width, depth, spacing: stride, heights },
      out: new Uint8Array(width * depth * LIGHTING_CHANNELS),
      all: { i0: 0, j0: 0, i1: width, j1: depth },
    };
    states.set(size, s);
  }
  return s;
}

/** A 64 m square edit in the middle of the map: the window a local update reads and the rect it writes. */
function localUpdate(s: State): { window: GridRect; output: GridRect } {
  const { width, depth, spacing } = s.grid;
  const side = Math.max(1, Math.round(64 / spacing));
  const i0 = Math.floor((width - side) / 2);
  const edit = { i0, j0: i0, i1: i0 + side, j1: i0 + side };
  const { min, max } = heightRange(s.grid.heights);
  const sweep = sunSweep(SUN, spacing);
  const reach = shadowReachSteps(sweep, max - min);
  const output = unionRect(sunAffected(edit, sweep, reach, width, depth), growRect(edit, OCCLUSION_REACH, width, depth));
  const window = unionRect(sunDependencies(output, sweep, reach, width, depth), growRect(output, OCCLUSION_REACH, width, depth));
  return { window, output };
}

function wholeMap(size: number): Benchmark[] {
  const vertices = () => state(size).grid.width * state(size).grid.depth;
  return [
    {
      name: `lighting: sun shadows, horizon sweep, whole map ${size}²`,
      size,
      samples: 5,
      warmup: 1,
      setup: () => state(size),
      run: (s) => {
        const { grid, out, all } = s as State;
        writeSunVisibility(grid, SUN, all, out);
      },
      measure: () => ({ lighting_vertices: vertices() }),
    },
    {
      name: `lighting: ambient occlusion, 8 directions, whole map ${size}²`,
      size,
      samples: 5,
      warmup: 1,
      setup: () => state(size),
      run: (s) => {
        const { grid, out, all } = s as State;
        writeSkyVisibility(grid, all, out);
      },
      measure: () => ({ lighting_vertices: vertices() }),
    },
    {
      name: `lighting: local update after a 64 m edit (window copy + sun + occlusion) ${size}²`,
      size,
      samples: 9,
      warmup: 2,
      setup: () => {
        const s = state(size);
        return { s, ...localUpdate(s) };
      },
      run: (u) => {
        const { s, window, output } = u as { s: State; window: GridRect; output: GridRect };
        const { width } = s.grid;
        const ww = window.i1 - window.i0;
        const wd = window.j1 - window.j0;
        const heights = new Float32Array(ww * wd);
        for (let j = 0; j < wd; j++) heights.set(s.grid.heights.subarray((window.j0 + j) * width + window.i0, (window.j0 + j) * width + window.i1), j * ww);
        const shift = (r: GridRect): GridRect => ({ i0: r.i0 - window.i0, j0: r.j0 - window.j0, i1: r.i1 - window.i0, j1: r.j1 - window.j0 });
        computeLighting({ width: ww, depth: wd, spacing: s.grid.spacing, heights }, SUN, shift(output), shift(s.all));
      },
      measure: () => {
        const { window, output } = localUpdate(state(size));
        return { window_vertices: (window.i1 - window.i0) * (window.j1 - window.j0), output_vertices: (output.i1 - output.i0) * (output.j1 - output.j0) };
      },
    },
  ];
}

export const benchmarks: Benchmark[] = [...wholeMap(1025), ...wholeMap(4097)];
