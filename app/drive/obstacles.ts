import { findPropType } from '../../shared/props/library';
import type { Prop } from '../../shared/props/prop';
import type { Obstacle } from '../../shared/vehicle/drive';

/** Props as footprint circles the car cannot enter: the library's footprint radius times the prop's scale. */
export function obstaclesFromProps(props: readonly Prop[]): Obstacle[] {
  const obstacles: Obstacle[] = [];
  for (const prop of props) {
    const type = findPropType(prop.type);
    if (!type) continue; // an unknown type has no footprint to collide with
    const radius = type.footprintRadius * Math.abs(prop.scale);
    if (!(radius > 0) || !Number.isFinite(prop.x) || !Number.isFinite(prop.z)) continue;
    obstacles.push({ x: prop.x, z: prop.z, radius });
  }
  return obstacles;
}

/**
 * Obstacles rebuilt only when the document's version changes, so a drive frame does not map every
 * prop again.
 */
export function createObstacleCache(props: () => readonly Prop[], version: () => number): () => readonly Obstacle[] {
  let cachedVersion = NaN;
  let cachedProps: readonly Prop[] | null = null;
  let obstacles: readonly Obstacle[] = [];
  return () => {
    const v = version();
    const list = props();
    if (v !== cachedVersion || list !== cachedProps) {
      cachedVersion = v;
      cachedProps = list;
      obstacles = obstaclesFromProps(list);
    }
    return obstacles;
  };
}
