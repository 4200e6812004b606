/**
 * The road tool (in the manner of Unreal's landscape splines): with a road selected, a click on the
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
import { RoadDrag } from './roadDrag';
import { roadOverlay } from './roadOverlay';
import type { RoadsModel } from './roadsModel';
import type { RouteMode } from './routeMode';

export const ROAD_TOOL_ID = 'road';

/** Schedules a callback for the next frame (requestAnimationFrame in the window). */
export type FrameScheduler = (callback: () => void) => void;

/** A control point being dragged: its live edit, and the step waiting for a frame. */
export interface PointDrag {
  road: RoadDrag;
  point: number;
  moved: boolean;
  /** Where the pointer asked the point to go since the last step, or null. */
  pending: { x: number; z: number } | null;
  /** A position the road could not take (released there: refused with the reason). */
  refused: RoadLayer | null;
  down: { x: number; z: number };
  /** The point's offset from the pointer (a click on a handle does not move it). */
  dx: number;
  dz: number;
  /** Whether a step waits for its frame (one evaluation per frame at most). */
  frame: 'none' | 'requested';
}

/**
 * The road tool's state: no gesture; the first point of a road not yet made (shown through
 * RoadsModel's draft); a control point being dragged.
 */
export type RoadToolState = { kind: 'idle' } | { kind: 'drafting'; first: { x: number; z: number } } | { kind: 'dragging'; drag: PointDrag };

export interface RoadTool extends Tool {
  /** Runs a drag step that waits for its frame now (tests, the bench). */
  flush(): void;
  /** Redraws the overlay (the document, the selection or the draft changed). */
  refresh(): void;
  /** The tool's state now. */
  state(): RoadToolState;
}

/** Handles are picked within this many cells when the view gives no pick radius. */
const DEFAULT_PICK_CELLS = 3;

interface Hit {
  road: RoadLayer;
  /** A control point, or the piece (point n − 1 … n) of the centreline hit. */
  kind: 'point' | 'line';
  n: number;
}

