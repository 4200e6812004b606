import { createDefaultDocument } from '../app/document/document';
import { evaluateStack } from '../shared/layers/evaluate';
import type { Layer, RoadLayer } from '../shared/layers/types';
import { roadParams } from '../shared/roads/params';
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

/** The default terrain with E2E_ROAD on top, as .faultline bytes, and the stack and heights it holds. */
export async function defaultTerrainWithRoad(): Promise<{ bytes: Uint8Array; stack: Layer[]; heights: Float32Array; problem: string | null }> {
  const doc = createDefaultDocument();
  const { width, depth, cellSize } = doc.field;
  const stack: Layer[] = [...doc.stack, E2E_ROAD];
  const heights = evaluateStack(stack, { width, depth, cellSize })!;
  const problem = terrainProblem(fitRoad(E2E_ROAD.params, doc.field.heights, doc.field));
  const field = createHeightfield(width, depth, cellSize, heights);
  const format = outputFormatFor('road.faultline')!;
  const bytes = await format.encodeAsync(field, { recipe: null, history: [], props: [], layers: stack, fileName: 'road.faultline' });
  return { bytes, stack, heights, problem };
}
