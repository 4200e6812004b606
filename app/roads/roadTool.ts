/**
 * The road tool (in the manner of Unreal's landscape splines), and any tool that draws a layer as a
 * spline (the river tool): one tool, parametrised by a SplineKind. With a road selected, a click on the
 * terrain adds a control point at its end, a click on its centreline inserts one there, a drag moves
 * a point live (one undo entry on release), Alt+click or Delete/Backspace deletes the selected point.
 * With no road selected, the first click starts a draft (held here, not in the document) and the
 * second makes a new road layer. Enter ends the current road (the next clicks start a new one); a
 * click on another road's point or line selects that road — except a click on its line while drawing
 * an end (a draft, or the selected road's first or last point selected): then the end goes onto the
 * other road's centreline, where the junction code joins it (a T). Esc cancels the gesture in progress.
 */
import type { Editor } from '../document/editor';
import type { TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import type { ToolStore } from '../tools/toolStore';
import type { Tool, ToolPointerEvent } from '../tools/types';
import { centrelineOf } from '../../shared/roads/fittedRoad';
import { roadKind } from '../../shared/layers/kinds/road';
import type { RoadLayer } from '../../shared/layers/types';
import { ROAD_DRAG, SplineDrag } from './roadDrag';
import { roadOverlay } from './roadOverlay';
import type { RoadsModel } from './roadsModel';
import type { SplineKind, SplineLayer, SplineToolModel } from './splineKind';
import type { RouteMode } from './routeMode';
import { joinByClick } from './splineJoin';

export const ROAD_TOOL_ID = 'road';

/** Schedules a callback for the next frame (requestAnimationFrame in the window). */
export type FrameScheduler = (callback: () => void) => void;

/** A control point being dragged: its live edit, and the step waiting for a frame. */
export interface PointDrag<L extends SplineLayer = SplineLayer> {
  road: SplineDrag<L>;
  point: number;
  moved: boolean;
  /** Where the pointer asked the point to go since the last step, or null. */
  pending: { x: number; z: number } | null;
  /** A position the spline could not take (released there: refused with the reason). */
  refused: L | null;
  down: { x: number; z: number };
  /** The point's offset from the pointer (a click on a handle does not move it). */
  dx: number;
  dz: number;
  /** Whether a step waits for its frame (one evaluation per frame at most). */
  frame: 'none' | 'requested';
}

/**
 * The spline tool's state: no gesture; the first point of a spline not yet made (shown through the
 * model's draft); a control point being dragged.
 */
export type RoadToolState<L extends SplineLayer = SplineLayer> =
  { kind: 'idle' } | { kind: 'drafting'; first: { x: number; z: number } } | { kind: 'dragging'; drag: PointDrag<L> };

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
  joinsByClick: true,
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

export function createRoadTool(
  editor: Editor,
  tools: ToolStore,
  jobs: TerrainJobs,
  _layers: LayersModel,
  roads: RoadsModel,
  frame: FrameScheduler,
  route?: RouteMode,
): RoadTool {
  return createSplineTool(ROAD_SPLINE, editor, tools, jobs, roadToolModel(roads), frame, route);
}

/** The selected spline's point or centreline under the pointer, else any other enabled one's of the kind. */
function hitTest<L extends SplineLayer>(kind: SplineKind<L>, model: SplineToolModel<L>, event: ToolPointerEvent, cellSize: number): Hit<L> | null {
  const radius = event.pickRadius ?? DEFAULT_PICK_CELLS * cellSize;
  const selected = model.selected();
  const candidates = selected ? [selected, ...model.list().filter((r) => r.id !== selected.id && r.enabled)] : model.list().filter((r) => r.enabled);
  for (const road of candidates) {
    let best: Hit<L> | null = null;
    let bestD = radius;
    road.params.points.forEach((p, n) => {
      const d = Math.hypot(p.x - event.x, p.z - event.z);
      if (d <= bestD) {
        bestD = d;
        best = { road, kind: 'point', n };
      }
    });
    if (best) return best;
    const line = kind.centreline(road, cellSize);
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
}

/** The spline a click on `found` may join an end being drawn to: another one's line, of a kind that joins; else null. */
const joinable = <L extends SplineLayer>(kind: SplineKind<L>, found: Hit<L> | null, selected: L | null): L | null =>
  kind.joinsByClick === true && found?.kind === 'line' && found.road.id !== selected?.id ? found.road : null;

/** Shows the drag's pending position; whether there was one to show. */
function stepDrag<L extends SplineLayer>(drag: PointDrag<L>): boolean {
  drag.frame = 'none';
  if (!drag.pending) return false;
  const { x, z } = drag.pending;
  drag.pending = null;
  const shown = drag.road.shown;
  // Where the point already is (a release where the last step left it): nothing to evaluate.
  if (shown.params.points[drag.point].x === x && shown.params.points[drag.point].z === z && !drag.refused) return false;
  const points = shown.params.points.slice();
  points[drag.point] = { ...points[drag.point], x, z };
  const candidate = { ...shown, params: { ...shown.params, points } } as L;
  if (drag.road.show(candidate)) {
    drag.moved = true;
    drag.refused = null;
  } else drag.refused = candidate;
  return true;
}

/** A drag of point `n` of `road` from the press `event`; the point keeps its offset from the pointer (a click on a handle does not move it). */
function startPointDrag<L extends SplineLayer>(
  editor: Editor,
  jobs: TerrainJobs,
  kind: SplineKind<L>,
  road: L,
  n: number,
  event: ToolPointerEvent,
): PointDrag<L> {
  const p = road.params.points[n];
  return {
    road: new SplineDrag(editor, jobs, road.id, kind),
    point: n,
    moved: false,
    pending: null,
    refused: null,
    down: { x: event.x, z: event.z },
    dx: p.x - event.x,
    dz: p.z - event.z,
    frame: 'none',
  };
}

/** Ends a point drag: recorded as one entry when it moved to a valid place, else put back (saying why when refused). */
function finishPointDrag<L extends SplineLayer>(
  kind: SplineKind<L>,
  roads: SplineToolModel<L>,
  drag: PointDrag<L>,
  commit: boolean,
  refresh: () => void,
): void {
  if (!commit || !drag.moved || drag.refused) {
    drag.road.cancel();
    // Released where the road cannot go: it stays as it was, and the user is told why.
    const problem = commit && drag.refused ? kind.problem(drag.refused, drag.road.size) : null;
    if (problem) roads.say(`Move point ${drag.point + 1} of "${drag.road.original.name}": ${problem}`);
    refresh();
    return;
  }
  const { stack, options } = drag.road.finish();
  void roads.commit(`Move point ${drag.point + 1} of "${drag.road.original.name}"`, drag.road.original.id, stack, options).then(refresh);
}

/** The tool for a kind drawn as a spline: `kind` says which layers and how they are drawn, `roads` edits them. */
export function createSplineTool<L extends SplineLayer>(
  kind: SplineKind<L>,
  editor: Editor,
  tools: ToolStore,
  jobs: TerrainJobs,
  roads: SplineToolModel<L>,
  frame: FrameScheduler,
  route?: RouteMode,
): RoadTool {
  let current: RoadToolState<L> = { kind: 'idle' };
  /** The state, a draft cleared elsewhere (Enter, a road made, the Roads tab) being idle again. */
  const stateNow = (): RoadToolState<L> => {
    if (current.kind === 'drafting' && !roads.draft()) current = { kind: 'idle' };
    return current;
  };
  const dragging = (): PointDrag<L> | null => {
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
    const selected = roads.selected();
    const drag = dragging();
    tools.setState({
      overlay: kind.overlay(editor.document.stack, cellSize(), selected?.id ?? null, roads.selectedPoint(), roads.draft(), drag ? drag.road.shown : undefined),
    });
  };

  const hit = (event: ToolPointerEvent): Hit<L> | null => hitTest(kind, roads, event, cellSize());

  /** Shows the drag's pending position (the frame's step, or the release's). */
  const step = (drag: PointDrag<L> | null = dragging()) => {
    if (!drag || drag !== dragging()) return;
    if (stepDrag(drag)) refresh();
  };

  const endDrag = (commit: boolean) => {
    const drag = dragging();
    if (!drag) return;
    current = { kind: 'idle' };
    finishPointDrag(kind, roads, drag, commit, refresh);
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
    pressGrabs(hovered) {
      if (!hovered || jobs.isRunning) return false;
      const found = hit(hovered);
      return found !== null && found.kind === 'point' && found.road.id === roads.selected()?.id;
    },
    onPointerDown(event) {
      if (dragging() || jobs.isRunning) return;
      // Route mode: the clicks are the route's start, via points (Shift) and end.
      if (route?.store.getState().on) return route.click(event.x, event.z, event.shiftKey);
      const found = hit(event);
      const selected = roads.selected();
      const made = joinByClick(roads, kind, joinable(kind, found, selected), stateNow().kind === 'drafting', cellSize(), event);
      if (made) return void made.then(refresh);
      if (found && found.road.id !== selected?.id) {
        // Another road: select it (and its point), nothing changes.
        roads.select(found.road.id);
        setDraft(null);
        roads.selectPoint(found.kind === 'point' ? found.n : null);
        refresh();
        return;
      }
      if (found && found.kind === 'point') {
        roads.selectPoint(found.n);
        if (event.altKey) {
          deleteSelectedPoint();
          return;
        }
        const drag = startPointDrag(editor, jobs, kind, found.road, found.n, event);
        current = { kind: 'dragging', drag };
        refresh();
        return;
      }
      if (found && found.kind === 'line') {
        void roads.insertPoint(found.road.id, found.n, event.x, event.z).then(refresh);
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
        roads.end();
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
