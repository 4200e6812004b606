import { describe, expect, it } from 'vitest';
import { GROUND_MATERIALS } from './climate';
import { GROUND_ALBEDO_AMOUNT, groundTexture, GROUND_TEXTURE_SIZE, GROUND_TILE_METRES, ROCK_FADE_END } from './groundTextures';

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

/** A channel box-filtered down `level` times (as the GPU's mipmaps are), as floats. */
function mipLevel(texture: Uint8Array, channel: number, level: number, size = GROUND_TEXTURE_SIZE): { values: Float64Array; side: number } {
  let side = size;
  let values = Float64Array.from({ length: size * size }, (_, k) => texture[4 * k + channel]);
  for (let l = 0; l < level; l++) {
    const half = side / 2;
    const next = new Float64Array(half * half);
    for (let y = 0; y < half; y++) {
      for (let x = 0; x < half; x++) {
        const k = 2 * y * side + 2 * x;
        next[y * half + x] = (values[k] + values[k + 1] + values[k + side] + values[k + side + 1]) / 4;
      }
    }
    values = next;
    side = half;
  }
  return { values, side };
}

/** The kurtosis of a mip level's neighbour differences (both axes, wrapped): 3 for a Gaussian field, more where edges stand out of a smooth ground. */
function gradientKurtosis(texture: Uint8Array, channel: number, level: number): number {
  const { values, side } = mipLevel(texture, channel, level);
  const steps: number[] = [];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      steps.push(values[y * side + ((x + 1) % side)] - values[y * side + x], values[((y + 1) % side) * side + x] - values[y * side + x]);
    }
  }
  const mean = steps.reduce((a, b) => a + b, 0) / steps.length;
  let m2 = 0;
  let m4 = 0;
  for (const s of steps) {
    m2 += (s - mean) ** 2;
    m4 += (s - mean) ** 4;
  }
  m2 /= steps.length;
  m4 /= steps.length;
  return m4 / (m2 * m2);
}

const rms = (values: Float64Array) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
};

/**
 * The RMS of a tile's flat-lit brightness at a mip level, relative to its mean: the albedo as the shader
 * applies it (1 + amount × (2R − 1)) times the Lambert term of the normal it bends (up + the BA slopes,
 * as groundShader adds them) under a sun 45° up. On a tiled ground whatever is left at the mip a view reads
 * repeats every tile, so this is how strongly the tile's cell shows from there.
 */
function litRepeat(texture: Uint8Array, amount: number, level: number): number {
  const albedo = mipLevel(texture, 0, level).values;
  const slopeX = mipLevel(texture, 2, level).values;
  const slopeZ = mipLevel(texture, 3, level).values;
  const brightness = albedo.map((r, k) => {
    const dx = slopeX[k] / 127.5 - 1;
    const dz = slopeZ[k] / 127.5 - 1;
    const lambert = Math.max(0, (Math.SQRT1_2 * (dx + 1)) / Math.hypot(dx, 1, dz));
    return (1 + amount * (r / 127.5 - 1)) * (lambert / Math.SQRT1_2);
  });
  const mean = brightness.reduce((a, b) => a + b, 0) / brightness.length;
  return rms(brightness) / mean;
}

