/**
 * How the window finds the drawn cover's costly passes off its thread: the channel pass (shared/erosion/channelCover.ts
 * coverInChannels: ~0.1–0.3 s at 1025², seconds at 4097²) and then the rivers' part (riverCoverBands.ts), in one job, in
 * a worker of its own (renderer/workers/riverCoverWorker.ts), given to surfaceCover.ts by findRiverCoverWith. The
 * worker keeps its own copy of what the cover reads (the heights, where rivers run, the cover before the passes) and of the
 * cover it found: a whole-map change sends everything once; an edit sends only its rectangle, and the worker finds the
 * cover again over that rectangle grown by the passes' reach (the same bytes as the whole-map passes: channelCoverInto,
 * riverFlowInto). Without a runner (tests, headless sessions, the CLI) surfaceCoverOf finds it on the calling thread.
 */
import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import { channelCoverInto, channelCoverReachCells } from '../../shared/erosion/channelCover';
import { WATER_LAKE } from '../../shared/hydrology/water';
import { riverCoverReachCells, riverFlowInto, type CoverRect } from './riverCoverBands';

/** What the cover reads over a rectangle of the map, row by row (`rect`'s width a row). */
export interface CoverPatch {
  rect: CoverRect;
  heights: Float32Array;
  /** The water there, or null when the map has none. */
  surface: Float32Array | null;
  kind: Uint8Array | null;
  /** The cover before the passes (coverOnFinalSurface's) there. */
  flow: Uint8Array;
  deposition: Uint8Array;
}

/** A whole map (the worker's copy begins again: `patch` is the whole map) or an edit's rectangle of the map it holds. */
export type CoverAsk = { kind: 'whole'; width: number; depth: number; cellSize: number; patch: CoverPatch } | { kind: 'rect'; patch: CoverPatch };

/** The drawn cover over the whole map after an ask (arrays of its own). */
export type CoverAnswer = ErosionCoverBytes;

export interface CoverRun {
  /** The answer, or null when cancelled or failed. */
  result: Promise<CoverAnswer | null>;
  /** Its answer is not wanted (the worker still takes the ask's change into its copy). */
  cancel(): void;
}

/**
 * The window's line to a worker: asks are answered in order. `synced` says the worker holds a map (a whole ask was
 * sent and nothing failed since): a rect ask is only for a synced link. A whole ask may start the worker afresh
 * (the runs before it then answer null).
 */
export interface CoverLink {
  readonly synced: boolean;
  ask(ask: CoverAsk): CoverRun;
  dispose(): void;
}

export type RiverCoverRunner = () => CoverLink;

/** Messages to and from the worker. */
export type ToRiverCoverWorker = CoverAsk;
export type FromRiverCoverWorker = CoverAnswer;

