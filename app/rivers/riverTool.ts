/**
 * The river tool: the road tool (app/roads/roadTool.ts createSplineTool) drawing `river` layers —
 * click points from the source to the mouth in either view, drag, insert on the centreline, Alt+click
 * or Delete to remove, Enter to end a river, Esc to cancel. Only what differs from a road is here.
 */
import { riverKind } from '../../shared/layers/kinds/river';
import type { Layer, LayerStack, RiverLayer } from '../../shared/layers/types';
import { riverCentrelineOf } from '../../shared/rivers/fittedRiver';
import { riverValuesProblem } from '../../shared/rivers/params';
import { pointsProblem } from '../roads/roadDrag';
import { splineOverlayLine } from '../roads/roadOverlay';
import type { SplineKind } from '../roads/splineKind';
import type { SplineEditKind } from '../roads/splineEdits';
import type { RoadToolOverlay } from '../tools/types';

export const RIVER_TOOL_ID = 'river';

export const isRiver = (layer: Layer | undefined): layer is RiverLayer => layer?.kind === 'river';

export const RIVER_EDITS: SplineEditKind<RiverLayer> = {
  noun: 'river',
  isKind: isRiver,
  valuesProblem: riverValuesProblem,
  lastTwo: 'points (its source and its mouth): delete the river instead (Layers tab)',
};

/** Every river's centreline and points, drawn as the road tool draws roads (no road surface). */
function riverOverlay(
  stack: LayerStack,
  cellSize: number,
  selectedId: string | null,
  selectedPoint: number | null,
  draft: { x: number; z: number } | null,
  shown?: RiverLayer,
): RoadToolOverlay {
  const roads = stack
    .filter(isRiver)
    .filter((river) => river.enabled || river.id === selectedId)
    .map((river) => {
      const layer = shown && shown.id === river.id ? shown : river;
      return splineOverlayLine(layer, () => riverCentrelineOf(layer.params, cellSize).line, null, river.id === selectedId, selectedPoint);
    });
  return { kind: 'road', roads, draft };
}

export const RIVER_SPLINE: SplineKind<RiverLayer> = {
  noun: 'river',
  isKind: isRiver,
  toolId: RIVER_TOOL_ID,
  toolLabel: 'River',
  cannotPreview: (river, size) => riverValuesProblem(river.params) !== null || pointsProblem(river.params.points, size),
  bounds: (river, size) => riverKind.bounds?.(river, size) ?? null,
  problem: (river, size) => riverKind.problem(river, size),
  centreline: (river, cellSize) => riverCentrelineOf(river.params, cellSize).line,
  overlay: riverOverlay,
};
