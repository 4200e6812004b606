/**
 * The road report in the editor: for the road picked (else the current road, currentRoad.ts), the
 * report per 10 m segment (shared/roads/report.ts) from the geometry alone, replaced by the one from
 * the last "Drive this road" of that road until the terrain changes; and the overlay that colours the
 * road by it in both views. The report reads the centreline, bank and the document's heights (the
 * whole stack, as the car drives it), so the model is built on those heights: its profile is not used,
 * except on a bridge's deck (shared/roads/bridge.ts fitRoadOnMap).
 */
import { stackHasWater, stackWaterWithout } from '../../shared/layers/stackWaterDepth';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RoadLayer } from '../../shared/layers/types';
import { fitRoadOnMap } from '../../shared/roads/bridge';
import type { FittedRoad } from '../../shared/roads/fittedRoad';
import { roadReport, type DriveOutcome, type RoadReport } from '../../shared/roads/report';
import type { Editor } from '../document/editor';
import type { LayersModel } from '../layers/layersModel';
import { currentRoad } from './currentRoad';
import { segmentStatus, type SegmentStatus } from './roadReportStatus';

export interface RoadReportState {
  /** The road the report section picked; null: the current road. */
  readonly pickedId: string | null;
  /** The colour overlay along the road in both views. */
  readonly overlay: boolean;
  /** The report shown (null: no road, or it could not be built), and where it came from. */
  readonly report: RoadReport | null;
  readonly roadId: string | null;
  readonly source: 'geometry' | 'drive' | null;
  readonly problem: string | null;
  /** The segment a row click asked the views to show (changes `focusVersion`). */
  readonly focus: { index: number; x: number; z: number; heading: number } | null;
  readonly focusVersion: number;
}

/** The overlay's path: the centreline's stations (x, z) with each station's segment status. */
export interface RoadOverlayPath {
  readonly x: Float64Array;
  readonly z: Float64Array;
  readonly status: SegmentStatus[];
}

export interface RoadReportModel {
  readonly store: StoreApi<RoadReportState>;
  /** The road the report is about: the picked one when it is still a road, else the current road. */
  road(): RoadLayer | null;
  pick(id: string | null): void;
  setOverlay(on: boolean): void;
  /** The road's model on the document's heights (null without a road or when it cannot be built). */
  fitted(): FittedRoad | null;
  /**
   * Brings the report up to date with the document (geometry only unless a drive of this road is
   * kept). The model does so itself when its inputs change (the document, not a gesture's preview;
   * the road picked or selected; the overlay switched on); a caller that reads the report right after
   * changing the document may call it, and nothing is computed twice.
   */
  refresh(): void;
  /** The report of a drive of `roadId`, kept until the terrain or the road changes. */
  setDriveReport(roadId: string, drive: DriveOutcome): void;
  /** The overlay path of the report shown (null when there is none). */
  overlayPath(): RoadOverlayPath | null;
  /** Asks the views to show segment `index` of the report. */
  focusSegment(index: number): void;
  dispose(): void;
}

