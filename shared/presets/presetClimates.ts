/**
 * Each preset's climate (issue 35): the tree and snow lines and the climate its land is painted in,
 * set in the View when the preset is run (and saved with it, as the View's lines are). Heights scale
 * with the preset's relief (reliefScale), so a 4097² Mountains has snow on its peaks as a 257² one does.
 */
import type { Climate } from '../ground/climate';
import { reliefScale, type PresetId, type PresetTarget } from './terrainPresets';

export interface PresetClimate {
  climate: Climate;
  /** Metres. */
  treeLine: number;
  snowLine: number;
}

/**
 * Lines at relief scale 1 (a 512 m map): hills and islands stay green below the View's default lines;
 * deserts have no snow at any height; Mountains and Classic get theirs from the land (SNOWY), these
 * only without it.
 */
const CLIMATES: Readonly<Record<PresetId, PresetClimate>> = {
  'rolling-hills': { climate: 'temperate', treeLine: 200, snowLine: 350 },
  mountains: { climate: 'temperate', treeLine: 50, snowLine: 72 },
  canyons: { climate: 'desert', treeLine: 2500, snowLine: 5000 },
  mesas: { climate: 'desert', treeLine: 2500, snowLine: 5000 },
  islands: { climate: 'temperate', treeLine: 200, snowLine: 350 },
  classic: { climate: 'temperate', treeLine: 50, snowLine: 80 },
  'river-valleys': { climate: 'temperate', treeLine: 200, snowLine: 350 },
};

/**
 * Presets whose peaks take snow: their lines follow the land made (a fault recipe's relief differs
 * from seed to seed by a factor of two), scree from this share of the land down, snow on the top share.
 */
const SNOWY: Partial<Record<PresetId, { screeShare: number; snowShare: number }>> = {
  mountains: { screeShare: 0.3, snowShare: 0.06 },
  classic: { screeShare: 0.25, snowShare: 0.05 },
};

/** The height with `share` of the heights at or above it (a 4096-bin histogram: O(n), within a bin's width). */
export function heightWithShareAbove(heights: Float32Array, share: number): number {
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < heights.length; k++) {
    const h = heights[k];
    if (h < min) min = h;
    if (h > max) max = h;
  }
  if (!(max > min)) return max;
  const bins = 4096;
  const counts = new Uint32Array(bins);
  const scale = bins / (max - min);
  for (let k = 0; k < heights.length; k++) counts[Math.min(bins - 1, Math.floor((heights[k] - min) * scale))]++;
  const wanted = share * heights.length;
  let above = 0;
  for (let b = bins - 1; b >= 0; b--) {
    above += counts[b];
    if (above >= wanted) return min + b / scale;
  }
  return min;
}

/**
 * The climate a preset's Run paints its land in. With `heights` (the land the Run made), a snowy
 * preset's lines are placed on it (SNOWY); without, they are the table's, scaled by the relief.
 */
export function presetClimate(id: PresetId, target: Pick<PresetTarget, 'width' | 'depth' | 'cellSize'>, heights?: Float32Array): PresetClimate {
  const base = CLIMATES[id];
  if (base.climate === 'desert') return { ...base };
  const snowy = SNOWY[id];
  const round = (v: number) => Math.round(v * 100) / 100;
  if (snowy && heights && heights.length > 0) {
    return {
      climate: base.climate,
      treeLine: round(heightWithShareAbove(heights, snowy.screeShare)),
      snowLine: round(heightWithShareAbove(heights, snowy.snowShare)),
    };
  }
  const scale = reliefScale({ ...target, seed: 0 });
  return { climate: base.climate, treeLine: round(base.treeLine * scale), snowLine: round(base.snowLine * scale) };
}
