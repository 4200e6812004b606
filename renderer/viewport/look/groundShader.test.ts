import { describe, expect, it } from 'vitest';
import { ShaderChunk, ShaderLib, Vector4 } from 'three';
import type { MaskRule } from '../../../shared/masks/maskTypes';
import { ruleWeight } from '../../../shared/masks/ruleWeight';
import { CHANNEL_RULE, CHANNEL_SLOPE_RULE, ROAD_RULE, SNOW_SLOPE_RULE, wetShade } from '../../../shared/ground/groundMaterials';
import { WET_MARGIN_DARKENING } from '../../../app/water/wetGround';
import { SEDIMENT_RULE } from '../../../shared/erosion/cover';
import {
  GROUND_FRAGMENT_HEADER,
  GROUND_WET_SHADE,
  createGroundUniforms,
  packRule,
  setGroundUniforms,
  SNOW_SHIFT_GLSL,
  TIE_FADE,
  TURF_GLSL,
  type GroundUniforms,
} from './groundShader';
import { groundLayers } from '../../../shared/ground/groundMaterials';
import { turfInReach, turfNoise, turfSpreadLost, widenedSoftness } from '../../../shared/ground/turfEdge';
import { groundPalette } from '../../../shared/ground/groundMaterials';
import { viewGroundLayers } from './groundShader';
import { bandHeight } from '../../../shared/ground/strataBands';
import { writeBandColour } from '../../../shared/terrain/rockBands';
import type { Strata } from '../../../shared/terrain/strata';
import { snowHeightShift } from '../../../shared/ground/snowLine';
import { createTerrainShaderUniforms, patchTerrainShader, TERRAIN_TEXTURE_SAMPLES_PER_PIXEL } from './terrainShader';
import { glslBody, glslMix, glslSmoothstep, glslStep, glslToJs } from './testing/glslAsJs';
import { PROP_SHADOW_SAMPLES_PER_PIXEL } from './SceneLook';

/** The shader's terrainGroundRule, its GLSL text run as JavaScript (types dropped; the same operators and ternaries). */
function shaderRule(): (rule: Vector4, v: number) => number {
  const js = glslToJs(glslBody(GROUND_FRAGMENT_HEADER, 'float terrainGroundRule('));
  return new Function('smoothstep', 'step', 'rule', 'v', js).bind(null, glslSmoothstep, glslStep) as (rule: Vector4, v: number) => number;
}

/** The shader's terrainTextureLead, its GLSL text run as JavaScript. */
function shaderLead(): (heaviest: number, second: number) => number {
  const js = glslToJs(glslBody(GROUND_FRAGMENT_HEADER, 'float terrainTextureLead('));
  return new Function('min', 'heaviest', 'second', js).bind(null, Math.min) as (heaviest: number, second: number) => number;
}

/**
 * The shader's band colour at a world point, terrainBand(terrainBedHeight(p)), its GLSL text run as
 * JavaScript with the uniforms' values (declarations become lets, vec3s arrays; the same operators).
 */
function shaderBand(uniforms: GroundUniforms): (x: number, y: number, z: number) => number[] {
  const js = (signature: string) => glslToJs(glslBody(GROUND_FRAGMENT_HEADER, signature), ['float', 'int', 'vec3']);
  const frame = uniforms.terrainBedFrame.value;
  const bedHeight = new Function('terrainBedFrame', 'world', js('float terrainBedHeight('));
  const band = new Function(
    'floor',
    'min',
    'mix',
    'smoothstep',
    'terrainBedTops',
    'terrainBedCount',
    'terrainBedBlend',
    'terrainBedColours',
    'height',
    js('vec3 terrainBand('),
  );
  const colours = uniforms.terrainBedColours.value.map((v) => [v.x, v.y, v.z]);
  return (x, y, z) =>
    band(
      Math.floor,
      Math.min,
      glslMix,
      glslSmoothstep,
      uniforms.terrainBedTops.value,
      uniforms.terrainBedCount.value,
      uniforms.terrainBedBlend.value,
      colours,
      bedHeight({ x: frame.x, y: frame.y, z: frame.z }, { x, y, z }),
    ) as number[];
}

