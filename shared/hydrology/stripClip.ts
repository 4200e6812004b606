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
    if ((sa >= 0) !== (sb >= 0)) {
      const t = sa / (sa - sb);
      const cut = new Float64Array(a.length);
      for (let n = 0; n < a.length; n++) cut[n] = a[n] + t * (b[n] - a[n]);
      out.push(cut);
    }
  }
  return out.length >= 3 ? out : [];
}

/** `polygon` (convex) less `hole` (convex): disjoint convex pieces, one per edge of the hole the polygon reaches past. */
function subtract(polygon: ClipPoint[], hole: ConvexOutline): ClipPoint[][] {
  // The hole counter-clockwise, so its inside is on the left of every edge.
  let area = 0;
  for (let k = 0; k < hole.length; k++) {
    const a = hole[k];
    const b = hole[(k + 1) % hole.length];
    area += a[0] * b[1] - b[0] * a[1];
  }
  if (!(Math.abs(area) > 2 * LEAST_AREA)) return [polygon];
  const ring = area > 0 ? hole : [...hole].reverse();
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

/** Whether the x, z boxes of `polygon` and `hole` overlap. */
function boxesMeet(polygon: readonly ClipPoint[], hole: ConvexOutline): boolean {
  let px0 = Infinity;
  let pz0 = Infinity;
  let px1 = -Infinity;
  let pz1 = -Infinity;
  for (const p of polygon) {
    px0 = Math.min(px0, p[0]);
    px1 = Math.max(px1, p[0]);
    pz0 = Math.min(pz0, p[1]);
    pz1 = Math.max(pz1, p[1]);
  }
  let hx0 = Infinity;
  let hz0 = Infinity;
  let hx1 = -Infinity;
  let hz1 = -Infinity;
  for (const [x, z] of hole) {
    hx0 = Math.min(hx0, x);
    hx1 = Math.max(hx1, x);
    hz0 = Math.min(hz0, z);
    hz1 = Math.max(hz1, z);
  }
  return px0 < hx1 && hx0 < px1 && pz0 < hz1 && hz0 < pz1;
}

/**
 * The triangle a, b, c less every hole: null when no hole reaches it (draw it as it is), else the
 * convex pieces left (none when it is covered).
 */
export function triangleLessHoles(a: ClipPoint, b: ClipPoint, c: ClipPoint, holes: readonly ConvexOutline[]): ClipPoint[][] | null {
  let pieces: ClipPoint[][] = [[a, b, c]];
  let cut = false;
  for (const hole of holes) {
    const next: ClipPoint[][] = [];
    for (const piece of pieces) {
      if (!boxesMeet(piece, hole)) next.push(piece);
      else {
        cut = true;
        next.push(...subtract(piece, hole));
      }
    }
    pieces = next;
  }
  return cut ? pieces : null;
}
