import type { FeatureIds, WaterFeature } from '../../shared/hydrology/waterFeatures';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import type { Vec3Like } from '../view/cameraPose';

/** Where the views look when a river or lake is selected (world metres): its middle, the radius round it, points on its water. */
export interface FeatureFocus {
  x: number;
  y: number;
  z: number;
  radius: number;
  /** Points on the feature's water surface (at most `count`, evenly along its vertices): the 3D camera must see them. */
  samples: readonly Vec3Like[];
}

/**
 * The focus of `feature`: the middle of its bounds at the mean of its highest and lowest surface, and up to
 * `count` of its wet vertices (featureOf, row-major within its bounds, taken evenly) on the water's surface.
 */
export function featureFocus(
  field: { width: number; depth: number; cellSize: number },
  water: Pick<WaterSurface, 'surface'>,
  featureOf: FeatureIds,
  feature: Pick<WaterFeature, 'id' | 'top' | 'bottom' | 'bounds'>,
  count: number,
): FeatureFocus {
  const { width, depth, cellSize } = field;
  const { i0, j0, i1, j1 } = feature.bounds;
  const surface = water.surface;
  const wet: number[] = [];
  for (let j = j0; j < j1; j++) {
    for (let i = i0; i < i1; i++) {
      const v = j * width + i;
      if (featureOf[v] === feature.id && !Number.isNaN(surface[v])) wet.push(v);
    }
  }
  const picks = Math.min(count, wet.length);
  const samples: Vec3Like[] = [];
  for (let k = 0; k < picks; k++) {
    const v = wet[Math.floor(((k + 0.5) * wet.length) / picks)];
    const i = v % width;
    const j = (v - i) / width;
    samples.push({ x: (i - (width - 1) / 2) * cellSize, y: surface[v], z: (j - (depth - 1) / 2) * cellSize });
  }
  return {
    x: ((i0 + i1 - 1) / 2 - (width - 1) / 2) * cellSize,
    y: (feature.top + feature.bottom) / 2,
    z: ((j0 + j1 - 1) / 2 - (depth - 1) / 2) * cellSize,
    radius: (Math.hypot(i1 - i0, j1 - j0) * cellSize) / 2,
    samples,
  };
}
