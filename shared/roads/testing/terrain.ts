/** Test support only: a hilly heights layer and a road on it. */
import type { HeightsLayer, Layer, LayerSize, RoadLayer } from '../../layers/types';
import { roadParams, type RoadParams, type RoadPoint } from '../params';

export const ROAD_SIZE: LayerSize = { width: 129, depth: 113, cellSize: 2 };

/** Rolling hills rising towards +x: steep enough in places to need cut and fill at 10 %. */
export function hills(size: LayerSize = ROAD_SIZE, steepness = 1): HeightsLayer {
  const heights = new Float32Array(size.width * size.depth);
  for (let j = 0; j < size.depth; j++) {
    for (let i = 0; i < size.width; i++) {
      const x = (i - (size.width - 1) / 2) * size.cellSize;
      const z = (j - (size.depth - 1) / 2) * size.cellSize;
      heights[j * size.width + i] = steepness * (8 * Math.sin(x / 23) * Math.cos(z / 31) + 0.12 * x + 3 * Math.sin((x + z) / 9));
    }
  }
  return { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights };
}

export const S_CURVE: RoadPoint[] = [
  { x: -100, z: -60 },
  { x: -40, z: -20 },
  { x: 10, z: -40 },
  { x: 60, z: 10 },
  { x: 90, z: 70 },
];

export function roadLayer(points: RoadPoint[] = S_CURVE, overrides: Partial<Omit<RoadParams, 'points'>> = {}, id = 'road-1'): RoadLayer {
  return { id, name: 'Test road', enabled: true, opacity: 1, kind: 'road', params: roadParams(points, overrides) };
}

export const roadStack = (road: RoadLayer = roadLayer(), size: LayerSize = ROAD_SIZE): Layer[] => [hills(size), road];
