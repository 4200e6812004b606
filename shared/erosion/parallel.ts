/**
 * Erosion on several threads over shared memory, with the bytes of one thread.
 *
 * A coordinator puts the heights (and masks) in SharedArrayBuffers and starts one `ParallelShare`
 * per thread (a Node worker or a Web Worker); each runs `runShare`, then reports. The threads meet at
 * a barrier between the parts of the run that depend on each other:
 * - hydraulic version 2: between colour phases; within a phase each thread takes the next tile from
 *   a shared counter, in any order (hydraulicTiled.ts: tiles of a phase touch disjoint vertices);
 * - thermal: between half passes; each thread settles its own band of block rows (thermal.ts: blocks
 *   of a half pass share no vertex).
 * So the result never depends on the thread count or on which thread ran what.
 *
 * Control words (Int32Array over `control`): CANCEL (set by the coordinator; threads stop at their
 * next check), DONE (work finished so far, for progress), ARRIVED (barrier count), then one tile
 * counter per hydraulic phase.
 */
import { createHeightfield } from '../terrain/heightfield';
import type { HydraulicParams, ThermalParams } from './params';
import { hydraulicKernel, tileRandom } from './hydraulicTiled';
import { talusHeight, thermalBlockRows } from './thermal';
import { strataTalus, thermalStrataBlockRows } from './thermalStrata';
import { softenCreases } from './creaseSoftening';
import { flattenNarrowTops, smoothLipsAlong, roundLips } from './narrowTops';
import { weatherCaplessHills } from './caplessHills';
import { talusApron } from './talusApron';
import { continueEdges } from './mapEdge';
import { JOINTING, wallRetreat } from './wallRetreat';

export const CANCEL = 0;
export const DONE = 1;
export const ARRIVED = 2;
const NEXT_TILE = 3;
export const CONTROL_WORDS = NEXT_TILE + 4;
/** Longest sleep at the barrier before looking at the cancel flag again (ms). */
const BARRIER_POLL_MS = 20;

/** One thread's part of a run: plain data, posted to a worker. */
export interface ParallelShare {
  step: ({ kind: 'hydraulic' } & HydraulicParams) | ({ kind: 'thermal' } & ThermalParams);
  width: number;
  depth: number;
  cellSize: number;
  heights: SharedArrayBuffer;
  /** Hydraulic masks, when the run fills them. */
  flow: SharedArrayBuffer | null;
  deposition: SharedArrayBuffer | null;
  control: SharedArrayBuffer;
  /** Lowest height before the run (hydraulic erosion's floor), the same for every thread. */
  floor: number;
  threads: number;
  index: number;
}

/** Units of work of a run, as counted in DONE: droplets, or block rows over all half passes. */
export function shareWork(step: ParallelShare['step'], depth: number): number {
  return step.kind === 'hydraulic' ? step.droplets : step.iterations * 2 * (depth + 1);
}

/** Waits until all threads have arrived `round` times; false when the run is cancelled meanwhile. */
function barrier(words: Int32Array, threads: number, round: number): boolean {
  const target = threads * round;
  let seen = Atomics.add(words, ARRIVED, 1) + 1;
  if (seen === target) Atomics.notify(words, ARRIVED);
  while (seen < target) {
    if (Atomics.load(words, CANCEL) !== 0) return false;
    Atomics.wait(words, ARRIVED, seen, BARRIER_POLL_MS);
    seen = Atomics.load(words, ARRIVED);
  }
  return Atomics.load(words, CANCEL) === 0;
}

/** Runs this thread's part; false when cancelled (the coordinator then discards the heights). */
export function runShare(share: ParallelShare): boolean {
  const words = new Int32Array(share.control);
  const field = createHeightfield(share.width, share.depth, share.cellSize, new Float32Array(share.heights));
  const cancelled = (): boolean => Atomics.load(words, CANCEL) !== 0;
  const { step } = share;
  if (step.kind === 'thermal') {
    const talus = talusHeight(step, share.cellSize);
    const byStrata = step.strata
      ? strataTalus(step.strata, step.talusDeg, share, step.retreatDeg !== undefined, step.cliffDeg, step.faceCells, step.faceUnits === true)
      : null;
    // Bands of top rows in [−1, depth): any split works, every block belongs to one band.
    const rows = share.depth + 1;
    const top0 = -1 + Math.floor((share.index * rows) / share.threads);
    const top1 = -1 + Math.floor(((share.index + 1) * rows) / share.threads);
    let round = 0;
    // The retreat is two raster sweeps, one thread's work: the others wait for it at the barrier.
    if (step.retreatDeg !== undefined || step.topWidth !== undefined) {
      if (share.index === 0) {
        const { retreatDeg, strata, jointing, cliffDeg, faceCells, jointSpacing } = step;
        if (retreatDeg !== undefined) wallRetreat(field, retreatDeg, strata, jointing ?? JOINTING, cliffDeg, faceCells, jointSpacing, step.faceUnits === true);
        if (step.topWidth !== undefined) flattenNarrowTops(field, step.topWidth);
      }
      if (!barrier(words, share.threads, ++round)) return false;
    }
    for (let pass = 0; pass < step.iterations; pass++) {
      for (let half = 0; half < 2; half++) {
        if (cancelled()) return false;
        if (byStrata) thermalStrataBlockRows(field.heights, share.width, share.depth, pass, half, top0, top1, byStrata, step.strength);
        else thermalBlockRows(field.heights, share.width, share.depth, pass, half, top0, top1, talus, step.strength);
        Atomics.add(words, DONE, top1 - top0);
        if (!barrier(words, share.threads, ++round)) return false;
      }
    }
    // The aprons, after every thread's last pass (the barrier above): one thread's sweeps; the run ends
    // when every thread has reported, so the others need not wait here.
    if (share.index === 0) {
      talusApron(field, step);
      if (step.caplessRelief !== undefined && step.strata) weatherCaplessHills(field, step.strata, step.caplessRelief, step.talusDeg, step.capWidth);
      if (step.lipPasses !== undefined) roundLips(field, step.lipPasses);
      if (step.lipDrop !== undefined) smoothLipsAlong(field, step.lipDrop);
      if (step.creaseBreak !== undefined) softenCreases(field, step.creaseBreak);
      if (step.edgeContinues === true) continueEdges(field);
    }
    return true;
  }
  const masks = share.flow && share.deposition ? { flow: new Float32Array(share.flow), deposition: new Float32Array(share.deposition) } : undefined;
  const kernel = hydraulicKernel(field, step, share.floor, masks);
  const { phases, counts } = kernel.plan;
  for (let p = 0; p < phases.length; p++) {
    const phase = phases[p];
    for (let next = Atomics.add(words, NEXT_TILE + p, 1); next < phase.length; next = Atomics.add(words, NEXT_TILE + p, 1)) {
      const tile = phase[next];
      const random = tileRandom(step, tile);
      for (let left = counts[tile]; left > 0;) {
        if (cancelled()) return false;
        const n = Math.min(left, kernel.batch);
        kernel.run(tile, random, n);
        left -= n;
        Atomics.add(words, DONE, n);
      }
    }
    if (!barrier(words, share.threads, p + 1)) return false;
  }
  return true;
}

/** Whether this runtime can share memory between threads (Node; a cross-origin isolated window). */
export function canShareMemory(): boolean {
  return (
    typeof SharedArrayBuffer === 'function' && typeof Atomics === 'object' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false
  );
}
