import { describe, expect, it } from 'vitest';
import type { Box2, DataArrayTexture, DataTexture, Vector3, WebGLRenderer } from 'three';
import { createHeightfield } from '../../../shared/terrain/heightfield';
import { createWaterSurface } from '../../../shared/hydrology/waterSurface';
import { WATER_RIVER } from '../../../shared/hydrology/water';
import { WET_MARGIN, wetGroundBytes } from '../../../app/water/wetGround';
import { heightTexel, heightTextureShape, type HeightTextureShape } from './heightUploads';
import { GpuWet, WET_SWEEP_ROWS } from './gpuWet';
import { LodTerrainMeshes } from './lodTerrainMeshes';

/** A renderer whose copyTextureToTexture writes R8 texels into a CPU model of the array texture, counting the texels written. */
function fakeRenderer(shape: HeightTextureShape, only?: () => DataArrayTexture | null) {
  const texels = new Uint8Array(shape.rowLength * shape.layerRows * shape.layers);
  const renderer = {
    copyTextureToTexture(source: DataTexture, target: DataArrayTexture, region: Box2, position: Vector3) {
      if (only && target !== only()) return;
      const data = source.image.data as Uint8Array;
      const sourceWidth = source.image.width;
      expect(target.image.width).toBe(shape.rowLength);
      expect(region.max.y).toBeLessThanOrEqual(source.image.height);
      expect(position.y + region.max.y - region.min.y).toBeLessThanOrEqual(shape.layerRows);
      for (let y = region.min.y; y < region.max.y; y++) {
        for (let x = region.min.x; x < region.max.x; x++) {
          const t = (position.z * shape.layerRows + position.y + y - region.min.y) * shape.rowLength + position.x + x - region.min.x;
          texels[t] = data[y * sourceWidth + x];
        }
      }
    },
  };
  /** The byte the shader reads for vertex k (addressed as its height). */
  const read = (k: number) => {
    const { x, y, layer } = heightTexel(shape, k);
    return texels[(layer * shape.layerRows + y) * shape.rowLength + x];
  };
  return { renderer: renderer as unknown as WebGLRenderer, read };
}

describe('the wet margin texture of the LOD surface (gpuWet.ts)', () => {
  it('holds, where the shader reads each vertex, the closed form of a straight creek: 1 on the water, 0 at WET_MARGIN metres', () => {
    // 0.5 m cells, the creek along row 20 of a map in 16-texel rows and 8-row layers (it spans many rows and layers).
    const width = 37;
    const depth = 41;
    const cellSize = 0.5;
    const field = createHeightfield(width, depth, cellSize);
    const water = createWaterSurface(width * depth);
    for (let i = 0; i < width; i++) {
      water.surface[20 * width + i] = 0.2;
      water.kind[20 * width + i] = WATER_RIVER;
    }
    const shape = heightTextureShape(width * depth, 16, 8);
    const gpu = new GpuWet(shape);
    gpu.set(field, water, { kind: 'all' });
    expect(gpu.texture).not.toBeNull();
    expect(gpu.bytes).toBe(16 * 8 * shape.layers);
    expect(gpu.sweeping).toBe(true);
    expect(gpu.advance()).toBe(false);
    const fake = fakeRenderer(shape);
    gpu.flush(fake.renderer);
    expect(gpu.hasPending).toBe(false);
    expect(gpu.lastUploadedTexels).toBe(width * depth);
    for (let j = 0; j < depth; j++) {
      const expected = Math.max(0, 1 - (Math.abs(j - 20) * cellSize) / WET_MARGIN);
      for (let i = 0; i < width; i++) expect(fake.read(j * width + i) / 255).toBeCloseTo(expected, 2);
    }
    expect(fake.read(5 * width + 3)).toBe(0);
    gpu.set(field, null, { kind: 'all' });
    expect(gpu.texture).toBeNull();
    expect(gpu.bytes).toBe(0);
  });

  it('after a local edit sends only the edit grown by the margin, and then holds what the whole map’s wetness says', () => {
    const width = 129;
    const depth = 97;
    const field = createHeightfield(width, depth, 1);
    for (let k = 0; k < width * depth; k++) field.heights[k] = 0.2 * Math.sin(k * 0.013);
    const water = createWaterSurface(width * depth);
    for (let j = 0; j < depth; j++) for (let i = 60; i < 63; i++) water.surface[j * width + i] = 0.5;
    const shape = heightTextureShape(width * depth, 64, 32);
    const gpu = new GpuWet(shape);
    const fake = fakeRenderer(shape);
    gpu.set(field, water, { kind: 'all' });
    gpu.advance();
    gpu.flush(fake.renderer);
    // A lake dug beside the creek: heights and water change in a 10 × 8 rectangle.
    const rect = { i0: 40, j0: 50, i1: 50, j1: 58 };
    for (let j = rect.j0; j < rect.j1; j++) {
      for (let i = rect.i0; i < rect.i1; i++) {
        field.heights[j * width + i] = -1;
        water.surface[j * width + i] = 0;
      }
    }
    gpu.set(field, water, { kind: 'rect', ...rect });
    gpu.flush(fake.renderer);
    expect(gpu.lastUploadedTexels).toBe((10 + 2 * WET_MARGIN) * (8 + 2 * WET_MARGIN));
    const whole = wetGroundBytes(field, water, field.heights)!;
    let changed = 0;
    for (let k = 0; k < width * depth; k++) {
      expect(fake.read(k)).toBe(whole[k]);
      if (whole[k] > 0 && Math.abs((k % width) - 61) > 4) changed++;
    }
    // The lake's banks are there (not only the creek's).
    expect(changed).toBeGreaterThan(10 * 8);
  });
});

