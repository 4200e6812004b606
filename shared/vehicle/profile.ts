import type { Heightfield } from '../terrain/heightfield';
import { groundHeight } from './ground';

/**
 * The steepest rise (metres up per metre along) of the exact ground under a straight path from
 * (x0, z0) to (x1, z1). Between two crossings of a grid line or cell diagonal the path stays on one
 * triangle, so the profile is linear there; its slope on each such piece is exact. The rise over any
 * stretch of the path is an average of piece slopes, so a path whose steepest piece is within a limit
 * passes the drive's climb check however the drive cuts it into sub-steps. −Infinity for an empty path.
 */
export function steepestRise(field: Heightfield, x0: number, z0: number, x1: number, z1: number): number {
  const length = Math.hypot(x1 - x0, z1 - z0);
  if (!(length > 0)) return -Infinity;
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
  let steepest = -Infinity;
  let previousT = 0;
  let previousH = groundHeight(field, x0, z0);
  for (let k = 1; k < breaks.length; k++) {
    const t = breaks[k];
    if (t - previousT <= 1e-12) continue;
    const h = groundHeight(field, x0 + (x1 - x0) * t, z0 + (z1 - z0) * t);
    const rise = (h - previousH) / ((t - previousT) * length);
    if (rise > steepest) steepest = rise;
    previousT = t;
    previousH = h;
  }
  return steepest;
}
