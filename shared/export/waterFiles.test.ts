import { describe, expect, it } from 'vitest';
import { createCodecRegistry } from '../codecs/registry';
import { portableDeflate } from '../codecs/zlib';
import { riverParams } from '../rivers/params';
import { stackWater } from '../layers/stackWater';
import type { Layer, LayerSize } from '../layers/types';
import { withWaterData, waterSourcesOf } from './waterMaskData';
import { encodeWaterFile } from './waterFiles';

/** A straight drawn river, 6 m wide and 1.5 m deep, down a plane falling 0.05 m a metre along it (1 m cells). */
const plane: LayerSize = { width: 101, depth: 41, cellSize: 1 };
const ground = new Float32Array(plane.width * plane.depth);
for (let j = 0; j < plane.depth; j++) for (let i = 0; i < plane.width; i++) ground[j * plane.width + i] = 10 - 0.05 * (i - 50);
const stack: Layer[] = [
  { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: ground },
  {
    id: 'river-1',
    name: 'River 1',
    enabled: true,
    opacity: 1,
    kind: 'river',
    params: riverParams(
      [
        { x: -40, z: 0 },
        { x: 40, z: 0 },
      ],
      { width: 6, depth: 1.5, falloff: 4 },
    ),
  },
];
const v = (i: number, j: number) => j * plane.width + i;

describe("a drawn river's water in the exports (no automatic water layer)", () => {
  const found = stackWater(stack, plane)!;
  const codecs = createCodecRegistry({ deflate: portableDeflate });
  const file = (kind: 'depth' | 'flow' | 'mesh', fileName: string) => encodeWaterFile({ kind, fileName, size: plane, found, codecs, deflate: portableDeflate });

  it('the depth file (.r32: little-endian float32, row by row) holds its drawn depth over its bed and 0 a cell past its banks', () => {
    const bytes = file('depth', 'river_water_depth.r32');
    expect(bytes.length).toBe(plane.width * plane.depth * 4);
    const read = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const at = (i: number, j: number) => read.getFloat32(4 * v(i, j), true);
    for (const i of [30, 50, 70]) {
      for (const j of [17, 20, 23]) expect(at(i, j)).toBeCloseTo(1.5, 4);
      expect(at(i, 28)).toBe(0);
      expect(at(i, 12)).toBe(0);
    }
  });

  it('the water mask source is that depth; the mesh has its river; the flow map needs automatic water and says so', () => {
    expect(waterSourcesOf(stack)).toEqual(['water', 'shore']);
    expect(withWaterData({}, stack, plane).water![v(50, 20)]).toBeCloseTo(1.5, 4);
    expect(file('mesh', 'river_water.glb').length).toBeGreaterThan(0);
    expect(() => file('flow', 'river_flow.png')).toThrow(/river_flow\.png.*need an automatic water layer/);
  });

  it('the centrelines file holds the drawn river from source to mouth on its surface, in map and every engine’s coordinates', () => {
    const bytes = encodeWaterFile({ kind: 'centrelines', fileName: 'river_rivers.json', size: plane, found, codecs, deflate: portableDeflate });
    type Point = { x: number; y: number; z: number; tangent: number[]; width: number; depth: number };
    type Rivers = { rivers: { name: string; source: string; layer: string; points: Point[] }[] };
    const json = JSON.parse(new TextDecoder().decode(bytes)) as Rivers & { engines: Record<string, Rivers & { units: string }> };
    expect(json.rivers.map(({ name, source, layer }) => ({ name, source, layer }))).toEqual([{ name: 'River 1', source: 'drawn', layer: 'river-1' }]);
    const { points } = json.rivers[0];
    // Straight from the source (x = −40) to the mouth (x = 40) at ≤ 1 m, on the plane it follows down:
    // the surface is the ground under the line, y = 10 − 0.05·x, falling 0.05 a metre along +x.
    expect([points[0].x, points.at(-1)!.x]).toEqual([-40, 40]);
    const slope = Math.hypot(1, 0.05);
    for (const [k, p] of points.entries()) {
      if (k > 0) expect(p.x - points[k - 1].x).toBeGreaterThan(0);
      if (k > 0) expect(p.x - points[k - 1].x).toBeLessThanOrEqual(1 + 1e-9);
      expect(p.z).toBeCloseTo(0, 6);
      expect(p.y).toBeCloseTo(10 - 0.05 * p.x, 4);
      expect(p.tangent).toEqual([1 / slope, -0.05 / slope, 0].map((c) => expect.closeTo(c, 5)));
      expect([p.width, p.depth]).toEqual([6, 1.5]);
    }
    // Unreal: centimetres, X = x, Y = z, Z = height; Unity: metres, Z = −z.
    expect(json.engines.unreal.units).toBe('cm');
    const unreal = json.engines.unreal.rivers[0];
    const unity = json.engines.unity.rivers[0];
    expect([unreal.source, unreal.layer, unity.points.length]).toEqual(['drawn', 'river-1', points.length]);
    for (const [k, p] of points.entries()) {
      const u = unreal.points[k];
      expect([u.x, u.y, u.z, u.width, u.depth]).toEqual([p.x * 100, p.z * 100, p.y * 100, 600, 150].map((c) => expect.closeTo(c, 3)));
      expect([unity.points[k].x, unity.points[k].y, unity.points[k].z]).toEqual([p.x, p.y, -p.z].map((c) => expect.closeTo(c, 5)));
    }
  });
});
