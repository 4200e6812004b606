import { describe, expect, it } from 'vitest';
import { GROUND_MATERIALS } from './climate';
import { groundTexture, GROUND_TEXTURE_SIZE } from './groundTextures';

/**
 * The coherence of a channel's gradients over the whole tile (wrapped central differences): from the
 * structure tensor J = Σ ∇c ∇cᵀ, (λ₁ − λ₂) / (λ₁ + λ₂) = √((Jxx − Jyy)² + 4Jxy²) / (Jxx + Jyy). A field
 * with no preferred direction has 0; one whose every edge runs one way has 1.
 */
function coherence(texture: Uint8Array, channel: number, size = GROUND_TEXTURE_SIZE): number {
  const at = (x: number, y: number) => texture[4 * (((y + size) % size) * size + ((x + size) % size)) + channel];
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const gx = (at(x + 1, y) - at(x - 1, y)) / 2;
      const gy = (at(x, y + 1) - at(x, y - 1)) / 2;
      xx += gx * gx;
      yy += gy * gy;
      xy += gx * gy;
    }
  }
  return Math.hypot(xx - yy, 2 * xy) / (xx + yy);
}

describe('the ground materials’ textures', () => {
  it('have no preferred direction: grass blades lean every way (they ran along one axis, streaks on slopes), sediment has no ripples', () => {
    // The measure itself: stripes along one axis are fully coherent.
    const stripes = new Uint8Array(GROUND_TEXTURE_SIZE * GROUND_TEXTURE_SIZE * 4);
    for (let k = 0; k < GROUND_TEXTURE_SIZE * GROUND_TEXTURE_SIZE; k++) stripes[4 * k] = 128 + 100 * Math.sin(((k % GROUND_TEXTURE_SIZE) * 2 * Math.PI) / 16);
    expect(coherence(stripes, 0)).toBeCloseTo(1, 6);
    for (const material of GROUND_MATERIALS) {
      const texture = groundTexture(material);
      // Albedo (R) and height (G), whose slopes are the normal's. A noise of only a few cells a tile (rock's
      // ridges, snow's drifts) has a chance coherence up to about 0.1; grass's blades had 0.37, sediment's ripples (a beach in a valley floor) more.
      for (const channel of [0, 1]) expect(coherence(texture, channel), `${material}, channel ${channel}`).toBeLessThan(0.15);
      if (material === 'grass') for (const channel of [0, 1]) expect(coherence(texture, channel)).toBeLessThan(0.05);
    }
  });
});
