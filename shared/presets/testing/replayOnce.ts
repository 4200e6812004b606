import { replayTerrain, type ReplayInput } from '../../recipe/replay';
import { createHeightfield, type Heightfield } from '../../terrain/heightfield';

/** Larger replays are not kept: few tests make them, and each would hold megabytes for the run. */
const LARGEST_KEPT = 513 * 513;

const replayed = new Map<string, Float32Array>();

/**
 * `replayTerrain` for the preset tests, each input replayed once per test worker: the landform tests
 * measure the same presets at the same seeds and sizes from many files (the unit project shares a
 * worker's modules between its files), and replaying them again and again was over half of their time
 * (BENCHMARKS.md, "Session 27: CI time"). Every call gets heights of its own to read or change.
 */
export function replayTerrainOnce(input: ReplayInput): Heightfield {
  if (input.width * input.depth > LARGEST_KEPT) return replayTerrain(input);
  const key = JSON.stringify(input);
  let heights = replayed.get(key);
  if (!heights) {
    heights = replayTerrain(input).heights;
    replayed.set(key, heights);
  }
  return createHeightfield(input.width, input.depth, input.cellSize, heights.slice());
}