describe('the rock beds in the terrain shader', () => {
  const dipping: Strata = {
    beds: [
      { thickness: 6, hardness: 1 },
      { thickness: 2, hardness: 16 },
      { thickness: 3, hardness: 4 },
    ],
    base: 5,
    dipDeg: 25,
    dipAzimuthDeg: 130,
  };
  const lines = { treeLine: 2500, snowLine: 5000 };
  for (const [name, strata] of [
    ['a project’s dipping strata', dipping],
    ['the climate’s level bands (no strata)', null],
  ] as const)
    it(`paints ${name} as the CPU colours do (view, 2D panel, colour map): the same bed and fade at every point`, () => {
      const uniforms = createGroundUniforms();
      setGroundUniforms(uniforms, 'desert', lines, strata);
      const shader = shaderBand(uniforms);
      const palette = groundPalette('desert', viewGroundLayers('desert', lines), strata);
      const cpu = [0, 0, 0];
      let worst = 0;
      let where = '';
      for (let x = -300; x <= 300; x += 75)
        for (let z = -300; z <= 300; z += 82.5)
          for (let h = -60; h <= 140; h += 0.35) {
            writeBandColour(palette.bands, palette.linearBeds, bandHeight(palette.frame, x, z, h), cpu, 0);
            const gpu = shader(x, h, z);
            for (let c = 0; c < 3; c++)
              if (!(Math.abs(gpu[c] - cpu[c]) <= worst)) {
                worst = Math.abs(gpu[c] - cpu[c]);
                where = `(${x}, ${h}, ${z}): ${gpu[c]} against ${cpu[c]}`;
              }
          }
      expect(worst, where).toBeLessThan(1e-9);
    });
});

describe('the base ground in the terrain shader', () => {
  it('takes no band colour on a project’s own beds (flat floors are ground, not the bed), the climate’s share on its own bands, as the CPU colours do', () => {
    const strata: Strata = {
      beds: [
        { thickness: 6, hardness: 1, colour: '#8c6a70' },
        { thickness: 2, hardness: 16 },
      ],
      base: 5,
      dipDeg: 0,
      dipAzimuthDeg: 0,
    };
    const lines = { treeLine: 2500, snowLine: 5000 };
    for (const own of [strata, null]) {
      const uniforms = createGroundUniforms();
      setGroundUniforms(uniforms, 'desert', lines, own);
      const palette = groundPalette('desert', viewGroundLayers('desert', lines), own);
      expect(uniforms.terrainGroundBanded.value.slice(0, palette.layers.length)).toEqual(palette.banded);
      expect(palette.layers[0].banded).toBeGreaterThan(0);
      expect(uniforms.terrainGroundBanded.value[0]).toBe(own ? 0 : palette.layers[0].banded);
      // Rock is all band colour either way.
      expect(uniforms.terrainGroundBanded.value[palette.layers.findIndex((layer) => layer.material === 'rock')]).toBe(1);
    }
  });
});