describe('the rock tile', () => {
  const rock = groundTexture('rock');

  it('reads as edges (ledges, joints) where a close view reads it, not a blur: its gradients are heavy-tailed at mips 2–4', () => {
    // The measure: a Gaussian field's differences have kurtosis 3 (a blur of noise stays Gaussian); a
    // step edge's are all in a few texels, far above it.
    const gaussian = new Uint8Array(GROUND_TEXTURE_SIZE * GROUND_TEXTURE_SIZE * 4);
    let seed = 12345;
    const uniform = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
    for (let k = 0; k < GROUND_TEXTURE_SIZE * GROUND_TEXTURE_SIZE; k++) {
      // Box-Muller: a normal deviate per texel.
      gaussian[4 * k] = Math.round(128 + 20 * Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform()));
    }
    expect(gradientKurtosis(gaussian, 0, 0)).toBeCloseTo(3, 0);
    // Mips 2–4 are what a view between 0.1 and 0.4 m a pixel reads of a 6.7 m tile (groundShader's lod). The
    // session-17 tile, smooth noise with thin joints that the mips average away, had 2.8–2.9 at mip 4.
    for (const level of [2, 3, 4]) {
      for (const channel of [0, 1]) expect(gradientKurtosis(rock, channel, level), `mip ${level}, channel ${channel}`).toBeGreaterThan(3.5);
    }
  });

  it('holds its mean colour and a level mean normal, so the far view is its material’s colour, and what is left at the fade’s end is too faint to see', () => {
    const { values: albedo } = mipLevel(rock, 0, 0);
    expect(albedo.reduce((a, b) => a + b, 0) / albedo.length).toBeCloseTo(127.5, 0);
    // A periodic height's slopes average to zero over the tile: the 1² mip's normal is level.
    for (const channel of [2, 3]) expect(Math.abs(mipLevel(rock, channel, 8).values[0] - 127.5)).toBeLessThan(1.5);
    // Clipping (texels at 0 or 255) would shift the mean off the colour: under 1 %.
    let clipped = 0;
    for (let k = 0; k < albedo.length; k++) if (albedo[k] === 0 || albedo[k] === 255) clipped++;
    expect(clipped / albedo.length).toBeLessThan(0.01);
    // At ROCK_FADE_END the shader reads mip log2(2 m × 256 / 6.7 m) ≈ 6.3: from mip 6 the texture moves the
    // colour by under 5 % (RMS), less than the shader's own large-scale variation there (terrainMacro, 0.22 ×
    // up to ±0.5 per octave), so where it has faded out no edge shows.
    const lod = Math.log2((ROCK_FADE_END * GROUND_TEXTURE_SIZE) / GROUND_TILE_METRES.rock);
    expect(lod).toBeGreaterThan(5);
    expect((GROUND_ALBEDO_AMOUNT.rock * rms(mipLevel(rock, 0, 5).values)) / 127.5).toBeLessThan(0.05);
  });

  it('shows no repeating cell from mid distance: what its mip keeps at 0.5 m a pixel is fainter than the view’s own unrepeated variation', () => {
    // The measure, against its closed form: an albedo sine of amplitude A bytes, one cycle a tile, level
    // normals, has RMS amount × A / 127.5 / √2 (a 16-texel box barely dims a 256-texel period: sinc ≈ 0.994).
    const sine = new Uint8Array(GROUND_TEXTURE_SIZE * GROUND_TEXTURE_SIZE * 4).fill(128);
    for (let k = 0; k < GROUND_TEXTURE_SIZE * GROUND_TEXTURE_SIZE; k++) {
      sine[4 * k] = 128 + 50 * Math.sin((2 * Math.PI * ((k % GROUND_TEXTURE_SIZE) + 0.5)) / GROUND_TEXTURE_SIZE);
      sine[4 * k + 2] = sine[4 * k + 3] = 127.5;
    }
    expect(litRepeat(sine, 0.6, 4)).toBeCloseTo((0.6 * 50) / 127.5 / Math.SQRT2, 2);
    // 0.5 m a pixel reads mip log2(0.5 × 256 / 6.7) ≈ 4.3 (groundShader's lod). There the shader's
    // world-space variation (terrainMacro: 0.22 × three noise octaves, each about ±0.15 RMS) is about 6 %
    // RMS and never repeats; a tile cell stronger than that shows as scales (the session's first layered
    // tile had 12 %, its blocks' facets and the shadows under its ledges; the session-17 tile 11 %).
    expect(Math.log2((0.5 * GROUND_TEXTURE_SIZE) / GROUND_TILE_METRES.rock)).toBeCloseTo(4.3, 1);
    expect(litRepeat(rock, GROUND_ALBEDO_AMOUNT.rock, 4)).toBeLessThan(0.06);
  });

  it('gravel is a grain of pebbles of 2–6 cm, not cobbles: its albedo decorrelates within 3 cm, but is not noise from texel to texel', () => {
    // The albedo's autocorrelation at a lag of `texels` (along x and y, wrapped), as the tile lies on the ground.
    const tile = groundTexture('gravel');
    const size = GROUND_TEXTURE_SIZE;
    const n = size * size;
    let mean = 0;
    for (let k = 0; k < n; k++) mean += tile[4 * k];
    mean /= n;
    const a = (x: number, y: number) => tile[4 * ((y % size) * size + (x % size))] - mean;
    const correlation = (texels: number) => {
      let c = 0;
      let v = 0;
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          c += a(x, y) * 0.5 * (a(x + texels, y) + a(x, y + texels));
          v += a(x, y) * a(x, y);
        }
      return c / v;
    };
    const texelCm = (100 * GROUND_TILE_METRES.gravel) / size;
    // Stones 11 cm across packed edge to edge (which read as cobbles on a road's shoulders) kept half their
    // correlation at 2.75 cm (0.51); pebbles of 2–6 cm keep under a third, yet more than a third at one texel (0.9 cm).
    expect(3 * texelCm).toBeLessThan(3);
    expect(correlation(3)).toBeLessThan(0.3);
    expect(correlation(1)).toBeGreaterThan(0.35);
  });
});
