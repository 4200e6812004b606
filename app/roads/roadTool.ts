/**
 * The road tool (in the manner of Unreal's landscape splines), and any tool that draws a layer as a
 * spline (the river tool): one tool, parametrised by a SplineKind. With a road selected, a click on the
 * terrain adds a control point at its end, a click on its centreline inserts one there, a drag moves
 * a point live (one undo entry on release), Alt+click or Delete/Backspace deletes the selected point.
 * With no road selected, the first click starts a draft (held here, not in the document) and the
 * second makes a new road layer. Enter ends the current road (the next clicks start a new one); a
 * click on another road's point or line selects that road. Esc cancels the gesture in progress.
 */
import type { Editor } from '../document/editor';
import type { TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import type { ToolStore } from '../tools/toolStore';
import type { Tool, ToolPointerEvent } from '../tools/types';
import { centrelineOf } from '../../shared/roads/model';
import { roadKind } from '../../shared/layers/kinds/road';
import type { RoadLayer } from '../../shared/layers/types';
import { ROAD_DRAG, SplineDrag } from './roadDrag';
import { roadOverlay } from './roadOverlay';
import type { RoadsModel } from './roadsModel';
import type { SplineKind, SplineLayer, SplineToolModel } from './splineKind';

export const ROAD_TOOL_ID = 'road';

/** Schedules a callback for the next frame (requestAnimationFrame in the window). */
export type FrameScheduler = (callback: () => void) => void;

export interface RoadTool extends Tool {
  /** Runs a drag step that waits for its frame now (tests, the bench). */
  flush(): void;
  /** Redraws the overlay (the document, the selection or the draft changed). */
  refresh(): void;
}

/** Handles are picked within this many cells when the view gives no pick radius. */
const DEFAULT_PICK_CELLS = 3;

interface Hit<L extends SplineLayer> {
  road: L;
  /** A control point, or the piece (point n − 1 … n) of the centreline hit. */
  kind: 'point' | 'line';
  n: number;
}

export const ROAD_SPLINE: SplineKind<RoadLayer> = {
  ...ROAD_DRAG,
  toolId: ROAD_TOOL_ID,
  toolLabel: 'Road',
  problem: (road, size) => roadKind.problem(road, size),
  centreline: (road, cellSize) => centrelineOf(road.params, cellSize),
  overlay: roadOverlay,
};

/** The roads model as the spline tool uses it. */
function roadToolModel(roads: RoadsModel): SplineToolModel<RoadLayer> {
  return {
    selectedPoint: () => roads.store.getState().selectedPoint,
    draft: () => roads.store.getState().draft,
    say: (message) => roads.store.setState({ message }),
    list: () => roads.roads(),
    selected: () => roads.selected(),
    select: (id) => roads.selectRoad(id),
    selectPoint: (n) => roads.selectPoint(n),
    setDraft: (point) => roads.setDraft(point),
    createFromDraft: (x, z) => roads.createFromDraft(x, z),
    appendPoint: (id, x, z) => roads.appendPoint(id, x, z),
    insertPoint: (id, n, x, z) => roads.insertPoint(id, n, x, z),
    deletePoint: (id, n) => roads.deletePoint(id, n),
    commit: (label, id, next, options) => roads.commitRoad(label, id, next, options),
    end: () => roads.newRoad(),
  };
}

export function createRoadTool(editor: Editor, tools: ToolStore, jobs: TerrainJobs, _layers: LayersModel, roads: RoadsModel, frame: FrameScheduler): RoadTool {
  return createSplineTool(ROAD_SPLINE, editor, tools, jobs, roadToolModel(roads), frame);
}

/** The tool for a kind drawn as a spline: `kind` says which layers and how they are drawn, `roads` edits them. */
export function createSplineTool<L extends SplineLayer>(kind: SplineKind<L>, editor: Editor, tools: ToolStore, jobs: TerrainJobs, roads: SplineToolModel<L>, frame: FrameScheduler): RoadTool {
  let drag: { road: SplineDrag<L>; point: number; moved: boolean; pending: { x: number; z: number } | null; refused: L | null; down: { x: number; z: number }; dx: number; dz: number } | null = null;
  let frameRequested = false;
  /** Where the pointer last hovered: a press there grabs a point handle of the selected road, or navigates. */
  let hovered: ToolPointerEvent | null = null;

  const cellSize = () => editor.document.field.cellSize;
  const active = () => tools.getState().active === tool;

  const refresh = () => {
    if (!active()) return;
    const selected = roads.selected();
    tools.setState({ overlay: kind.overlay(editor.document.stack, cellSize(), selected?.id ?? null, roads.selectedPoint(), roads.draft(), drag ? drag.road.shown : undefined) });
  };

  /** The selected road's point or centreline under the pointer, else any other road's. */
  const hitTest = (event: ToolPointerEvent): Hit<L> | null => {
    const radius = event.pickRadius ?? DEFAULT_PICK_CELLS * cellSize();
    const selected = roads.selected();
    const candidates = selected ? [selected, ...roads.list().filter((r) => r.id !== selected.id && r.enabled)] : roads.list().filter((r) => r.enabled);
    for (const road of candidates) {
      let best: Hit<L> | null = null;
      let bestD = radius;
      road.params.points.forEach((p: { x: number; z: number }, n: number) => {
        const d = Math.hypot(p.x - event.x, p.z - event.z);
        if (d <= bestD) {
          bestD = d;
          best = { road, kind: 'point', n };
        }
      });
      if (best) return best;
      const line = kind.centreline(road, cellSize());
      let station = -1;
      for (let k = 0; k < line.n; k++) {
        const d = Math.hypot(line.x[k] - event.x, line.z[k] - event.z);
        if (d <= bestD) {
          bestD = d;
          station = k;
        }
      }
      if (station >= 0) {
        let n = 1;
        while (n < line.pointStations.length - 1 && line.pointStations[n] < station) n++;
        return { road, kind: 'line', n };
      }
    }
    return null;
  };

  const step = () => {
    frameRequested = false;
    if (!drag?.pending) return;
    const { x, z } = drag.pending;
    drag.pending = null;
    const shown = drag.road.shown;
    const points = shown.params.points.slice();
    points[drag.point] = { ...points[drag.point], x, z };
    const candidate = { ...shown, params: { ...shown.params, points } } as L;
    if (drag.road.show(candidate)) {
      drag.moved = true;
      drag.refused = null;
    } else drag.refused = candidate;
    refresh();
  };

  const endDrag = (commit: boolean) => {
    if (!drag) return;
    const current = drag;
    drag = null;
    frameRequested = false;
    if (!commit || !current.moved || current.refused) {
      current.road.cancel();
      // Released where the road cannot go: it stays as it was, and the user is told why.
      const problem = commit && current.refused ? kind.problem(current.refused, current.road.size) : null;
      if (problem) roads.say(`Move point ${current.point + 1} of "${current.road.original.name}": ${problem}`);
      refresh();
      return;
    }
    const { stack, options } = current.road.finish();
    void roads.commit(`Move point ${current.point + 1} of "${current.road.original.name}"`, current.road.original.id, stack, options).then(refresh);
  };

  const deleteSelectedPoint = (): boolean => {
    const road = roads.selected();
    const selectedPoint = roads.selectedPoint();
    if (!road || selectedPoint === null) return false;
    void roads.deletePoint(road.id, selectedPoint);
    return true;
  };

  const tool: RoadTool = {
    id: kind.toolId,
    label: kind.toolLabel,
    capturesPrimaryDrag: true,
    pressGrabs() {
      if (!hovered || jobs.isRunning) return false;
      const hit = hitTest(hovered);
      return hit !== null && hit.kind === 'point' && hit.road.id === roads.selected()?.id;
    },
    onHover(event) {
      hovered = event;
    },
    onPointerDown(event) {
      if (drag || jobs.isRunning) return;
      const hit = hitTest(event);
      const selected = roads.selected();
      if (hit && hit.road.id !== selected?.id) {
        // Another road: select it (and its point), nothing changes.
        roads.select(hit.road.id);
        roads.setDraft(null);
        roads.selectPoint(hit.kind === 'point' ? hit.n : null);
        refresh();
        return;
      }
      if (hit && hit.kind === 'point') {
        roads.selectPoint(hit.n);
        if (event.altKey) {
          deleteSelectedPoint();
          return;
        }
        // The point keeps its offset from the pointer: a click on a handle does not move it.
        const p = hit.road.params.points[hit.n];
        drag = { road: new SplineDrag(editor, jobs, hit.road.id, kind), point: hit.n, moved: false, pending: null, refused: null, down: { x: event.x, z: event.z }, dx: p.x - event.x, dz: p.z - event.z };
        refresh();
        return;
      }
      if (hit && hit.kind === 'line') {
        void roads.insertPoint(hit.road.id, hit.n, event.x, event.z).then(refresh);
        return;
      }
      if (selected) {
        void roads.appendPoint(selected.id, event.x, event.z).then(refresh);
        return;
      }
      if (!roads.draft()) {
        roads.setDraft({ x: event.x, z: event.z });
        refresh();
        return;
      }
      void roads.createFromDraft(event.x, event.z).then(refresh);
    },
    onPointerMove(event) {
      if (!drag) return;
      drag.pending = { x: event.x + drag.dx, z: event.z + drag.dz };
      // One evaluation per frame at most, however many pointer moves arrive.
      if (!frameRequested) {
        frameRequested = true;
        frame(step);
      }
    },
    onPointerUp(event) {
      if (!drag) return;
      if (event.x !== drag.down.x || event.z !== drag.down.z) drag.pending = { x: event.x + drag.dx, z: event.z + drag.dz };
      step();
      endDrag(true);
    },
    onKeyDown(key) {
      if (key === 'Delete' || key === 'Backspace') return deleteSelectedPoint();
      if (key === 'Enter') {
        roads.end();
        refresh();
        return true;
      }
      return false;
    },
    flush: step,
    refresh,
    cancel() {
      if (drag) endDrag(false);
      else if (roads.draft()) roads.setDraft(null);
      refresh();
    },
  };
  return tool;
}
