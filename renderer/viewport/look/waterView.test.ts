import { describe, expect, it } from 'vitest';
import type { BufferAttribute } from 'three';
import { WATER_LAKE } from '../../../shared/hydrology/water';
import { createWaterSurface } from '../../../shared/hydrology/waterSurface';
import { ALL } from '../../../app/document/region';
import { WaterView } from './waterView';

/** A 9 × 9 map at 2 m with a 3 × 3 pit lake 1.25 m deep in its middle (16 cells drawn, 25 corners). */
function pitLake() {
  const grid = { width: 9, depth: 9, cellSize: 2 };
  const heights = new Float32Array(81).fill(5);
  const water = createWaterSurface(81);
  for (let j = 3; j <= 5; j++) {
    for (let i = 3; i <= 5; i++) {
      heights[j * 9 + i] = 3;
      water.surface[j * 9 + i] = 4.25;
      water.kind[j * 9 + i] = WATER_LAKE;
    }
  }
  return { grid, heights, water };
}

/** Every attribute of the view's meshes, the index included. */
function attributesOf(view: WaterView): BufferAttribute[] {
  const all: BufferAttribute[] = [];
  for (const mesh of view.meshes()) {
    const { attributes, index } = mesh.geometry;
    for (const name of ['position', 'waterDepth', 'flow', 'feature']) all.push(attributes[name] as BufferAttribute);
    if (index) all.push(index);
  }
  return all;
}

describe('the 3D view’s water meshes', () => {
  it('let their arrays go once uploaded, keeping their counts and the triangles drawn', () => {
    const { grid, heights, water } = pitLake();
    const view = new WaterView();
    // Close above the lake: its depth varies, so full detail.
    view.setCamera({ position: { x: 0, y: 5, z: 0 }, fovYDegrees: 50, viewportHeight: 1000 });
    view.update(grid, water, heights, null, ALL);
    expect(view.buildPending()).toBe(0);
    expect(view.blockCount).toBe(1);
    const attributes = attributesOf(view);
    // The pit lake's closed form: 5 × 5 corners (3 floats of position, 1 of depth, 3 of flow, 1 of feature), 4 × 4 cells of 2 triangles.
    expect(attributes.map((a) => a.array.length)).toEqual([75, 25, 75, 25, 96]);
    const counts = attributes.map((a) => a.count);
    // What three's WebGLAttributes does right after gl.bufferData.
    for (const attribute of attributes) attribute.onUploadCallback();
    expect(attributes.map((a) => a.array.length)).toEqual([0, 0, 0, 0, 0]);
    expect(attributes.map((a) => a.count)).toEqual(counts);
    // The GL types three reads from the array's kind stay the same.
    expect(attributes.map((a) => a.array.constructor.name)).toEqual(['Float32Array', 'Float32Array', 'Float32Array', 'Float32Array', 'Uint16Array']);
    expect(view.triangles).toBe(32);
    view.dispose();
  });
});
