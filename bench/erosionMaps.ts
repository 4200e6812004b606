import { runFaultFormation } from '../shared/fault/fastFormation';
import { DEFAULT_RECIPE } from '../shared/fault/recipe';
import { createHeightfield } from '../shared/terrain/heightfield';
import { DEFAULT_HYDRAULIC, type HydraulicParams } from '../shared/erosion/params';

/** The erosion benchmarks' droplet settings: 100,000 droplets, lifetime 30, radius 3, the tiled kernel. */
export const BENCH_HYDRAULIC: HydraulicParams = { ...DEFAULT_HYDRAULIC, droplets: 100_000, lifetime: 30, radius: 3, version: 2 };

const maps = new Map<number, Float32Array>();

/** The default fault recipe on a size² map with 1 m cells, made once per size and shared by the erosion benches. */
export function faultMap(size: number): Float32Array {
  let heights = maps.get(size);
  if (!heights) {
    const field = createHeightfield(size, size, 1);
    runFaultFormation(field, DEFAULT_RECIPE);
    heights = field.heights;
    maps.set(size, heights);
  }
  return heights;
}
