/** Test support only: terrains with known river surfaces, and a river layer on them. */
import type { HeightsLayer, LayerSize, RiverLayer } from '../../layers/types';
import { riverParams, type RiverParams, type RiverPoint } from '../params';

export const RIVER_SIZE: LayerSize = { width: 129, depth: 33, cellSize: 1 };

/** Heights h(x, z) at the vertices, x and z in metres from the map centre. */
export function heightsOf(size: LayerSize, h: (x: number, z: number) => number): HeightsLayer {
  const heights = new Float32Array(size.width * size.depth);
  for (let j = 0; j < size.depth; j++) {
    for (let i = 0; i < size.width; i++)
      heights[j * size.width + i] = h((i - (size.width - 1) / 2) * size.cellSize, (j - (size.depth - 1) / 2) * size.cellSize);
  }
  return { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights };
}

/**
 * Adverse terrain: a plane falling 0.1 m a metre towards +x with a triangular bump across it, 4 m
 * high at x = 0 and 16 m long at its foot (its sides rise 0.5 m a metre: 0.4 against the fall).
 * Its kinks are at vertices, so along a grid row the drawn surface is exactly this function.
 */
export const bumpGround = (x: number): number => -0.1 * x + Math.max(0, 4 - 0.5 * Math.abs(x));

/**
 * The running minimum of bumpGround from upstream (x → +x), in closed form: the plane down to the
 * bump's foot at x = −8 (0.8 m), level at 0.8 m until the bump's far side falls back through it,
 * where −0.1x + 4 − 0.5x = 0.8, x = 16 / 3; then the ground again.
 */
export function bumpSurface(x: number): number {
  if (x <= -8) return -0.1 * x;
  if (x <= 16 / 3) return 0.8;
  return bumpGround(x);
}

export function riverLayer(points: RiverPoint[], overrides: Partial<Omit<RiverParams, 'points'>> = {}, id = 'river-1'): RiverLayer {
  return { id, name: 'Test river', enabled: true, opacity: 1, kind: 'river', params: riverParams(points, overrides) };
}

/** A flat 129 × 129 m map (1 m cells). */
export const FLAT_RIVER_MAP: LayerSize = { width: 129, depth: 129, cellSize: 1 };

/**
 * A drawn river along x = 0 across FLAT_RIVER_MAP from z = −62 to 62, its bed 6 m wide and 1.5 m
 * below the water (so under water for |x| ≤ 3 m at least).
 */
export function riverAcrossFlatMap(): RiverLayer {
  const river = riverLayer(
    [
      { x: 0, z: -62 },
      { x: 0, z: 62 },
    ],
    { width: 6, depth: 1.5 },
  );
  return { ...river, name: 'River' };
}
