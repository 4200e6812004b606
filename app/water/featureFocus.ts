import type { FeatureIds, WaterFeature } from '../../shared/hydrology/waterFeatures';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import type { Vec3Like } from '../view/cameraPose';

/** Where the views look when a river or lake is selected (world metres): its middle, the radius round it, points on its water. */
export interface FeatureFocus {
  x: number;
  y: number;
  z: number;
  radius: number;
  /**
   * A point on its water: the wet vertex nearest the middle of its bounds (across the ground), at its surface. The 3D
   * camera looks at it, so a wheel zoom after selecting closes in on water (a winding river's middle is often dry hillside).
   */
  anchor: Vec3Like;
  /** Points on the feature's water surface (at most `count`, evenly along its vertices): the 3D camera must see them. */
  samples: readonly Vec3Like[];
}

/**
 * The focus of `feature`: the middle of its bounds at the mean of its highest and lowest surface, its anchor
 * (the wet vertex nearest that middle; the middle itself if it has none), and up to `count` of its wet vertices
 * (featureOf, row-major within its bounds, taken evenly) on the water's surface.
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
  // The middle of the bounds in vertex units, and the wet vertex nearest it (the first in row-major order of equals).
  const mi = (i0 + i1 - 1) / 2;
  const mj = (j0 + j1 - 1) / 2;
  let nearest = -1;
  let nearestD2 = Infinity;
  for (let j = j0; j < j1; j++) {
    for (let i = i0; i < i1; i++) {
      const v = j * width + i;
      if (featureOf[v] !== feature.id || Number.isNaN(surface[v])) continue;
      wet.push(v);
      const d2 = (i - mi) ** 2 + (j - mj) ** 2;
      if (d2 < nearestD2) {
        nearestD2 = d2;
        nearest = v;
      }
    }
  }
  const pointAt = (v: number): Vec3Like => {
    const i = v % width;
    const j = (v - i) / width;
    return { x: (i - (width - 1) / 2) * cellSize, y: surface[v], z: (j - (depth - 1) / 2) * cellSize };
  };
  const picks = Math.min(count, wet.length);
  const samples: Vec3Like[] = [];
  for (let k = 0; k < picks; k++) {
    samples.push(pointAt(wet[Math.floor(((k + 0.5) * wet.length) / picks)]));
  }
  const x = (mi - (width - 1) / 2) * cellSize;
  const y = (feature.top + feature.bottom) / 2;
  const z = (mj - (depth - 1) / 2) * cellSize;
  return {
    x,
    y,
    z,
    radius: (Math.hypot(i1 - i0, j1 - j0) * cellSize) / 2,
    anchor: nearest >= 0 ? pointAt(nearest) : { x, y, z },
    samples,
  };
}
