import { describe, expect, it } from 'vitest';
import { Color } from 'three';
import { DEEP_ALPHA, DEEP_WATER, SHALLOW_ALPHA, writeWaterColour } from '../../../app/water/waterColours';
import { waterTintImage } from '../../../app/water/waterTint';
import { createWaterSurface } from '../../../shared/hydrology/waterSurface';
import { WATER_LAKE, WATER_RIVER } from '../../../shared/hydrology/water';
import {
  BODY_LEAST_COS,
  createWaterMaterial,
  DEEP_REFLECTANCE,
  lakeBodyLight,
  LAKE_BED,
  WATER_ABSORPTION,
  WATER_BACKSCATTER,
  WATER_BODY_GLSL,
  WATER_MIRROR_GLSL,
  RIPPLE_BEND,
  RIPPLE_CALM,
  RIPPLE_FULL_PIXELS,
  RIPPLE_GONE_PIXELS,
  RIPPLE_GROWTH,
  RIPPLE_SHORTEST,
  RIPPLE_STEEPNESS,
  RIPPLE_STEEPNESS_FALL,
  RIPPLE_WAVES,
  WATER_RIPPLE_GLSL,
  WATER_F0,
  WATER_FRESNEL_GLSL,
  WATER_IOR,
  WATER_RIPPLE_FADE_GLSL,
  WATER_OUTPUT_GLSL,
  WATER_SURFACE_MIX_GLSL,
} from './waterMaterial';
import { createHeightfield } from '../../../shared/terrain/heightfield';
import { defaultCameraPose } from '../../../app/view/cameraPose';
import { FOG_FAR_SPANS, FOG_NEAR_SPANS, SKY_HORIZON, SKY_ZENITH, sunLight } from './skyLook';
import { glslBody, glslSmoothstep, glslStep, glslToJs } from './testing/glslAsJs';

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** The shader's waterFresnel run as JavaScript. */
function shaderFresnel(): (cosTheta: number, f0: number) => number {
  const body = glslToJs(glslBody(WATER_FRESNEL_GLSL, 'float waterFresnel(')).replace(/clamp\(/g, 'clampOf(');
  const f = new Function('cosTheta', 'f0', 'clampOf', body) as (c: number, f0: number, k: typeof clamp) => number;
  return (c, f0) => f(c, f0, clamp);
}

/** The shader's waterSurfaceMix run as JavaScript: [reflection's share, opacity]. */
function shaderSurfaceMix(): (cosView: number, alpha: number, f0: number) => [number, number] {
  const fresnel = shaderFresnel();
  const body = glslToJs(glslBody(WATER_SURFACE_MIX_GLSL, 'vec2 waterSurfaceMix('))
    .replace(/\b(sqrt|pow)\(/g, 'Math.$1(')
    .replace(/\bmax\(/g, 'Math.max(')
    .replace(/return vec2\((.*)\);/, 'return [$1];');
  const f = new Function('cosView', 'alpha', 'f0', 'waterFresnel', body) as (c: number, a: number, f0: number, w: typeof fresnel) => [number, number];
  return (c, a, f0) => f(c, a, f0, fresnel);
}

/** The shader's rippleFade run as JavaScript. */
function shaderRippleFade(): (wavelength: number, footprint: number) => number {
  const body = glslToJs(glslBody(WATER_RIPPLE_FADE_GLSL, 'float rippleFade(')).replace(/max\(/g, 'Math.max(');
  const f = new Function('wavelength', 'footprint', 'smoothstep', body) as (w: number, p: number, s: typeof glslSmoothstep) => number;
  return (w, p) => f(w, p, glslSmoothstep);
}

type RippleSlope = (
  p: { x: number; y: number },
  gx: number,
  gy: number,
  hx: number,
  hy: number,
  along: { x: number; y: number },
  s: number,
) => [number, number, number];

/** The shader's rippleSlope run as JavaScript (its text with `bend` for RIPPLE_BEND when given). */
function shaderRipples(bend?: number): RippleSlope {
  const fade = shaderRippleFade();
  let source = WATER_RIPPLE_GLSL;
  if (bend !== undefined) source = source.replace(`${RIPPLE_BEND} * sin(`, `${bend.toFixed(1)} * sin(`);
  const body = glslToJs(glslBody(source, 'vec3 rippleSlope('), ['float', 'int'])
    .replace(/\bfloat\(i\)/g, '(i)')
    .replace(/\b(sin|cos|sqrt|max|abs)\(/g, 'Math.$1(')
    .replace(/return vec3\((.*)\);/, 'return [$1];');
  const f = new Function('p', 'gx', 'gy', 'hx', 'hy', 'along', 's', 'rippleFade', 'rippleSteepness', body);
  return (p, gx, gy, hx, hy, along, s) => f(p, gx, gy, hx, hy, along, s, fade, RIPPLE_STEEPNESS) as [number, number, number];
}

/** The share of a real signal's energy (its mean taken out) in its strongest frequency (a discrete Fourier transform). */
function strongestShare(values: number[]): number {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  let total = 0;
  let strongest = 0;
  for (let k = 1; k < n / 2; k++) {
    let re = 0;
    let im = 0;
    for (let t = 0; t < n; t++) {
      re += (values[t] - mean) * Math.cos((2 * Math.PI * k * t) / n);
      im -= (values[t] - mean) * Math.sin((2 * Math.PI * k * t) / n);
    }
    const power = re * re + im * im;
    total += power;
    strongest = Math.max(strongest, power);
  }
  return strongest / total;
}

/** Fresnel's equations for unpolarised light from air into a medium of index n, at incidence cos θ (Born & Wolf). */
function exactFresnel(cosI: number, n: number): number {
  const sinT = Math.sqrt(1 - cosI * cosI) / n;
  const cosT = Math.sqrt(1 - sinT * sinT);
  const rs = (cosI - n * cosT) / (cosI + n * cosT);
  const rp = (n * cosI - cosT) / (n * cosI + cosT);
  return (rs * rs + rp * rp) / 2;
}

describe('the water material', () => {
  it('reflects by Schlick’s closed form with water’s F0 from its refractive index, within 0.01 of Fresnel’s equations to 60° and 0.06 beyond', () => {
    expect(WATER_F0).toBeCloseTo(((1.333 - 1) / (1.333 + 1)) ** 2, 10);
    expect(WATER_F0).toBeCloseTo(exactFresnel(1, WATER_IOR), 6);
    const fresnel = shaderFresnel();
    let last = 0;
    for (let degrees = 0; degrees <= 90; degrees += 1) {
      const c = Math.cos((degrees * Math.PI) / 180);
      const f = fresnel(c, WATER_F0);
      expect(f, `${degrees}°`).toBeCloseTo(WATER_F0 + (1 - WATER_F0) * (1 - c) ** 5, 12);
      // Schlick's form is an approximation: 0.009 off at most to 60°, 0.059 at most (near 84°).
      const off = Math.abs(f - exactFresnel(Math.max(c, 1e-9), WATER_IOR));
      expect(off, `${degrees}° against Fresnel`).toBeLessThan(degrees <= 60 ? 0.01 : 0.06);
      expect(f).toBeGreaterThanOrEqual(last);
      last = f;
    }
    // Schlick's form worked by hand at 0°, 60° and 85° from the normal: F0 = (0.333 / 2.333)² = 0.020373,
    // (1 − cos 60°)⁵ = 1/32, (1 − cos 85°)⁵ = 0.912844⁵ = 0.633846.
    expect(fresnel(1, WATER_F0)).toBeCloseTo(0.020373, 6);
    expect(fresnel(Math.cos(Math.PI / 3), WATER_F0)).toBeCloseTo(0.020373 + 0.979627 / 32, 6);
    expect(fresnel(Math.cos((85 * Math.PI) / 180), WATER_F0)).toBeCloseTo(0.020373 + 0.979627 * 0.633846, 5);
    // Looking straight down 2 %, at 80° from the normal (a grazing view) over a third: the sky shows there.
    expect(fresnel(1, WATER_F0)).toBeCloseTo(0.0204, 3);
    expect(fresnel(Math.cos((80 * Math.PI) / 180), WATER_F0)).toBeGreaterThan(0.35);
    // Out of range (a ripple's normal facing away): held to the ends.
    expect(fresnel(-0.5, WATER_F0)).toBe(1);
    expect(fresnel(1.5, WATER_F0)).toBeCloseTo(WATER_F0, 12);
  });

  it('shows the sky more at a grazing view than looking down: the lake’s colour nearer the sky’s, its opacity higher', () => {
    const surfaceMix = shaderSurfaceMix();
    const cosOf = (degrees: number) => Math.cos((degrees * Math.PI) / 180);
    for (const alpha of [SHALLOW_ALPHA, DEEP_ALPHA]) {
      const [down, downOpacity] = surfaceMix(1, alpha, WATER_F0);
      // Looking straight down: the reflection is F over the opacity, and the opacity the water's own.
      expect(down).toBeCloseTo(WATER_F0 / (WATER_F0 + (1 - WATER_F0) * alpha), 9);
      expect(downOpacity).toBeCloseTo(WATER_F0 + (1 - WATER_F0) * alpha, 9);
      let last = down;
      for (let degrees = 5; degrees <= 85; degrees += 5) {
        const [share, opacity] = surfaceMix(cosOf(degrees), alpha, WATER_F0);
        // To 40° the longer path through the body grows about as fast as F (the share within 0.2 % of head-on);
        // beyond it F wins.
        if (degrees <= 40) expect(Math.abs(share - down), `${degrees}°`).toBeLessThan(0.002);
        else expect(share, `${degrees}°`).toBeGreaterThan(last);
        expect(opacity, `${degrees}°`).toBeGreaterThanOrEqual(downOpacity);
        last = share;
      }
      expect(down).toBeLessThan(0.03);
      expect(surfaceMix(cosOf(80), alpha, WATER_F0)[0]).toBeGreaterThan(0.3);
    }
    // In colour (linear light): deep water seen at 80° from the normal mirrors the sky near the horizon and
    // is nearer its colour than looking down, where it mirrors the zenith.
    const deep = new Color().setRGB(DEEP_WATER[0] / 255, DEEP_WATER[1] / 255, DEEP_WATER[2] / 255, 'srgb');
    const seen = (degrees: number, sky: Color) => deep.clone().lerp(sky, surfaceMix(cosOf(degrees), DEEP_ALPHA, WATER_F0)[0]);
    const distance = (a: Color, b: Color) => Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);
    const horizon = new Color(SKY_HORIZON);
    const zenith = new Color(SKY_ZENITH);
    expect(distance(seen(80, horizon), horizon)).toBeLessThan(0.7 * distance(seen(0, zenith), horizon));
    expect(seen(80, horizon).getHSL({ h: 0, s: 0, l: 0 }).l).toBeGreaterThan(1.5 * seen(0, zenith).getHSL({ h: 0, s: 0, l: 0 }).l);
  });

  it('draws a ripple only while it spans several pixels, so far off nothing shimmers', () => {
    const fade = shaderRippleFade();
    // A 1 m wave: whole when a pixel is 1/8 m or less, gone from a third of a metre a pixel.
    expect(fade(1, 1 / RIPPLE_FULL_PIXELS)).toBe(1);
    expect(fade(1, 0.01)).toBe(1);
    expect(fade(1, 1 / RIPPLE_GONE_PIXELS)).toBe(0);
    expect(fade(1, 2)).toBe(0);
    const half = fade(1, 2 / (RIPPLE_FULL_PIXELS + RIPPLE_GONE_PIXELS));
    expect(half).toBeGreaterThan(0.3);
    expect(half).toBeLessThan(0.7);
    // Only the ratio counts: the same at every scale, and falling as the footprint grows.
    for (const scale of [0.3, 5, 40]) expect(fade(scale, scale / 5)).toBeCloseTo(fade(1, 1 / 5), 12);
    let last = 1;
    for (let footprint = 0.01; footprint < 1; footprint += 0.01) {
      expect(fade(1, footprint)).toBeLessThanOrEqual(last);
      last = fade(1, footprint);
    }
  });

  it('ripples in waves of 0.3 to 8 m, their slope falling as the root of the wavelength, each fading by its own footprint', () => {
    const ripples = shaderRipples();
    const steepness = Array.from({ length: RIPPLE_WAVES }, (_, i) => RIPPLE_STEEPNESS * RIPPLE_STEEPNESS_FALL ** i);
    const lengths = Array.from({ length: RIPPLE_WAVES }, (_, i) => RIPPLE_SHORTEST * RIPPLE_GROWTH ** i);
    expect(lengths[0]).toBeCloseTo(0.3, 9);
    expect(lengths[RIPPLE_WAVES - 1]).toBeGreaterThan(8);
    // Slope ∝ √wavelength⁻¹: the shortest's 0.05, the longest's 0.01 (it tilts a reflected ray by about a degree).
    steepness.forEach((a, i) => expect(a * Math.sqrt(lengths[i])).toBeCloseTo(RIPPLE_STEEPNESS * Math.sqrt(RIPPLE_SHORTEST), 9));
    expect(steepness[RIPPLE_WAVES - 1]).toBeLessThan(0.011);
    const still = { x: 1, y: 0 };
    // Far off (a pixel 10 m across every way) every wave is gone: no slope, and the variance of all of them,
    // Σ ½ (aᵢ · calm)², the gusts' calm between RIPPLE_CALM and 1.
    const whole = steepness.reduce((sum, a) => sum + 0.5 * a * a, 0);
    for (const p of [
      { x: 3, y: -40 },
      { x: 211, y: 57 },
      { x: -90, y: 130 },
    ]) {
      const [sx, sy, variance] = ripples(p, 10, 0, 0, 10, still, 0);
      expect(sx).toBe(0);
      expect(sy).toBe(0);
      expect(variance).toBeGreaterThanOrEqual(RIPPLE_CALM ** 2 * whole * (1 - 1e-9));
      expect(variance).toBeLessThanOrEqual(whole * (1 + 1e-9));
      // Close up (a pixel 1 mm) none is faded: no variance left over, and the slope within the sum of the waves'.
      const [cx, cy, close] = ripples(p, 0.001, 0, 0, 0.001, still, 0);
      expect(close).toBe(0);
      expect(Math.hypot(cx, cy)).toBeLessThanOrEqual(steepness.reduce((sum, a) => sum + a, 0));
    }
    // A grazing pixel: 2 m deep into the view (z) and 2 cm across (x). Waves whose crests run into the view
    // (varying along x) are drawn; those varying along z are gone. Over many points the slope along x is far
    // stronger than along z.
    let alongX = 0;
    let alongZ = 0;
    for (let n = 0; n < 400; n++) {
      const [sx, sy] = ripples({ x: n * 0.173, y: n * 0.291 }, 0.02, 0, 0, 2, still, 0);
      alongX += sx * sx;
      alongZ += sy * sy;
    }
    expect(alongX).toBeGreaterThan(4 * alongZ);
  });

  it('ripples without regular bands: along any line no one period holds much of the slope, as straight crests do', () => {
    const bent = shaderRipples();
    const straight = shaderRipples(0);
    const still = { x: 1, y: 0 };
    // 512 samples 5 cm apart (25.6 m) along lines every 15°, close up (nothing faded).
    const share = (ripples: RippleSlope, degrees: number, x0: number, y0: number): number => {
      const [ux, uy] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
      const along: number[] = [];
      for (let t = 0; t < 512; t++) {
        const [sx, sy] = ripples({ x: x0 + ux * t * 0.05, y: y0 + uy * t * 0.05 }, 0.001, 0, 0, 0.001, still, 0);
        along.push(sx * ux + sy * uy);
      }
      return strongestShare(along);
    };
    let worstBent = 0;
    let worstStraight = 0;
    for (let degrees = 0; degrees < 180; degrees += 15) {
      worstBent = Math.max(worstBent, share(bent, degrees, 12.5, -31));
      worstStraight = Math.max(worstStraight, share(straight, degrees, 12.5, -31));
    }
    // Straight crests put over half the slope into one period along some line (0.63 measured); bent ones spread
    // it over neighbouring periods (0.27 measured).
    expect(worstStraight).toBeGreaterThan(0.5);
    expect(worstBent).toBeLessThan(0.35);
  });

  it('puts the functions it is tested by into both materials’ shaders, and no streaks', () => {
    for (const material of [createWaterMaterial(), createWaterMaterial(0.5, true)]) {
      expect(material.fragmentShader).toContain(WATER_FRESNEL_GLSL);
      expect(material.fragmentShader).toContain(WATER_RIPPLE_FADE_GLSL);
      expect(material.fragmentShader).toContain(WATER_RIPPLE_GLSL);
      expect(material.fragmentShader).toContain(WATER_SURFACE_MIX_GLSL);
      expect(material.fragmentShader).toContain('waterSurfaceMix(cosView, alpha, waterF0)');
      expect(material.fragmentShader).not.toContain('streak');
      material.dispose();
    }
  });
});

/** The shader's waterThrough and waterBodyChannel run as JavaScript. */
function shaderBody(): {
  through: (depth: number, cosRefracted: number, absorption: number) => number;
  channel: (through: number, passed: number, deep: number, bed: number) => number;
} {
  const throughBody = glslToJs(glslBody(WATER_BODY_GLSL, 'float waterThrough('))
    .replace(/\b(exp)\(/g, 'Math.$1(')
    .replace(/\bmax\(/g, 'Math.max(');
  const channelBody = glslToJs(glslBody(WATER_BODY_GLSL, 'float waterBodyChannel('));
  return {
    through: new Function('depth', 'cosRefracted', 'absorption', throughBody) as (d: number, c: number, a: number) => number,
    channel: new Function('through', 'passed', 'deep', 'bed', channelBody) as (t: number, p: number, d: number, b: number) => number,
  };
}

/** sRGB 0–255 to linear. */
const toLinear = (v: number) => new Color().setRGB(v / 255, 0, 0, 'srgb').r;

describe('a lake’s body by absorption', () => {
  it('takes the published absorption of clear lake water: pure water (Pope & Fry 1997) and a little dissolved matter', () => {
    // Pope & Fry's table at 650, 550 and 450 nm, and a_g(440) = 0.1 m⁻¹ falling by exp(−0.014 nm⁻¹ · Δλ).
    const pure = [0.34, 0.0565, 0.0092];
    const dissolved = [650, 550, 450].map((nm) => 0.1 * Math.exp(-0.014 * (nm - 440)));
    WATER_ABSORPTION.forEach((a, c) => expect(a).toBeCloseTo(pure[c] + dissolved[c], 9));
    // Red is absorbed most, green least: deep water is blue-green, not sky blue.
    expect(WATER_ABSORPTION[0]).toBeGreaterThan(3 * WATER_ABSORPTION[2]);
    expect(WATER_ABSORPTION[1]).toBeLessThan(WATER_ABSORPTION[2]);
    // Deep water's reflectance, 0.54 · 0.33 b_b / (a + b_b): under 2 % in every channel, red the least.
    DEEP_REFLECTANCE.forEach((r, c) => expect(r).toBeCloseTo((0.54 * 0.33 * WATER_BACKSCATTER[c]) / (WATER_ABSORPTION[c] + WATER_BACKSCATTER[c]), 12));
    expect(Math.max(...DEEP_REFLECTANCE)).toBeLessThan(0.02);
    expect(DEEP_REFLECTANCE[0]).toBeLessThan(0.3 * DEEP_REFLECTANCE[1]);
  });

  it('follows Beer–Lambert along the path down and up the refracted ray, and the shallow-water reflectance’s closed form', () => {
    const { through, channel } = shaderBody();
    const bed = LAKE_BED.map(toLinear);
    for (const depth of [0, 0.1, 0.5, 1, 2.5, 5, 10, 40]) {
      for (const cosT of [1, 0.9, 0.7, 0.5, BODY_LEAST_COS, 0.1]) {
        const path = depth * (1 + 1 / Math.max(cosT, BODY_LEAST_COS));
        const t = WATER_ABSORPTION.map((a) => through(depth, cosT, a));
        t.forEach((v, c) => expect(v, `${depth} m, cos ${cosT}`).toBeCloseTo(Math.exp(-WATER_ABSORPTION[c] * path), 12));
        const passed = Math.min(...t);
        expect(passed).toBe(t[0]);
        for (let c = 0; c < 3; c++) {
          const sent = channel(t[c], passed, DEEP_REFLECTANCE[c], bed[c]);
          // Over the bed it assumes: R = R∞ + (A − R∞) exp(−K H (1 + 1/cos θt)) (Maritorena, Morel & Gentili 1994, slanted).
          const closed = DEEP_REFLECTANCE[c] + (bed[c] - DEEP_REFLECTANCE[c]) * Math.exp(-WATER_ABSORPTION[c] * path);
          expect(sent + passed * bed[c], `${depth} m, cos ${cosT}, channel ${c}`).toBeCloseTo(closed, 12);
          // Nothing negative, whatever the ground behind is.
          expect(sent).toBeGreaterThanOrEqual(0);
        }
      }
    }
    // No depth: the water adds nothing and lets the ground through whole.
    expect(through(0, 1, WATER_ABSORPTION[0])).toBe(1);
    expect(channel(1, 1, DEEP_REFLECTANCE[1], bed[1])).toBe(0);
    // Looking down into 2.5 m (5 m of path) an eighth of the red is left and two thirds of the green: a green bed.
    expect(through(2.5, 1, WATER_ABSORPTION[0])).toBeCloseTo(Math.exp(-5 * WATER_ABSORPTION[0]), 12);
    expect(through(2.5, 1, WATER_ABSORPTION[0])).toBeLessThan(0.2);
    expect(through(2.5, 1, WATER_ABSORPTION[1])).toBeGreaterThan(0.6);
  });

  it('makes deep water a dark blue-green under the scene’s light, not the sky’s saturated blue', () => {
    const light = lakeBodyLight(sunLight({ sunAzimuthDeg: 135, sunElevationDeg: 45 }));
    // 40 m deep, seen 45° from overhead: the body's light and 2 % of the sky near the zenith.
    const { through, channel } = shaderBody();
    const bed = LAKE_BED.map(toLinear);
    const t = WATER_ABSORPTION.map((a) => through(40, Math.cos(Math.asin(Math.sin(Math.PI / 4) / WATER_IOR)), a));
    const f = WATER_F0 + (1 - WATER_F0) * (1 - Math.cos(Math.PI / 4)) ** 5;
    const sky = new Color(SKY_ZENITH).lerp(new Color(SKY_HORIZON), 0.2);
    const seen = new Color(
      f * sky.r + (1 - f) * channel(t[0], Math.min(...t), DEEP_REFLECTANCE[0], bed[0]) * light.r,
      f * sky.g + (1 - f) * channel(t[1], Math.min(...t), DEEP_REFLECTANCE[1], bed[1]) * light.g,
      f * sky.b + (1 - f) * channel(t[2], Math.min(...t), DEEP_REFLECTANCE[2], bed[2]) * light.b,
    );
    const srgb = seen.getRGB(new Color(), 'srgb');
    expect(srgb.r).toBeLessThan(0.12);
    expect(srgb.g).toBeGreaterThan(srgb.r + 0.05);
    expect(srgb.b).toBeGreaterThan(srgb.r + 0.05);
    expect(Math.max(srgb.g, srgb.b)).toBeLessThan(0.35);
    // The old ramp's deep colour was far bluer than green: (14, 52, 120).
    expect(srgb.b / srgb.g).toBeLessThan(0.6 * (DEEP_WATER[2] / DEEP_WATER[1]));
  });

  it('tints lakes in the 2D panel as the 3D lake shader colours them looking straight down, within a byte', () => {
    const { through, channel } = shaderBody();
    const bed = LAKE_BED.map(toLinear);
    const byte = (linear: number) => Math.round(new Color().setRGB(linear, 0, 0, 'srgb-linear').getRGB(new Color(), 'srgb').r * 255);
    const tint = new Uint8ClampedArray(4);
    const river = new Uint8ClampedArray(4);
    for (const depth of [0.05, 0.3, 1, 2.5, 6, 15, 60]) {
      // The shader's body under white light of unit strength (the 2D map's colours are albedos), the refracted ray vertical.
      const t = WATER_ABSORPTION.map((a) => through(depth, 1, a));
      const passed = Math.min(...t);
      const opacity = 1 - passed;
      const colour = [0, 1, 2].map((c) => channel(t[c], passed, DEEP_REFLECTANCE[c], bed[c]) / opacity);
      writeWaterColour(depth, false, tint, 0, false, true);
      for (let c = 0; c < 3; c++) expect(Math.abs(tint[c] - byte(colour[c])), `${depth} m, channel ${c}`).toBeLessThanOrEqual(1);
      expect(Math.abs(tint[3] - opacity * 255), `${depth} m, opacity`).toBeLessThanOrEqual(1);
      // Blue-green, never the rivers' sky blue (blue 1.3 to 2.3 times green): red nearly gone, blue at most a little over green.
      expect(tint[2]).toBeLessThanOrEqual(1.15 * tint[1]);
      expect(tint[0]).toBeLessThan(0.3 * tint[1]);
      writeWaterColour(depth, false, river, 0);
      expect(river[2]).toBeGreaterThan(river[1]);
    }
    // Deeper is more opaque: 2.5 m lets an eighth of the bed's red back through (5 m of path), 15 m nothing.
    writeWaterColour(2.5, false, tint, 0, false, true);
    expect(tint[3] / 255).toBeCloseTo(1 - Math.exp(-5 * WATER_ABSORPTION[0]), 2);
    writeWaterColour(15, false, tint, 0, false, true);
    expect(tint[3]).toBe(255);
  });

  it('colours a lake’s vertices in the 2D tint by the lakes’ palette and a river’s by the rivers’ ramp', () => {
    const side = 4;
    const heights = new Float32Array(side * side);
    const water = createWaterSurface(side * side);
    water.surface.fill(3, 0, side);
    water.kind.fill(WATER_LAKE, 0, side);
    water.surface.fill(3, side, 2 * side);
    water.kind.fill(WATER_RIVER, side, 2 * side);
    const { rgba } = waterTintImage({ width: side, depth: side }, water, heights, null, null);
    const lake = new Uint8ClampedArray(4);
    const river = new Uint8ClampedArray(4);
    writeWaterColour(3, false, lake, 0, false, true);
    writeWaterColour(3, false, river, 0);
    expect(Array.from(rgba.subarray(0, 4))).toEqual(Array.from(lake));
    expect(Array.from(rgba.subarray(4 * side, 4 * side + 4))).toEqual(Array.from(river));
    expect(lake).not.toEqual(river);
    expect(rgba[4 * 2 * side + 3]).toBe(0);
  });

  it('puts the body and the mirror’s march into the lakes’ shader only (river strips keep theirs)', () => {
    const sheet = createWaterMaterial();
    expect(sheet.fragmentShader).toContain(WATER_BODY_GLSL);
    expect(sheet.fragmentShader).toContain(WATER_MIRROR_GLSL);
    expect(sheet.fragmentShader).toMatch(/#ifndef RIVER_STRIP\n\s*\$?\{?[\s\S]*vec4 waterBody\(/);
    expect(sheet.defines?.RIVER_STRIP).toBeUndefined();
    expect(createWaterMaterial(0.5, true).defines?.RIVER_STRIP).toBe('');
    sheet.dispose();
  });
});

/** The shader's waterOutput run as JavaScript, one channel at a time (its vector functions act per channel). */
function shaderOutput(): (colour: number[], fog: number[], fogAmount: number) => number[] {
  const scalar = (body: string) =>
    glslToJs(body)
      .replace(/\bvec3\(([^()]*)\)/g, '($1)')
      .replace(/\bpow\(/g, 'Math.pow(');
  const mix = (a: number, b: number, f: number) => a + (b - a) * f;
  const toSrgb = new Function('c', 'mix', 'step', scalar(glslBody(WATER_OUTPUT_GLSL, 'vec3 waterToSrgb('))) as (
    c: number,
    m: typeof mix,
    s: typeof glslStep,
  ) => number;
  const output = new Function('colour', 'fogColour', 'fogAmount', 'mix', 'waterToSrgb', scalar(glslBody(WATER_OUTPUT_GLSL, 'vec3 waterOutput('))) as (
    c: number,
    f: number,
    a: number,
    m: typeof mix,
    s: (c: number) => number,
  ) => number;
  return (colour, fog, fogAmount) => colour.map((c, k) => output(c, fog[k], fogAmount, mix, (v) => toSrgb(v, mix, glslStep)));
}

describe('a lake far off (the overview) and near', () => {
  it('keeps its blue-green far off: fogged after the conversion to sRGB, as three fogs the ground beside it', () => {
    const fresnel = shaderFresnel();
    const { through, channel } = shaderBody();
    const output = shaderOutput();
    const bed = LAKE_BED.map(toLinear);
    const light = lakeBodyLight(sunLight({ sunAzimuthDeg: 135, sunElevationDeg: 45 }));
    // Mountains at 1025² (2 m cells), the default view in a 1600 × 1000 window: the camera 30° up, framing the map.
    const field = createHeightfield(1025, 1025, 2, new Float32Array(1025 * 1025));
    const pose = defaultCameraPose(field, 50, 1.6);
    const span = 2048;
    const overview = Math.hypot(pose.position.x - pose.target.x, pose.position.y - pose.target.y, pose.position.z - pose.target.z);
    expect(overview).toBeGreaterThan(span);
    // three's linear fog with the scene's distances: smoothstep(near, far, d).
    const fogAt = (d: number) => glslSmoothstep(FOG_NEAR_SPANS * span, FOG_FAR_SPANS * span, d);
    const fogColour = new Color(SKY_HORIZON).getRGB(new Color(), 'srgb');
    const fog = [fogColour.r, fogColour.g, fogColour.b];
    const srgbOf = (linear: number) => new Color().setRGB(linear, 0, 0, 'srgb-linear').getRGB(new Color(), 'srgb').r;
    /** A deep lake's linear colour seen `elevationDeg` down (the sky's gradient it mirrors without the sun's glow, Schlick's F). */
    const lakeColour = (elevationDeg: number): { colour: number[]; f: number } => {
      const cosView = Math.sin((elevationDeg * Math.PI) / 180);
      const f = fresnel(cosView, WATER_F0);
      // Schlick's closed form.
      expect(f).toBeCloseTo(WATER_F0 + (1 - WATER_F0) * (1 - cosView) ** 5, 12);
      const sky = new Color(SKY_HORIZON).lerp(new Color(SKY_ZENITH), cosView ** 0.6);
      const cosT = Math.sqrt(1 - (1 - cosView * cosView) / (WATER_IOR * WATER_IOR));
      const t = WATER_ABSORPTION.map((a) => through(40, cosT, a));
      const passed = Math.min(...t);
      const colour = [sky.r, sky.g, sky.b].map((s, c) => f * s + (1 - f) * channel(t[c], passed, DEEP_REFLECTANCE[c], bed[c]) * [light.r, light.g, light.b][c]);
      return { colour, f };
    };
    const near = lakeColour(45);
    const far = lakeColour(30);
    // Reflecting more of the sky at 30° than at 45° (5 % against 2.4 %), still mostly its body.
    expect(far.f).toBeGreaterThan(near.f);
    expect(far.f).toBeLessThan(0.06);
    const nearSeen = output(near.colour, fog, fogAt(150));
    const amount = fogAt(overview);
    expect(amount).toBeGreaterThan(0.05);
    const farSeen = output(far.colour, fog, amount);
    // The order three's own materials fog the ground in (colorspace_fragment, then fog_fragment with fogColor in sRGB).
    for (let c = 0; c < 3; c++) {
      expect(nearSeen[c]).toBeCloseTo(srgbOf(near.colour[c]), 9);
      expect(farSeen[c]).toBeCloseTo(srgbOf(far.colour[c]) + (fog[c] - srgbOf(far.colour[c])) * amount, 9);
    }
    // Both dark blue-green, the far one too (fogged in linear light it was a pale grey-blue: red over 0.3, green and blue within 0.05 of it).
    for (const seen of [nearSeen, farSeen]) {
      expect(seen[0]).toBeLessThan(0.2);
      expect(seen[1]).toBeGreaterThan(seen[0] + 0.06);
      expect(seen[2]).toBeGreaterThan(seen[0] + 0.06);
    }
    // The fog moves the far lake no further towards the haze than its share of the way.
    for (let c = 0; c < 3; c++)
      expect(Math.abs(farSeen[c] - srgbOf(far.colour[c]))).toBeLessThanOrEqual(amount * Math.abs(fog[c] - srgbOf(far.colour[c])) + 1e-9);
  });

  it('writes every water pixel through waterOutput, fogged after its conversion (no fog chunk on linear light)', () => {
    for (const material of [createWaterMaterial(), createWaterMaterial(0.5, true)]) {
      expect(material.fragmentShader).toContain(WATER_OUTPUT_GLSL);
      expect(material.fragmentShader).not.toContain('#include <fog_fragment>');
      expect(material.fragmentShader).toMatch(/gl_FragColor = vec4\(waterOutput\(min\(colour, vec3\(1\.0\)\), fogColor, fogAmount\), alpha\);/);
      material.dispose();
    }
  });
});
