import { createDefaultDocument } from '../app/document/document';
import { evaluateStack } from '../shared/layers/evaluate';
import type { Layer, RoadLayer } from '../shared/layers/types';
import { roadParams } from '../shared/roads/params';
import { riverParams } from '../shared/rivers/params';
import { fitRoad, terrainProblem } from '../shared/roads/fittedRoad';
import { createHeightfield } from '../shared/terrain/heightfield';
import { outputFormatFor } from '../main/cli/outputs';

/** A 3-point road across the default terrain, made with the shared code (no road tool). */
export const E2E_ROAD: RoadLayer = {
  id: 'road-1',
  name: 'Valley road',
  enabled: true,
  opacity: 1,
  kind: 'road',
  params: roadParams(
    [
      { x: -150, z: -60 },
      { x: -40, z: 20 },
      { x: 80, z: 10 },
    ],
    { designSpeedKmh: 40 },
  ),
};

/**
 * E2E_ROAD as a road drawn now is made: its ends on the ground (`endsOnGround`). E2E_ROAD itself keeps
 * the older profile (a road saved before the key), which the specs' expectations were measured on.
 */
export const E2E_ROAD_ON_GROUND: RoadLayer = { ...E2E_ROAD, params: { ...E2E_ROAD.params, endsOnGround: true } };

/** The default terrain with `road` (E2E_ROAD) on top, as .faultline bytes, and the stack and heights it holds. */
export async function defaultTerrainWithRoad(
  road: RoadLayer = E2E_ROAD,
): Promise<{ bytes: Uint8Array; stack: Layer[]; heights: Float32Array; problem: string | null }> {
  const doc = createDefaultDocument();
  const { width, depth, cellSize } = doc.field;
  const stack: Layer[] = [...doc.stack, road];
  const heights = evaluateStack(stack, { width, depth, cellSize })!;
  const problem = terrainProblem(fitRoad(road.params, doc.field.heights, doc.field));
  const field = createHeightfield(width, depth, cellSize, heights);
  const format = outputFormatFor('road.faultline')!;
  const bytes = await format.encodeAsync(field, { recipe: null, history: [], props: [], layers: stack, fileName: 'road.faultline' });
  return { bytes, stack, heights, problem };
}

/**
 * A 30 % slope (rising to the north) with a road zigzagging up it at 80 km/h design speed: bends far
 * tighter than that speed allows and grades past the maximum, so its report's rows carry several flags
 * each (R, G and the crests and sags at the turns), as .faultline bytes. With `river`, a river runs
 * straight down the slope under the road (x = 0), so every leg fords it: the report gains its Water
 * column and W flags.
 */
export async function zigzagRoadProject(options: { river?: boolean } = {}): Promise<Uint8Array> {
  const side = 129;
  const cellSize = 2;
  const slope = createHeightfield(side, side, cellSize);
  for (let j = 0; j < side; j++) for (let i = 0; i < side; i++) slope.heights[j * side + i] = 60 - 0.3 * (j - (side - 1) / 2) * cellSize;
  const road: RoadLayer = {
    id: 'road-1',
    name: 'Zigzag',
    enabled: true,
    opacity: 1,
    kind: 'road',
    params: roadParams(
      [
        { x: -90, z: 100 },
        { x: 90, z: 80 },
        { x: -90, z: 40 },
        { x: 90, z: 0 },
        { x: -90, z: -40 },
        { x: 90, z: -80 },
      ],
      { designSpeedKmh: 80 },
    ),
  };
  const ground: Layer = { id: 'ground', name: 'Slope', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: slope.heights };
  // From the high (negative z) end down, as a river runs; deep enough that the car cannot ford it.
  const river: Layer = {
    id: 'river-1',
    name: 'Brook',
    enabled: true,
    opacity: 1,
    kind: 'river',
    params: riverParams(
      [
        { x: 0, z: -120 },
        { x: 0, z: 120 },
      ],
      { width: 8, depth: 1.5 },
    ),
  };
  const layers: Layer[] = options.river ? [ground, river, road] : [ground, road];
  const heights = evaluateStack(layers, { width: side, depth: side, cellSize })!;
  const format = outputFormatFor('zigzag.faultline')!;
  return format.encodeAsync(createHeightfield(side, side, cellSize, heights), { recipe: null, history: [], props: [], layers, fileName: 'zigzag.faultline' });
}
