import { Color, Vector4, type IUniform, type Material, type Texture } from 'three';
import { START_DETAIL_STRENGTH } from './detailOverride';
import { createGroundUniforms, GROUND_FRAGMENT, GROUND_FRAGMENT_HEADER, type GroundUniforms } from './groundShader';
import { createRoadPaintUniforms, ROAD_FRAGMENT_HEADER, ROAD_PAINT_READ, type RoadPaintUniforms } from './roadPaintShader';
import { glslFloat } from './coverShader';
import { SEA_LOOK } from '../../../app/view/seaLook';

/**
 * What both terrain materials (the full mesh's and the LOD shader's) add to three's Lambert
 * shading, so that both paths draw the same image: ground detail up close, sun shadows and sky
 * occlusion from the lighting texture, the underwater tint below the sea level, and the metric
 * grid. Fog is three's own (scene.fog), which both materials take.
 */
export interface TerrainShaderUniforms extends GroundUniforms, RoadPaintUniforms {
  terrainLighting: IUniform<Texture | null>;
  /** World x, z → lighting texture uv: (x scale, x offset, z scale, z offset). */
  terrainLightingTransform: IUniform<Vector4>;
  terrainShadowStrength: IUniform<number>;
  terrainOcclusionStrength: IUniform<number>;
  /** 1 draws the grid, 0 hides it. */
  terrainGridOpacity: IUniform<number>;
  /** (sea level, 1 when the water is shown). */
  terrainWater: IUniform<[number, number]>;
  terrainWaterColour: IUniform<Color>;
  /** 1 draws the close-up ground detail, 0 leaves the plain colours (tests comparing colours). */
  terrainDetailStrength: IUniform<number>;
  [name: string]: IUniform;
}

/**
 * The terrain fragment shader's texture reads per pixel, at most (the budget DEVELOPERS.md states):
 * four bilinear lighting taps, one of the road paint (roadPaintShader.ts), and up close the ground
 * materials' three rock planes and one other material (groundShader.ts). Vertex colours and noise
 * are arithmetic.
 */
export const TERRAIN_TEXTURE_SAMPLES_PER_PIXEL = 9;

export function createTerrainShaderUniforms(): TerrainShaderUniforms {
  return {
    terrainLighting: { value: null },
    terrainLightingTransform: { value: new Vector4(0, 0.5, 0, 0.5) },
    terrainShadowStrength: { value: 1 },
    terrainOcclusionStrength: { value: 1 },
    terrainGridOpacity: { value: 0 },
    terrainWater: { value: [0, 0] },
    terrainWaterColour: { value: new Color(SEA_LOOK.deepColour) },
    terrainDetailStrength: { value: START_DETAIL_STRENGTH },
    ...createGroundUniforms(),
    ...createRoadPaintUniforms(),
  };
}

const VERTEX_HEADER = /* glsl */ `
varying vec3 vTerrainWorld;
varying vec2 vTerrainCover;
varying float vTerrainWet;
`;

/** The full mesh's erosion cover per vertex (TerrainGeometry's normalised byte attributes). */
const COVER_ATTRIBUTES = /* glsl */ `
attribute float terrainFlow;
attribute float terrainDeposition;
attribute float terrainWet;
`;

const FRAGMENT_HEADER = /* glsl */ `
varying vec3 vTerrainWorld;
uniform sampler2D terrainLighting;
uniform vec4 terrainLightingTransform;
uniform float terrainShadowStrength;
uniform float terrainOcclusionStrength;
uniform float terrainGridOpacity;
uniform vec2 terrainWater;
uniform vec3 terrainWaterColour;
uniform float terrainDetailStrength;

// Value noise (Dave Hoskins' hash, no sin: stable far from the origin).
float terrainHash(vec2 p) {
  vec3 p3 = fract(vec3(p.xyx) * 0.1031);
  p3 += dot(p3, p3.yzx + 33.33);
  return fract((p3.x + p3.y) * p3.z);
}
float terrainNoise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(terrainHash(i), terrainHash(i + vec2(1.0, 0.0)), u.x), mix(terrainHash(i + vec2(0.0, 1.0)), terrainHash(i + vec2(1.0, 1.0)), u.x), u.y);
}
// Three octaves of detail from 0.2 m to 1.8 m; each fades in only once it spans a few pixels, so
// nothing shimmers and the overview keeps its plain colours.
float terrainDetail(vec2 p, float metresPerPixel) {
  float sum = 0.0;
  float scale = 0.2;
  for (int o = 0; o < 3; o++) {
    float fade = smoothstep(2.0, 6.0, scale / metresPerPixel);
    if (fade > 0.0) sum += fade * (terrainNoise(p / scale + float(o) * 17.0) - 0.5);
    scale *= 3.0;
  }
  return sum;
}

// Grid lines about 1.5 pixels wide at every multiple of 'spacing' metres, anti-aliased.
float terrainGridLine(vec2 world, float spacing) {
  vec2 coord = world / spacing;
  vec2 width = fwidth(coord);
  vec2 line = abs(fract(coord - 0.5) - 0.5) / max(width, vec2(1e-6));
  return 1.0 - clamp(min(line.x, line.y) - 0.25, 0.0, 1.0);
}
`;

