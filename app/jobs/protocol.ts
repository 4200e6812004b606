import type { FaultRecipe } from '../../shared/fault/recipe';
import type { ErosionMasks } from '../../shared/erosion/hydraulic';
import type { TerrainStep } from '../../shared/recipe/steps';

/**
 * A terrain job: apply `steps` in order to `heights` (fault runs of `recipe`, filters, erosion). The
 * job owns `heights` (callers pass a copy; a worker transport transfers it), so no further copies are
 * made on the way.
 */
export interface TerrainJobRequest {
  width: number;
  depth: number;
  cellSize: number;
  heights: Float32Array;
  /** The recipe that 'run' steps continue; null when the job has none. */
  recipe: FaultRecipe | null;
  steps: TerrainStep[];
}

export type TerrainJobOutcome =
  | { status: 'done'; heights: Float32Array; /** Present when a hydraulic step ran. */ masks: ErosionMasks | null }
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
  | { type: 'done'; heights: Float32Array; masks: ErosionMasks | null; /** Threads its erosion ran on. */ threads: number }
  | { type: 'failed'; message: string };
