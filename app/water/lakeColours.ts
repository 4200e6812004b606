import { linearToSrgbByte } from '../../shared/export/colourMap';

/*
 * A lake's body by absorption (Beer–Lambert) along the light's path through it: down to the bed and back
 * up along the refracted view ray, H·(1 + 1/cos θt) for water H deep. Per RGB channel (650, 550, 450 nm)
 * the absorption of clear lake water, m⁻¹: pure water (Pope & Fry 1997, Appl. Opt. 36: 0.340, 0.0565,
 * 0.0092) plus dissolved organic matter a_g(λ) = 0.1 · exp(−0.014 (λ − 440)) (Bricaud, Morel & Prieur 1981,
 * a_g(440) = 0.1 m⁻¹, a clear lake). Red is gone within a few metres, green and blue carry on: deep water is
 * a dark blue-green, the bed shows through the shallows. The one palette of lakes in both views: the 3D
 * lake shader (renderer/viewport/look/waterMaterial.ts) takes these constants as uniforms, the 2D tint
 * (lakeTint below) the same model looking straight down.
 */
export const WATER_ABSORPTION: readonly [number, number, number] = [
  0.34 + 0.1 * Math.exp(-0.014 * 210),
  0.0565 + 0.1 * Math.exp(-0.014 * 110),
  0.0092 + 0.1 * Math.exp(-0.014 * 10),
];
/** Backscattering, m⁻¹ (pure water, Morel 1974, plus fine particles 0.003 · 550/λ of a clear lake). */
export const WATER_BACKSCATTER: readonly [number, number, number] = [0.00045 + 0.003 * (550 / 650), 0.00095 + 0.003, 0.0023 + 0.003 * (550 / 450)];
/**
 * Deep water's reflectance as a surface's albedo: 0.33 b_b / (a + b_b) under the surface (Gordon, Brown &
 * Jacobs 1975; Morel & Prieur 1977), × 0.54 out through it (the radiance's n² and the surface's inner
 * reflection). About 0.2 %, 0.9 %, 1.1 %: from above deep water is nearly black, tinted blue-green.
 */
export const DEEP_REFLECTANCE: readonly [number, number, number] = WATER_ABSORPTION.map(
  (a, c) => (0.54 * 0.33 * WATER_BACKSCATTER[c]) / (a + WATER_BACKSCATTER[c]),
) as unknown as readonly [number, number, number];
/**
 * The bed the body assumes (sRGB) for the light its green and blue carry beyond what the red lets through
 * (the blending passes one share of the ground behind for all three channels: the red's, the least):
 * silt and algae, green-brown.
 */
export const LAKE_BED: readonly [number, number, number] = [104, 98, 66];
/** Least cosine of the refracted ray the path is taken at (grazing views: the path at most 5 × the depth). */
export const BODY_LEAST_COS = 0.25;

/** sRGB 0–255 to linear. */
const srgbToLinear = (v: number): number => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const BED_LINEAR = LAKE_BED.map(srgbToLinear);

/**
 * The body of a lake `depth` metres deep looking straight down (the refracted ray vertical: a path of
 * 2·depth), under white light of unit strength (the 2D map's ground colours are albedos, unlit): its
 * colour as linear RGB un-premultiplied into out[0..2] and its opacity, 1 − the red's transmittance (the
 * share of the ground behind it that the blending lets through), as the 3D lake shader's waterBody
 * blends it. 0 opacity for no depth.
 */
export function lakeBody(depth: number, out: number[] | Float64Array): number {
  const d = Math.max(0, depth);
  const through = WATER_ABSORPTION.map((a) => Math.exp(-a * d * 2));
  const passed = Math.min(through[0], through[1], through[2]);
  const alpha = 1 - passed;
  for (let c = 0; c < 3; c++) {
    const sent = DEEP_REFLECTANCE[c] * (1 - through[c]) + BED_LINEAR[c] * (through[c] - passed);
    out[c] = alpha > 0 ? sent / alpha : 0;
  }
  return alpha;
}

/** Entries of the tint's table: t = d / (d + 1 m) in [0, 1), finest in the shallows (1/4096 m at the shore, 3 cm at 10 m). */
const TABLE_SIZE = 4096;
const TABLE = ((): Uint8Array => {
  const table = new Uint8Array(4 * TABLE_SIZE);
  const rgb = [0, 0, 0];
  for (let k = 0; k < TABLE_SIZE; k++) {
    const t = (k + 0.5) / TABLE_SIZE;
    const alpha = lakeBody(t / (1 - t), rgb);
    for (let c = 0; c < 3; c++) table[4 * k + c] = linearToSrgbByte(rgb[c]);
    table[4 * k + 3] = Math.round(alpha * 255);
  }
  return table;
})();

/**
 * The 2D tint of a lake `depth` metres deep: sRGB bytes (0–255) into out[offset..offset + 2] and its
 * opacity (0–1) returned, lakeBody's colour (from a table by d / (d + 1 m): no exp or pow per pixel).
 */
export function lakeTint(depth: number, out: Uint8ClampedArray | number[], offset: number): number {
  const t = depth > 0 ? depth / (depth + 1) : 0;
  const k = 4 * Math.min(TABLE_SIZE - 1, Math.floor(t * TABLE_SIZE));
  out[offset] = TABLE[k];
  out[offset + 1] = TABLE[k + 1];
  out[offset + 2] = TABLE[k + 2];
  return TABLE[k + 3] / 255;
}
