/**
 * What the spline tool (roadTool.ts) and its live drag (roadDrag.ts) need of a layer kind drawn as
 * a spline of control points — a road, a river: the tool is one, parametrised by this.
 */
import type { Centreline } from '../../shared/roads/centreline';
import type { Layer, LayerSize, LayerStack, Rect, RiverLayer, RoadLayer } from '../../shared/layers/types';
import type { ApplyStackOptions, JobResult } from '../jobs/terrainJobs';
import type { ToolOverlay } from '../tools/types';

export type SplineLayer = RoadLayer | RiverLayer;

/** The kind's side of a drag: which layers, what stops a preview, where it changes the land. */
export interface SplineDragKind<L extends SplineLayer> {
  /** "road", "river": in messages. */
  readonly noun: string;
  isKind(layer: Layer | undefined): layer is L;
  /** Cheap checks of a layer being dragged (values, a point off the map or on another). */
  cannotPreview(layer: L, size: LayerSize): boolean;
  /** The vertices the layer can change (the kind module's bounds). */
  bounds(layer: L, size: LayerSize): Rect | null;
}

export interface SplineKind<L extends SplineLayer> extends SplineDragKind<L> {
  readonly toolId: string;
  readonly toolLabel: string;
  /** The layer's problems, values and geometry (the kind module's). */
  problem(layer: L, size: LayerSize): string | null;
  /**
   * Whether a spline's end clicked onto another of the kind joins it there (roads: a T junction,
   * shared/roads/junction.ts); without it such a click selects the other one.
   */
  readonly joinsByClick?: boolean;
  /** Its centreline (stations and the station of each control point), for picking. */
  centreline(layer: L, cellSize: number): Centreline;
  /** What the views draw: every spline of the kind, `selectedId` highlighted, `shown` in place of the dragged one. */
  overlay(
    stack: LayerStack,
    cellSize: number,
    selectedId: string | null,
    selectedPoint: number | null,
    draft: { x: number; z: number } | null,
    shown?: L,
  ): ToolOverlay;
}

/** The model the spline tool edits through (the roads' RoadsModel, the rivers' model): each change one undo entry. */
export interface SplineToolModel<L extends SplineLayer> {
  selectedPoint(): number | null;
  draft(): { x: number; z: number } | null;
  /** Tells the user (a refusal). */
  say(message: string): void;
  /** The kind's layers, bottom first. */
  list(): L[];
  /** The selected layer when it is of the kind. */
  selected(): L | null;
  select(id: string | null): void;
  selectPoint(n: number | null): void;
  setDraft(point: { x: number; z: number } | null): void;
  createFromDraft(x: number, z: number): Promise<JobResult>;
  appendPoint(id: string, x: number, z: number): Promise<JobResult>;
  insertPoint(id: string, n: number, x: number, z: number): Promise<JobResult>;
  deletePoint(id: string, n: number): Promise<JobResult>;
  /** Records a finished drag as one entry. */
  commit(label: string, id: string, next: Layer[], options?: ApplyStackOptions): Promise<JobResult>;
  /** Ends the current spline: the next click starts a new one. */
  end(): void;
}
