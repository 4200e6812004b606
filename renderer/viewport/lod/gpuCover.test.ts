import { describe, expect, it } from 'vitest';
import type { Box2, DataArrayTexture, DataTexture, Vector3, WebGLRenderer } from 'three';
import { createHeightfield } from '../../../shared/terrain/heightfield';
import { syntheticTerrain } from '../../../shared/lod/testing/syntheticTerrain';
import { erosionCoverOf, type ErosionCover } from '../../../app/view/terrainColours';
import { erosionCoverBytes } from '../../../shared/erosion/cover';
import { heightTexel, heightTextureShape, type HeightTextureShape } from './heightUploads';
import { GpuCover, coverTexels, sparseCoverTexels } from './gpuCover';
import { packedCover, packedCoverEntries } from '../../../app/document/packedCover';
import { GpuHeights } from './gpuHeights';
import { LodTerrainMeshes } from './lodTerrainMeshes';

/** A renderer whose copyTextureToTexture writes RG texels into a CPU model of the array texture. */
function fakeRenderer(shape: HeightTextureShape) {
  const texels = new Uint8Array(shape.rowLength * shape.layerRows * shape.layers * 2);
  const written = new Uint8Array(shape.rowLength * shape.layerRows * shape.layers);
  let calls = 0;
  const renderer = {
    copyTextureToTexture(source: DataTexture, target: DataArrayTexture, region: Box2, position: Vector3) {
      calls++;
      const data = source.image.data as Uint8Array;
      const sourceWidth = source.image.width;
      expect(target.image.width).toBe(shape.rowLength);
      // Never past the layer's last row.
      expect(position.y + region.max.y - region.min.y).toBeLessThanOrEqual(shape.layerRows);
      for (let y = region.min.y; y < region.max.y; y++) {
        for (let x = region.min.x; x < region.max.x; x++) {
          const tx = position.x + x - region.min.x;
          const ty = position.y + y - region.min.y;
          const t = (position.z * shape.layerRows + ty) * shape.rowLength + tx;
          texels[t * 2] = data[(y * sourceWidth + x) * 2];
          texels[t * 2 + 1] = data[(y * sourceWidth + x) * 2 + 1];
          written[t] = 1;
        }
      }
    },
  };
  const at = (x: number, y: number, layer: number) => {
    const t = (layer * shape.layerRows + y) * shape.rowLength + x;
    return { rg: [texels[t * 2], texels[t * 2 + 1]], written: written[t] === 1 };
  };
  return { renderer: renderer as unknown as WebGLRenderer, at, calls: () => calls };
}

/** A cover whose bytes differ from vertex to vertex (and between the channels). */
function patternedCover(texels: number): ErosionCover {
  const flow = new Uint8Array(texels);
  const deposition = new Uint8Array(texels);
  for (let k = 0; k < texels; k++) {
    flow[k] = (k * 7 + 3) % 256;
    deposition[k] = (k * 13 + 101) % 251;
  }
  return { flow, deposition };
}

