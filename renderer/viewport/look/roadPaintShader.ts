import { Color, DataTexture, HalfFloatType, LinearFilter, RGBAFormat, ClampToEdgeWrapping, Vector4, DataUtils, type IUniform } from 'three';
import {
  ROAD_APRON_M,
  ROAD_END_EDGE,
  ROAD_END_FADE_M,
  ROAD_END_NOISE_HALF,
  ROAD_END_PLAIN_FROM,
  ROAD_END_RAGGED_TO,
  ROAD_PAINT_CHANNELS,
  ROAD_PAINT_NONE,
  ROAD_SHOULDER_M,
  type RoadPaint,
} from '../../../shared/roads/roadPaint';
import { ROAD_DRESS_COLOURS, ROAD_LINE_METRES } from '../../../app/palette/overlayPalette';
import { glslFloat } from './coverShader';

/**
 * Roads in the terrain shader (both terrain materials): shared/roads/roadPaint.ts's texture of
 * offsets from the nearest centreline, read once a pixel, draws gravel shoulders, the surface
 * (asphalt or gravel), white edge lines and a yellow centre line on the terrain's own triangles, in
 * every tool and in the drive view. Lines are box-filtered over the pixel's footprint, so they fade
 * into the surface's colour from afar instead of breaking into dashes. Past each end the surface frays
 * out onto a gravel apron that fades into the ground (roadEndBlend); in the natural colours the shoulders
 * and apron are the ground layers' shoulder layer, gravel (groundShader.ts, by the rule that writes the
 * engine's shoulder mask), elsewhere the dress's flat shoulder colour.
 */

/** White edge lines' width and their centre's inset from the surface's edge, metres; the centre line's width (the 2D panel's too). */
export const EDGE_LINE_WIDTH_M = ROAD_LINE_METRES.edgeWidth;
export const EDGE_LINE_INSET_M = ROAD_LINE_METRES.edgeInset;
export const CENTRE_LINE_WIDTH_M = ROAD_LINE_METRES.centreWidth;

export interface RoadPaintUniforms {
  /** 1 while a road is painted. */
  terrainRoadOn: IUniform<number>;
  terrainRoadPaint: IUniform<DataTexture | null>;
  /** World x, z → paint uv: (x scale, x offset, z scale, z offset). */
  terrainRoadTransform: IUniform<Vector4>;
  /** The paint's `endCap`: metres the end distance is held to. */
  terrainRoadEndCap: IUniform<number>;
  terrainRoadAsphalt: IUniform<Color>;
  terrainRoadGravel: IUniform<Color>;
  terrainRoadShoulder: IUniform<Color>;
  terrainRoadEdge: IUniform<Color>;
  terrainRoadCentre: IUniform<Color>;
}

export function createRoadPaintUniforms(): RoadPaintUniforms {
  return {
    terrainRoadOn: { value: 0 },
    terrainRoadPaint: { value: null },
    terrainRoadTransform: { value: new Vector4(0, 0.5, 0, 0.5) },
    terrainRoadEndCap: { value: 1 },
    terrainRoadAsphalt: { value: new Color(ROAD_DRESS_COLOURS.asphalt) },
    terrainRoadGravel: { value: new Color(ROAD_DRESS_COLOURS.gravel) },
    terrainRoadShoulder: { value: new Color(ROAD_DRESS_COLOURS.shoulder) },
    terrainRoadEdge: { value: new Color(ROAD_DRESS_COLOURS.edge) },
    terrainRoadCentre: { value: new Color(ROAD_DRESS_COLOURS.centre) },
  };
}

