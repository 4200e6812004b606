import { describe, expect, it } from 'vitest';
import { Color } from 'three';
import { DEEP_ALPHA, DEEP_WATER, SHALLOW_ALPHA } from '../../../app/water/waterColours';
import {
  createWaterMaterial,
  RIPPLE_FULL_PIXELS,
  RIPPLE_GONE_PIXELS,
  WATER_F0,
  WATER_FRESNEL_GLSL,
  WATER_IOR,
  WATER_RIPPLE_FADE_GLSL,
  WATER_SURFACE_MIX_GLSL,
} from './waterMaterial';
import { SKY_HORIZON, SKY_ZENITH } from './skyLook';
import { glslBody, glslSmoothstep, glslToJs } from './testing/glslAsJs';

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

  it('puts the functions it is tested by into both materials’ shaders, and no streaks', () => {
    for (const material of [createWaterMaterial(), createWaterMaterial(0.5, true)]) {
      expect(material.fragmentShader).toContain(WATER_FRESNEL_GLSL);
      expect(material.fragmentShader).toContain(WATER_RIPPLE_FADE_GLSL);
      expect(material.fragmentShader).toContain(WATER_SURFACE_MIX_GLSL);
      expect(material.fragmentShader).toContain('waterSurfaceMix(cosView, alpha, waterF0)');
      expect(material.fragmentShader).not.toContain('streak');
      material.dispose();
    }
  });
});
