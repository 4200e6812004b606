/** The road the road benches share: 573 m through five points on a 4097² map at 1 m, and its ground. */
import type { LayerSize } from '../shared/layers/types';
import type { RoadPoint } from '../shared/roads/params';

export const ROAD_BENCH_SIZE: LayerSize = { width: 4097, depth: 4097, cellSize: 1 };

export const ROAD_BENCH_POINTS: RoadPoint[] = [
  { x: -220, z: -80 },
  { x: -90, z: 30 },
  { x: 40, z: -40 },
  { x: 150, z: 60 },
  { x: 230, z: 10 },
];

/** Smooth synthetic hills: waves of `waves[0]` m along x and `waves[1]` m along z, written into `out`. */
export function fillRollingHeights(out: Float32Array, width: number, depth: number, waves: readonly [number, number] = [40, 30]): void {
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) out[j * width + i] = Math.sin(i * 0.01) * waves[0] + Math.cos(j * 0.013) * waves[1];
}

/** The hills of fillRollingHeights in a new array of the map's size. */
export function rollingHeights(size: { width: number; depth: number }): Float32Array<ArrayBuffer> {
  const heights = new Float32Array(size.width * size.depth);
  fillRollingHeights(heights, size.width, size.depth);
  return heights;
}
