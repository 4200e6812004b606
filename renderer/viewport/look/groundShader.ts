import { Vector3, Vector4, type DataArrayTexture, type IUniform } from 'three';
import { GROUND_MATERIALS, type GroundMaterial } from '../../../shared/ground/climate';
import { groundLayers, groundPalette, type GroundLayer, type GroundLines } from '../../../shared/ground/groundMaterials';
import { GROUND_ALBEDO_AMOUNT, GROUND_TEXTURE_SIZE, GROUND_TILE_METRES, ROCK_FADE_END, ROCK_FADE_START } from '../../../shared/ground/groundTextures';
import { MAX_ROCK_BEDS } from '../../../shared/terrain/rockBands';
import { WET_DARKENING, WET_RULE } from '../../../shared/erosion/cover';
import { WET_MARGIN_DARKENING } from '../../../app/water/wetGround';
import type { MaskRule } from '../../../shared/masks/maskTypes';
import type { Climate } from '../../../shared/ground/climate';
import type { Strata } from '../../../shared/terrain/strata';
import { glslFloat, ruleGlsl } from './coverShader';
import { HARDNESS_FADE, talusHardness } from '../../../shared/ground/strataBands';
import * as snow from '../../../shared/ground/snowLine';
import { SMOOTHSTEP_SPREAD, TURF_OCTAVE_SPREAD, TURF_OCTAVES } from '../../../shared/ground/turfEdge';

/**
 * The ground materials in the terrain shader (both terrain materials, through terrainShader.ts): per
 * pixel, the ground layers of shared/ground/groundMaterials.ts — the same MaskLayer rules the engine
 * masks are written by, handed over as uniforms so a tree- or snow-line change is a uniform update —
 * weigh the materials' colours (the rock beds by height); the heaviest non-rock material and rock
 * (triplanar) add their generated textures' albedo and normal up close, faded out by the pixel's
 * footprint so nothing shimmers; further off only arithmetic noise varies the colour.
 */

/** The most layers groundLayers makes (temperate, with erosion and roads). */
export const MAX_GROUND_LAYERS = 9;
/** Rules per layer (groundLayers uses at most two). */
const RULES_PER_LAYER = 2;
const SOURCE_INDEX: Partial<Record<MaskRule['source'], number>> = { height: 0, slope: 1, flow: 2, deposition: 3, road: 4, shoulder: 5, hardness: 6 };
const ROCK = GROUND_MATERIALS.indexOf('rock');
const GRAVEL = GROUND_MATERIALS.indexOf('gravel');
/** A bound that is absent. */
const NONE = 1e30;
/** The largest shift of a material tile's coordinates by the warp, in tiles (terrainTileCoords). */
export const TILE_WARP = 0.4;
/** The warp's noise cells per tile: one cell over about three tiles, not a whole number of tiles. */
export const TILE_WARP_FREQUENCY = 0.31;
/** The heaviest non-rock material's lead over the next at which its texture shows in full (see GROUND_FRAGMENT). */
export const TIE_FADE = 0.25;
/**
 * Where the ground rules read a triangle's own slope instead of its shading normal's (terrainRuleSlope):
 * the shading normals are smooth across a cliff's rim or foot (shared/terrain/shadingNormals.ts), so
 * along a one-cell caprock face the triangles that join the cap to the face, steep as drawn, are shaded
 * from level at their cap corner to the face's slope, and the level cell behind the rim from level to
 * half the face's (54° on Mesas): the rules read every slope between across them — rock, then talus
 * rubble, then bare ground — in triangles that follow the rim's steps, cell-sized pale and red teeth along
 * every cap rim, against the sky up close. A triangle RULE_CREASE_FROM° flatter than its shading normal
 * turns to its own slope, wholly from RULE_CREASE_TO°, and so does one as much steeper that is drawn as a
 * cliff: the drawn level top is ground to its edge, the drawn face rock. Steeper triangles that are no
 * cliff keep their normals: the sides of a V (a channel's floor) are steeper than its normals, and read
 * as drawn they put shards of grass in Mountains' gravel channels. Smooth ground (its triangles within a
 * few degrees of the normals; 1.9 % of Mountains' and 1.0 % of Mesas' ground differ by over 20° at 257²,
 * 0.6 and 0.5 % by over 25°) reads as before, so the triangles' lattice of talus steps does not show.
 */
export const RULE_CREASE_FROM = 20;
export const RULE_CREASE_TO = 30;
/** A triangle's slope (degrees) from which it is a cliff (wholly from the second): steeper than any talus stands. */
export const RULE_CLIFF_DEG: readonly [number, number] = [50, 60];
/** The finest of the world-space patches laid over the non-rock material (terrainPatches), metres. */
const PATCH_METRES = 0.37;
/** The patches' strength, in units of the material's albedo variation. */
const PATCH_AMOUNT = 1.1;
/** The contrast's noise cells per tile: one cell over about six tiles. */
const TILE_CONTRAST_FREQUENCY = 0.17;
/**
 * The rock's relief in world space (terrainRockRelief: arithmetic, no texture reads, so it never repeats
 * as the 6.7 m tile does): weathered bulges of 1.2 and 3.6 m (3D noise, flattened along the beds), laminae
 * of 0.2 to 3.1 m (ROCK_LAMINA_METRES a cell, one bedding plane somewhere in each) following the strata's
 * dip, most jutting to a lit lip over an undercut base, joints through one to three laminae at irregular
 * spacings (in three of five ROCK_JOINT_METRES of face, anywhere in it, leaning their own ways, 3 to 18 cm
 * open), each block between them its own facet, and dark weathering streaks running down each stratum from its top. Both cells are near no
 * usual cell size (1–4 m) and jittered over 0.9 of themselves, so nothing lines up with the grid.
 */
