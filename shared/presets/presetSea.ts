/**
 * The sea a preset's Run shows in the View (issue 34: Islands showed no sea, because the sea plane is
 * off by default and nothing turned it on). Islands is made as land stretched from −30 m to 60 m in a
 * sea at 0 m (its description), at any relief scale; the other presets have no sea, so their Run puts
 * the plane away (the level the user set is kept for when they turn it on).
 */
import type { PresetId } from './terrainPresets';

export type PresetSea = { water: true; seaLevel: number } | { water: false };

/** Metres; the presets with a sea. */
const SEA_LEVELS: Partial<Readonly<Record<PresetId, number>>> = { islands: 0 };

export function presetSea(id: PresetId): PresetSea {
  const seaLevel = SEA_LEVELS[id];
  return seaLevel === undefined ? { water: false } : { water: true, seaLevel };
}
