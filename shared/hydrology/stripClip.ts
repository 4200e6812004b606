/**
 * Cutting a triangle's area out where convex polygons already cover it, so two strips never draw the
 * same place twice (riverStrip.ts: a tributary's strip ends at the main stem's bank). Each point
 * carries its attributes (height, depth, flow…) and every cut point gets them read linearly along the
 * edge it lies on, so what is left reads as the triangle it came from.
 */

/** A point on the map: x, z first, then its attributes (any number, the same for every point). */
export type ClipPoint = Float64Array;

/** The x, z corners of a convex polygon, either winding. */
export type ConvexOutline = ReadonlyArray<readonly [number, number]>;

/** Pieces smaller than this (m²) are dropped: slivers left by cuts along a shared edge. */
const LEAST_AREA = 1e-6;

/** Twice the signed area of `polygon` (x, z): positive counter-clockwise in x, z. */
function doubledArea(polygon: readonly ClipPoint[]): number {
  let sum = 0;
  for (let k = 0; k < polygon.length; k++) {
    const a = polygon[k];
    const b = polygon[(k + 1) % polygon.length];
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

/** The part of `polygon` where side(point) ≥ 0, side linear in x, z (Sutherland–Hodgman, one edge). */
function keep(polygon: readonly ClipPoint[], side: (x: number, z: number) => number): ClipPoint[] {
  const out: ClipPoint[] = [];
  for (let k = 0; k < polygon.length; k++) {
    const a = polygon[k];
    const b = polygon[(k + 1) % polygon.length];
    const sa = side(a[0], a[1]);
    const sb = side(b[0], b[1]);
    if (sa >= 0) out.push(a);
    if (sa >= 0 !== sb >= 0) {
      const t = sa / (sa - sb);
      const cut = new Float64Array(a.length);
      for (let n = 0; n < a.length; n++) cut[n] = a[n] + t * (b[n] - a[n]);
      out.push(cut);
    }
  }
  return out.length >= 3 ? out : [];
}

/**
 * `polygon` (convex) less `hole` (convex): disjoint convex pieces, one per edge of the hole the
 * polygon reaches past; null when the hole does not reach into it.
 */
function subtract(polygon: ClipPoint[], hole: ConvexOutline): ClipPoint[][] | null {
  // The hole counter-clockwise, so its inside is on the left of every edge.
  let area = 0;
  for (let k = 0; k < hole.length; k++) {
    const a = hole[k];
    const b = hole[(k + 1) % hole.length];
    area += a[0] * b[1] - b[0] * a[1];
  }
  if (!(Math.abs(area) > 2 * LEAST_AREA)) return null;
  const ring = area > 0 ? hole : [...hole].reverse();
  // Wholly outside one of the hole's edges: untouched (null: no cut).
  for (let k = 0; k < ring.length; k++) {
    const [ax, az] = ring[k];
    const [bx, bz] = ring[(k + 1) % ring.length];
    if (polygon.every((p) => (bx - ax) * (p[1] - az) - (bz - az) * (p[0] - ax) <= 0)) return null;
  }
  const pieces: ClipPoint[][] = [];
  let rest = polygon;
  for (let k = 0; k < ring.length && rest.length > 0; k++) {
    const [ax, az] = ring[k];
    const [bx, bz] = ring[(k + 1) % ring.length];
    // Left of a → b (inside the hole): (b − a) × (p − a) > 0.
    const left = (x: number, z: number) => (bx - ax) * (z - az) - (bz - az) * (x - ax);
    const outside = keep(rest, (x, z) => -left(x, z));
    if (outside.length > 0 && Math.abs(doubledArea(outside)) > 2 * LEAST_AREA) pieces.push(outside);
    rest = keep(rest, left);
  }
  return pieces;
}

/** Whether the x, z box of `polygon` meets the box x0, z0, x1, z1. */
function meetsBox(polygon: readonly ClipPoint[], box: Float64Array): boolean {
  let px0 = Infinity;
  let pz0 = Infinity;
  let px1 = -Infinity;
  let pz1 = -Infinity;
  for (let k = 0; k < polygon.length; k++) {
    const p = polygon[k];
    if (p[0] < px0) px0 = p[0];
    if (p[0] > px1) px1 = p[0];
    if (p[1] < pz0) pz0 = p[1];
    if (p[1] > pz1) pz1 = p[1];
  }
  return px0 < box[2] && box[0] < px1 && pz0 < box[3] && box[1] < pz1;
}

/** The x, z box of `hole`: x0, z0, x1, z1. */
function boxOf(hole: ConvexOutline): Float64Array {
  const box = Float64Array.of(Infinity, Infinity, -Infinity, -Infinity);
  for (let k = 0; k < hole.length; k++) {
    const x = hole[k][0];
    const z = hole[k][1];
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], z);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], z);
  }
  return box;
}

/** Holes with their boxes found once (the same holes cut every triangle of a tributary near its confluence). */
const holeBoxes = new WeakMap<readonly ConvexOutline[], Float64Array[]>();

/**
 * The triangle a, b, c less every hole: null when no hole reaches it (draw it as it is), else the
 * convex pieces left (none when it is covered). A corner of the triangle that is left is the same
 * object in the pieces (its vertex may be shared).
 */
export function triangleLessHoles(a: ClipPoint, b: ClipPoint, c: ClipPoint, holes: readonly ConvexOutline[]): ClipPoint[][] | null {
  let boxes = holeBoxes.get(holes);
  if (!boxes) {
    boxes = holes.map(boxOf);
    holeBoxes.set(holes, boxes);
  }
  let pieces: ClipPoint[][] = [[a, b, c]];
  let cut = false;
  for (let h = 0; h < holes.length; h++) {
    const hole = holes[h];
    const next: ClipPoint[][] = [];
    for (const piece of pieces) {
      const left = meetsBox(piece, boxes[h]) ? subtract(piece, hole) : null;
      if (!left) next.push(piece);
      else {
        cut = true;
        next.push(...left);
      }
    }
    pieces = next;
  }
  return cut ? pieces : null;
}
