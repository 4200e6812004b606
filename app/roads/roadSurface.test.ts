import { describe, expect, it } from 'vitest';
import { createDefaultDocument } from '../document/document';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { RoadLayer } from '../../shared/layers/types';
import { roadParams, roadValuesProblem } from '../../shared/roads/params';
import { setRoadSurface } from './roadEdits';

const road: RoadLayer = {
  id: 'road-1',
  name: 'Road 1',
  enabled: true,
  opacity: 1,
  kind: 'road',
  params: roadParams([
    { x: -100, z: -20 },
    { x: 60, z: 30 },
  ]),
};

describe("a road's surface", () => {
  it('is asphalt or gravel; anything else is refused with one line', () => {
    expect(roadValuesProblem({ ...road.params, surface: 'gravel' })).toBeNull();
    expect(roadValuesProblem({ ...road.params, surface: 'asphalt' })).toBeNull();
    expect(roadValuesProblem(road.params)).toBeNull();
    expect(roadValuesProblem({ ...road.params, surface: 'concrete' as never })).toBe('surface must be "asphalt" or "gravel"');
  });

  it('changes how the road is drawn, not one height', () => {
    const doc = createDefaultDocument();
    const size = { width: doc.field.width, depth: doc.field.depth, cellSize: doc.field.cellSize };
    const stack = [...doc.stack, road];
    const gravel = setRoadSurface(stack, road.id, 'gravel');
    expect((gravel.at(-1) as RoadLayer).params.surface).toBe('gravel');
    expect(evaluateStack(gravel, size)).toEqual(evaluateStack(stack, size));
  });
});
