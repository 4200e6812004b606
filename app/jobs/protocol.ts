import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import type { Layer } from '../../shared/layers/types';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';

/**
 * A terrain job: evaluate the layer `stack` on `heights` (what lies below it; empty: flat ground).
 * The job's heights are the stack's, and it also returns the base the editor's local evaluator
 * starts from (shared/layers/evaluate.ts evaluateStackWithBase), its index in this stack. The job
 * owns `heights` (callers pass a copy; a worker transport transfers it), so no further copies are
 * made on the way.
 */
export interface TerrainJobRequest {
  width: number;
  depth: number;
  cellSize: number;
  heights: Float32Array;
  stack: Layer[];
}

/**
 * The topmost whole-map layer's result of a stack job (null when the stack has none), and the water
 * the job's layers up to it made (null: none; absent: the job collected no water).
 */
export type StackBase = { index: number; output: Float32Array; water?: WaterSurface | null } | null;

export type TerrainJobOutcome =
  | {
      status: 'done';
      heights: Float32Array;
      /** Present when a hydraulic step ran (shared/erosion/cover.ts coverBytes). */ masks: ErosionCoverBytes | null;
      /** Present when a water-making layer ran. */ water?: WaterSurface | null;
      base?: StackBase;
    }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string };

export interface JobHandle {
  readonly outcome: Promise<TerrainJobOutcome>;
  /** Stops the job as soon as possible; the outcome then resolves to 'cancelled'. */
  cancel(): void;
}

/** Where jobs run: a worker in the app, in-process in tests. */
export interface TerrainJobTransport {
  start(request: TerrainJobRequest, onProgress: (done: number, total: number) => void): JobHandle;
}

/** Messages between the UI thread and the terrain worker. */
/** `threads`: how many threads a worker may erode on (its cores when absent; one without shared memory). */
export type ToWorkerMessage = { type: 'run'; request: TerrainJobRequest; threads?: number };
export type FromWorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | {
      type: 'done';
      heights: Float32Array;
      masks: ErosionCoverBytes | null;
      water?: WaterSurface | null;
      /** Threads its erosion ran on. */ threads: number;
      base?: StackBase;
      /** The base's output is `heights` itself (sent once). */ baseIsHeights?: boolean;
    }
  | { type: 'failed'; message: string };