export const ROCK_LAMINA_METRES = 1.63;
export const ROCK_JOINT_METRES = 1.37;
/** The relief's scales, metres: each fades in only once it spans a few pixels (terrainRockRelief). */
export const ROCK_RELIEF_METRES: readonly [number, number] = [3.6, 1.2];
/** Metres a pixel over which the world-space rock relief fades out (past the tile's ROCK_FADE_END: it does not repeat). */
export const ROCK_RELIEF_FADE: readonly [number, number] = [1.5, 3];

export interface GroundUniforms {
  /** 1 paints the ground materials (natural colours), 0 leaves the vertex colours. */
  terrainGroundOn: IUniform<number>;
  /** 1 once the textures are in. */
  terrainGroundTexturesReady: IUniform<number>;
  terrainGroundTextures: IUniform<DataArrayTexture | null>;
  terrainGroundCount: IUniform<number>;
  /** Per rule: (min or −NONE, max or NONE, softness, source index or −1 for no rule). */
  terrainGroundRules: IUniform<Vector4[]>;
  terrainGroundColours: IUniform<Vector3[]>;
  terrainGroundBanded: IUniform<number[]>;
  terrainGroundMaterial: IUniform<number[]>;
  /** Per layer: its ragged snow band, metres (0: its height rules read the height itself). */
  terrainGroundSnowBand: IUniform<number[]>;
  /** Per layer: its ragged turf band, degrees (0: its slope rules read the slope itself; turfEdge.ts). */
  terrainGroundSlopeBand: IUniform<number[]>;
  terrainBedColours: IUniform<Vector3[]>;
  /** The top of each bed within one repeat, metres (cumulative thickness). */
  terrainBedTops: IUniform<number[]>;
  terrainBedCount: IUniform<number>;
  terrainBedBlend: IUniform<number>;
  /** Where the beds are read (shared/ground/strataBands.ts BandFrame): (base, gx, gz); 0s for the climate's level bands. */
  terrainBedFrame: IUniform<Vector3>;
  /** Each bed's hardness (the project's strata's; 0s for the climate's bands): what a `hardness` rule reads. */
  terrainBedHardness: IUniform<number[]>;
}

export function createGroundUniforms(): GroundUniforms {
  return {
    terrainGroundOn: { value: 1 },
    terrainGroundTexturesReady: { value: 0 },
    terrainGroundTextures: { value: null },
    terrainGroundCount: { value: 1 },
    terrainGroundRules: { value: Array.from({ length: MAX_GROUND_LAYERS * RULES_PER_LAYER }, () => new Vector4(-NONE, NONE, 0, -1)) },
    terrainGroundColours: { value: Array.from({ length: MAX_GROUND_LAYERS }, () => new Vector3()) },
    terrainGroundBanded: { value: new Array<number>(MAX_GROUND_LAYERS).fill(0) },
    terrainGroundMaterial: { value: new Array<number>(MAX_GROUND_LAYERS).fill(0) },
    terrainGroundSnowBand: { value: new Array<number>(MAX_GROUND_LAYERS).fill(0) },
    terrainGroundSlopeBand: { value: new Array<number>(MAX_GROUND_LAYERS).fill(0) },
    terrainBedColours: { value: Array.from({ length: MAX_ROCK_BEDS }, () => new Vector3()) },
    terrainBedTops: { value: new Array<number>(MAX_ROCK_BEDS).fill(1) },
    terrainBedCount: { value: 1 },
    terrainBedBlend: { value: 0 },
    terrainBedFrame: { value: new Vector3() },
    terrainBedHardness: { value: new Array<number>(MAX_ROCK_BEDS).fill(0) },
  };
}

/** One rule as the shader's vec4 (see GroundUniforms.terrainGroundRules). */
export function packRule(rule: MaskRule | undefined, out: Vector4): Vector4 {
  if (!rule) return out.set(-NONE, NONE, 0, -1);
  const source = SOURCE_INDEX[rule.source];
  if (source === undefined) throw new Error(`the ground shader reads height, slope, flow, deposition, road, shoulder and hardness, not ${rule.source}`);
  return out.set(rule.min ?? -NONE, rule.max ?? NONE, rule.softness ?? 0, source);
}

/**
 * The layers the view paints: every layer the climate has (sediment and gravel read 0 cover without erosion
 * results: the same weights), talus only on the soft beds of the project's `strata` (strataBands.ts talusHardness).
 */
export function viewGroundLayers(climate: Climate, lines: GroundLines, strata: Strata | null = null): GroundLayer[] {
  const talus = talusHardness(strata);
  return groundLayers(climate, lines, { erosion: true, road: true, ...(talus !== undefined && { talusHardness: talus }) });
}

/** Sets the ground uniforms for a climate and the View's lines, the rock banded by the document's `strata` where it has them. */
export function setGroundUniforms(uniforms: GroundUniforms, climate: Climate, lines: GroundLines, strata: Strata | null = null): void {
  const layers = viewGroundLayers(climate, lines, strata);
  if (layers.length > MAX_GROUND_LAYERS) throw new Error(`at most ${MAX_GROUND_LAYERS} ground layers, got ${layers.length}`);
  const palette = groundPalette(climate, layers, strata);
  uniforms.terrainGroundCount.value = layers.length;
  layers.forEach((layer, l) => {
    if (layer.rules.length > RULES_PER_LAYER) throw new Error(`ground layer ${layer.name} has more than ${RULES_PER_LAYER} rules`);
    for (let r = 0; r < RULES_PER_LAYER; r++) packRule(layer.rules[r], uniforms.terrainGroundRules.value[l * RULES_PER_LAYER + r]);
    uniforms.terrainGroundColours.value[l].set(...palette.colours[l]);
    uniforms.terrainGroundBanded.value[l] = palette.banded[l];
    uniforms.terrainGroundMaterial.value[l] = GROUND_MATERIALS.indexOf(layer.material);
    uniforms.terrainGroundSnowBand.value[l] = layer.snowBand ?? 0;
    uniforms.terrainGroundSlopeBand.value[l] = layer.slopeBand ?? 0;
  });
  const { beds, blend } = palette.bands;
  uniforms.terrainBedFrame.value.set(palette.frame.base, palette.frame.gx, palette.frame.gz);
  let top = 0;
  beds.slice(0, MAX_ROCK_BEDS).forEach((bed, b) => {
    top += bed.thickness;
    uniforms.terrainBedTops.value[b] = top;
    uniforms.terrainBedColours.value[b].set(...palette.linearBeds[b]);
  });
  uniforms.terrainBedCount.value = Math.min(beds.length, MAX_ROCK_BEDS);
  uniforms.terrainBedHardness.value.fill(0);
  palette.bedHardness?.slice(0, MAX_ROCK_BEDS).forEach((hardness, b) => (uniforms.terrainBedHardness.value[b] = hardness));
  uniforms.terrainBedBlend.value = blend;
}

