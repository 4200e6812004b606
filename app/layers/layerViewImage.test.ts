import { describe, expect, it } from 'vitest';
import { layerViewImage, soloPreviewImage } from './layerViewImage';

// The Layers panel's Solo picture (issue 34's tour: its opaque white where the layer changes nothing read as a
// blank page): the contribution in the 2D map's colours, transparent where nothing changes, so the panel's
// map backdrop shows there.

const width = 400;
const depth = 200;
function preview(mask: Float32Array | null = null) {
  const contribution = new Float32Array(width * depth);
  // Raised by 2 m in the left quarter's middle rows, lowered by 8 m in the right quarter's.
  for (let j = 80; j < 120; j++) {
    for (let i = 0; i < 100; i++) contribution[j * width + i] = 2;
    for (let i = 300; i < 400; i++) contribution[j * width + i] = -8;
  }
  return { id: 'l', name: 'Sculpt', version: 0, width, depth, contribution, mask };
}

describe('the Solo picture', () => {
  it('is about 200 px on its longer side, the map’s shape', () => {
    const picture = soloPreviewImage(preview(), false);
    expect([picture.width, picture.height]).toEqual([200, 100]);
    expect(picture.range).toBe(8);
  });

  it('is transparent where the layer changes nothing, red where it raises and blue where it lowers, as the 2D map’s', () => {
    const picture = soloPreviewImage(preview(), false);
    const at = (x: number, y: number) => Array.from(picture.rgba.subarray((y * picture.width + x) * 4, (y * picture.width + x) * 4 + 4));
    // Nothing changed: no white, nothing at all (the backdrop shows).
    expect(at(100, 10)).toEqual([0, 0, 0, 0]);
    expect(at(100, 50)).toEqual([0, 0, 0, 0]);
    // The same pixels as the 2D map's layer view of those vertices.
    const map = layerViewImage(preview(), 'contribution')!;
    const vertex = (i: number, j: number) => Array.from(map.rgba.subarray((j * width + i) * 4, (j * width + i) * 4 + 4));
    expect(at(20, 50)).toEqual(vertex(40, 100));
    expect(at(180, 50)).toEqual(vertex(360, 100));
    expect(at(20, 50)[0]).toBeGreaterThan(at(20, 50)[2]);
    expect(at(180, 50)[2]).toBeGreaterThan(at(180, 50)[0]);
    // The largest change opaque, a quarter of it less so but visible.
    expect(at(180, 50)[3]).toBe(255);
    expect(at(20, 50)[3]).toBeGreaterThanOrEqual(64);
    expect(at(20, 50)[3]).toBeLessThan(255);
  });

  it('shows the mask in grey, opaque, when asked and the layer has one', () => {
    const mask = new Float32Array(width * depth).fill(0.5);
    const picture = soloPreviewImage(preview(mask), true);
    expect(Array.from(picture.rgba.subarray(0, 4))).toEqual([128, 128, 128, 255]);
    // Without a mask the contribution shows.
    expect(Array.from(soloPreviewImage(preview(), true).rgba.subarray(0, 4))).toEqual([0, 0, 0, 0]);
  });
});
