import { MIN_TRIBUTARY_CELLS, type WaterFeature } from '../../shared/hydrology/waterFeatures';

/** What the Water section lists: rivers longest first, lakes largest first, and the channels too short to name. */
export interface WaterList {
  readonly rivers: readonly WaterFeature[];
  /** Rivers shorter than MIN_TRIBUTARY_CELLS cells: a spring that meets the edge or a lake at once, not a river to name. */
  readonly shortChannels: number;
  /** The shortest river the list names, m. */
  readonly shortestListed: number;
  readonly lakes: readonly WaterFeature[];
}

/**
 * Sorts the features for the list. A "river" shorter than the length the drainage tree takes for a
 * tributary (MIN_TRIBUTARY_CELLS cells) is counted, not named: at 2 m cells a designer saw "River 8,
 * 2.0 m long" under rivers of 790 m. Its water is still drawn and exported.
 */
export function waterList(features: readonly WaterFeature[], cellSize: number): WaterList {
  const shortestListed = MIN_TRIBUTARY_CELLS * cellSize;
  const allRivers = features.filter((f) => f.kind === 'river');
  const rivers = allRivers.filter((f) => f.length >= shortestListed).sort((a, b) => b.length - a.length || a.id - b.id);
  const lakes = features.filter((f) => f.kind === 'lake').sort((a, b) => b.area - a.area || a.id - b.id);
  return { rivers, shortChannels: allRivers.length - rivers.length, shortestListed, lakes };
}