export function createRoadTool(editor: Editor, tools: ToolStore, jobs: TerrainJobs, layers: LayersModel, roads: RoadsModel, frame: FrameScheduler, route?: RouteMode): RoadTool {
  let current: RoadToolState = { kind: 'idle' };
  /** The state, a draft cleared elsewhere (Enter, a road made, the Roads tab) being idle again. */
  const stateNow = (): RoadToolState => {
    if (current.kind === 'drafting' && !roads.store.getState().draft) current = { kind: 'idle' };
    return current;
  };
  const dragging = (): PointDrag | null => {
    const state = stateNow();
    return state.kind === 'dragging' ? state.drag : null;
  };
  const setDraft = (first: { x: number; z: number } | null) => {
    roads.setDraft(first);
    current = first ? { kind: 'drafting', first } : { kind: 'idle' };
  };

  const cellSize = () => editor.document.field.cellSize;
  const active = () => tools.getState().active === tool;

  const refresh = () => {
    if (!active()) return;
    const { selectedPoint, draft } = roads.store.getState();
    const selected = roads.selected();
    const drag = dragging();
    tools.setState({ overlay: roadOverlay(editor.document.stack, cellSize(), selected?.id ?? null, selectedPoint, draft, drag ? drag.road.shown : undefined) });
  };

  /** The selected road's point or centreline under the pointer, else any other road's. */
  const hitTest = (event: ToolPointerEvent): Hit | null => {
    const radius = event.pickRadius ?? DEFAULT_PICK_CELLS * cellSize();
    const selected = roads.selected();
    const candidates = selected ? [selected, ...roads.roads().filter((r) => r.id !== selected.id && r.enabled)] : roads.roads().filter((r) => r.enabled);
    for (const road of candidates) {
      let best: Hit | null = null;
      let bestD = radius;
      road.params.points.forEach((p, n) => {
        const d = Math.hypot(p.x - event.x, p.z - event.z);
        if (d <= bestD) {
          bestD = d;
          best = { road, kind: 'point', n };
        }
      });
      if (best) return best;
      const line = centrelineOf(road.params, cellSize());
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

  /** Shows the drag's pending position (the frame's step, or the release's). */
  const step = (drag: PointDrag | null = dragging()) => {
    if (!drag || drag !== dragging()) return;
    drag.frame = 'none';
    if (!drag.pending) return;
    const { x, z } = drag.pending;
    drag.pending = null;
    const shown = drag.road.shown;
    // Where the point already is (a release where the last step left it): nothing to evaluate.
    if (shown.params.points[drag.point].x === x && shown.params.points[drag.point].z === z && !drag.refused) return;
    const points = shown.params.points.slice();
    points[drag.point] = { ...points[drag.point], x, z };
    const candidate: RoadLayer = { ...shown, params: { ...shown.params, points } };
    if (drag.road.show(candidate)) {
      drag.moved = true;
      drag.refused = null;
    } else drag.refused = candidate;
    refresh();
  };

  const endDrag = (commit: boolean) => {
    const drag = dragging();
    if (!drag) return;
    current = { kind: 'idle' };
    if (!commit || !drag.moved || drag.refused) {
      drag.road.cancel();
      // Released where the road cannot go: it stays as it was, and the user is told why.
      const problem = commit && drag.refused ? roadKind.problem?.(drag.refused, drag.road.size) : null;
      if (problem) roads.store.setState({ message: `Move point ${drag.point + 1} of "${drag.road.original.name}": ${problem}` });
      refresh();
      return;
    }
    const { stack, options } = drag.road.finish();
    void roads.commitRoad(`Move point ${drag.point + 1} of "${drag.road.original.name}"`, drag.road.original.id, stack, options).then(refresh);
  };

  const deleteSelectedPoint = (): boolean => {
    const road = roads.selected();
    const { selectedPoint } = roads.store.getState();
    if (!road || selectedPoint === null) return false;
    void roads.deletePoint(road.id, selectedPoint);
    return true;
  };

  const tool: RoadTool = {
    id: ROAD_TOOL_ID,
    label: 'Road',
    capturesPrimaryDrag: true,
    pressGrabs(hovered) {
      if (!hovered || jobs.isRunning) return false;
      const hit = hitTest(hovered);
      return hit !== null && hit.kind === 'point' && hit.road.id === roads.selected()?.id;
    },
    onPointerDown(event) {
      if (dragging() || jobs.isRunning) return;
      // Route mode: the clicks are the route's start, via points (Shift) and end.
      if (route?.store.getState().on) return route.click(event.x, event.z, event.shiftKey);
      const hit = hitTest(event);
      const selected = roads.selected();
      if (hit && hit.road.id !== selected?.id) {
        // Another road: select it (and its point), nothing changes.
        roads.selectRoad(hit.road.id);
        setDraft(null);
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
        const drag: PointDrag = { road: new RoadDrag(editor, jobs, hit.road.id), point: hit.n, moved: false, pending: null, refused: null, down: { x: event.x, z: event.z }, dx: p.x - event.x, dz: p.z - event.z, frame: 'none' };
        current = { kind: 'dragging', drag };
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
      if (stateNow().kind !== 'drafting') {
        setDraft({ x: event.x, z: event.z });
        refresh();
        return;
      }
      // The road is made from the draft (RoadsModel clears it when made; a refused one stays drafted).
      void roads.createFromDraft(event.x, event.z).then(refresh);
    },
    onPointerMove(event) {
      const drag = dragging();
      if (!drag) return;
      drag.pending = { x: event.x + drag.dx, z: event.z + drag.dz };
      // One evaluation per frame at most, however many pointer moves arrive.
      if (drag.frame === 'none') {
        drag.frame = 'requested';
        frame(() => step(drag));
      }
    },
    onPointerUp(event) {
      const drag = dragging();
      if (!drag) return;
      if (event.x !== drag.down.x || event.z !== drag.down.z) drag.pending = { x: event.x + drag.dx, z: event.z + drag.dz };
      step(drag);
      endDrag(true);
    },
    onKeyDown(key) {
      if (key === 'Delete' || key === 'Backspace') return deleteSelectedPoint();
      if (key === 'Enter') {
        roads.newRoad();
        refresh();
        return true;
      }
      return false;
    },
    flush: () => step(),
    refresh,
    state: stateNow,
    cancel() {
      if (route?.cancel()) return refresh();
      const state = stateNow();
      if (state.kind === 'dragging') endDrag(false);
      else if (state.kind === 'drafting') setDraft(null);
      refresh();
    },
  };
  return tool;
}
