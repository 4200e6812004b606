import type { Heightfield } from '../terrain/heightfield';
import { groundHeight } from './ground';

/**
 * The exact ground profile under a straight path from (x0, z0) to (x1, z1). Between two crossings of a
 * grid line or cell diagonal the path stays on one triangle, so the profile is linear there and each
 * such piece has one exact slope. The rise over any stretch of the path is an average of piece slopes,
 * so a path whose pieces are all within a limit passes the drive's climb check however the drive cuts
 * it into sub-steps.
 */

/** Calls `visit(t0, t1, rise)` for each linear piece in order (t as fractions of the path, rise per metre) until it returns false. */
function forEachPiece(field: Heightfield, x0: number, z0: number, x1: number, z1: number, visit: (t0: number, t1: number, rise: number) => boolean): void {
  const length = Math.hypot(x1 - x0, z1 - z0);
  if (!(length > 0)) return;
  const gx0 = x0 / field.cellSize + (field.width - 1) / 2;
  const gz0 = z0 / field.cellSize + (field.depth - 1) / 2;
  const gx1 = x1 / field.cellSize + (field.width - 1) / 2;
  const gz1 = z1 / field.cellSize + (field.depth - 1) / 2;
  const breaks = [0, 1];
  const addCrossings = (a: number, b: number): void => {
    if (a === b) return;
    const lo = Math.ceil(Math.min(a, b));
    const hi = Math.floor(Math.max(a, b));
    for (let k = lo; k <= hi; k++) {
      const t = (k - a) / (b - a);
      if (t > 0 && t < 1) breaks.push(t);
    }
  };
  addCrossings(gx0, gx1);
  addCrossings(gz0, gz1);
  addCrossings(gx0 + gz0, gx1 + gz1);
  breaks.sort((a, b) => a - b);
  let previousT = 0;
  let previousH = groundHeight(field, x0, z0);
  for (let k = 1; k < breaks.length; k++) {
    const t = breaks[k];
    if (t - previousT <= 1e-12) continue;
    const h = groundHeight(field, x0 + (x1 - x0) * t, z0 + (z1 - z0) * t);
    if (!visit(previousT, t, (h - previousH) / ((t - previousT) * length))) return;
    previousT = t;
    previousH = h;
  }
}

/** The steepest rise (metres up per metre along) of the ground under the path; −Infinity for an empty path. */
export function steepestRise(field: Heightfield, x0: number, z0: number, x1: number, z1: number): number {
  let steepest = -Infinity;
  forEachPiece(field, x0, z0, x1, z1, (_t0, _t1, rise) => {
    if (rise > steepest) steepest = rise;
    return true;
  });
  return steepest;
}

/** Fraction of the path before the first piece that rises at `maxRise` or more (1 when there is none). */
export function climbableFraction(field: Heightfield, x0: number, z0: number, x1: number, z1: number, maxRise: number): number {
  let fraction = 1;
  forEachPiece(field, x0, z0, x1, z1, (t0, _t1, rise) => {
    if (rise < maxRise) return true;
    fraction = t0;
    return false;
  });
  return fraction;
}
