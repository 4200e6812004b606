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
  | { id: number; type: 'patch'; patch: LightingPatch; range: { min: number; max: number } | null }
  | { id: number; type: 'failed'; message: string };
