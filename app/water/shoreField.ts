/**
 * The water's edge inside a cell. The depth read between a cell's corners along its triangles (linear
 * in each) reaches 0 on a line that kinks at every triangle edge: along a narrow river on the grid's
 * cells, a sawtooth a fraction of a cell deep. Here each corner also carries the depth's slope on the
 * ground (central differences over its neighbours), and a point reads the corners' depths carried
 * out along their slopes, weighted as the triangle weighs them:
 *   d(p) = Σ wₖ (dₖ + gₖ · (p − pₖ)).
 * On a triangle edge only its two corners count, so the field is continuous across triangles; where
 * the depth is a plane (a flat lake against a planar bank) every corner's term is that plane, so the
 * edge is that plane's straight line, exactly; on a curved bank the edge bends smoothly instead of
 * kinking. The 3D water shader evaluates the same sum (waterMaterial.ts), split into two linear
 * varyings: Σ wₖ (dₖ − gₖ·pₖ) and Σ wₖ gₖ.
 */

/**
 * The slope on the ground (m of depth per m, x then z) of `depthAt` at vertex (i, j) of a
 * `width` × `rows` grid of `cellSize` m: central differences, one-sided at the map's edges.
 */
export function depthSlopeAt(
  depthAt: (i: number, j: number) => number,
  width: number,
  rows: number,
  cellSize: number,
  i: number,
  j: number,
  out: Float32Array,
  at: number,
): void {
  const il = Math.max(0, i - 1);
  const ih = Math.min(width - 1, i + 1);
  const jl = Math.max(0, j - 1);
  const jh = Math.min(rows - 1, j + 1);
  out[at] = ih > il ? (depthAt(ih, j) - depthAt(il, j)) / ((ih - il) * cellSize) : 0;
  out[at + 1] = jh > jl ? (depthAt(i, jh) - depthAt(i, jl)) / ((jh - jl) * cellSize) : 0;
}

/** A corner of a triangle: its ground position (m), depth (m) and the depth's slope on the ground. */
export interface ShoreCorner {
  readonly x: number;
  readonly z: number;
  readonly depth: number;
  readonly slopeX: number;
  readonly slopeZ: number;
}

/** The field at (x, z) inside triangle a, b, c (barycentric weights from the ground positions). */
export function shoreDepthAt(a: ShoreCorner, b: ShoreCorner, c: ShoreCorner, x: number, z: number): number {
  const area = (b.x - a.x) * (c.z - a.z) - (c.x - a.x) * (b.z - a.z);
  const wb = ((x - a.x) * (c.z - a.z) - (c.x - a.x) * (z - a.z)) / area;
  const wc = ((b.x - a.x) * (z - a.z) - (x - a.x) * (b.z - a.z)) / area;
  const wa = 1 - wb - wc;
  return (
    wa * (a.depth + a.slopeX * (x - a.x) + a.slopeZ * (z - a.z)) +
    wb * (b.depth + b.slopeX * (x - b.x) + b.slopeZ * (z - b.z)) +
    wc * (c.depth + c.slopeX * (x - c.x) + c.slopeZ * (z - c.z))
  );
}
