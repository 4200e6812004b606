/**
 * Distance level of detail for props: each prop draws its kind's full mesh, its low mesh or its far
 * solid (propMeshes.ts, PROP_MESH_LEVELS) by how tall it stands on screen, or no mesh at all (only
 * its far marker, a point) when smaller than a couple of pixels or outside the view. The props
 * together keep to a triangle budget: when the pixel thresholds would draw more, they are raised
 * (all by one factor, so the nearest props keep their detail longest) until the scene fits.
 *
 * The budget is the props' share of the scene's (shared/lod/sceneBudget.ts: ≤ 2 M triangles at
 * 4097² for the whole view, issue 34).
 */
import { PROPS_TRIANGLE_BUDGET } from '../lod/sceneBudget';
import type { LodCamera } from '../lod/selectLod';

/**
 * Screen size, pixels, from which a prop draws each level: the full mesh from 32 px, the low mesh
 * from 8 px, the far solid from 1.5 px; below that, its marker only.
 */
export const PROP_LEVEL_PIXELS: readonly number[] = [32, 8, 1.5];
/** The level of a prop that draws no mesh. */
export const PROP_NO_MESH = PROP_LEVEL_PIXELS.length;

/** The terrain's LOD camera (shared/lod/selectLod.ts); props wholly outside its frustum draw no mesh. */
export type PropLodCamera = LodCamera;

/** The props, as columns: base position, size (metres), kind. */
export interface PropLodInput {
  count: number;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  z: ArrayLike<number>;
  /** Each prop's size, metres: its kind's mesh's larger of height and width, times its scale. */
  height: ArrayLike<number>;
  /** Each prop's kind (an index into `triangles`). */
  kind: ArrayLike<number>;
  /** Triangles of each kind's mesh at each level (`triangles[kind][level]`), 0 past the last. */
  triangles: readonly (readonly number[])[];
}

export interface PropLodOptions {
  budget?: number;
  /**
   * How far beyond its own height a prop still matters outside the view, as a multiple of its height
   * (its shadow reaches in: 1 / tan(sun elevation)); 0 by default.
   */
  reach?: number;
}

export interface PropLodResult {
  /** Triangles drawn by the chosen levels. */
  triangles: number;
  /** The factor the pixel thresholds were raised by to fit the budget (1: not raised). */
  raised: number;
  /** Props at each level (the last entry: no mesh). */
  perLevel: number[];
}

/**
 * Chooses each prop's level into `levels` (0 full … PROP_NO_MESH none). Screen size is the prop's
 * size × viewportHeight / (2 · tan(fov/2) · distance to its middle): a conservative size, as if seen
 * side on (a bush counts by its width, a tree by its height). O(props), and O(props · 30) when the budget forces the thresholds up.
 */
export function selectPropLods(input: PropLodInput, camera: PropLodCamera, levels: Uint8Array, options: PropLodOptions = {}): PropLodResult {
  const budget = options.budget ?? PROPS_TRIANGLE_BUDGET;
  const reach = options.reach ?? 0;
  const { count, x, y, z, height, kind, triangles } = input;
  const focal = camera.viewportHeight / (2 * Math.tan((camera.fovYDegrees * Math.PI) / 360));
  const pixels = new Float32Array(count);
  const { x: cx, y: cy, z: cz } = camera.position;
  const planes = camera.frustum;
  for (let k = 0; k < count; k++) {
    const h = height[k];
    // Its middle, taken half its size up (a tree's crown, a bush's or rock's top: near enough for distance).
    const my = y[k] + h / 2;
    if (planes) {
      // A sphere round the prop (and its shadow's reach) wholly behind one plane is not seen.
      const radius = h * (0.75 + reach);
      let inside = true;
      for (const p of planes) {
        if (p.nx * x[k] + p.ny * my + p.nz * z[k] + p.d < -radius) {
          inside = false;
          break;
        }
      }
      if (!inside) {
        pixels[k] = 0;
        continue;
      }
    }
    const dx = x[k] - cx;
    const dy = my - cy;
    const dz = z[k] - cz;
    const distance = Math.max(Math.sqrt(dx * dx + dy * dy + dz * dz), 1e-3);
    pixels[k] = (h * focal) / distance;
  }
  // Triangles by kind and level, flat, the last level of each kind none.
  const stride = PROP_NO_MESH + 1;
  const cost = new Float64Array(triangles.length * stride);
  triangles.forEach((levels, t) => {
    for (let level = 0; level < PROP_NO_MESH; level++) cost[t * stride + level] = levels[level] ?? 0;
  });
  const total = (raise: number, out?: Uint8Array): number => {
    const [full, low, far] = PROP_LEVEL_PIXELS.map((px) => px * raise);
    let sum = 0;
    for (let k = 0; k < count; k++) {
      const px = pixels[k];
      const level = px >= full ? 0 : px >= low ? 1 : px >= far ? 2 : PROP_NO_MESH;
      if (out) out[k] = level;
      sum += cost[kind[k] * stride + level];
    }
    return sum;
  };
  let raised = 1;
  if (total(1) > budget) {
    // The smallest factor (to 1 %) that fits: far props lose detail first, near ones last.
    let low = 1;
    let high = 2;
    while (total(high) > budget) high *= 2;
    while (high / low > 1.01) {
      const middle = Math.sqrt(low * high);
      if (total(middle) > budget) low = middle;
      else high = middle;
    }
    raised = high;
  }
  const drawn = total(raised, levels);
  const perLevel = new Array<number>(PROP_NO_MESH + 1).fill(0);
  for (let k = 0; k < count; k++) perLevel[levels[k]]++;
  return { triangles: drawn, raised, perLevel };
}
