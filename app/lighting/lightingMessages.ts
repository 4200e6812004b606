import type { GridRect, LightingPatch, LightingSun } from '../../shared/terrain/lighting';

/** To the lighting worker: one job's window of heights (see TerrainLightingModel). */
export interface ToLightingWorker {
  id: number;
  width: number;
  depth: number;
  spacing: number;
  heights: Float32Array;
  sun: LightingSun;
  sunRect: GridRect | null;
  skyRect: GridRect | null;
  mapEdge: GridRect;
  /** Report the window's height range (a whole-map job). */
  range: boolean;
}

export type FromLightingWorker =
  { id: number; type: 'patch'; patch: LightingPatch; range: { min: number; max: number } | null } | { id: number; type: 'failed'; message: string };

/** A running lighting worker, as the viewport's TerrainLighting talks to it. */
export interface LightingChannel {
  post(message: ToLightingWorker, transfer?: ArrayBuffer[]): void;
  terminate(): void;
}

/**
 * Starts a lighting worker whose answers and failures go to the handlers (throws when none can
 * start). The window passes one in (renderer/main.tsx); without it every job runs on the main thread.
 */
export type StartLightingWorker = (handlers: { onMessage(message: FromLightingWorker): void; onError(): void }) => LightingChannel;
