/**
 * How the window finds the rivers and lakes of the document's water (shared/hydrology/waterFeatures.ts,
 * a whole-map pass: seconds at 4097²): off the main thread in the window (renderer/workers/
 * waterFeaturesWorker.ts), on this thread after a tick in tests and headless sessions. Either can be
 * cancelled; both give the same features (one function, the same inputs).
 */
import { findWaterFeatures, type WaterFeatures } from '../../shared/hydrology/waterFeatures';

/** What finding the features needs: the map, the water and the heights (copied to a worker). */
export interface FeaturesAsk {
  width: number;
  depth: number;
  cellSize: number;
  surface: Float32Array;
  kind: Uint8Array;
  heights: Float32Array;
}

export interface FeaturesRun {
  /** The features, or null when cancelled or failed. */
  result: Promise<WaterFeatures | null>;
  cancel(): void;
}

export type WaterFeaturesRunner = (ask: FeaturesAsk, onProgress: (fraction: number) => void) => FeaturesRun;

/** Messages to and from the features worker. */
export type ToFeaturesWorker = FeaturesAsk;
export type FromFeaturesWorker = { type: 'progress'; fraction: number } | { type: 'done'; features: WaterFeatures };

/** The features of `ask`, as a worker finds them. */
export const featuresOf = (ask: FeaturesAsk, onProgress?: (fraction: number) => void): WaterFeatures =>
  findWaterFeatures({ width: ask.width, depth: ask.depth, cellSize: ask.cellSize }, { surface: ask.surface, kind: ask.kind }, ask.heights, onProgress);

/** On this thread, after a tick (tests, headless sessions). */
export const inProcessFeaturesRunner: WaterFeaturesRunner = (ask, onProgress) => {
  let stopped = false;
  const result = new Promise<WaterFeatures | null>((resolve) => {
    setTimeout(() => resolve(stopped ? null : featuresOf(ask, onProgress)), 0);
  });
  return {
    result,
    cancel: () => {
      stopped = true;
    },
  };
};
