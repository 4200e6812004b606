import type { Layer, RoadLayer } from '../../shared/layers/types';
import { bridgedRoads, heightsWithDecks, waterOverDecks } from '../../shared/roads/bridge';
import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';

/** What the car drives on and wades in, with the bridges' decks laid in (shared/roads/bridge.ts). */
export interface DeckedGround {
  /** The map's heights with every enabled road's decks in them: the document's field itself when there is none. */
  field(): Heightfield;
  /** The water the car meets: `water` less what the decks raised, dry on a deck (the same field when there is none). */
  water(water: Heightfield | null): Heightfield | null;
}

/**
 * The decked ground for the car, worked out again only when the stack or the map changes; a stack
 * with no bridge costs one scan of its layers.
 */
export function createDeckedGround(stack: () => readonly Layer[], field: () => Heightfield): DeckedGround {
  let cachedStack: readonly Layer[] | null = null;
  let cachedField: Heightfield | null = null;
  let decked: Heightfield | null = null;
  let waterIn: Heightfield | null = null;
  let waterOut: Heightfield | null = null;
  const current = (): Heightfield => {
    const layers = stack();
    const ground = field();
    if (layers !== cachedStack || ground !== cachedField) {
      cachedStack = layers;
      cachedField = ground;
      waterIn = null;
      const roads = layers.filter((l): l is RoadLayer => l.kind === 'road' && l.enabled).map((l) => l.params);
      const heights = heightsWithDecks(bridgedRoads(roads, ground.heights, ground), ground.heights, ground);
      decked = heights === ground.heights ? ground : createHeightfield(ground.width, ground.depth, ground.cellSize, heights);
    }
    return decked ?? ground;
  };
  return {
    field: current,
    water(water) {
      const ground = field();
      const top = current();
      if (!water || top === ground) return water;
      if (water !== waterIn) {
        waterIn = water;
        waterOut = createHeightfield(water.width, water.depth, water.cellSize, waterOverDecks(water.heights, ground.heights, top.heights));
      }
      return waterOut;
    },
  };
}
