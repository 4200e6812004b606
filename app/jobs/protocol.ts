import type { FaultRecipe } from '../../shared/fault/recipe';

/**
 * A fault-formation job: add iterations [start, end) of `recipe` to `heights`. The job owns `heights`
 * (callers pass a copy; a worker transport transfers it), so no further copies are made on the way.
 */
export interface FaultJobRequest {
  width: number;
  depth: number;
  cellSize: number;
  heights: Float32Array;
  recipe: FaultRecipe;
  start: number;
  end: number;
}

export type FaultJobOutcome = { status: 'done'; heights: Float32Array } | { status: 'cancelled' } | { status: 'failed'; message: string };

export interface JobHandle {
  readonly outcome: Promise<FaultJobOutcome>;
  /** Stops the job as soon as possible; the outcome then resolves to 'cancelled'. */
  cancel(): void;
}

/** Where jobs run: a worker in the app, in-process in tests. */
export interface FaultJobTransport {
  start(request: FaultJobRequest, onProgress: (done: number, total: number) => void): JobHandle;
}

/** Messages between the UI thread and the fault worker. */
export type ToWorkerMessage = { type: 'run'; request: FaultJobRequest };
export type FromWorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; heights: Float32Array }
  | { type: 'failed'; message: string };