/** GLSL's mod (x − y · floor(x / y), the GLSL ES 3.00 definition), floor and clamp. */
const glslMod = (x: number, y: number): number => x - y * Math.floor(x / y);
const glslClamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** The shader's terrainSnowShift and its helpers, their GLSL text run as JavaScript (types dropped). */
function shaderSnowShift(): (band: number, x: number, z: number, slopeDeg: number, normalX: number, normalZ: number) => number {
  const js = SNOW_SHIFT_GLSL.replace(/\bfloat\s+(terrainSnow\w+)\(/g, 'function $1(')
    .replace(/\((float\s+)/g, '(')
    .replace(/,\s*float\s+/g, ', ')
    .replace(/\bfloat\s+/g, 'let ')
    .replace(/(\d)\.0\b/g, '$1');
  return new Function('mod', 'floor', 'clamp', 'max', `${js}\nreturn terrainSnowShift;`)(glslMod, Math.floor, glslClamp, Math.max) as ReturnType<
    typeof shaderSnowShift
  >;
}

interface ShaderTurf {
  noise: (x: number, z: number, metresPerPixel: number) => number;
  lost: (metresPerPixel: number) => number;
  inReach: (rule: Vector4, slopeDeg: number, reach: number) => boolean;
  rule: (rule: Vector4, slopeDeg: number, band: number, turf: number, lost: number) => number;
}

/** The shader's turf functions (TURF_GLSL over SNOW_SHIFT_GLSL's lattice), their GLSL text run as JavaScript. */
function shaderTurf(): ShaderTurf {
  const js = `${SNOW_SHIFT_GLSL}\n${TURF_GLSL}`
    .replace(/\b(?:float|bool)\s+(terrain\w+)\(/g, 'function $1(')
    .replace(/\((?:float|vec4)\s+/g, '(')
    .replace(/,\s*(?:float|vec4)\s+/g, ', ')
    .replace(/\bfloat\s+/g, 'let ')
    .replace(/(\d)\.0\b/g, '$1');
  return new Function(
    'mod',
    'floor',
    'clamp',
    'max',
    'smoothstep',
    'step',
    'sqrt',
    `${js}\nreturn { noise: terrainTurfNoise, lost: terrainTurfLost, inReach: terrainTurfInReach, rule: terrainTurfRule };`,
  )(glslMod, Math.floor, glslClamp, Math.max, glslSmoothstep, glslStep, Math.sqrt) as ShaderTurf;
}

describe('the turf’s ragged edge in the terrain shader', () => {
  const turf = shaderTurf();
  const dirt = groundLayers('temperate', { treeLine: 200, snowLine: 350 }, { erosion: false, road: false }).find((layer) => layer.name === 'dirt')!;
  const slopeRule = dirt.rules.find((rule) => rule.source === 'slope')!;
  const band = dirt.slopeBand!;

  it('reads the same noise as the engine masks and the CPU colours (turfEdge.ts turfNoise), and fades the same octaves far off', () => {
    for (let x = -900; x <= 900; x += 37.3)
      for (let z = -700; z <= 700; z += 53.1) {
        // A close pixel (every octave, as the masks read it) and pixels that fade the finer octaves.
        for (const mpp of [0.01, 0.08, 0.3, 1, 4]) expect(turf.noise(x, z, mpp)).toBeCloseTo(turfNoise(x, z, mpp), 9);
        expect(turf.noise(x, z, 0.01)).toBeCloseTo(turfNoise(x, z), 12);
      }
    for (const mpp of [0.01, 0.1, 0.3, 1, 3, 10]) expect(turf.lost(mpp)).toBeCloseTo(turfSpreadLost(mpp), 12);
  });

  it('weighs the dirt’s slope rule as masks.ts does at the moved slope up close, and widens it about the same centre by the spread a far pixel lost', () => {
    const packed = packRule(slopeRule, new Vector4());
    const plain = shaderRule();
    for (let x = -300; x <= 300; x += 41.7)
      for (let z = -300; z <= 300; z += 29.3)
        for (let slope = 30; slope <= 65; slope += 0.7) {
          const n = turfNoise(x, z);
          // Close: the masks' weight (turfSlope's moved slope through ruleWeight), whether or not in reach.
          const mask = ruleWeight(slopeRule, turfInReach(band, slopeRule, slope) ? slope + band * n : slope);
          expect(turf.rule(packed, slope, band, n, 0)).toBeCloseTo(mask, 12);
          const reach = band + (slopeRule.softness ?? 0);
          if (!turf.inReach(packed, slope, reach)) expect(plain(packed, slope)).toBe(mask);
          // Far: the edge widened (turfEdge.ts widenedSoftness) about the same centre.
          const lost = band * turfSpreadLost(1.5);
          const wide = widenedSoftness(slopeRule.softness ?? 0, lost);
          const centre = (slopeRule.min ?? 0) - 0.5 * (slopeRule.softness ?? 0);
          const widened = { source: 'slope' as const, min: centre + 0.5 * wide, softness: wide };
          expect(turf.rule(packed, slope, band, turfNoise(x, z, 1.5), lost)).toBeCloseTo(ruleWeight(widened, slope + band * turfNoise(x, z, 1.5)), 12);
        }
  });

  it('keeps a desert’s rock edge within the talus’s repose slopes: rock on every face from 43°, none at 35° and under, close and far', () => {
    // The view's uniforms for Mesas' beds (32 m of shale under 8 m of caprock): the rock layer's rule and band as the shader reads them.
    const uniforms = createGroundUniforms();
    const strata: Strata = {
      beds: [
        { thickness: 32, hardness: 1 },
        { thickness: 8, hardness: 20 },
      ],
      base: 0.5,
      dipDeg: 0,
      dipAzimuthDeg: 0,
    };
    const lines = { treeLine: 2500, snowLine: 5000 };
    setGroundUniforms(uniforms, 'desert', lines, strata);
    const rock = viewGroundLayers('desert', lines, strata).findIndex((layer) => layer.name === 'rock');
    const packed = uniforms.terrainGroundRules.value[2 * rock];
    const band = uniforms.terrainGroundSlopeBand.value[rock];
    expect(band).toBeGreaterThan(0);
    const wrong: string[] = [];
    let ragged = 0;
    let points = 0;
    for (let x = -400; x <= 400; x += 13.7)
      for (let z = -400; z <= 400; z += 11.3)
        for (const mpp of [0.01, 0.2, 1, 1.5, 4, 20]) {
          const noise = turf.noise(x, z, mpp);
          const lost = band * turf.lost(mpp);
          for (const slope of [43, 44, 47, 55])
            if (turf.rule(packed, slope, band, noise, lost) !== 1) wrong.push(`${slope}° at (${x}, ${z}), ${mpp} m a pixel`);
          for (const slope of [30, 33, 35]) if (turf.rule(packed, slope, band, noise, lost) !== 0) wrong.push(`${slope}° at (${x}, ${z}), ${mpp} m a pixel`);
          // Between, the noise still moves the edge: the same slope is rock at one point and not at another.
          if (mpp === 0.01) {
            points++;
            if (turf.rule(packed, 39, band, noise, lost) === 1) ragged++;
          }
        }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(ragged).toBeGreaterThan(0);
    expect(ragged).toBeLessThan(points);
  });
});

describe('the ground materials in the terrain shader', () => {
  it('moves the snow line as the engine masks and the CPU do (snowLine.ts snowHeightShift): the same noise, shade and steepness', () => {
    const shift = shaderSnowShift();
    for (let x = -900; x <= 900; x += 37.3)
      for (let z = -700; z <= 700; z += 53.1)
        for (const [slope, nx, nz] of [
          [0, 0, 0],
          [30, 0, -0.5],
          [30, 0.5, 0],
          [47, -0.5, 0.5],
          [56, -0.66, 0.46],
          [56, 0.66, -0.46],
        ])
          expect(shift(13.2, x, z, slope, nx, nz)).toBeCloseTo(snowHeightShift(13.2, x, z, slope, nx, nz), 9);
  });

  it('shows the heaviest material’s texture by its lead: none where two materials tie (no seam where the texture changes), in full from TIE_FADE', () => {
    const lead = shaderLead();
    // Across a boundary between two materials, weights a = 1 − b: the texture's strength is continuous
    // at the tie, where the heaviest material (and so the texture read) changes.
    for (const eps of [1e-3, 1e-6]) {
      expect(lead(0.5 + eps, 0.5 - eps)).toBeLessThan(5 * eps);
      expect(lead(0.5, 0.5)).toBe(0);
    }
    expect(lead(1, 0)).toBe(1);
    expect(lead(0.7, 0.3)).toBeCloseTo(0.7, 12);
    expect(lead(0.6, 0.4)).toBeCloseTo(0.6 * (0.2 / TIE_FADE), 12);
  });

  it('weighs every packed rule as masks.ts ruleWeight does (soft and hard edges, one or both bounds, no rule)', () => {
    const rule = shaderRule();
    const rules: MaskRule[] = [
      SEDIMENT_RULE,
      CHANNEL_RULE,
      CHANNEL_SLOPE_RULE,
      SNOW_SLOPE_RULE,
      ROAD_RULE,
      { source: 'height', min: 120, softness: 12.5 },
      { source: 'height', min: 3 },
      { source: 'slope', max: 30 },
      { source: 'slope', min: 10, max: 30, softness: 5 },
      { source: 'height' },
    ];
    for (const r of rules) {
      const packed = packRule(r, new Vector4());
      for (let v = -20; v <= 200; v += 0.25) expect(rule(packed, v), `${JSON.stringify(r)} at ${v}`).toBeCloseTo(ruleWeight(r, v), 12);
      for (const edge of [r.min, r.max]) if (edge !== undefined) expect(rule(packed, edge)).toBeCloseTo(ruleWeight(r, edge), 12);
    }
    expect(rule(packRule(undefined, new Vector4()), 5)).toBe(1);
  });

  it('darkens wet ground as the CPU colours do (wetShade: the gravel’s share left pale), and everything at the water’s margin', () => {
    const shade = new Function('smoothstep', 'min', 'vTerrainCover', 'gGravel', 'vTerrainWet', `return ${glslToJs(GROUND_WET_SHADE)};`).bind(
      null,
      glslSmoothstep,
      Math.min,
    ) as (cover: { x: number }, gravel: number, wet: number) => number;
    for (let flow = 0; flow <= 1; flow += 1 / 64)
      for (const gravel of [0, 0.25, 0.5, 0.9, 1])
        for (const wet of [0, 0.5, 1]) expect(shade({ x: flow }, gravel, wet)).toBeCloseTo(wetShade(flow, gravel) * (1 - WET_MARGIN_DARKENING * wet), 12);
    // A gravel bed away from the water is its own colour; at the water's margin it is as dark as the ground beside it.
    expect(shade({ x: 1 }, 1, 0)).toBe(1);
    expect(shade({ x: 1 }, 1, 1)).toBeCloseTo(1 - WET_MARGIN_DARKENING, 12);
  });

  it(`reads at most ${TERRAIN_TEXTURE_SAMPLES_PER_PIXEL} texture samples per pixel: every read is written out once, none in a loop`, () => {
    const shader = { uniforms: {}, vertexShader: ShaderLib.lambert.vertexShader, fragmentShader: ShaderLib.lambert.fragmentShader };
    patchTerrainShader(shader, createTerrainShaderUniforms());
    const fragment = shader.fragmentShader;
    const reads = [...fragment.matchAll(/\b(texture2D|texture|textureLod|textureGrad|texelFetch|textureProj)\s*\(/g)];
    // Four bilinear lighting taps, the road paint, three rock planes and one other material.
    expect(reads.length).toBe(TERRAIN_TEXTURE_SAMPLES_PER_PIXEL);
    expect(reads.filter((m) => m[1] === 'texture2D')).toHaveLength(4);
    expect(reads.filter((m) => m[1] === 'texture')).toHaveLength(1);
    expect(reads.filter((m) => m[1] === 'textureLod')).toHaveLength(4);
    // No read inside a loop's body: each loop's braces hold none.
    for (const loop of fragment.matchAll(/\bfor\s*\(/g)) {
      let depth = 0;
      let end = fragment.indexOf('{', loop.index);
      for (let k = end; k < fragment.length; k++) {
        if (fragment[k] === '{') depth++;
        else if (fragment[k] === '}' && --depth === 0) {
          end = k;
          break;
        }
      }
      expect(fragment.slice(loop.index, end)).not.toMatch(/\btexture(2D|Lod|Grad|Proj)?\s*\(|texelFetch\s*\(/);
    }
    // No read in a function of ours (a function may be called more than once).
    const functions = fragment.slice(0, fragment.indexOf('void main'));
    expect(functions).not.toMatch(/\btexture(2D|Lod|Grad|Proj)?\s*\(|texelFetch\s*\(/);
  });

  const withShadows = TERRAIN_TEXTURE_SAMPLES_PER_PIXEL + PROP_SHADOW_SAMPLES_PER_PIXEL;
  it(`where props cast shadows, three's PCF adds ${PROP_SHADOW_SAMPLES_PER_PIXEL} reads: ${withShadows} a terrain pixel`, () => {
    const shader = { uniforms: {}, vertexShader: ShaderLib.lambert.vertexShader, fragmentShader: ShaderLib.lambert.fragmentShader };
    patchTerrainShader(shader, createTerrainShaderUniforms());
    // The fragment shader as three compiles it: every #include <chunk> written out, chunks within chunks too.
    const chunks = ShaderChunk as unknown as Record<string, string>;
    const expand = (source: string): string => source.replace(/^[ \t]*#include +<([\w\d./]+)>/gm, (_, name: string) => expand(chunks[name]));
    const fragment = expand(shader.fragmentShader);
    const readsIn = (text: string) => [...text.matchAll(/\b(texture2D|texture|textureLod|textureGrad|texelFetch|textureProj)\s*\(/g)].length;
    // The shadow read by the sun's light (the scene's one shadow-casting light, SceneLook.tsx): getShadow, once for each
    // directional light with a shadow, in the unrolled loop over them.
    const sites = [...fragment.matchAll(/getShadow\(\s*directionalShadowMap\[/g)];
    expect(sites).toHaveLength(1);
    expect(fragment.slice(Math.max(0, sites[0].index - 400), sites[0].index)).toMatch(/UNROLLED_LOOP_INDEX < NUM_DIR_LIGHT_SHADOWS/);
    // The Canvas's `shadows="percentage"` is SHADOWMAP_TYPE_PCF: its getShadow (the depth comparison sampler's), read for reads.
    const pcf = fragment.indexOf('float getShadow( sampler2DShadow');
    expect(pcf).toBeGreaterThan(0);
    const start = fragment.indexOf('{', pcf);
    let end = start;
    for (let depth = 0, k = start; k < fragment.length; k++) {
      if (fragment[k] === '{') depth++;
      else if (fragment[k] === '}' && --depth === 0) {
        end = k;
        break;
      }
    }
    const shadowReads = readsIn(fragment.slice(start, end));
    expect(shadowReads).toBe(PROP_SHADOW_SAMPLES_PER_PIXEL);
    // The terrain's own reads (above) and the sun's shadow: the budget with props' shadows on.
    expect(readsIn(shader.fragmentShader) + shadowReads).toBe(TERRAIN_TEXTURE_SAMPLES_PER_PIXEL + PROP_SHADOW_SAMPLES_PER_PIXEL);
  });
});
