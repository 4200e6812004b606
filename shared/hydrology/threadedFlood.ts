/**
 * The tiled Priority-Flood (tiledFlood.ts) on several threads of any kind — Node's worker_threads
 * (main/services/floodThreads.ts) or Web Workers — over SharedArrayBuffers. A thread runs one task at a
 * time (`runFloodTask`); this side hands out the bands, solves the small label graph between the passes
 * and returns the filled surface in shared memory. The bands come from the map's size alone, so any
 * thread count gives the bytes of tiledPriorityFlood on one thread.
 */
import type { FloodVersion } from './floodVersions';
import type { HydrologyGrid } from './grid';
import type { FilledSurface } from './priorityFlood';
import {
  changedFlatOutlets,
  changedFlatParts,
  floodArrays,
  floodBand,
  floodPlan,
  floodProblem,
  raiseBand,
  refillFlats,
  spillHeights,
  type FloodArrays,
  type FloodPlan,
  type LabelEdges,
} from './tiledFlood';

/** The map's arrays as shared buffers, posted to every task. */
export interface FloodBuffers {
  readonly heights: SharedArrayBuffer;
  readonly level: SharedArrayBuffer;
  readonly drainage: SharedArrayBuffer;
  readonly labels: SharedArrayBuffer;
}

/** One task for one thread: plain data, posted to a worker. */
export type FloodTask =
  | { readonly kind: 'flood-band'; readonly plan: FloodPlan; readonly band: number; readonly buffers: FloodBuffers }
  | { readonly kind: 'raise-band'; readonly plan: FloodPlan; readonly band: number; readonly buffers: FloodBuffers; readonly spill: Float32Array }
  | { readonly kind: 'flat-parts'; readonly plan: FloodPlan; readonly band: number; readonly buffers: FloodBuffers; readonly raised: Int32Array }
  | { readonly kind: 'refill'; readonly plan: FloodPlan; readonly buffers: FloodBuffers; readonly outlets: Int32Array };

/** What a task answers: a band's label edges, the vertices a band raised or its changed flats' parts, or nothing. */
export type FloodTaskResult = LabelEdges | Int32Array | null;

const arraysOf = (buffers: FloodBuffers): FloodArrays => ({
  heights: new Float32Array(buffers.heights),
  level: new Float32Array(buffers.level),
  drainage: new Float64Array(buffers.drainage),
  labels: new Int32Array(buffers.labels),
});

/** Runs one task on this thread. */
export function runFloodTask(task: FloodTask): FloodTaskResult {
  const arrays = arraysOf(task.buffers);
  switch (task.kind) {
    case 'flood-band':
      return floodBand(task.plan, task.band, arrays);
    case 'raise-band':
      return raiseBand(task.plan, task.band, arrays, task.spill);
    case 'flat-parts':
      return changedFlatParts(task.plan, task.band, arrays, task.raised);
    case 'refill':
      refillFlats(task.plan, arrays, task.outlets);
      return null;
  }
}

/** Threads that run flood tasks: `run(index, task)` resolves thread `index`'s answer. */
export interface FloodThreads {
  readonly threads: number;
  run(index: number, task: FloodTask): Promise<FloodTaskResult>;
}

/** Runs tasks 0 … count − 1 on the threads, each thread taking the next task when it is free; answers by task. */
async function runAll<T extends FloodTaskResult>(pool: FloodThreads, count: number, task: (index: number) => FloodTask): Promise<T[]> {
  const answers: T[] = new Array<T>(count);
  let next = 0;
  const worker = async (thread: number) => {
    for (let k = next++; k < count; k = next++) answers[k] = (await pool.run(thread, task(k))) as T;
  };
  await Promise.all(Array.from({ length: Math.min(pool.threads, count) }, (_, thread) => worker(thread)));
  return answers;
}

/**
 * Fills every depression of `heights` on the pool's threads: tiledPriorityFlood's result (the same
 * levels as priorityFlood), its arrays in shared memory, the bands flooded by flood `floodVersion`
 * (absent: 1). Rejects with the input's problem or a thread's error.
 */
export async function threadedPriorityFlood(
  grid: HydrologyGrid,
  heights: Float32Array,
  pool: FloodThreads,
  floodVersion?: FloodVersion,
): Promise<FilledSurface> {
  const problem = floodProblem(grid, heights);
  if (problem) throw new RangeError(problem);
  const plan = floodPlan(grid.width, grid.depth, undefined, floodVersion);
  let shared = heights;
  // Threads see whole buffers: heights elsewhere (an ordinary buffer, or part of a shared one) are copied.
  if (!(heights.buffer instanceof SharedArrayBuffer) || heights.byteOffset !== 0 || heights.byteLength !== heights.buffer.byteLength) {
    shared = new Float32Array(new SharedArrayBuffer(heights.byteLength));
    shared.set(heights);
  }
  const arrays = floodArrays(shared, (bytes) => new SharedArrayBuffer(bytes));
  const buffers: FloodBuffers = {
    heights: shared.buffer as SharedArrayBuffer,
    level: arrays.level.buffer as SharedArrayBuffer,
    drainage: arrays.drainage.buffer as SharedArrayBuffer,
    labels: arrays.labels.buffer as SharedArrayBuffer,
  };
  const bands = plan.bands.length;
  const edges = await runAll<LabelEdges>(pool, bands, (band) => ({ kind: 'flood-band', plan, band, buffers }));
  const spill = spillHeights(plan, arrays, edges);
  const raised = await runAll<Int32Array>(pool, bands, (band) => ({ kind: 'raise-band', plan, band, buffers, spill }));
  if (bands > 1) {
    const parts = await runAll<Int32Array>(pool, bands, (band) => ({ kind: 'flat-parts', plan, band, buffers, raised: raised[band] }));
    await pool.run(0, { kind: 'refill', plan, buffers, outlets: changedFlatOutlets(plan, arrays, parts) });
  }
  return { level: arrays.level, drainage: arrays.drainage };
}
