/** Test and bench support only: terrains a router must find its way over. */
import type { HeightsLayer, LayerSize } from '../../layers/types';

function layerOf(size: LayerSize, height: (x: number, z: number) => number): HeightsLayer {
  const heights = new Float32Array(size.width * size.depth);
  for (let j = 0; j < size.depth; j++) {
    for (let i = 0; i < size.width; i++)
      heights[j * size.width + i] = height((i - (size.width - 1) / 2) * size.cellSize, (j - (size.depth - 1) / 2) * size.cellSize);
  }
  return { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights };
}

/**
 * An escarpment across the map: flat at 0 m south of z = −rise / (2 · slope), flat at `rise` north of
 * z = +rise / (2 · slope), a uniform `slope` (rise over run) between: 120 m at 60 % is 200 m wide.
 */
export function escarpment(size: LayerSize, rise = 120, slope = 0.6): HeightsLayer {
  const half = rise / (2 * slope);
  return layerOf(size, (_x, z) => Math.min(rise, Math.max(0, (z + half) * slope)));
}

/** A cone with a flat top `top` metres across: `height` there, falling at `slope` to 0 at its foot. */
export function cone(size: LayerSize, height: number, slope: number, top = 0): HeightsLayer {
  return layerOf(size, (x, z) => Math.max(0, height - Math.max(0, Math.hypot(x, z) - top / 2) * slope));
}

/** A flat map with a wall (`height` m, vertical at the map's resolution) across it at z = 0. */
export function wall(size: LayerSize, height: number): HeightsLayer {
  return layerOf(size, (_x, z) => (z > 0 ? height : 0));
}

/** A plane rising `slopeX` (rise over run) towards +x and `slopeZ` towards +z, 0 m at the map's centre. */
export function plane(size: LayerSize, slopeX: number, slopeZ: number): HeightsLayer {
  return layerOf(size, (x, z) => slopeX * x + slopeZ * z);
}
