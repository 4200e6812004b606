/**
 * Each preset's climate (issue 35): the tree and snow lines and the climate its land is painted in,
 * set in the View when the preset is run (and saved with it, as the View's lines are). Heights scale
 * with the preset's relief (reliefScale), so a 4097² Mountains has snow on its peaks as a 257² one does.
 */
import type { Climate } from '../terrain/climate';
import { reliefScale, type PresetId, type PresetTarget } from './terrainPresets';

export interface PresetClimate {
  climate: Climate;
  /** Metres. */
  treeLine: number;
  snowLine: number;
}

/**
 * Lines at relief scale 1 (a 512 m map), placed on the presets' heights at seed 1 (257² × 2 m):
 * Mountains reach about 110 m (snow on the top tenth, scree from the upper third), Classic about 100 m;
 * hills and islands stay green below the View's default lines; deserts have no snow at any height.
 */
const CLIMATES: Readonly<Record<PresetId, PresetClimate>> = {
  'rolling-hills': { climate: 'temperate', treeLine: 200, snowLine: 350 },
  mountains: { climate: 'temperate', treeLine: 55, snowLine: 78 },
  canyons: { climate: 'desert', treeLine: 2500, snowLine: 5000 },
  mesas: { climate: 'desert', treeLine: 2500, snowLine: 5000 },
  islands: { climate: 'temperate', treeLine: 200, snowLine: 350 },
  classic: { climate: 'temperate', treeLine: 50, snowLine: 80 },
};

export function presetClimate(id: PresetId, target: Pick<PresetTarget, 'width' | 'depth' | 'cellSize'>): PresetClimate {
  const base = CLIMATES[id];
  if (base.climate === 'desert') return { ...base };
  const scale = reliefScale({ ...target, seed: 0 });
  const round = (v: number) => Math.round(v * 100) / 100;
  return { climate: base.climate, treeLine: round(base.treeLine * scale), snowLine: round(base.snowLine * scale) };
}