export function createRoadReportModel(editor: Editor, layers: LayersModel): RoadReportModel {
  // The report's colours are an overlay switched on when wanted: a road is drawn as a road.
  const store = createStore<RoadReportState>(() => ({
    pickedId: null,
    overlay: false,
    report: null,
    roadId: null,
    source: null,
    problem: null,
    focus: null,
    focusVersion: 0,
  }));
  /** What the report shown was computed for: the document's version (previews aside) and road object (a changed road is a new object). */
  let computedFor: { version: number; road: RoadLayer | null } | null = null;
  let fittedRoads: { heights: Float32Array; road: RoadLayer; fitted: FittedRoad } | null = null;
  let path: { report: RoadReport; path: RoadOverlayPath } | null = null;

  const road = (): RoadLayer | null => {
    const stack = editor.document.stack;
    const { pickedId } = store.getState();
    const picked = pickedId === null ? undefined : stack.find((layer) => layer.id === pickedId);
    return picked?.kind === 'road' ? picked : currentRoad(stack, layers.store.getState().selectedId);
  };

  const fitted = (): FittedRoad | null => {
    const r = road();
    if (!r) return null;
    const field = editor.document.field;
    if (fittedRoads && fittedRoads.road === r && fittedRoads.heights === field.heights) return fittedRoads.fitted;
    // On a bridge the profile is used: its deck, straight between the map's heights at its abutments.
    const built = fitRoadOnMap(r.params, field.heights, field);
    fittedRoads = { heights: field.heights, road: r, fitted: built };
    return built;
  };

  const compute = (drive: DriveOutcome | null): void => {
    const r = road();
    computedFor = { version: editor.store.getState().documentVersion, road: r };
    if (!r) {
      store.setState({ report: null, roadId: null, source: null, problem: null });
      return;
    }
    try {
      const m = fitted();
      const field = editor.document.field;
      // The water the road crosses (the stack's without the road), only for a stack with water.
      const stack = editor.document.stack;
      const water = m && stackHasWater(stack) ? stackWaterWithout(stack, r.id, field) : null;
      const report = m ? roadReport(m, field.heights, field, drive, water) : null;
      store.setState({ report, roadId: r.id, source: drive ? 'drive' : 'geometry', problem: null });
    } catch (error) {
      store.setState({ report: null, roadId: r.id, source: null, problem: `${r.name}: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  const refresh = (): void => {
    const r = road();
    if (computedFor && computedFor.version === editor.store.getState().documentVersion && computedFor.road === r) return;
    compute(null);
  };

  /** Someone looks at the report (the section showed one, or a problem) or at its overlay: it follows its inputs. */
  const watched = () => {
    const s = store.getState();
    return s.overlay || s.report !== null || s.problem !== null;
  };
  const unsubscribers = [
    // Derived from the document: a gesture's preview (a road point dragged) is not an input.
    editor.subscribeDocument((s, prev) => {
      if (s.documentVersion !== prev.documentVersion && watched()) refresh();
    }),
    layers.store.subscribe((s, prev) => {
      if (s.selectedId !== prev.selectedId && store.getState().pickedId === null) refresh();
    }),
  ];

  return {
    store,
    road,
    fitted,
    refresh,
    pick(id) {
      store.setState({ pickedId: id });
      refresh();
    },
    setOverlay(on) {
      store.setState({ overlay: on });
      if (on) refresh();
    },
    setDriveReport(roadId, drive) {
      const r = road();
      if (!r || r.id !== roadId) store.setState({ pickedId: roadId });
      compute(drive);
    },
    overlayPath() {
      const { report } = store.getState();
      const m = fitted();
      if (!report || !m) return null;
      if (path && path.report === report) return path.path;
      const { line } = m;
      const status: SegmentStatus[] = new Array<SegmentStatus>(line.n).fill('ok');
      for (const segment of report.segments) {
        const s = segmentStatus(segment, report);
        const a = Math.round(segment.from / line.ds);
        const b = Math.min(line.n - 1, Math.round(segment.to / line.ds));
        for (let k = a; k <= b; k++) status[k] = s;
      }
      const built = { x: line.x, z: line.z, status };
      path = { report, path: built };
      return built;
    },
    focusSegment(index) {
      const { report } = store.getState();
      const m = fitted();
      const segment = report?.segments[index];
      if (!segment || !m) return;
      const { line } = m;
      const k = Math.min(line.n - 1, Math.round((segment.from + segment.to) / 2 / line.ds));
      store.setState((s) => ({ focus: { index, x: line.x[k], z: line.z[k], heading: Math.atan2(line.tx[k], line.tz[k]) }, focusVersion: s.focusVersion + 1 }));
    },
    dispose() {
      unsubscribers.forEach((u) => u());
    },
  };
}