/** shared/ground/snowLine.ts snowHeightShift: the same lattice (exact in 32-bit floats), noise, shade and steepness. */
export const SNOW_SHIFT_GLSL = /* glsl */ `
float terrainSnowPermute(float v) { return mod((v * 34.0 + 1.0) * v, 289.0); }
float terrainSnowLattice(float i, float j) { return terrainSnowPermute(terrainSnowPermute(mod(i, 289.0)) + mod(j, 289.0)) / 288.0; }
float terrainSnowValue(float x, float z) {
  float i = floor(x);
  float j = floor(z);
  float fx = x - i;
  float fz = z - j;
  float ux = fx * fx * (3.0 - 2.0 * fx);
  float uz = fz * fz * (3.0 - 2.0 * fz);
  float top = terrainSnowLattice(i, j) + (terrainSnowLattice(i + 1.0, j) - terrainSnowLattice(i, j)) * ux;
  float bottom = terrainSnowLattice(i, j + 1.0) + (terrainSnowLattice(i + 1.0, j + 1.0) - terrainSnowLattice(i, j + 1.0)) * ux;
  return top + (bottom - top) * uz;
}
float terrainSnowShift(float band, float x, float z, float slopeDeg, float normalX, float normalZ) {
  float coarse = terrainSnowValue(x / ${glslFloat(snow.SNOW_NOISE_METRES)}, z / ${glslFloat(snow.SNOW_NOISE_METRES)});
  float fine = terrainSnowValue(3.0 * x / ${glslFloat(snow.SNOW_NOISE_METRES)} + 17.0, 3.0 * z / ${glslFloat(snow.SNOW_NOISE_METRES)} + 31.0);
  float wander = 2.0 * (0.65 * coarse + 0.35 * fine) - 1.0;
  float shade = -(normalX * ${glslFloat(snow.SNOW_SUN_XZ[0])} + normalZ * ${glslFloat(snow.SNOW_SUN_XZ[1])});
  float t = clamp((slopeDeg - ${glslFloat(snow.SNOW_STEEP_FROM)}) / ${glslFloat(snow.SNOW_STEEP_TO - snow.SNOW_STEEP_FROM)}, 0.0, 1.0);
  float steepSunny = t * t * (3.0 - 2.0 * t) * max(0.0, -shade);
  return band * (${glslFloat(snow.SNOW_BIAS_SHARE)} + ${glslFloat(snow.SNOW_NOISE_SHARE)} * wander + ${glslFloat(snow.SNOW_SHADE_SHARE)} * shade
    - ${glslFloat(snow.SNOW_STEEP_SHARE)} * steepSunny);
}`;

/**
 * shared/ground/turfEdge.ts turfNoise, turfSpreadLost and the ragged slope rule (after SNOW_SHIFT_GLSL,
 * whose lattice it reads): the same octaves, turns, fades and widened edge, one octave written out each.
 */
export const TURF_GLSL = /* glsl */ `
float terrainTurfNoise(float x, float z, float metresPerPixel) {
  float sum = 0.0;
  float kept = 0.0;${TURF_OCTAVES.map(
    ({ metres, amplitude, angle }) => `
  kept = smoothstep(2.0, 6.0, ${glslFloat(metres)} / metresPerPixel);
  if (kept > 0.0) sum += kept * ${glslFloat(amplitude)} * (2.0 * terrainSnowValue(
    (${glslFloat(Math.cos(angle))} * x - ${glslFloat(Math.sin(angle))} * z) / ${glslFloat(metres)} + ${glslFloat(13.7 * angle)},
    (${glslFloat(Math.sin(angle))} * x + ${glslFloat(Math.cos(angle))} * z) / ${glslFloat(metres)} + ${glslFloat(7.1 * angle)}) - 1.0);`,
  ).join('')}
  return sum;
}
float terrainTurfLost(float metresPerPixel) {
  float lost = 0.0;
  float kept = 0.0;${TURF_OCTAVES.map(
    ({ metres, amplitude }) => `
  kept = smoothstep(2.0, 6.0, ${glslFloat(metres)} / metresPerPixel);
  lost += (1.0 - kept * kept) * ${glslFloat((amplitude * TURF_OCTAVE_SPREAD) ** 2)};`,
  ).join('')}
  return sqrt(lost);
}
// Whether a slope moved by up to 'reach' either way can change a rule's weight (turfEdge.ts turfInReach).
bool terrainTurfInReach(vec4 rule, float slopeDeg, float reach) {
  return (rule.x > -1e29 && slopeDeg + reach >= rule.x - rule.z && slopeDeg - reach <= rule.x)
    || (rule.y < 1e29 && slopeDeg + reach >= rule.y && slopeDeg - reach <= rule.y + rule.z);
}
// A ragged slope rule: its edge widened about its centre by the spread 'lost' (degrees) the pixel's faded
// octaves held, read at the slope moved by band × turf (terrainGroundRule's band with the widened edges).
float terrainTurfRule(vec4 rule, float slopeDeg, float band, float turf, float lost) {
  float soft = rule.z;
  float extra = lost / ${glslFloat(SMOOTHSTEP_SPREAD)};
  float wide = lost > 0.0 ? sqrt(soft * soft + extra * extra) : soft;
  float grow = 0.5 * (wide - soft);
  float v = slopeDeg + band * turf;
  float w = 1.0;
  if (rule.x > -1e29) w *= wide > 0.0 ? smoothstep(rule.x + grow - wide, rule.x + grow, v) : step(rule.x, v);
  if (rule.y < 1e29) w *= wide > 0.0 ? 1.0 - smoothstep(rule.y - grow, rule.y - grow + wide, v) : step(v, rule.y);
  return w;
}`;