/** The arrays an ask carries (moved to the worker, not copied: they are made for it). */
export function askBuffers(ask: CoverAsk): ArrayBuffer[] {
  const { heights, surface, kind, flow, deposition } = ask.patch;
  const arrays = [heights, surface, kind, flow, deposition].filter((a): a is NonNullable<typeof a> => a !== null);
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

/** Writes `from` (rows of `rect`'s width) into `into` (rows of `width`) over `rect`. */
function writeRect<T extends Uint8Array | Float32Array>(into: T, width: number, rect: CoverRect, from: T): void {
  const w = rect.i1 - rect.i0;
  for (let j = rect.j0; j < rect.j1; j++) into.set(from.subarray((j - rect.j0) * w, (j - rect.j0 + 1) * w), j * width + rect.i0);
}

/**
 * The worker's side: its copy of the map and of the cover it found; `take` answers an ask. The cover is
 * drawnCover's (surfaceCover.ts) over the map as the asks so far left it, bit for bit (riverCoverBands.test.ts).
 */
export class CoverJob {
  private width = 0;
  private depth = 0;
  private cellSize = 1;
  private heights: Float32Array = new Float32Array(0);
  private before: ErosionCoverBytes = { flow: new Uint8Array(0), deposition: new Uint8Array(0) };
  /** A byte a vertex: under a river's water (riverMask's), and how many are. */
  private under: Uint8Array = new Uint8Array(0);
  private rivers = 0;
  private drawn: ErosionCoverBytes = { flow: new Uint8Array(0), deposition: new Uint8Array(0) };

  take(ask: CoverAsk): CoverAnswer {
    const { patch } = ask;
    if (ask.kind === 'whole') {
      this.width = ask.width;
      this.depth = ask.depth;
      this.cellSize = ask.cellSize;
      this.heights = patch.heights;
      this.before = { flow: patch.flow, deposition: patch.deposition };
      this.under = new Uint8Array(patch.heights.length);
      this.rivers = this.markUnder(patch);
      this.drawn = { flow: new Uint8Array(patch.flow.length), deposition: new Uint8Array(patch.flow.length) };
      this.find({ i0: 0, j0: 0, i1: ask.width, j1: ask.depth });
    } else {
      const { rect } = patch;
      const { width, depth } = this;
      const hadRivers = this.rivers > 0;
      this.rivers -= this.countUnder(rect);
      writeRect(this.heights, width, rect, patch.heights);
      writeRect(this.before.flow, width, rect, patch.flow);
      writeRect(this.before.deposition, width, rect, patch.deposition);
      this.rivers += this.markUnder(patch);
      // Whether the map has a river decides the silt of every vertex (coverBesideRivers): the whole map again.
      const reach = Math.max(channelCoverReachCells({ width, depth, cellSize: this.cellSize }), riverCoverReachCells(this.cellSize));
      const grown = {
        i0: Math.max(0, rect.i0 - reach),
        j0: Math.max(0, rect.j0 - reach),
        i1: Math.min(width, rect.i1 + reach),
        j1: Math.min(depth, rect.j1 + reach),
      };
      this.find(hadRivers !== this.rivers > 0 ? { i0: 0, j0: 0, i1: width, j1: depth } : grown);
    }
    return { flow: this.drawn.flow.slice(), deposition: this.drawn.deposition.slice() };
  }

  /**
   * Sets `under` over the patch's rectangle from its water and heights (the water is read nowhere else: the copy keeps
   * only this byte a vertex of it); returns how many vertices there are under a river.
   */
  private markUnder(patch: CoverPatch): number {
    const { rect, surface, kind, heights } = patch;
    const w = rect.i1 - rect.i0;
    let count = 0;
    for (let j = rect.j0; j < rect.j1; j++) {
      const at = j * this.width + rect.i0;
      for (let c = 0; c < w; c++) {
        const p = (j - rect.j0) * w + c;
        const wet = surface !== null && kind !== null && surface[p] - heights[p] > 0 && kind[p] !== WATER_LAKE;
        this.under[at + c] = wet ? 1 : 0;
        if (wet) count++;
      }
    }
    return count;
  }

  private countUnder(rect: CoverRect): number {
    let count = 0;
    for (let j = rect.j0; j < rect.j1; j++) for (let k = j * this.width + rect.i0; k < j * this.width + rect.i1; k++) count += this.under[k];
    return count;
  }

  /** The drawn cover over `rect`: the channel pass, then beside the rivers (their silt gone from the map with one). */
  private find(rect: CoverRect): void {
    const { width, drawn } = this;
    const size = { width, depth: this.depth, cellSize: this.cellSize };
    channelCoverInto(this.before, this.heights, size, rect, drawn);
    if (this.rivers === 0) return;
    riverFlowInto(size, drawn.flow, this.under, rect, drawn.flow);
    for (let j = rect.j0; j < rect.j1; j++) drawn.deposition.fill(0, j * width + rect.i0, j * width + rect.i1);
  }
}

/** A link to a CoverJob on this thread, each ask answered after a tick (tests of the window's asynchronous path). */
export function inProcessCoverLink(): CoverLink {
  const job = new CoverJob();
  let synced = false;
  return {
    get synced() {
      return synced;
    },
    ask(ask) {
      if (ask.kind === 'whole') synced = true;
      let wanted = true;
      const result = new Promise<CoverAnswer | null>((resolve) => {
        setTimeout(() => {
          const answer = job.take(ask);
          resolve(wanted ? answer : null);
        }, 0);
      });
      return {
        result,
        cancel: () => {
          wanted = false;
        },
      };
    },
    dispose: () => undefined,
  };
}

export const inProcessRiverCoverRunner: RiverCoverRunner = inProcessCoverLink;