/** Sun shadow scales the direct (sun) light, sky occlusion the indirect (hemisphere) light. */
const LIGHTING_MODULATION = /* glsl */ `
{
  vec2 terrainUv = vec2(vTerrainWorld.x * terrainLightingTransform.x + terrainLightingTransform.y,
    vTerrainWorld.z * terrainLightingTransform.z + terrainLightingTransform.w);
  // Four bilinear taps half a texel apart: a 3 × 3 binomial filter of the lighting grid, whose
  // response at the grid's own period (two cells) is zero. One tap showed every cell-scale step
  // of the heights (thermal talus steps alternate from cell to cell on steep faces) as a lattice
  // of shadowed and lit vertices.
  vec2 terrainTexel = 0.5 / vec2(textureSize(terrainLighting, 0));
  vec2 terrainLight = 0.25 * (texture2D(terrainLighting, terrainUv + vec2(-terrainTexel.x, -terrainTexel.y)).rg
    + texture2D(terrainLighting, terrainUv + vec2(terrainTexel.x, -terrainTexel.y)).rg
    + texture2D(terrainLighting, terrainUv + vec2(-terrainTexel.x, terrainTexel.y)).rg
    + texture2D(terrainLighting, terrainUv + vec2(terrainTexel.x, terrainTexel.y)).rg);
  reflectedLight.directDiffuse *= mix(1.0, terrainLight.r, terrainShadowStrength);
  reflectedLight.indirectDiffuse *= mix(1.0, terrainLight.g, terrainOcclusionStrength);
}
#include <aomap_fragment>
`;

/**
 * Ground detail, by the same rules as the colours: grass and scree get isotropic speckle on the
 * ground plane; steep rock is projected onto the vertical planes (triplanar, so cliffs do not
 * stretch) and squashed vertically into strata; snow stays smooth.
 */
const GROUND_DETAIL = /* glsl */ `
#include <normal_fragment_maps>
{
  // Metres per pixel from the view ray alone (its direction changes with the pixel, not with the
  // surface) stretched by the smooth shading normal's tilt: continuous across triangles. The
  // screen derivatives of the position differ from triangle to triangle wherever neighbouring
  // faces tilt differently, and faded the detail cell by cell (a lattice on steep faces).
  vec3 terrainRay = normalize(vViewPosition);
  float terrainPixelAngle = length(vec2(length(dFdx(terrainRay)), length(dFdy(terrainRay))));
  float terrainFacing = max(abs(dot(normal, terrainRay)), 0.2);
  float terrainMpp = max(length(vViewPosition) * terrainPixelAngle / terrainFacing, 1e-4);
  vec3 terrainWorldNormal = normalize((vec4(normal, 0.0) * viewMatrix).xyz);
#if TERRAIN_ROADS
${ROAD_PAINT_READ}
#else
  vec4 terrainRoadSample = vec4(0.0);
  vec2 terrainRoadCoverage = vec2(0.0);
#if TERRAIN_NATURAL
  // The turf's noise, once a pixel (ROAD_PAINT_READ has it with roads): the ground layers' ragged edges read it.
  float terrainTurf = terrainTurfNoise(vTerrainWorld.x, vTerrainWorld.z, terrainMpp);
#endif
#endif
#if TERRAIN_NATURAL
${GROUND_FRAGMENT}
#elif TERRAIN_DETAIL
  if (terrainMpp < 0.9) {
    float terrainFlat = terrainDetail(vTerrainWorld.xz, terrainMpp);
    float terrainRock = smoothstep(0.8, 0.55, terrainWorldNormal.y);
    float terrainTexture = terrainFlat;
    if (terrainRock > 0.0) {
      vec3 w = abs(terrainWorldNormal);
      w /= (w.x + w.y + w.z);
      // Strata squash the noise threefold vertically: its finest octave fades in three times later.
      float terrainSides = w.x * terrainDetail(vTerrainWorld.zy * vec2(1.0, 3.0), terrainMpp * 3.0)
        + w.z * terrainDetail(vTerrainWorld.xy * vec2(1.0, 3.0), terrainMpp * 3.0) + w.y * terrainFlat;
      terrainTexture = mix(terrainFlat, terrainSides, terrainRock);
    }
    float terrainBright = dot(diffuseColor.rgb, vec3(0.3, 0.59, 0.11));
    float terrainAmount = mix(0.45, 0.6, terrainRock) * (1.0 - smoothstep(0.45, 0.8, terrainBright) * 0.75);
    diffuseColor.rgb *= max(0.0, 1.0 + terrainAmount * terrainDetailStrength * terrainTexture);
  }
#endif
  // Roads in every colour mode (the natural one paints them with the ground materials, above).
#if !TERRAIN_NATURAL && TERRAIN_ROADS
  diffuseColor.rgb = terrainRoadPaintedWith(diffuseColor.rgb, terrainRoadSample, terrainMpp, terrainRoadCoverage, terrainRoadShoulder);
#endif
}
`;

