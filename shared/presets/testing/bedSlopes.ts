/**
 * The slopes of a wall bed by bed, as a geologist reads a canyon's profile (for the landform tests):
 * cliff-forming beds stand as near-vertical faces, slope-forming beds between them at their debris's
 * angle of repose (Grand Canyon: the Redwall and Coconino cliffs over the Bright Angel and Hermit
 * slopes; Canyonlands: the Wingate cliff over the Chinle slope).
 *
 * Measured on the triangles that are drawn (each cell split along its (x0, z1)–(x1, z0) diagonal), so
 * a face is as steep as it shows, each read in the bed its centroid lies in. Cliff-forming beds are
 * those harder than the geometric mean of the column's softest and hardest (canyonWalls.test.ts's rule).
 * - faces: triangles steeper than FACE_DEG in cliff-forming beds (the rock that stands bare; the
 *   plateau's gentle undulations and the talus lying over a bed's lower part are not faces);
 * - slopes: triangles steeper than WALL_DEG in slope-forming beds.
 */
import type { Heightfield } from '../../terrain/heightfield';
import { strataReader, vertexWorld, type Strata } from '../../terrain/strata';

export const FACE_DEG = 45;
export const WALL_DEG = 20;

export interface BedSlopeCounts {
  /** Triangles in cliff-forming beds steeper than FACE_DEG, by whole degree (index = floor of the slope). */
  readonly faces: Float64Array;
  /** Triangles in slope-forming beds steeper than WALL_DEG, by whole degree. */
  readonly slopes: Float64Array;
}

export function bedSlopeCounts(field: Heightfield, strata: Strata): BedSlopeCounts {
  const { width, depth, cellSize: c, heights: h } = field;
  const reader = strataReader(strata);
  const hardnesses = strata.beds.map((bed) => bed.hardness);
  const middle = Math.sqrt(Math.min(...hardnesses) * Math.max(...hardnesses));
  const faces = new Float64Array(91);
  const slopes = new Float64Array(91);
  for (let j = 0; j + 1 < depth; j++)
    for (let i = 0; i + 1 < width; i++) {
      const k = j * width + i;
      const a = h[k];
      const b = h[k + 1];
      const d = h[k + width];
      const e = h[k + width + 1];
      // The cell's two triangles: (i, j), (i + 1, j), (i, j + 1) and (i + 1, j + 1), (i + 1, j), (i, j + 1).
      for (let tri = 0; tri < 2; tri++) {
        const gx = tri === 0 ? (b - a) / c : (e - d) / c;
        const gz = tri === 0 ? (d - a) / c : (e - b) / c;
        const deg = (Math.atan(Math.hypot(gx, gz)) * 180) / Math.PI;
        if (deg <= WALL_DEG) continue;
        const third = tri === 0 ? 1 / 3 : 2 / 3;
        const x = vertexWorld(i + third, width, c);
        const z = vertexWorld(j + third, depth, c);
        const centroid = tri === 0 ? (a + b + d) / 3 : (e + b + d) / 3;
        const bed = reader.bedAtElevation(centroid - reader.gx * x - reader.gz * z - strata.base);
        const bin = Math.min(90, Math.floor(deg));
        if (strata.beds[bed].hardness > middle) {
          if (deg > FACE_DEG) faces[bin]++;
        } else slopes[bin]++;
      }
    }
  return { faces, slopes };
}

/** Share of the counts from `low` (inclusive) to `high` (exclusive) whole degrees. */
export function shareBetween(counts: Float64Array, low: number, high: number): number {
  let inside = 0;
  let all = 0;
  for (let n = 0; n < counts.length; n++) {
    all += counts[n];
    if (n >= low && n < high) inside += counts[n];
  }
  return all > 0 ? inside / all : 0;
}

/** The median of the counts, whole degrees. */
export function medianDegree(counts: Float64Array): number {
  let rest = counts.reduce((sum, n) => sum + n, 0) / 2;
  for (let n = 0; n < counts.length; n++) if ((rest -= counts[n]) <= 0) return n;
  return counts.length - 1;
}