describe('a whole-map change of the wet margin swept a few rows a step (gpuWet.ts advance)', () => {
  it('finds WET_SWEEP_ROWS rows a step within its budget, and ends with the whole map’s bytes though an edit came between steps', () => {
    const width = 129;
    const depth = 97;
    const field = createHeightfield(width, depth, 1);
    for (let k = 0; k < width * depth; k++) field.heights[k] = 0.2 * Math.sin(k * 0.013);
    const water = createWaterSurface(width * depth);
    for (let j = 0; j < depth; j++) for (let i = 60; i < 63; i++) water.surface[j * width + i] = 0.5;
    const shape = heightTextureShape(width * depth, 64, 32);
    const gpu = new GpuWet(shape);
    const fake = fakeRenderer(shape);
    gpu.set(field, water, { kind: 'all' });
    // A clock that moves 1 ms a reading: a budget of 0.5 ms lets one slice through a step.
    let clock = 0;
    const now = () => clock++;
    expect(gpu.advance(0.5, now)).toBe(true);
    gpu.flush(fake.renderer);
    expect(gpu.lastUploadedTexels).toBe(WET_SWEEP_ROWS * width);
    const first = wetGroundBytes(field, water, field.heights)!;
    for (let k = 0; k < WET_SWEEP_ROWS * width; k++) expect(fake.read(k)).toBe(first[k]);
    expect(fake.read(WET_SWEEP_ROWS * width + 61)).toBe(0);
    // A lake dug across the first slice's last rows and the next's, sent at once as an edit's rectangle.
    const rect = { i0: 40, j0: 28, i1: 50, j1: 36 };
    for (let j = rect.j0; j < rect.j1; j++) {
      for (let i = rect.i0; i < rect.i1; i++) {
        field.heights[j * width + i] = -1;
        water.surface[j * width + i] = 0;
      }
    }
    gpu.set(field, water, { kind: 'rect', ...rect });
    expect(gpu.sweeping).toBe(true);
    let steps = 1;
    while (gpu.advance(0.5, now)) steps++;
    steps++;
    expect(steps).toBe(Math.ceil(depth / WET_SWEEP_ROWS));
    gpu.flush(fake.renderer);
    expect(gpu.hasPending).toBe(false);
    const whole = wetGroundBytes(field, water, field.heights)!;
    let differs = 0;
    for (let k = 0; k < width * depth; k++) {
      expect(fake.read(k)).toBe(whole[k]);
      if (whole[k] !== first[k]) differs++;
    }
    expect(differs).toBeGreaterThan(10 * 8);
  });
});

describe('the LOD meshes’ wet margin (lodTerrainMeshes.ts setWater)', () => {
  it('sends the whole map for a new water, an edit’s grown rectangle for the same one, again all after a wake; none without water or on another map', () => {
    const field = createHeightfield(65, 65, 1);
    const lod = new LodTerrainMeshes(field, 'natural');
    expect(lod.gpuWet.texture).toBeNull();
    const water = createWaterSurface(65 * 65);
    for (let j = 0; j < 65; j++) water.surface[j * 65 + 32] = 0.5;
    lod.setWater(water, { kind: 'rect', i0: 0, j0: 0, i1: 1, j1: 1 });
    const fake = fakeRenderer(lod.gpuHeights.shape, () => lod.gpuWet.texture);
    expect(lod.wetSweeping).toBe(true);
    expect(lod.advanceWet()).toBe(false);
    lod.prepareFrame(fake.renderer);
    expect(lod.gpuWet.lastUploadedTexels).toBe(65 * 65);
    expect(fake.read(10 * 65 + 32)).toBe(255);
    expect(fake.read(10 * 65 + 34) / 255).toBeCloseTo(1 - 2 / WET_MARGIN, 2);
    // The creek dug on in place: the same water, a 3 × 3 edit.
    for (let j = 40; j < 43; j++) for (let i = 33; i < 36; i++) water.surface[j * 65 + i] = 0.5;
    lod.syncDocument(field, { kind: 'rect', i0: 33, j0: 40, i1: 36, j1: 43 });
    lod.setWater(water, { kind: 'rect', i0: 33, j0: 40, i1: 36, j1: 43 });
    lod.prepareFrame(fake.renderer);
    expect(lod.gpuWet.lastUploadedTexels).toBe((3 + 2 * WET_MARGIN) ** 2);
    const whole = wetGroundBytes(field, water, field.heights)!;
    for (let k = 0; k < 65 * 65; k++) expect(fake.read(k)).toBe(whole[k]);
    lod.contextRestored();
    lod.advanceWet();
    lod.prepareFrame(fake.renderer);
    expect(lod.gpuWet.lastUploadedTexels).toBe(65 * 65);
    // Water of another size draws none; a map of another size drops it.
    lod.setWater(createWaterSurface(10), { kind: 'all' });
    expect(lod.gpuWet.texture).toBeNull();
    lod.setWater(water, { kind: 'all' });
    expect(lod.gpuWet.texture).not.toBeNull();
    lod.syncDocument(createHeightfield(33, 33, 1), { kind: 'all' });
    expect(lod.gpuWet.texture).toBeNull();
    lod.destroy();
  });
});