const perMaterial = (values: Readonly<Record<GroundMaterial, number>>) =>
  `float[${GROUND_MATERIALS.length}](${GROUND_MATERIALS.map((m) => glslFloat(values[m])).join(', ')})`;

/** Uniforms and functions (no texture reads) the fragment shader needs; after terrainShader.ts's header. */
export const GROUND_FRAGMENT_HEADER = /* glsl */ `
varying vec2 vTerrainCover;
varying float vTerrainWet;
uniform float terrainGroundOn;
uniform float terrainGroundTexturesReady;
uniform highp sampler2DArray terrainGroundTextures;
uniform int terrainGroundCount;
uniform vec4 terrainGroundRules[${MAX_GROUND_LAYERS * RULES_PER_LAYER}];
uniform vec3 terrainGroundColours[${MAX_GROUND_LAYERS}];
uniform float terrainGroundBanded[${MAX_GROUND_LAYERS}];
uniform float terrainGroundMaterial[${MAX_GROUND_LAYERS}];
uniform float terrainGroundSnowBand[${MAX_GROUND_LAYERS}];
uniform float terrainGroundSlopeBand[${MAX_GROUND_LAYERS}];
uniform vec3 terrainBedColours[${MAX_ROCK_BEDS}];
uniform float terrainBedTops[${MAX_ROCK_BEDS}];
uniform int terrainBedCount;
uniform float terrainBedBlend;
uniform vec3 terrainBedFrame;
uniform float terrainBedHardness[${MAX_ROCK_BEDS}];
const float TERRAIN_TILE[${GROUND_MATERIALS.length}] = ${perMaterial(GROUND_TILE_METRES)};
const float TERRAIN_ALBEDO[${GROUND_MATERIALS.length}] = ${perMaterial(GROUND_ALBEDO_AMOUNT)};

// The slope (degrees) the ground rules read: the shading normal's (shadedDeg), except on a triangle whose
// own slope (its plane from dx and dy, the position's screen derivatives) is RULE_CREASE_FROM° or more below
// it, or above it where the triangle is a cliff (RULE_CLIFF_DEG), which reads its own slope from
// RULE_CREASE_TO° (see those). Where dx and dy span no plane (a wireframe's lines) the normal's slope.
float terrainRuleSlope(float shadedDeg, vec3 dx, vec3 dy) {
  vec3 face = cross(dx, dy);
  float spans = smoothstep(0.01, 0.05, length(face) / max(length(dx) * length(dy), 1e-30));
  float faceDeg = degrees(acos(clamp(abs(face.y) / max(length(face), 1e-30), 0.0, 1.0)));
  float flatter = smoothstep(${glslFloat(RULE_CREASE_FROM)}, ${glslFloat(RULE_CREASE_TO)}, shadedDeg - faceDeg);
  float steeper = smoothstep(${glslFloat(RULE_CREASE_FROM)}, ${glslFloat(RULE_CREASE_TO)}, faceDeg - shadedDeg)
    * smoothstep(${glslFloat(RULE_CLIFF_DEG[0])}, ${glslFloat(RULE_CLIFF_DEG[1])}, faceDeg);
  return mix(shadedDeg, faceDeg, spans * max(flatter, steeper));
}
// masks.ts ruleWeight for a packed rule: a band [min, max] with smoothstep edges 'softness' wide (hard without).
float terrainGroundRule(vec4 rule, float v) {
  if (rule.w < -0.5) return 1.0;
  float w = 1.0;
  if (rule.x > -1e29) w *= rule.z > 0.0 ? smoothstep(rule.x - rule.z, rule.x, v) : step(rule.x, v);
  if (rule.y < 1e29) w *= rule.z > 0.0 ? 1.0 - smoothstep(rule.y, rule.y + rule.z, v) : step(v, rule.y);
  return w;
}
${SNOW_SHIFT_GLSL}
${TURF_GLSL}
// How strongly the heaviest non-rock material's texture shows: its weight, faded to 0 as the next one draws level.
float terrainTextureLead(float heaviest, float second) {
  return heaviest * min(1.0, (heaviest - second) / ${glslFloat(TIE_FADE)});
}
// What a packed rule reads; 'road' is the roads' cover (terrainRoadCover: surface, gravel), 'hardness' the bed's.
float terrainGroundInput(vec4 rule, float height, float slopeDeg, vec2 cover, vec2 road, float hardness) {
  return rule.w < 0.5 ? height : rule.w < 1.5 ? slopeDeg : rule.w < 2.5 ? cover.x : rule.w < 3.5 ? cover.y : rule.w < 4.5 ? road.x
    : rule.w < 5.5 ? road.y : hardness;
}
// shared/ground/strataBands.ts bandHeight: where a world point lies among the beds (their base and dip).
float terrainBedHeight(vec3 world) {
  return world.y - terrainBedFrame.y * world.x - terrainBedFrame.z * world.z - terrainBedFrame.x;
}
// The bed terrainBand last found: its index, thickness and the metres above its bottom (terrainBandHardness).
int terrainBandBed = 0;
float terrainBandThickness = 1.0;
float terrainBandDepth = 0.0;
// shared/terrain/rockBands.ts writeBandColour: the bed at this height, fading into the next one below its top.
vec3 terrainBand(float height) {
  float cycle = terrainBedTops[terrainBedCount - 1];
  float y = height - floor(height / cycle) * cycle;
  int bed = 0;
  float bottom = 0.0;
  for (int b = 0; b < ${MAX_ROCK_BEDS - 1}; b++) {
    if (b >= terrainBedCount - 1 || y < terrainBedTops[b]) break;
    bottom = terrainBedTops[b];
    bed = b + 1;
  }
  float top = terrainBedTops[bed];
  terrainBandBed = bed;
  terrainBandThickness = top - bottom;
  terrainBandDepth = y - bottom;
  float blend = min(terrainBedBlend, top - bottom);
  float f = blend > 0.0 ? smoothstep(top - blend, top, y) : 0.0;
  int next = bed + 1 >= terrainBedCount ? 0 : bed + 1;
  return mix(terrainBedColours[bed], terrainBedColours[next], f);
}
// groundMaterials.ts bandHardness: the hardness a talus rule reads in the bed terrainBand found, coming in
// from the bed below's over its lowest ${HARDNESS_FADE} m (at most half of it).
float terrainBandHardness() {
  int below = terrainBandBed == 0 ? terrainBedCount - 1 : terrainBandBed - 1;
  float fade = min(${glslFloat(HARDNESS_FADE)}, 0.5 * terrainBandThickness);
  return mix(terrainBedHardness[below], terrainBedHardness[terrainBandBed], smoothstep(0.0, fade, terrainBandDepth));
}
// A material tile's coordinates (the non-rock material's one read): warped by smooth noise up to
// TILE_WARP of a tile over about three tiles, so neighbouring tiles never line up and no repeat shows
// up close, at no extra read. The warp's stretch stays under half, so the mip level still holds.
vec2 terrainTileCoords(vec2 world, float tile) {
  vec2 q = world / tile;
  vec2 warp = vec2(terrainNoise(q * ${glslFloat(TILE_WARP_FREQUENCY)} + 5.2), terrainNoise(q * ${glslFloat(TILE_WARP_FREQUENCY)} + 41.7)) - 0.5;
  return q + ${glslFloat(2 * TILE_WARP)} * warp;
}
// How strongly the tile shows here, 0.5 to 1.4 by noise over about six tiles: patches of coarser and
// finer ground, as a real field has, instead of one tile's contrast everywhere.
float terrainTileContrast(vec2 world, float tile) {
  return 0.5 + 0.9 * terrainNoise(world / tile * ${glslFloat(TILE_CONTRAST_FREQUENCY)} + 73.1);
}
// Patches of 0.37 and 1.2 m in world space (arithmetic noise, never repeating), each only once it spans a
// few pixels: the variation a material's tile would repeat on every tile if it held it.
float terrainPatches(vec2 p, float metresPerPixel) {
  float sum = 0.0;
  float scale = ${glslFloat(PATCH_METRES)};
  for (int o = 0; o < 2; o++) {
    float fade = smoothstep(2.0, 6.0, scale / metresPerPixel);
    if (fade > 0.0) sum += fade * (terrainNoise(p / scale + float(o) * 23.0 + 11.0) - 0.5);
    scale *= 3.2;
  }
  return sum;
}
// Value noise in 3D and its gradient per unit of p: (value 0…1, ∂/∂x, ∂/∂y, ∂/∂z) (Quilez's form).
float terrainHash3(vec3 p) {
  p = fract(p * 0.1031);
  p += dot(p, p.zyx + 31.32);
  return fract((p.x + p.y) * p.z);
}
vec4 terrainHash4(vec2 p) {
  vec4 q = fract(vec4(p.xyxy) * vec4(0.1031, 0.1030, 0.0973, 0.1099));
  q += dot(q, q.wzxy + 33.33);
  return fract((q.xxyz + q.yzzw) * q.zywx);
}
vec4 terrainNoise3(vec3 p) {
  vec3 i = floor(p);
  vec3 f = p - i;
  vec3 u = f * f * (3.0 - 2.0 * f);
  vec3 du = 6.0 * f * (1.0 - f);
  float a = terrainHash3(i);
  float b = terrainHash3(i + vec3(1.0, 0.0, 0.0));
  float c = terrainHash3(i + vec3(0.0, 1.0, 0.0));
  float d = terrainHash3(i + vec3(1.0, 1.0, 0.0));
  float e = terrainHash3(i + vec3(0.0, 0.0, 1.0));
  float f1 = terrainHash3(i + vec3(1.0, 0.0, 1.0));
  float g = terrainHash3(i + vec3(0.0, 1.0, 1.0));
  float h = terrainHash3(i + vec3(1.0, 1.0, 1.0));
  float k1 = b - a;
  float k2 = c - a;
  float k3 = e - a;
  float k4 = a - b - c + d;
  float k5 = a - c - e + g;
  float k6 = a - b - e + f1;
  float k7 = -a + b + c - d + e - f1 - g + h;
  return vec4(a + k1 * u.x + k2 * u.y + k3 * u.z + k4 * u.x * u.y + k5 * u.y * u.z + k6 * u.z * u.x + k7 * u.x * u.y * u.z,
    du * vec3(k1 + k4 * u.y + k6 * u.z + k7 * u.y * u.z, k2 + k5 * u.z + k4 * u.x + k7 * u.z * u.x, k3 + k6 * u.x + k5 * u.y + k7 * u.x * u.y));
}
// The joints of one vertical plane of a lamina (its index 'lamina', its middle at bed height 'mid'), at s
// metres along the plane and bed height y: one joint in three of five ROCK_JOINT_METRES, anywhere in it,
// leaning its own way, 3 to 18 cm open. Returns (how dark the groove is here, 0…1; the facet tilt of the
// block the point is in: along s, up). A joint narrower than a pixel widens to one and pales as much.
vec3 terrainRockJoints(float s, float y, float lamina, float mid, float mpp) {
  float k = floor(s / ${glslFloat(ROCK_JOINT_METRES)});
  float groove = 0.0;
  float left = -1e9;
  float block = k - 2.0;
  for (int c = -1; c <= 1; c++) {
    float cell = k + float(c);
    vec4 r = terrainHash4(vec2(cell, lamina));
    if (r.y > 0.6) continue;
    float at = (cell + 0.05 + 0.9 * r.x) * ${glslFloat(ROCK_JOINT_METRES)} + 0.3 * (r.z - 0.5) * (y - mid);
    float width = 0.03 + 0.15 * r.w * r.w;
    float wide = max(width, 1.5 * mpp);
    groove = max(groove, width / wide * (1.0 - smoothstep(0.3 * wide, wide, abs(s - at))));
    if (at <= s && at > left) {
      left = at;
      block = cell;
    }
  }
  vec4 facet = terrainHash4(vec2(block + 0.5, lamina + 0.5));
  return vec3(groove, facet.xy - 0.5);
}
// The rock's relief and weathering in world space (ROCK_LAMINA_METRES and the constants beside it), at a
// world point with its normal n, its bed height bedY (terrainBedHeight: the laminae follow the strata's
// dip) and 'fromTop' metres below its stratum's top. Returns the normal's offset; 'shade' is the colour's factor.
vec3 terrainRockRelief(vec3 p, vec3 n, float bedY, float fromTop, float stratum, float mpp, out vec3 shade) {
  // Weathered bulges, flattened along the beds (the relief of layered rock runs with its layers).
  vec3 grad = vec3(0.0);
  vec3 squash = vec3(1.0, 1.8, 1.0);
  float scale = ${glslFloat(ROCK_RELIEF_METRES[0])};
  float fade = smoothstep(2.0, 6.0, scale / mpp);
  grad += fade * 0.9 * squash / scale * terrainNoise3(p * squash / scale + 7.3).yzw;
  scale = ${glslFloat(ROCK_RELIEF_METRES[1])};
  fade = smoothstep(2.0, 6.0, scale / mpp);
  if (fade > 0.0) grad += fade * 0.28 * squash / scale * terrainNoise3(p * squash / scale + 41.9).yzw;
  // Laminae: one bedding plane anywhere in each cell, wandering gently, so they are 0.1 to 1.9 cells thick.
  float y = bedY + 0.6 * (terrainNoise(p.xz / 7.0 + 3.1) - 0.5) + 0.12 * (terrainNoise(p.xz / 1.7 + 9.4) - 0.5);
  float cell = floor(y / ${glslFloat(ROCK_LAMINA_METRES)});
  float plane = (cell + 0.05 + 0.9 * terrainHash(vec2(cell, 71.3))) * ${glslFloat(ROCK_LAMINA_METRES)};
  float lamina = y >= plane ? cell : cell - 1.0;
  float bottom = y >= plane ? plane : (lamina + 0.05 + 0.9 * terrainHash(vec2(lamina, 71.3))) * ${glslFloat(ROCK_LAMINA_METRES)};
  float top = y >= plane ? (cell + 1.05 + 0.9 * terrainHash(vec2(cell + 1.0, 71.3))) * ${glslFloat(ROCK_LAMINA_METRES)} : plane;
  float thick = top - bottom;
  float up = (y - bottom) / thick;
  // Its face juts out from an undercut base to a rounded lip (up to a seventh of it jutting, coming and going
  // along it), then drops to the next one's base; two in five have hardly a lip (the two read as one thicker
  // bed). The lip is never narrower than 25 cm nor 2.5 pixels.
  float laminaHash = terrainHash(vec2(lamina, 5.7));
  float jut = 0.14 * thick * (laminaHash < 0.4 ? 0.12 : laminaHash) * smoothstep(0.2, 0.7, terrainNoise(p.xz / 6.0 + lamina * 7.1));
  float lip = clamp(max(2.5 * mpp, 0.25) / thick, 0.15, 0.5);
  float drop = smoothstep(1.0 - lip - 0.04, 1.0 - lip + 0.04, up);
  float laminaFade = smoothstep(2.0, 5.0, thick / mpp);
  grad.y += laminaFade * jut / thick * ((1.0 - drop) / (1.0 - lip) - drop / lip);
  // Joints in the two vertical planes (triplanar weights), each block between them a facet of its own, on
  // faces of 41° and steeper (wholly from 60°: on a talus slope they read as scratches).
  vec3 w = pow(abs(n), vec3(8.0));
  w /= w.x + w.y + w.z;
  float jointFade = smoothstep(2.0, 6.0, ${glslFloat(ROCK_JOINT_METRES)} / mpp) * laminaFade * smoothstep(0.75, 0.5, n.y);
  float groove = 0.0;
  if (jointFade > 0.0 && w.x + w.z > 0.05) {
    // Joints run through one to three laminae: a lamina takes the one below's joints by a coin, twice over.
    float unit = terrainHash(vec2(lamina, 13.1)) < 0.5 ? lamina - 1.0 : lamina;
    unit = terrainHash(vec2(unit, 13.1)) < 0.5 ? unit - 1.0 : unit;
    float mid = (unit + 1.0) * ${glslFloat(ROCK_LAMINA_METRES)};
    vec3 jx = terrainRockJoints(p.z, y, unit, mid, mpp);
    vec3 jz = terrainRockJoints(p.x, y, unit + 977.0, mid, mpp);
    groove = jointFade * (w.x * jx.x + w.z * jz.x);
    grad += jointFade * (w.x * vec3(0.0, 0.15 * jx.z, 0.3 * jx.y) + w.z * vec3(0.3 * jz.y, 0.15 * jz.z, 0.0));
  }
  // Weathering streaks down the face (desert varnish), from the stratum's top, fading down it: long in y.
  float steep = smoothstep(0.7, 0.35, n.y);
  float streakFade = steep * smoothstep(1.5, 4.0, 1.4 / mpp);
  float streak = 0.0;
  if (streakFade > 0.0) {
    float v = terrainNoise3(vec3(p.x / 1.4, p.y / 11.0, p.z / 1.4) + 19.7).x;
    streak = streakFade * smoothstep(0.5, 0.78, v) * exp(-fromTop / max(2.0, 0.6 * stratum));
  }
  shade = (1.0 - 0.4 * groove) * mix(vec3(1.0), vec3(0.62, 0.56, 0.52), 0.8 * streak);
  return -(grad - n * dot(n, grad));
}
// Colour variation at 4, 13 and 40 m, each octave only once it spans a few pixels (arithmetic: no texture reads).
float terrainMacro(vec2 p, float metresPerPixel) {
  float sum = 0.0;
  float scale = 4.0;
  for (int o = 0; o < 3; o++) {
    float fade = smoothstep(2.0, 6.0, scale / metresPerPixel);
    if (fade > 0.0) sum += fade * (terrainNoise(p / scale + float(o) * 31.0) - 0.5);
    scale *= 3.3;
  }
  return sum;
}
`;