const SURFACE_OVERLAYS = /* glsl */ `
if (terrainWater.y > 0.5 && vTerrainWorld.y < terrainWater.x) {
  // Under water the ground fades into the water's colour with depth.
  float terrainDepth = terrainWater.x - vTerrainWorld.y;
  outgoingLight = mix(outgoingLight, terrainWaterColour, 1.0 - exp(-terrainDepth / ${glslFloat(SEA_LOOK.depthScale)}));
}
if (terrainGridOpacity > 0.0) {
  // Light lines every power of ten metres: the finest whose lines stay 6 px apart, fading in as
  // they open up, and ten times coarser at full strength.
  float metresPerPixel = max(length(fwidth(vTerrainWorld.xz)), 1e-4);
  float level = log(metresPerPixel * 6.0) / log(10.0);
  float fine = pow(10.0, ceil(level));
  float fade = smoothstep(0.0, 0.5, ceil(level) - level);
  float line = max(terrainGridLine(vTerrainWorld.xz, fine) * mix(0.2, 0.5, fade), terrainGridLine(vTerrainWorld.xz, fine * 10.0));
  outgoingLight = mix(outgoingLight, vec3(0.85, 0.9, 1.0), line * 0.75 * terrainGridOpacity);
}
#include <opaque_fragment>
`;

/**
 * The switches compiled into the terrain shader instead of branched on per pixel: the colour mode (the
 * ground materials or the plain colours' detail), whether a road is painted, and whether the ground detail
 * is drawn at all. The e2e tests' WebGL (Mesa's llvmpipe) runs every branch's body for every pixel under a
 * mask, so a branch on a uniform pays for the path not taken; each variant here compiles only its own.
 * The uniforms stay as they were; a material follows them with followTerrainVariant. Returns the variant's #defines.
 */
export function terrainShaderVariant(uniforms: TerrainShaderUniforms): string {
  const natural = uniforms.terrainGroundOn.value > 0.5 ? 1 : 0;
  const roads = uniforms.terrainRoadOn.value > 0.5 ? 1 : 0;
  const detail = uniforms.terrainDetailStrength.value > 0 ? 1 : 0;
  return `#define TERRAIN_NATURAL ${natural}\n#define TERRAIN_ROADS ${roads}\n#define TERRAIN_DETAIL ${detail}\n`;
}

/**
 * Keeps a material that patchTerrainShader patches on the variant of the uniforms' current switches: its
 * program's cache key names the variant, and a change of switch makes three pick (or compile) the program
 * for the new one before the next draw. `key` names the material's own program.
 */
export function followTerrainVariant(material: Material, uniforms: TerrainShaderUniforms, key: string): void {
  let drawn = terrainShaderVariant(uniforms);
  material.customProgramCacheKey = () => `${key} ${terrainShaderVariant(uniforms)}`;
  material.onBeforeRender = () => {
    const variant = terrainShaderVariant(uniforms);
    if (variant === drawn) return;
    drawn = variant;
    material.needsUpdate = true;
  };
}

/**
 * Adds the terrain shading (ground materials, lighting, water tint, grid) to a Lambert shader (called
 * from onBeforeCompile, after any other patch). `cover`: where the vertex shader gets the erosion
 * cover and wet margin the ground materials read — the full mesh's attributes, or set by the material's own
 * vertex code (the LOD shader writes vTerrainCover and vTerrainWet from its cover and wet textures).
 */
export function patchTerrainShader(
  shader: { uniforms: Record<string, IUniform>; vertexShader: string; fragmentShader: string },
  uniforms: TerrainShaderUniforms,
  cover: 'attributes' | 'own' = 'attributes',
): void {
  Object.assign(shader.uniforms, uniforms);
  // The wet ground beside the water (app/water/wetGround.ts): the full mesh's attribute, or the LOD shader's own
  // vTerrainWet (its wet texture, lod/gpuWet.ts), as the cover.
  const coverFromAttributes = cover === 'attributes' ? '\nvTerrainCover = vec2(terrainFlow, terrainDeposition);\nvTerrainWet = terrainWet;' : '';
  shader.vertexShader =
    VERTEX_HEADER +
    (cover === 'attributes' ? COVER_ATTRIBUTES : '') +
    shader.vertexShader.replace(
      '#include <project_vertex>',
      `#include <project_vertex>\nvTerrainWorld = (modelMatrix * vec4(transformed, 1.0)).xyz;${coverFromAttributes}`,
    );
  shader.fragmentShader =
    terrainShaderVariant(uniforms) +
    FRAGMENT_HEADER +
    GROUND_FRAGMENT_HEADER +
    ROAD_FRAGMENT_HEADER +
    shader.fragmentShader
      .replace('#include <normal_fragment_maps>', GROUND_DETAIL)
      .replace('#include <aomap_fragment>', LIGHTING_MODULATION)
      .replace('#include <opaque_fragment>', SURFACE_OVERLAYS);
}
