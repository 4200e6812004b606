import { describe, expect, it } from 'vitest';
import { ShaderLib, Vector4 } from 'three';
import type { MaskRule } from '../../../shared/masks/maskTypes';
import { ruleWeight } from '../../../shared/masks/ruleWeight';
import { CHANNEL_RULE, CHANNEL_SLOPE_RULE, ROAD_RULE, SNOW_SLOPE_RULE } from '../../../shared/ground/groundMaterials';
import { SEDIMENT_RULE } from '../../../shared/erosion/cover';
import { snowHeightShift } from '../../../shared/ground/snowLine';
import { GROUND_FRAGMENT_HEADER, packRule, SNOW_SHIFT_GLSL, TIE_FADE } from './groundShader';
import { createTerrainShaderUniforms, patchTerrainShader, TERRAIN_TEXTURE_SAMPLES_PER_PIXEL } from './terrainShader';

/** GLSL's smoothstep and step, as the GLSL ES 3.00 specification defines them. */
function glslSmoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}
const glslStep = (edge: number, x: number): number => (x < edge ? 0 : 1);

/** The shader's terrainGroundRule, its GLSL text run as JavaScript (types dropped; the same operators and ternaries). */
function shaderRule(): (rule: Vector4, v: number) => number {
  const source = GROUND_FRAGMENT_HEADER.slice(GROUND_FRAGMENT_HEADER.indexOf('float terrainGroundRule('));
  const body = source.slice(source.indexOf('{') + 1, source.indexOf('\n}'));
  const js = body.replace(/\bfloat\s+/g, 'let ').replace(/(\d)\.0\b/g, '$1');
  return new Function('smoothstep', 'step', 'rule', 'v', js).bind(null, glslSmoothstep, glslStep) as (rule: Vector4, v: number) => number;
}

/** The shader's terrainTextureLead, its GLSL text run as JavaScript. */
function shaderLead(): (heaviest: number, second: number) => number {
  const source = GROUND_FRAGMENT_HEADER.slice(GROUND_FRAGMENT_HEADER.indexOf('float terrainTextureLead('));
  const body = source.slice(source.indexOf('{') + 1, source.indexOf('\n}'));
  return new Function('min', 'heaviest', 'second', body.replace(/(\d)\.0\b/g, '$1')).bind(null, Math.min) as (heaviest: number, second: number) => number;
}

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
  return new Function('mod', 'floor', 'clamp', `${js}\nreturn terrainSnowShift;`)(glslMod, Math.floor, glslClamp) as ReturnType<typeof shaderSnowShift>;
}

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
});