/** The paint as a half-float RGBA texture, bilinear, no mipmaps (a texel is finer than the pixels that read it up close). */
export function roadPaintTexture(paint: RoadPaint): DataTexture {
  const halves = new Uint16Array(paint.texels.length);
  const none = DataUtils.toHalfFloat(ROAD_PAINT_NONE);
  for (let k = 0; k < halves.length; k += ROAD_PAINT_CHANNELS) {
    // Texels beyond every road's reach: zero but the end distance (half-float 0 is all bits clear).
    if (paint.texels[k + 2] === ROAD_PAINT_NONE) {
      halves[k + 2] = none;
      continue;
    }
    for (let c = 0; c < ROAD_PAINT_CHANNELS; c++) halves[k + c] = DataUtils.toHalfFloat(paint.texels[k + c]);
  }
  const texture = new DataTexture(halves, paint.width, paint.depth, RGBAFormat, HalfFloatType);
  texture.minFilter = LinearFilter;
  texture.magFilter = LinearFilter;
  texture.wrapS = ClampToEdgeWrapping;
  texture.wrapT = ClampToEdgeWrapping;
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}

/** Sets the uniforms for `paint` (null: no roads); returns the texture made, which the caller disposes when replaced. */
export function setRoadPaintUniforms(uniforms: RoadPaintUniforms, paint: RoadPaint | null): DataTexture | null {
  if (!paint) {
    uniforms.terrainRoadOn.value = 0;
    uniforms.terrainRoadPaint.value = null;
    return null;
  }
  const texture = roadPaintTexture(paint);
  uniforms.terrainRoadPaint.value = texture;
  uniforms.terrainRoadTransform.value.set(...paint.transform);
  uniforms.terrainRoadEndCap.value = paint.endCap;
  uniforms.terrainRoadOn.value = 1;
  return texture;
}

