/**
 * How the window finds the cover beside the rivers (riverCoverBands.ts, a pass over the whole map: ~70 ms at 1025²,
 * about a second at 4097²): off the main thread in the window (renderer/workers/riverCoverWorker.ts), given to
 * surfaceCover.ts by findRiverCoverWith. Without a runner (tests, headless sessions, the CLI) surfaceCoverOf finds
 * it on the calling thread as before. Both give the same bytes (riverCoverBands.test.ts).
 */
import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import { riverFlowInto, riverMask, type RiverCoverInput } from './riverCoverBands';

/** What finding it needs: the map, the cover's flow before the rivers, the water and the final heights (copies). */
export interface RiverCoverAsk extends RiverCoverInput {
  width: number;
  depth: number;
  cellSize: number;
  flow: Uint8Array;
}

/**
 * The ask for `flow` (the cover's before the rivers) over `input`, made on the window's thread: copies (the document
 * keeps its own). Packing them into a byte a vertex of river mask here instead (riverMask) was measured slower on this
 * thread than the copies (BENCHMARKS.md "Session 27: the cover beside rivers…"): the worker makes the mask.
 */
export function riverCoverAsk(size: { width: number; depth: number; cellSize: number }, flow: Uint8Array, input: RiverCoverInput): RiverCoverAsk {
  const { width, depth, cellSize } = size;
  return { width, depth, cellSize, flow: flow.slice(), surface: input.surface.slice(), kind: input.kind.slice(), heights: input.heights.slice() };
}

/** The flow beside the rivers (the deposition is then 0 everywhere), or null when no vertex is under a river's water. */
export interface RiverCoverAnswer {
  flow: Uint8Array | null;
}

export interface RiverCoverRun {
  /** The answer, or null when cancelled or failed. */
  result: Promise<RiverCoverAnswer | null>;
  cancel(): void;
}

export type RiverCoverRunner = (ask: RiverCoverAsk) => RiverCoverRun;

/** Messages to and from the worker. */
export type ToRiverCoverWorker = RiverCoverAsk;
export type FromRiverCoverWorker = RiverCoverAnswer;

/** The answer to `ask`, as the worker finds it. */
export function riverCoverAnswer(ask: RiverCoverAsk): RiverCoverAnswer {
  const under = riverMask(ask);
  if (!under) return { flow: null };
  const flow = new Uint8Array(ask.flow.length);
  riverFlowInto(ask, ask.flow, under, { i0: 0, j0: 0, i1: ask.width, j1: ask.depth }, flow);
  return { flow };
}

/** The cover an answer gives over `before` (the cover before the rivers). */
export function coverFromAnswer(before: ErosionCoverBytes, answer: RiverCoverAnswer): ErosionCoverBytes {
  return answer.flow ? { flow: answer.flow, deposition: new Uint8Array(answer.flow.length) } : before;
}

/** On this thread after a tick (tests of the window's asynchronous path). */
export const inProcessRiverCoverRunner: RiverCoverRunner = (ask) => {
  let stopped = false;
  const result = new Promise<RiverCoverAnswer | null>((resolve) => {
    setTimeout(() => resolve(stopped ? null : riverCoverAnswer(ask)), 0);
  });
  return {
    result,
    cancel: () => {
      stopped = true;
    },
  };
};
