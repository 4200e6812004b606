import type { Random } from '../random';
import type { LineMethod } from './recipe';

/**
 * One fault line. For 'normal' and 'two-point' the side test is `a·x + b·z − c > 0` evaluated in
 * exactly that order in float64; for 'cross' it is the Game Programming Gems cross product
 * `(x2 − x1)·(z − z1) − (z2 − z1)·(x − x1) > 0`. Both describe the same kind of half-plane;
 * (a, b, c) are always filled in (unit normal) so lines can be exported.
 */
export interface FaultLine {
  a: number;
  b: number;
  c: number;
  /** The two points for 'two-point' and 'cross'; unused for 'normal'. */
  x1: number;
  z1: number;
  x2: number;
  z2: number;
  method: LineMethod;
}

export interface TerrainSize {
  /** Extent along x and z in metres. */
  sizeX: number;
  sizeZ: number;
}

/** Draws the next line of the sequence. Random draws per iteration: normal 2, two-point/cross 4 (+4 per redraw). */
export function nextFaultLine(random: Random, method: LineMethod, size: TerrainSize): FaultLine {
  if (method === 'normal') {
    const angle = random.next() * 2 * Math.PI;
    const d = Math.sqrt(size.sizeX * size.sizeX + size.sizeZ * size.sizeZ);
    const c = (random.next() - 0.5) * d;
    return { a: Math.sin(angle), b: Math.cos(angle), c, x1: 0, z1: 0, x2: 0, z2: 0, method };
  }
  for (;;) {
    const x1 = (random.next() - 0.5) * size.sizeX;
    const z1 = (random.next() - 0.5) * size.sizeZ;
    const x2 = (random.next() - 0.5) * size.sizeX;
    const z2 = (random.next() - 0.5) * size.sizeZ;
    const dx = x2 - x1;
    const dz = z2 - z1;
    const length = Math.hypot(dx, dz);
    if (length === 0) continue;
    const a = -dz / length;
    const b = dx / length;
    return { a, b, c: a * x1 + b * z1, x1, z1, x2, z2, method };
  }
}

/**
 * The side value of the plain loop at (x, z), in exactly the operations and order every formation uses:
 * positive on the rising side. It is the signed distance to the line times the length of (a, b)
 * (normal form) or of (x2 − x1, z2 − z1) (cross).
 */
export function faultSide(line: FaultLine, x: number, z: number): number {
  if (line.method === 'cross') return (line.x2 - line.x1) * (z - line.z1) - (line.z2 - line.z1) * (x - line.x1);
  return line.a * x + line.b * z - line.c;
}

/** The side predicate of the plain loop: true when the vertex at (x, z) rises. */
export function risesAt(line: FaultLine, x: number, z: number): boolean {
  return faultSide(line, x, z) > 0;
}
