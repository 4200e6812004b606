/**
 * How the window finds the cover beside the rivers (riverCoverBands.ts, a pass over the whole map: ~70 ms at 1025²,
 * about a second at 4097²): off the main thread in the window (renderer/workers/riverCoverWorker.ts), given to
 * surfaceCover.ts by findRiverCoverWith. Without a runner (tests, headless sessions, the CLI) surfaceCoverOf finds
 * it on the calling thread as before. Both give the same bytes (riverCoverBands.test.ts).
 */
import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import { riverFlowInto, riverMask, type RiverCoverInput } from './riverCoverBands';

/**
 * What finding it needs: the map, the cover's flow before the rivers (a copy) and where the rivers' water lies over
 * the final heights (riverMask: a byte a vertex, not copies of the water and the heights).
 */
export interface RiverCoverAsk {
  width: number;
  depth: number;
  cellSize: number;
  flow: Uint8Array;
  under: Uint8Array;
}

/**
 * The ask for `flow` (the cover's before the rivers) over `input`, made on the window's thread: the flow copied and the
 * rivers' mask (two bytes a vertex), or null when no vertex is under a river's water (the cover is then `flow`'s).
 */
export function riverCoverAsk(size: { width: number; depth: number; cellSize: number }, flow: Uint8Array, input: RiverCoverInput): RiverCoverAsk | null {
  const under = riverMask(input);
  return under ? { width: size.width, depth: size.depth, cellSize: size.cellSize, flow: flow.slice(), under } : null;
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
  if (!ask.under.includes(1)) return { flow: null };
  const flow = new Uint8Array(ask.flow.length);
  riverFlowInto(ask, ask.flow, ask.under, { i0: 0, j0: 0, i1: ask.width, j1: ask.depth }, flow);
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
