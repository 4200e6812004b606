/**
 * `road`: a road through control points that shapes the land — a grade-limited profile fitted to the
 * ground along a centripetal Catmull-Rom centreline, a flat or banked cross-section, shoulders
 * blending back to the ground within the slope limit (shared/roads/). Local: its result in any
 * rectangle comes from the heights it receives, but its profile follows the ground along the whole
 * road, so a change below inside its footprint re-runs the whole footprint (`widen`). It joins the
 * roads below it (`options.below`) where it ends on or crosses one (shared/roads/junction.ts).
 */
import { centrelineProblem } from '../../roads/centreline';
import { lineBounds, roadReach, shapeRoad } from '../../roads/footprint';
import { findJunctions, shapeJoinedRoad } from '../../roads/junction';
import { fitRoad, centrelineOf } from '../../roads/fittedRoad';
import { roadValuesProblem } from '../../roads/params';
import { copyRect, type LayerKindModule } from '../kind';
import type { Rect, RoadLayer } from '../types';

const overlaps = (a: Rect, b: Rect) => a.i0 < b.i1 && b.i0 < a.i1 && a.j0 < b.j1 && b.j0 < a.j1;

export const roadKind: LayerKindModule<RoadLayer> = {
  kind: 'road',
  local: true,
  problem({ params }, size) {
    return roadValuesProblem(params) ?? centrelineProblem(params, ((size.width - 1) / 2) * size.cellSize, ((size.depth - 1) / 2) * size.cellSize);
  },
  apply(layer, input, out, size, rect, options) {
    copyRect(input, out, size.width, rect);
    const box = roadKind.bounds?.(layer, size);
    if (!box || !overlaps(box, rect)) return true;
    const fitted = fitRoad(layer.params, input, size);
    // Roads below this one that it joins or crosses keep their surface; this one blends to them.
    const below = (options.below ?? []).filter((l): l is RoadLayer => l.kind === 'road' && l.enabled).map((l) => l.params);
    const junctions = below.length > 0 ? findJunctions(fitted.line, layer.params, below, input, size) : [];
    if (junctions.length === 0) shapeRoad(fitted, input, out, size, rect);
    else shapeJoinedRoad(fitted, junctions, input, out, size, rect);
    return true;
  },
  bounds({ params }, size) {
    return lineBounds(centrelineOf(params, size.cellSize), roadReach(params, size.cellSize), size);
  },
  widen(layer, size, dirty) {
    const box = roadKind.bounds?.(layer, size);
    if (!box || !overlaps(box, dirty)) return dirty;
    return { i0: Math.min(box.i0, dirty.i0), j0: Math.min(box.j0, dirty.j0), i1: Math.max(box.i1, dirty.i1), j1: Math.max(box.j1, dirty.j1) };
  },
};

/** The next free road id: `road-1`, `road-2`, … (one more than the highest in the stack). */
export function nextRoadId(stack: readonly { id: string }[]): string {
  let highest = 0;
  for (const { id } of stack) {
    const match = /^road-(\d+)$/.exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `road-${highest + 1}`;
}

/** A new road's name from its id: `road-3` → "Road 3". */
export function defaultRoadName(id: string): string {
  return `Road ${id.slice('road-'.length)}`;
}
