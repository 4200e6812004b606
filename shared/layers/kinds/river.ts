/**
 * `river`: a drawn river from its source (first point) to its mouth (last) that carves its bed
 * (shared/rivers/). Local, as a road: its result in any rectangle comes from the heights it
 * receives, but its surface follows the ground along the whole river, so a change below inside its
 * footprint re-runs the whole footprint (`widen`). It makes water (`makesWater`): over the rectangle
 * it evaluates, its surface joins the water below it (`LayerRunOptions.water`, addRiverWater).
 */
import { lineBounds } from '../../roads/footprint';
import { addRiverWater, carveRiver, joinedSurface } from '../../rivers/carve';
import { fitRiver, riverCentrelineOf, riverGeometryProblem } from '../../rivers/fittedRiver';
import { riverReach, riverValuesProblem } from '../../rivers/params';
import { copyRect, type LayerKindModule } from '../kind';
import type { Rect, RiverLayer } from '../types';

const overlaps = (a: Rect, b: Rect) => a.i0 < b.i1 && b.i0 < a.i1 && a.j0 < b.j1 && b.j0 < a.j1;

export const riverKind: LayerKindModule<RiverLayer> = {
  kind: 'river',
  local: true,
  makesWater: true,
  problem({ params }, size) {
    if (typeof params !== 'object' || params === null) return 'params must be an object';
    return riverValuesProblem(params) ?? riverGeometryProblem(params, size);
  },
  apply(layer, input, out, size, rect, options) {
    copyRect(input, out, size.width, rect);
    const box = riverKind.bounds?.(layer, size);
    if (!box || !overlaps(box, rect)) return true;
    const fitted = fitRiver(layer.params, input, size);
    carveRiver(fitted, input, out, size, rect);
    if (options.water) {
      options.drawnRiver?.(fitted, joinedSurface(fitted, size, options.water.surface));
      addRiverWater(fitted, input, out, size, rect, options.water);
    }
    return true;
  },
  bounds({ params }, size) {
    return lineBounds(riverCentrelineOf(params, size.cellSize).line, riverReach(params), size);
  },
  widen(layer, size, dirty) {
    const box = riverKind.bounds?.(layer, size);
    if (!box || !overlaps(box, dirty)) return dirty;
    return { i0: Math.min(box.i0, dirty.i0), j0: Math.min(box.j0, dirty.j0), i1: Math.max(box.i1, dirty.i1), j1: Math.max(box.j1, dirty.j1) };
  },
};

/** The next free river id: `river-1`, `river-2`, … (one more than the highest in the stack). */
export function nextRiverId(stack: readonly { id: string }[]): string {
  let highest = 0;
  for (const { id } of stack) {
    const match = /^river-(\d+)$/.exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `river-${highest + 1}`;
}
