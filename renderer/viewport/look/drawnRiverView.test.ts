import { describe, expect, it } from 'vitest';
import { ALL } from '../../../app/document/region';
import { createCodecRegistry } from '../../../shared/codecs/registry';
import { portableDeflate } from '../../../shared/codecs/zlib';
import { encodeWaterFile } from '../../../shared/export/waterFiles';
import { drawnRiverLines } from '../../../shared/layers/drawnRiverLines';
import { stackWater } from '../../../shared/layers/stackWater';
import type { Layer, LayerSize } from '../../../shared/layers/types';
import { riverParams } from '../../../shared/rivers/params';
import { WaterView } from './waterView';

// A drawn river is drawn as a strip along its spline, and the water surface GLB's "rivers" mesh is that strip:
// a straight river 6 m wide and 1.5 m deep down a plane falling 5 cm a metre along it (1 m cells), no other water.
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

/** The GLB's JSON chunk: its meshes' names and their position accessors' counts and bounds. */
function glbRivers(bytes: Uint8Array): { count: number; min: number[]; max: number[] } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(12, true);
  type Json = { meshes: { name: string; primitives: { attributes: { POSITION: number } }[] }[]; accessors: { count: number; min: number[]; max: number[] }[] };
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length))) as Json;
  const mesh = json.meshes.find((m) => m.name === 'rivers');
  return mesh ? json.accessors[mesh.primitives[0].attributes.POSITION] : null;
}

describe('a drawn river in the 3D view and the water surface mesh', () => {
  const found = stackWater(stack, plane)!;
  const drawn = drawnRiverLines(stack, plane.cellSize);

  it('is one strip along its spline in the view, the sheet holding none of it', () => {
    const view = new WaterView();
    view.update(plane, found.surface, found.heights, null, ALL, null, drawn);
    while (view.buildPending() > 0);
    expect(view.drawnStripCount).toBe(1);
    expect(view.blockCount).toBe(0);
    const [mesh] = [...view.meshes()];
    const positions = mesh.geometry.getAttribute('position').array;
    // Every cross-section: the centre on the spline (z = 0), its edges either side at the same distance. The water's edge
    // (1 mm deep) in closed form: the bed's 3 m, then the bank rising 1.5 m over 4 m as 1.5·smoothstep(e / 4) back to the
    // water's level; on the terrain's triangles the last vertex under water (6 m out) is 1.5·(1 − smoothstep(0.75)) =
    // 0.234 m deep and the next (7 m) dry, so the edge lies at 7 − 0.001 / 0.234 m.
    const halves: number[] = [];
    for (let n = 0; n < positions.length / 3; n += 3) {
      expect(positions[3 * (n + 1) + 2]).toBeCloseTo(0, 6);
      const [left, right] = [positions[3 * n + 2], positions[3 * (n + 2) + 2]];
      expect(left + right).toBeCloseTo(0, 4);
      halves.push(Math.abs(left));
    }
    const smoothstep = (t: number) => t * t * (3 - 2 * t);
    const edge = 7 - 0.001 / (1.5 * (1 - smoothstep(0.75)));
    for (const half of halves.slice(5, -5)) expect(half).toBeCloseTo(edge, 2);
  });

  it('is the GLB’s "rivers" mesh: as many vertices, the same bounds', () => {
    const view = new WaterView();
    view.update(plane, found.surface, found.heights, null, ALL, null, drawn);
    while (view.buildPending() > 0);
    const [mesh] = [...view.meshes()];
    const codecs = createCodecRegistry({ deflate: portableDeflate });
    const rivers = glbRivers(encodeWaterFile({ kind: 'mesh', fileName: 'w.glb', size: plane, found, codecs, deflate: portableDeflate }))!;
    const position = mesh.geometry.getAttribute('position');
    expect(rivers.count).toBe(position.count);
    mesh.geometry.computeBoundingBox();
    const box = mesh.geometry.boundingBox!;
    expect(rivers.min).toEqual([box.min.x, box.min.y, box.min.z].map((v) => expect.closeTo(v, 5)));
    expect(rivers.max).toEqual([box.max.x, box.max.y, box.max.z].map((v) => expect.closeTo(v, 5)));
  });
});