describe('the erosion cover texture (gpuCover.ts)', () => {
  // Non-power-of-two maps, one spanning two default rows, and small tiled layouts with several layers.
  const cases: Array<{ name: string; width: number; depth: number; shape: HeightTextureShape }> = [
    { name: '5 × 3', width: 5, depth: 3, shape: heightTextureShape(15) },
    { name: '257 × 129', width: 257, depth: 129, shape: heightTextureShape(257 * 129) },
    { name: '513 × 65 (several texture rows)', width: 513, depth: 65, shape: heightTextureShape(513 * 65) },
    { name: '37 × 23 in 16-texel rows, 8-row layers', width: 37, depth: 23, shape: heightTextureShape(37 * 23, 16, 8) },
    { name: '64² in 16-texel rows, 12-row layers', width: 64, depth: 64, shape: heightTextureShape(64 * 64, 16, 12) },
  ];

  for (const { name, width, depth, shape } of cases) {
    it(`puts each vertex's flow and deposition where the shader reads its height: ${name}`, () => {
      const texels = width * depth;
      const cover = patternedCover(texels);
      const gpu = new GpuCover(shape);
      gpu.set(cover);
      expect(gpu.texture).not.toBeNull();
      expect(gpu.texture!.image.width).toBe(shape.rowLength);
      expect(gpu.texture!.image.height).toBe(shape.layerRows);
      expect(gpu.texture!.image.depth).toBe(shape.layers);
      expect(gpu.hasPending).toBe(true);
      const fake = fakeRenderer(shape);
      gpu.flush(fake.renderer);
      expect(gpu.hasPending).toBe(false);
      expect(fake.calls()).toBeGreaterThan(0);
      for (let k = 0; k < texels; k++) {
        const { x, y, layer } = heightTexel(shape, k);
        const texel = fake.at(x, y, layer);
        expect(texel.written).toBe(true);
        if (texel.rg[0] !== cover.flow[k] || texel.rg[1] !== cover.deposition[k]) expect(texel.rg, `vertex ${k}`).toEqual([cover.flow[k], cover.deposition[k]]);
      }
      // Nothing more to send until the cover changes.
      gpu.flush(fake.renderer);
      expect(gpu.hasPending).toBe(false);
      gpu.dispose();
    });
  }

  it('uses the height texture\u2019s shape, and refuses a cover of another map size', () => {
    const field = createHeightfield(300, 7, 1);
    const heights = new GpuHeights(field);
    const gpu = new GpuCover(heights.shape);
    expect(() => gpu.set(patternedCover(300 * 7 - 1))).toThrow(/2099 \/ 2099 values for a map of 2100 vertices/);
    gpu.set(patternedCover(300 * 7));
    expect(gpu.bytes).toBe(heights.shape.rowLength * heights.shape.layerRows * heights.shape.layers * 2);
    const texture = gpu.texture;
    gpu.set(patternedCover(300 * 7));
    expect(gpu.texture).toBe(texture);
    gpu.set(null);
    expect(gpu.texture).toBeNull();
    expect(gpu.bytes).toBe(0);
    expect(gpu.hasPending).toBe(false);
  });

  it('the LOD meshes draw the document\u2019s erosion results and drop them for another map or none', () => {
    const field = syntheticTerrain(65, 1);
    const lod = new LodTerrainMeshes(field, 'natural');
    expect(lod.gpuCover.texture).toBeNull();
    const deposition = new Float32Array(65 * 65);
    deposition[100] = 3;
    const masks = erosionCoverBytes({ flow: new Float32Array(65 * 65).fill(1), deposition });
    lod.setErosion(masks);
    const texture = lod.gpuCover.texture;
    expect(texture).not.toBeNull();
    expect(lod.gpuCover.hasPending).toBe(true);
    const fake = fakeRenderer(lod.gpuHeights.shape);
    lod.prepareFrame(fake.renderer);
    const vertex = heightTexel(lod.gpuHeights.shape, 100);
    expect(fake.at(vertex.x, vertex.y, vertex.layer).rg).toEqual([erosionCoverOf(masks).flow[100], 255]);
    // The same results again upload nothing.
    lod.setErosion(masks);
    expect(lod.gpuCover.hasPending).toBe(false);
    // Results of another size are not drawn; null drops the texture.
    lod.setErosion({ flow: new Uint8Array(10), deposition: new Uint8Array(10) });
    expect(lod.gpuCover.texture).toBeNull();
    lod.setErosion(masks);
    expect(lod.gpuCover.texture).not.toBeNull();
    lod.setErosion(null);
    expect(lod.gpuCover.texture).toBeNull();
    // A map of another size drops the cover until its own results come.
    lod.setErosion(masks);
    lod.syncDocument(syntheticTerrain(33, 1), { kind: 'all' });
    expect(lod.gpuCover.texture).toBeNull();
    lod.destroy();
  });
  it('results held packed are sent from their non-zero vertices, the same bytes as from the full arrays', () => {
    const texels = 513 * 65;
    const flow = new Uint8Array(texels);
    const deposition = new Uint8Array(texels);
    for (let k = 0; k < texels; k += 37) flow[k] = 1 + (k % 255);
    for (let k = 5; k < texels; k += 101) deposition[k] = 255 - (k % 200);
    deposition[texels - 1] = 7;
    const packed = packedCover({ flow: flow.slice(), deposition: deposition.slice() }, 3_600_000);
    const entries = packedCoverEntries(packed);
    expect(entries).not.toBeNull();
    for (const shape of [heightTextureShape(texels), heightTextureShape(texels, 16, 12)]) {
      expect(sparseCoverTexels(entries!, shape)).toEqual(coverTexels({ flow, deposition }, shape));
    }
    // Results never packed (dense ones) have no entries: they are sent from their bytes.
    expect(packedCoverEntries({ flow, deposition })).toBeNull();
  });

  it('on a restored GL context the LOD meshes send every height and cover byte again and build every block again', () => {
    const side = 1153;
    const field = syntheticTerrain(side, 1);
    const lod = new LodTerrainMeshes(field, 'natural');
    lod.finishErrors();
    const flow = new Float32Array(side * side);
    const deposition = new Float32Array(side * side);
    for (let k = 0; k < flow.length; k++) {
      flow[k] = (k % 97) / 7;
      deposition[k] = (k % 13) / 5;
    }
    const masks = erosionCoverBytes({ flow, deposition });
    lod.setErosion(masks);
    const camera = { position: { x: 0, y: 400, z: 900 }, fovYDegrees: 50, viewportHeight: 900 };
    // Light erosion (water ran on few vertices), held packed as the document holds it at rest.
    const sparseFlow = new Float32Array(side * side);
    for (let k = 0; k < sparseFlow.length; k += 61) sparseFlow[k] = 1 + (k % 89);
    const sparse = packedCover(erosionCoverBytes({ flow: sparseFlow, deposition: new Float32Array(side * side) }), 3_600_000);
    expect(packedCoverEntries(sparse)).not.toBeNull();
    lod.update(camera);
    const blocks = lod.meshes().length;
    expect(blocks).toBeGreaterThan(4);
    const shape = lod.gpuHeights.shape;
    lod.prepareFrame(fakeRenderer(shape).renderer);
    expect(lod.gpuHeights.lastUploadedTexels).toBe(side * side);
    // At rest nothing is sent or built.
    lod.update(camera);
    expect(lod.lastRebuilt).toBe(0);
    const idle = fakeRenderer(shape);
    lod.prepareFrame(idle.renderer);
    expect(idle.calls()).toBe(0);

    const triangles = lod.triangles;
    lod.contextRestored();
    lod.update(camera);
    expect(lod.lastRebuilt).toBe(blocks);
    expect(lod.triangles).toBe(triangles);
    const restored = fakeRenderer(shape);
    lod.prepareFrame(restored.renderer);
    expect(lod.gpuHeights.lastUploadedTexels).toBe(side * side);
    // Every vertex's cover bytes are in place again (the heights' uploads came first, the cover's over them).
    const cover = erosionCoverOf(masks);
    const sent = new Uint8Array(side * side * 2);
    const expected = new Uint8Array(side * side * 2);
    for (let k = 0; k < side * side; k++) {
      const t = heightTexel(shape, k);
      const texel = restored.at(t.x, t.y, t.layer);
      sent.set(texel.written ? texel.rg : [0, 0], 2 * k);
      expected.set([cover.flow[k], cover.deposition[k]], 2 * k);
    }
    expect(sent).toEqual(expected);

    // The same with results held packed: sent from their non-zero vertices, every byte in place.
    lod.setErosion(sparse);
    lod.prepareFrame(fakeRenderer(shape).renderer);
    lod.contextRestored();
    lod.update(camera);
    const again = fakeRenderer(shape);
    lod.prepareFrame(again.renderer);
    const sparseCover = erosionCoverOf(sparse);
    for (let k = 0; k < side * side; k++) {
      const t = heightTexel(shape, k);
      const texel = again.at(t.x, t.y, t.layer);
      sent.set(texel.written ? texel.rg : [0, 0], 2 * k);
      expected.set([sparseCover.flow[k], sparseCover.deposition[k]], 2 * k);
    }
    expect(sent).toEqual(expected);
    lod.destroy();
  });
});
