import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import { heightAtAnyPoint } from '../terrain/surface';
import { fitRoad } from './fittedRoad';
import { buildRibbon, ribbonGlb } from './ribbon';
import { hills, ROAD_SIZE, roadLayer } from './testing/terrain';

describe('road ribbon mesh', () => {
  it('lies on the shaped surface (plus the lift), faces up, spans the width, and is a valid GLB', () => {
    const road = roadLayer();
    const ground = evaluateStack([hills()], ROAD_SIZE)!;
    const shaped = evaluateStack([hills(), road], ROAD_SIZE)!;
    const fitted = fitRoad(road.params, ground, ROAD_SIZE);
    const ribbon = buildRibbon(fitted, shaped, ROAD_SIZE, 0.05);
    expect(ribbon.across).toBe(5);
    expect(ribbon.indices.length).toBe((ribbon.rows - 1) * (ribbon.across - 1) * 6);
    const field = { ...ROAD_SIZE, heights: shaped };
    for (let k = 0; k < ribbon.positions.length / 3; k++) {
      const [x, y, z] = [ribbon.positions[3 * k], ribbon.positions[3 * k + 1], ribbon.positions[3 * k + 2]];
      expect(y).toBeCloseTo(heightAtAnyPoint(field, x, z) + 0.05, 4);
      expect(ribbon.normals[3 * k + 1]).toBeGreaterThan(0.5);
    }
    // First row: 8 m across.
    const last = 3 * (ribbon.across - 1);
    expect(Math.hypot(ribbon.positions[last] - ribbon.positions[0], ribbon.positions[last + 2] - ribbon.positions[2])).toBeCloseTo(8, 4);
    const glb = ribbonGlb(ribbon, 'Test road');
    const view = new DataView(glb.buffer);
    expect(view.getUint32(0, true)).toBe(0x46546c67);
    expect(view.getUint32(8, true)).toBe(glb.length);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true)))) as {
      meshes: { name: string; primitives: { attributes: Record<string, number> }[] }[];
      accessors: { count: number }[];
    };
    expect(json.meshes[0].name).toBe('Test road');
    expect(Object.keys(json.meshes[0].primitives[0].attributes)).toEqual(['POSITION', 'NORMAL', 'TEXCOORD_0']);
    expect(json.accessors[0].count).toBe(ribbon.rows * ribbon.across);
  });
});
