import { describe, expect, it } from 'vitest';
import type { Box2, DataArrayTexture, DataTexture, Vector3, WebGLRenderer } from 'three';
import { syntheticTerrain } from '../../../shared/lod/testing/syntheticTerrain';
import { erosionCoverBytes } from '../../../shared/erosion/cover';
import { heightTexel } from './heightUploads';
import { LodTerrainMeshes } from './lodTerrainMeshes';

/**
 * A renderer that keeps, per target texture, what copyTextureToTexture wrote there (one value per
 * texel and channel), and forgets a texture's contents when three.js would free its storage (the
 * texture's 'dispose' event): what a later frame samples is only what was sent again since.
 */
function recordingRenderer() {
  const contents = new Map<DataArrayTexture, Map<number, number[]>>();
  const watched = new Set<DataArrayTexture>();
  const renderer = {
    copyTextureToTexture(source: DataTexture, target: DataArrayTexture, region: Box2, position: Vector3) {
      if (!watched.has(target)) {
        watched.add(target);
        target.addEventListener('dispose', () => contents.delete(target));
      }
      const texels = contents.get(target) ?? new Map<number, number[]>();
      contents.set(target, texels);
      const data = source.image.data as Float32Array | Uint8Array;
      // The heights are one float a texel, the cover two bytes (RG8).
      const channels = data instanceof Float32Array ? 1 : 2;
      for (let y = region.min.y; y < region.max.y; y++) {
        for (let x = region.min.x; x < region.max.x; x++) {
          const at = (y * source.image.width + x) * channels;
          const texel = ((position.z * target.image.height + position.y + y - region.min.y) * target.image.width + position.x + x - region.min.x) | 0;
          texels.set(texel, Array.from(data.subarray(at, at + channels)));
        }
      }
    },
  };
  return { renderer: renderer as unknown as WebGLRenderer, contents: (t: DataArrayTexture) => contents.get(t) };
}

describe('the LOD view lets its textures go at rest (LodTerrainMeshes.releaseTextures)', () => {
  const side = 65;
  const field = syntheticTerrain(side, 2);
  const flow = new Float32Array(side * side);
  const deposition = new Float32Array(side * side);
  for (let k = 0; k < flow.length; k++) {
    flow[k] = k % 7;
    deposition[k] = (k % 5) * 0.5;
  }
  const masks = erosionCoverBytes({ flow, deposition });

  /** Every vertex's height and cover bytes, as the shader would read them from the textures now. */
  function expectTexturesHoldTheDocument(lod: LodTerrainMeshes, recorded: ReturnType<typeof recordingRenderer>, drawn = masks) {
    const heights = recorded.contents(lod.gpuHeights.texture);
    const cover = recorded.contents(lod.gpuCover.texture!);
    expect(heights?.size).toBe(side * side);
    expect(cover?.size).toBe(side * side);
    const shape = lod.gpuHeights.shape;
    for (let k = 0; k < side * side; k++) {
      const { x, y, layer } = heightTexel(shape, k);
      const texel = (layer * shape.layerRows + y) * shape.rowLength + x;
      // The texture holds the document's float32 heights themselves, and its cover bytes.
      if (heights!.get(texel)![0] !== field.heights[k]) expect(heights!.get(texel), `height ${k}`).toEqual([field.heights[k]]);
      if (cover!.get(texel)![0] !== drawn.flow[k] || cover!.get(texel)![1] !== drawn.deposition[k]) {
        expect(cover!.get(texel), `cover ${k}`).toEqual([drawn.flow[k], drawn.deposition[k]]);
      }
    }
  }

  it('frees both textures\u2019 storage, and the next frame sends every height and cover byte again', () => {
    const lod = new LodTerrainMeshes(field, 'natural');
    lod.setErosion(masks);
    const recorded = recordingRenderer();
    lod.prepareFrame(recorded.renderer);
    expectTexturesHoldTheDocument(lod, recorded);
    const heightsTexture = lod.gpuHeights.texture;
    const coverTexture = lod.gpuCover.texture;

    lod.releaseTextures();
    expect(lod.texturesAtRest).toBe(true);
    // Freed (three.js deletes a texture's GL storage on its dispose event), the material's objects kept.
    expect(recorded.contents(heightsTexture)).toBeUndefined();
    expect(recorded.contents(coverTexture!)).toBeUndefined();
    expect(lod.gpuHeights.texture).toBe(heightsTexture);
    expect(lod.gpuCover.texture).toBe(coverTexture);

    lod.prepareFrame(recorded.renderer);
    expect(lod.texturesAtRest).toBe(false);
    expectTexturesHoldTheDocument(lod, recorded);
    lod.destroy();
  });

  it('an edit or new results while at rest are drawn with the rest of the map, not instead of it', () => {
    const lod = new LodTerrainMeshes(field, 'natural');
    lod.setErosion(masks);
    const recorded = recordingRenderer();
    lod.prepareFrame(recorded.renderer);
    lod.releaseTextures();
    // A one-row edit (its rectangle only would be queued without the release).
    field.heights[3 * side + 5] += 1;
    lod.syncDocument(field, { kind: 'rect', i0: 5, i1: 6, j0: 3, j1: 4 });
    lod.prepareFrame(recorded.renderer);
    expectTexturesHoldTheDocument(lod, recorded);
    // Releasing twice, then new results of the same map before the next frame: those are drawn.
    lod.releaseTextures();
    lod.releaseTextures();
    const later = erosionCoverBytes({ flow: new Float32Array(side * side).fill(2), deposition: new Float32Array(side * side) });
    lod.setErosion(later);
    lod.prepareFrame(recorded.renderer);
    expectTexturesHoldTheDocument(lod, recorded, later);
    lod.destroy();
  });
});