/** Uniforms and functions (no texture reads), after terrainShader.ts's header. */
export const ROAD_FRAGMENT_HEADER = /* glsl */ `
uniform float terrainRoadOn;
uniform highp sampler2D terrainRoadPaint;
uniform vec4 terrainRoadTransform;
uniform float terrainRoadEndCap;
uniform vec3 terrainRoadAsphalt;
uniform vec3 terrainRoadGravel;
uniform vec3 terrainRoadShoulder;
uniform vec3 terrainRoadEdge;
uniform vec3 terrainRoadCentre;
// How much of a pixel 'aa' metres across centred 'x' metres from a band's middle the band [−halfWidth, halfWidth] covers (a box filter).
float terrainRoadBand(float x, float halfWidth, float aa) {
  return clamp((min(x + 0.5 * aa, halfWidth) - max(x - 0.5 * aa, -halfWidth)) / aa, 0.0, 1.0);
}
// The end's blend onto the ground (shared/roads/roadPaint.ts roadEndBlend): 'e' metres from the end (+ inside).
float terrainRoadEndFade(float e, float length) {
  return 1.0 - smoothstep(0.0, 1.0, -e / length);
}
// An end's fade made ragged at a point by the turf's noise there (shared/roads/roadPaint.ts roadEndRagged):
// covered where the fade is above a threshold the noise sets evenly over 0…1, so the end breaks into
// tongues of gravel and grass whose share is the fade, 1 and 0 kept whatever the noise; a pixel of
// ${ROAD_END_RAGGED_TO} to ${ROAD_END_PLAIN_FROM} m turns to the plain fade (the engine masks').
float terrainRoadRagged(float fade, float turf, float aa) {
  float threshold = clamp(1.0 - smoothstep(${glslFloat(-ROAD_END_NOISE_HALF)}, ${glslFloat(ROAD_END_NOISE_HALF)}, turf),
    ${glslFloat(ROAD_END_EDGE / 2)}, ${glslFloat(1 - ROAD_END_EDGE / 2)});
  float broken = smoothstep(threshold - ${glslFloat(ROAD_END_EDGE / 2)}, threshold + ${glslFloat(ROAD_END_EDGE / 2)}, fade);
  return mix(broken, fade, smoothstep(${glslFloat(ROAD_END_RAGGED_TO)}, ${glslFloat(ROAD_END_PLAIN_FROM)}, aa));
}
// How much of the pixel lies between the road's ends: the end distance (paint.b, metres inside, held to
// terrainRoadEndCap inside and past the apron outside) box-filtered across the end's line; 0 wherever the
// read mixes a texel beyond the reach.
float terrainRoadBetweenEnds(vec4 paint, float aa) {
  if (terrainRoadOn < 0.5 || paint.b <= -(terrainRoadEndCap + ${glslFloat(ROAD_APRON_M)})) return 0.0;
  return clamp(paint.b / min(aa, terrainRoadEndCap) + 0.5, 0.0, 1.0);
}
// The pixel's share of the surface and of gravel (shoulders and the apron past each end), the surface
// fraying out over ROAD_END_FADE_M past an end and the apron fading over ROAD_APRON_M: shared/roads/roadPaint.ts
// roadCoverAt with the turf's noise 'turf' (the pixel's, computed once: terrainShader.ts), both fades ragged
// up close by that one noise (so the apron is never below the surface at a point: no grass between them).
vec2 terrainRoadCover(vec4 paint, float aa, float turf) {
  if (terrainRoadOn < 0.5 || paint.b <= -(terrainRoadEndCap + ${glslFloat(ROAD_APRON_M)})) return vec2(0.0);
  float e = paint.b;
  float surfaceEnd = e >= 0.0 ? 1.0 : terrainRoadRagged(terrainRoadEndFade(e, ${glslFloat(ROAD_END_FADE_M)}), turf, aa);
  float apronEnd = e >= 0.0 ? 1.0 : terrainRoadRagged(terrainRoadEndFade(e, ${glslFloat(ROAD_APRON_M)}), turf, aa);
  float surface = surfaceEnd * terrainRoadBand(paint.r, paint.g, aa);
  float gravel = apronEnd * terrainRoadBand(paint.r, paint.g + ${glslFloat(ROAD_SHOULDER_M)}, aa);
  return vec2(surface, max(gravel - surface, 0.0));
}
// The colour with the road painted over it: gravel (shoulders and apron, in 'gravelColour'), the surface,
// edge and centre lines (lines on asphalt only, stopping square at the end).
// 'cover' is terrainRoadCover's (the ground block has it already).
vec3 terrainRoadPaintedWith(vec3 colour, vec4 paint, float aa, vec2 cover, vec3 gravelColour) {
  if (cover.x + cover.y <= 0.0) return colour;
  float ends = terrainRoadBetweenEnds(paint, aa);
  float halfWidth = paint.g;
  float gravel = paint.a;
  float lines = ends * (1.0 - gravel);
  float edge = lines * (terrainRoadBand(abs(paint.r) - (halfWidth - ${glslFloat(EDGE_LINE_INSET_M)}), ${glslFloat(EDGE_LINE_WIDTH_M / 2)}, aa));
  float centre = lines * terrainRoadBand(paint.r, ${glslFloat(CENTRE_LINE_WIDTH_M / 2)}, aa);
  colour = mix(colour, gravelColour, cover.y);
  colour = mix(colour, mix(terrainRoadAsphalt, terrainRoadGravel, gravel), cover.x);
  colour = mix(colour, terrainRoadEdge, edge);
  return mix(colour, terrainRoadCentre, centre);
}
`;

/**
 * The one read of the paint, at the top of the ground block (outside any branch or loop), and the roads'
 * cover there, once a pixel for every colour mode: its ragged ends read the turf's noise, also once a
 * pixel (the ground layers' ragged turf edge reads it too: groundShader.ts), so they add no noise of their own.
 */
export const ROAD_PAINT_READ = /* glsl */ `
vec4 terrainRoadSample = texture(terrainRoadPaint, vec2(
  vTerrainWorld.x * terrainRoadTransform.x + terrainRoadTransform.y,
  vTerrainWorld.z * terrainRoadTransform.z + terrainRoadTransform.w));
float terrainTurf = terrainTurfNoise(vTerrainWorld.x, vTerrainWorld.z, terrainMpp);
vec2 terrainRoadCoverage = terrainRoadCover(terrainRoadSample, terrainMpp, terrainTurf);
`;