/**
 * The wet ground's darkening, as the CPU colours apply it (shared/ground/groundMaterials.ts wetShade: the gravel's
 * share, gGravel, left pale), and the bank beside the water (app/water/wetGround.ts; the 3D view's only), gravel too.
 */
export const GROUND_WET_SHADE =
  `(1.0 - ${glslFloat(WET_DARKENING)} * ${ruleGlsl(WET_RULE, 'vTerrainCover.x')} * (1.0 - min(gGravel, 1.0)))` +
  ` * (1.0 - ${glslFloat(WET_MARGIN_DARKENING)} * vTerrainWet)`;

/**
 * The ground block of the fragment shader, after the normal is known (needs terrainMpp and
 * terrainWorldNormal). Its texture reads are written out here, none in a loop or a function: three
 * for rock (one per projection plane) and one for the heaviest other material.
 */
export const GROUND_FRAGMENT = /* glsl */ `
{
  float gHeight = vTerrainWorld.y;
  float gSlope = terrainRuleSlope(degrees(acos(clamp(terrainWorldNormal.y, 0.0, 1.0))), dFdx(vTerrainWorld), dFdy(vTerrainWorld));
  vec3 gBand = terrainBand(terrainBedHeight(vTerrainWorld));
  // The stratum's thickness and how far below its top this is (the rock's weathering streaks run down from it).
  float gBandThickness = terrainBandThickness;
  float gBandFromTop = terrainBandThickness - terrainBandDepth;
  // The bed's hardness (talus lies on the soft beds only: strataBands.ts talusHardness).
  float gHardness = terrainBandHardness();
  vec3 gMean = vec3(0.0);
  float gLeft = 1.0;
  float gRock = 0.0;
  vec3 gRockColour = vec3(0.0);
  float gOther = 0.0;
  float gSecond = 0.0;
  int gOtherLayer = 0;
  // The gravel layers' weight (channels, scree, shoulders): the share the wet darkening leaves pale (WET_SHADE).
  float gGravel = 0.0;
  // The roads' surface and gravel (shoulders, end aprons) as the engine's road and shoulder masks have
  // them (shared/roads/roadPaint.ts roadCoverAt over the pixel, ragged ends up close): the road and shoulder
  // layers' rules read them. Computed once a pixel with the paint's read (roadPaintShader.ts ROAD_PAINT_READ).
  vec2 gCover = terrainRoadCoverage;
  // The turf's noise (once a pixel, with the paint's read) and the spread its faded octaves held (the same
  // for every ragged layer).
  float gTurf = terrainTurf;
  float gTurfLost = terrainTurfLost(terrainMpp);
  // The snow line's shift for a band of 1 m, once a pixel (each ragged snow layer scales it by its band).
  float gSnowShift = terrainSnowShift(1.0, vTerrainWorld.x, vTerrainWorld.z, gSlope, terrainWorldNormal.x, terrainWorldNormal.z);
  // From the top layer down to the first, no further: a software renderer (Mesa's llvmpipe, this CI's
  // WebGL) runs every branch's body masked, so a fixed count would pay for absent layers too.
  for (int l = min(terrainGroundCount, ${MAX_GROUND_LAYERS}) - 1; l >= 0; l--) {
    float coverage = 1.0;
    if (l > 0) {
      vec4 a = terrainGroundRules[2 * l];
      vec4 b = terrainGroundRules[2 * l + 1];
      // A ragged snow layer reads the height moved by the snow line's shift (snowLine.ts).
      float band = terrainGroundSnowBand[l];
      float h = band > 0.0 ? gHeight + band * gSnowShift : gHeight;
      float ca = terrainGroundRule(a, terrainGroundInput(a, h, gSlope, vTerrainCover, gCover, gHardness));
      float cb = terrainGroundRule(b, terrainGroundInput(b, h, gSlope, vTerrainCover, gCover, gHardness));
      // A ragged turf layer reads the slope moved by the turf's noise (turfEdge.ts), where that can change it.
      float sBand = terrainGroundSlopeBand[l];
      if (sBand > 0.0) {
        float lost = sBand * gTurfLost;
        float reach = sBand + sqrt(max(a.z, b.z) * max(a.z, b.z) + lost * lost / ${glslFloat(SMOOTHSTEP_SPREAD * SMOOTHSTEP_SPREAD)});
        bool inA = a.w > 0.5 && a.w < 1.5 && terrainTurfInReach(a, gSlope, reach);
        bool inB = b.w > 0.5 && b.w < 1.5 && terrainTurfInReach(b, gSlope, reach);
        if (inA) ca = terrainTurfRule(a, gSlope, sBand, gTurf, lost);
        if (inB) cb = terrainTurfRule(b, gSlope, sBand, gTurf, lost);
      }
      coverage = ca * cb;
    }
    float w = gLeft * coverage;
    gLeft -= w;
    vec3 c = mix(terrainGroundColours[l], gBand, terrainGroundBanded[l]);
    gMean += w * c;
    int gMaterial = int(terrainGroundMaterial[l] + 0.5);
    gGravel += gMaterial == ${GRAVEL} ? w : 0.0;
    if (gMaterial == ${ROCK}) {
      gRock += w;
      gRockColour += w * c;
    } else if (w > gOther) {
      gSecond = gOther;
      gOther = w;
      gOtherLayer = l;
    } else if (w > gSecond) {
      gSecond = w;
    }
  }
  // The surface's colour and its lines over the road layer (the shoulders' gravel is the shoulder layer's, above).
#if TERRAIN_ROADS
  gMean = terrainRoadPaintedWith(gMean, terrainRoadSample, terrainMpp, vec2(gCover.x, 0.0), terrainRoadShoulder);
#endif
  float gShade = ${GROUND_WET_SHADE};
  vec3 gColour = gMean * gShade;
#if TERRAIN_DETAIL
  {
    gColour *= 1.0 + 0.22 * terrainDetailStrength * terrainMacro(vTerrainWorld.xz, terrainMpp);
    // The textures up close only: from 1.2 m a pixel their mipmaps are their mean colour anyway.
    float gFade = terrainDetailStrength * terrainGroundTexturesReady * (1.0 - smoothstep(0.45, 1.2, terrainMpp));
    // Rock's texture fades out by ${ROCK_FADE_END} m a pixel: what its 6.7 m tile's mip keeps past that repeats
    // every tile (a honeycomb on a face at mid distance); the world-space macro variation carries it on.
    float gRockFade = terrainDetailStrength * terrainGroundTexturesReady
      * (1.0 - smoothstep(${glslFloat(ROCK_FADE_START)}, ${glslFloat(ROCK_FADE_END)}, terrainMpp));
    // The rock's relief in world space (terrainRockRelief: no texture reads), out to ${glslFloat(ROCK_RELIEF_FADE[1])} m a pixel.
    float gReliefFade = terrainDetailStrength * (1.0 - smoothstep(${glslFloat(ROCK_RELIEF_FADE[0])}, ${glslFloat(ROCK_RELIEF_FADE[1])}, terrainMpp));
    vec3 gOffset = vec3(0.0);
    if (gReliefFade > 0.0 && gRock > 0.02) {
      vec3 gReliefShade = vec3(1.0);
      gOffset += gReliefFade * gRock * terrainRockRelief(vTerrainWorld, terrainWorldNormal, terrainBedHeight(vTerrainWorld),
        gBandFromTop, gBandThickness, terrainMpp, gReliefShade);
      gColour += gReliefFade * gShade * gRockColour * (gReliefShade - 1.0);
    }
    if (max(gFade, gRockFade) > 0.0 || gReliefFade * gRock > 0.02) {
      // The texture shows by the heaviest material's lead over the next: where two tie it changes material,
      // so it fades out there (full from a lead of TIE_FADE) instead of switching at a seam (snow's edge drew one).
      float gLead = terrainTextureLead(gOther, gSecond);
      if (gFade > 0.0 && gLead > 0.02) {
        int m = int(terrainGroundMaterial[gOtherLayer] + 0.5);
        float tile = TERRAIN_TILE[m];
        vec4 t = textureLod(terrainGroundTextures, vec3(terrainTileCoords(vTerrainWorld.xz, tile), float(m)),
          max(0.0, log2(terrainMpp * ${glslFloat(GROUND_TEXTURE_SIZE)} / tile)));
        vec3 c = mix(terrainGroundColours[gOtherLayer], gBand, terrainGroundBanded[gOtherLayer]);
        float contrast = terrainTileContrast(vTerrainWorld.xz, tile);
        float patches = ${glslFloat(PATCH_AMOUNT)} * terrainPatches(vTerrainWorld.xz, terrainMpp);
        gColour += gFade * gLead * gShade * c * TERRAIN_ALBEDO[m] * (contrast * (t.r * 2.0 - 1.0) + patches);
        vec2 d = t.ba * 2.0 - 1.0;
        gOffset += gFade * gLead * contrast * vec3(d.x, 0.0, d.y);
      }
      if (gRockFade > 0.0 && gRock > 0.02) {
        float tile = TERRAIN_TILE[${ROCK}];
        float lod = max(0.0, log2(terrainMpp * ${glslFloat(GROUND_TEXTURE_SIZE)} / tile));
        // Steep weights: where two planes blend, their beds cross as a lattice (scales on a 45° face).
        vec3 w = pow(abs(terrainWorldNormal), vec3(8.0));
        w /= w.x + w.y + w.z;
        // Triplanar: cliffs take the vertical planes (v is height, so the texture's beds and ledges lie
        // near level, dipping gently with the warp), flat rock the ground plane. Each plane's coordinates
        // are warped as the other material's are, so a face's joints and ledges never repeat in rows.
        vec4 tx = textureLod(terrainGroundTextures, vec3(terrainTileCoords(vTerrainWorld.zy, tile), ${glslFloat(ROCK)}), lod);
        vec4 ty = textureLod(terrainGroundTextures, vec3(terrainTileCoords(vTerrainWorld.xz, tile), ${glslFloat(ROCK)}), lod);
        vec4 tz = textureLod(terrainGroundTextures, vec3(terrainTileCoords(vTerrainWorld.xy, tile), ${glslFloat(ROCK)}), lod);
        // Stronger and weaker stretches of face (0.5 to 1.4 over about six tiles), as for the other material.
        float rockContrast = terrainTileContrast(vTerrainWorld.xz + vec2(vTerrainWorld.y), tile);
        float albedo = rockContrast * ((tx.r * w.x + ty.r * w.y + tz.r * w.z) * 2.0 - 1.0);
        gColour += gRockFade * gShade * gRockColour * TERRAIN_ALBEDO[${ROCK}] * albedo;
        vec2 dx = tx.ba * 2.0 - 1.0;
        vec2 dy = ty.ba * 2.0 - 1.0;
        vec2 dz = tz.ba * 2.0 - 1.0;
        gOffset += gRockFade * gRock * rockContrast * (w.x * vec3(0.0, dx.y, dx.x) + w.y * vec3(dy.x, 0.0, dy.y) + w.z * vec3(dz.x, dz.y, 0.0));
      }
      vec3 gNormal = normalize(terrainWorldNormal + gOffset);
      normal = normalize((viewMatrix * vec4(gNormal, 0.0)).xyz);
    }
  }
#endif
  diffuseColor.rgb = max(gColour, vec3(0.0));
}
`;
