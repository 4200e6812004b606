import { describe, expect, it } from 'vitest';
import type { DirtyRegion } from '../../../app/document/region';
import { heightTexel, heightTextureShape, planHeightUploads, type HeightTextureShape } from './heightUploads';

/** Applies uploads as texSubImage3D with UNPACK_ROW_LENGTH = rowLength would: returns texel → source index. */
function simulate(shape: HeightTextureShape, fieldWidth: number, region: DirtyRegion, texture: Map<string, number>): number {
  let calls = 0;
  for (const u of planHeightUploads(shape, fieldWidth, region)) {
    calls++;
    expect(u.width).toBeGreaterThan(0);
    expect(u.height).toBeGreaterThan(0);
    expect(u.x + u.width).toBeLessThanOrEqual(shape.rowLength);
    // Never crosses a layer, never reads past the array.
    expect(Math.floor(u.row / shape.layerRows)).toBe(Math.floor((u.row + u.height - 1) / shape.layerRows));
    expect((u.row + u.height - 1) * shape.rowLength + u.x + u.width).toBeLessThanOrEqual(shape.texels);
    for (let r = 0; r < u.height; r++) {
      for (let c = 0; c < u.width; c++) {
        const source = (u.row + r) * shape.rowLength + u.x + c;
        const layer = Math.floor((u.row + r) / shape.layerRows);
        texture.set(`${u.x + c},${(u.row + r) % shape.layerRows},${layer}`, source);
      }
    }
  }
  return calls;
}

function rectIndices(width: number, region: { i0: number; j0: number; i1: number; j1: number }): number[] {
  const out: number[] = [];
  for (let j = region.j0; j < region.j1; j++) for (let i = region.i0; i < region.i1; i++) out.push(j * width + i);
  return out;
}

describe('height texture uploads', () => {
  it('keeps 8193² within 2048² layers', () => {
    const shape = heightTextureShape(8193 * 8193);
    expect(shape.rowLength).toBe(2048);
    expect(shape.layerRows).toBeLessThanOrEqual(2048);
    expect(shape.layers * shape.layerRows * shape.rowLength).toBeGreaterThanOrEqual(8193 * 8193);
    expect(heightTextureShape(100).layerRows).toBe(1);
    // No mostly empty last layer: 4097² fills 5 layers of 1639 rows (not 5 × 2048).
    const large = heightTextureShape(4097 * 4097);
    expect(large.layers).toBe(5);
    expect(large.layers * large.layerRows * large.rowLength - large.texels).toBeLessThan(large.layers * large.rowLength);
  });

  it('a whole-map upload puts every height at the texel the shader reads, with few calls', () => {
    for (const [w, d, rowLength, layerRows] of [
      [37, 29, 16, 8],
      [64, 64, 16, 4],
      [5, 3, 16, 2],
      [33, 33, 32, 32],
    ]) {
      const shape = heightTextureShape(w * d, rowLength, layerRows);
      const texture = new Map<string, number>();
      const calls = simulate(shape, w, { kind: 'all' }, texture);
      expect(texture.size).toBe(w * d);
      for (let k = 0; k < w * d; k++) {
        const t = heightTexel(shape, k);
        expect(texture.get(`${t.x},${t.y},${t.layer}`)).toBe(k);
      }
      expect(calls).toBeLessThanOrEqual(shape.layers + 1);
    }
  });

  it('a rectangle uploads exactly its heights, to the texels the shader reads', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 200; trial++) {
      const w = 2 + Math.floor(random() * 60);
      const d = 2 + Math.floor(random() * 60);
      const shape = heightTextureShape(w * d, 16, 1 + Math.floor(random() * 6));
      const i0 = Math.floor(random() * w);
      const j0 = Math.floor(random() * d);
      const full = random() < 0.2;
      const region = {
        kind: 'rect' as const,
        i0: full ? 0 : i0,
        j0,
        i1: full ? w : i0 + 1 + Math.floor(random() * (w - i0)),
        j1: j0 + 1 + Math.floor(random() * (d - j0)),
      };
      const texture = new Map<string, number>();
      simulate(shape, w, region, texture);
      const expected = rectIndices(w, region);
      expect(texture.size).toBe(expected.length);
      for (const k of expected) {
        const t = heightTexel(shape, k);
        expect(texture.get(`${t.x},${t.y},${t.layer}`)).toBe(k);
      }
    }
  });

  it('an empty rectangle uploads nothing', () => {
    expect(planHeightUploads(heightTextureShape(100), 10, { kind: 'rect', i0: 3, j0: 3, i1: 3, j1: 8 })).toEqual([]);
  });
});
