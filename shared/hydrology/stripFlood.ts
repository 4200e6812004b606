/**
 * One band of rows flooded on its own: the first pass of the tiled Priority-Flood (Barnes 2016,
 * "Parallel Priority-Flood depression filling for trillion cell digital elevation models on desktops
 * or clusters"; tiledFlood.ts). The band's whole perimeter drains, as the map's edge does in
 * priorityFlood.ts, whose flood this is (floodGrid, the same loop); it also labels
 * every vertex with the perimeter vertex its water reached the band's perimeter through: the map's
 * edge is label 0, a vertex of a row the band shares with another band has its own label. Every vertex
 * is joined to its label's perimeter vertex by a path no higher than its band-local level, which is what
 * lets tiledFlood.ts correct the levels afterwards with one number per label.
 */
import { lazyFloodGrid } from './lazyFlood';
import { floodGrid, heightRange } from './priorityFlood';

/** A band of `rows` rows of a map `width` vertices wide, as views of the map's arrays (row-major, contiguous). */
export interface StripArrays {
  readonly width: number;
  readonly rows: number;
  /** The band's heights (finite float32s). */
  readonly heights: Float32Array;
  /** Out: the band-local water level (priorityFlood's `level`, for this band alone). */
  readonly level: Float32Array;
  /** Out: the band-local ε drainage surface (priorityFlood's `drainage`, for this band alone). */
  readonly drainage: Float64Array;
  /** Out: per vertex, the label of the perimeter vertex it drains to. */
  readonly labels: Int32Array;
  /** Label of the band's first row's vertex i (1 + base + i), or −1 when that row is the map's edge (label 0). */
  readonly topBase: number;
  /** The same for the band's last row. */
  readonly bottomBase: number;
  /** Flood the band by the lazy flood (lazyFlood.ts, flood version 2) instead of priorityFlood's. */
  readonly lazy?: boolean;
}

/** The label of a perimeter vertex (i, r) of the band: 0 on the map's edge, else its own. */
function perimeterLabel(strip: StripArrays, i: number, r: number): number {
  const { width, rows, topBase, bottomBase } = strip;
  if (i === 0 || i === width - 1) return 0;
  if (r === 0) return topBase < 0 ? 0 : 1 + topBase + i;
  if (r === rows - 1) return bottomBase < 0 ? 0 : 1 + bottomBase + i;
  return 0;
}

/** Floods the band with its whole perimeter draining (priorityFlood's algorithm or the lazy one), writing level, drainage and labels. */
export function floodStrip(strip: StripArrays): void {
  const { width, rows, heights, level, drainage, labels } = strip;
  const range = heightRange(heights);
  drainage.set(heights);
  level.set(heights);
  for (let r = 0; r < rows; r++) {
    const step = r === 0 || r === rows - 1 ? 1 : width - 1;
    for (let i = 0; i < width; i += step) labels[r * width + i] = perimeterLabel(strip, i, r);
  }
  if (strip.lazy) lazyFloodGrid(width, rows, { heights, level, drainage, labels });
  else floodGrid(width, rows, { heights, level, drainage, labels }, range);
}
