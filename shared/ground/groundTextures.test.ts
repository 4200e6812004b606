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

/**
 * The 2D power spectrum of a tile's dark marks (texels more than 2σ below its mean albedo: the joints,
 * grooves and crevices the eye picks out on a wall), as shares of their variance: the largest non-DC
 * peak, and all frequencies of at most `low` cycles a tile together.
 */
function darkMarkSpectrum(texture: Uint8Array, low: number, size = GROUND_TEXTURE_SIZE): { peak: number; lowShare: number } {
  const n = size * size;
  let mean = 0;
  for (let k = 0; k < n; k++) mean += texture[4 * k];
  mean /= n;
  let variance = 0;
  for (let k = 0; k < n; k++) variance += (texture[4 * k] - mean) ** 2;
  const sigma = Math.sqrt(variance / n);
  const marks = Uint8Array.from({ length: n }, (_, k) => (texture[4 * k] < mean - 2 * sigma ? 1 : 0));
  // A separable DFT of the 0/1 map: each row's spectrum, then each column of those.
  const cos = Float64Array.from({ length: size }, (_, k) => Math.cos((2 * Math.PI * k) / size));
  const sin = Float64Array.from({ length: size }, (_, k) => Math.sin((2 * Math.PI * k) / size));
  const rowRe = new Float64Array(n);
  const rowIm = new Float64Array(n);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!marks[y * size + x]) continue;
      for (let f = 0; f < size; f++) {
        rowRe[y * size + f] += cos[(f * x) % size];
        rowIm[y * size + f] -= sin[(f * x) % size];
      }
    }
  // Every non-DC frequency's power (the DC term is the marks' mean, not a pattern).
  let total = 0;
  let peak = 0;
  let lowPower = 0;
  for (let f = 0; f < size; f++)
    for (let g = 0; g < size; g++) {
      if (f === 0 && g === 0) continue;
      let re = 0;
      let im = 0;
      for (let y = 0; y < size; y++) {
        const c = cos[(g * y) % size];
        const s = sin[(g * y) % size];
        re += rowRe[y * size + f] * c + rowIm[y * size + f] * s;
        im += rowIm[y * size + f] * c - rowRe[y * size + f] * s;
      }
      const power = re * re + im * im;
      total += power;
      peak = Math.max(peak, power);
      if (Math.hypot(f <= size / 2 ? f : f - size, g <= size / 2 ? g : g - size) <= low) lowPower += power;
    }
  return { peak: peak / total, lowShare: lowPower / total };
}

describe('the rock tile’s joints', () => {
  it('are spread at irregular spacings, not a motif repeating as a wallpaper: no strong peak in their spectrum, little power at its lowest', () => {
    const size = GROUND_TEXTURE_SIZE;
    const marked = (mark: (x: number, y: number) => boolean) => {
      const tile = new Uint8Array(size * size * 4).fill(128);
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (mark(x, y)) tile[4 * (y * size + x)] = 0;
      return tile;
    };
    // The measure: ticks 2 texels wide and 12 tall on a regular 32-texel lattice put their power into the
    // lattice's harmonics (the largest about 2.4 %); 64 ticks of the same size at random places spread it
    // (largest peak 0.3 %, 1 % at up to 4 cycles a tile); the same ticks gathered in three clumps, a motif
    // that repeats every tile, hold a good share at those few lowest frequencies.
    const lattice = darkMarkSpectrum(
      marked((x, y) => x % 32 < 2 && y % 32 < 12),
      4,
    );
    expect(lattice.peak).toBeGreaterThan(0.02);
    let seed = 99;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
    const scatter = (centre: () => [number, number]) => {
      const ticks = Array.from({ length: 64 }, centre);
      return darkMarkSpectrum(
        marked((x, y) => ticks.some(([tx, ty]) => (x - tx + size) % size < 2 && (y - ty + size) % size < 12)),
        4,
      );
    };
    const scattered = scatter(() => [Math.floor(random() * size), Math.floor(random() * size)]);
    expect(scattered.peak).toBeLessThan(0.005);
    expect(scattered.lowShare).toBeLessThan(0.03);
    const clumps = [
      [40, 60],
      [150, 30],
      [100, 190],
    ];
    const clumped = scatter(() => {
      const [cx, cy] = clumps[Math.floor(random() * 3)];
      return [Math.floor(cx + 40 * random()), Math.floor(cy + 40 * random())];
    });
    expect(clumped.lowShare).toBeGreaterThan(0.05);
    // The rock tile's marks: the session-17 tile's (two joints a bed a tile, a few long fractures) had a
    // largest peak of 0.9 % and 9.6 % of their power at up to 4 cycles a tile (features of 1.7 m and more:
    // the clumps of ticks that repeated on a wall every 6.7 m); joints of 3 to 8 a bed at random spacings,
    // leaning their own ways, some ending part way, have 0.3 % and 2.5 %.
    const rock = darkMarkSpectrum(groundTexture('rock'), 4);
    expect(rock.peak).toBeLessThan(0.005);
    expect(rock.lowShare).toBeLessThan(0.05);
  });
});
