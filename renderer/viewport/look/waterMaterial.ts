import { Color, DoubleSide, ShaderMaterial, UniformsLib, UniformsUtils, Vector2, Vector3, Vector4, type IUniform, type Texture } from 'three';
import { DEEP_ALPHA, DEEP_WATER, DEPTH_HALF, SELECTED_MIX, SELECTED_WATER, SHALLOW_ALPHA, SHALLOW_WATER } from '../../../app/water/waterColours';
import { BODY_LEAST_COS, DEEP_REFLECTANCE, LAKE_BED, WATER_ABSORPTION } from '../../../app/water/lakeColours';
import { FILL_INTENSITY, FILL_SKY, SKY_BELOW, SKY_GRADIENT_GLSL, SKY_HORIZON, SKY_ZENITH } from './skyLook';

/** Water's refractive index (fresh water, visible light). */
export const WATER_IOR = 1.333;
/** Fresnel's reflectance head-on, ((n − 1) / (n + 1))²: 2 %. */
export const WATER_F0 = ((WATER_IOR - 1) / (WATER_IOR + 1)) ** 2;
/**
 * The still ripples: this many waves, the shortest this long (m), each the last one's length × RIPPLE_GROWTH
 * (0.3–8.1 m), their directions turned by the golden angle one from the next.
 */
export const RIPPLE_WAVES = 8;
export const RIPPLE_SHORTEST = 0.3;
export const RIPPLE_GROWTH = 1.6;
/**
 * The shortest wave's greatest slope (m/m); each longer one's is the last one's × RIPPLE_STEEPNESS_FALL,
 * 1/√growth (the slope falls as the square root of the wavelength: 0.05 at 0.3 m to 0.01 at 8 m). A calm
 * lake: the long waves, the ones left far off and at a grazing view, tilt the reflected ray by about a
 * degree, so a wall's mirror image wavers at its edges and stays whole (at 0.06 for every wave they tilted
 * it by some 8°: the walls' image broke up into sky and bands).
 */
export const RIPPLE_STEEPNESS = 0.05;
export const RIPPLE_STEEPNESS_FALL = 1 / Math.sqrt(RIPPLE_GROWTH);
/**
 * Each crest bends: its phase runs on by RIPPLE_BEND radians × sin of the distance along the crest, over
 * RIPPLE_BEND_LENGTH wavelengths a bend, so no wave is a train of straight parallel bands.
 */
export const RIPPLE_BEND = 1.6;
export const RIPPLE_BEND_LENGTH = 2.7;
/**
 * Gusts: the waves' slopes are scaled by between RIPPLE_CALM and 1 over patches of some tens of metres
 * (cat's paws on a lake), so the texture is not the same all over the water.
 */
export const RIPPLE_CALM = 0.35;
/** A wave is drawn whole from this many pixels a wavelength, and not at all below RIPPLE_GONE_PIXELS. */
export const RIPPLE_FULL_PIXELS = 8;
export const RIPPLE_GONE_PIXELS = 3;
/** Slope variance of the surface the ripples leave out (the sun's disc and finer waves): the least width of the highlight. */
export const SHINE_ROUGHNESS = 0.0012;
/**
 * Clear shallows: over the first CLEAR_DEPTH metres from a lake's shore the water turns to this greener
 * colour (sRGB) and this opacity, the bed showing through. A river strip takes RIVER_CLEAR_SHARE of it
 * (a creek 0.3 m deep must still read as water, not as its bed: issue 31).
 */
export const CLEAR_WATER: readonly [number, number, number] = [92, 168, 150];
export const CLEAR_ALPHA = 0.4;
export const CLEAR_DEPTH = 2.5;
export const RIVER_CLEAR_SHARE = 0.3;
/** The land a river strip mirrors where it rises above the reflected ray (sRGB): shaded ground, seen from below (lakes mirror the land's own colours). */
export const REFLECTED_LAND: readonly [number, number, number] = [74, 72, 60];

// A lake's body by absorption: the one palette of lakes, shared with the 2D tint (app/water/lakeColours.ts).
export { BODY_LEAST_COS, DEEP_REFLECTANCE, LAKE_BED, WATER_ABSORPTION, WATER_BACKSCATTER } from '../../../app/water/lakeColours';
/**
 * The reflected ray's march against the ground (waterMirror.ts): this many steps, the first MIRROR_FIRST
 * samples of its ground out, each the last one's distance × the growth that reaches MIRROR_REACH metres
 * on the ground (or the map's size, the lesser) with the last. Twelve (a growth of 1.6 on a 512 m map): with
 * eight (growth 2.1) a ray running along a terraced canyon wall at a few degrees passed over one bench and
 * came down past the next between two steps, and a ninth of the water beside such a wall showed sky where it
 * mirrors the wall (waterMirror.test.ts "terraced"); it costs the lakes' pixels up to four more reads of a
 * 257² texture each.
 */
export const MIRROR_STEPS = 12;
export const MIRROR_FIRST = 1.5;
export const MIRROR_REACH = 600;

/*
 * Rivers' and lakes' water (app/water/waterMesh.ts blocks): a surface that reflects the scene's sky
 * (skyLook.ts) by Fresnel's law (Schlick's form: little looking down, most at grazing angles), where
 * the surrounding terrain rises above the reflected ray a dark reflection of land instead (the
 * horizon read from the terrain's sky visibility), the sun's highlight on still ripples (procedural
 * waves, each faded out before it is a few pixels long so nothing shimmers far off: its slope goes
 * into the highlight's width instead), and under the surface the water's body coloured by depth with
 * the 2D tint's ramp (app/water/waterColours.ts), clear and greener in the shallows near a lake's
 * shore. On a river the ripples' crests turn across the flow (a still hint of the flow direction: the
 * view renders on demand, so nothing moves). The mix runs in linear light, the result is written as sRGB
 * and then fogged as three fogs the ground (WATER_OUTPUT_GLSL); the selected river or lake is tinted with the selection colour, mixed in
 * sRGB as the 2D tint is.
 */
const WATER_VERTEX = /* glsl */ `
#include <fog_pars_vertex>
attribute float waterDepth;
attribute vec3 flow;
attribute float feature;
// Normalised 16-bit: the slope over shoreSlopeRange (waterView.ts).
attribute vec2 shoreSlope;
uniform float shoreSlopeRange;
varying float vDepth;
varying float vShoreBase;
varying vec2 vShoreSlope;
varying vec3 vWorld;
varying vec3 vFlow;
varying float vFeature;
varying vec2 vGround;
#ifdef RIVER_STRIP
// A strip's edge point: its offset from the centre line (0 on it). Pushed out so the strip is at least
// stripMinPixels either side on screen: far off a river stays a line, not a fading thread.
attribute vec2 stripAcross;
uniform float stripMinPixels;
uniform float viewportHeight;
varying vec2 vAcross;
#endif
void main() {
  vec3 p = position;
#ifdef RIVER_STRIP
  float reach = length(stripAcross);
  vAcross = stripAcross;
  if (reach > 0.0) {
    float distance = max(-(modelViewMatrix * vec4(position, 1.0)).z, 0.0);
    float metresPerPixel = 2.0 * distance / (projectionMatrix[1][1] * viewportHeight);
    float widened = max(0.0, stripMinPixels * metresPerPixel - reach);
    p.xz += stripAcross / reach * widened;
    vAcross = stripAcross / reach * (reach + widened);
  }
#endif
  vDepth = waterDepth;
  vFlow = flow;
  vFeature = feature;
  vGround = p.xz;
  // The edge inside a cell (app/water/shoreField.ts): Σ wₖ (dₖ − gₖ·pₖ) + (Σ wₖ gₖ) · p.
  vShoreBase = waterDepth - dot(shoreSlope * shoreSlopeRange, p.xz);
  vShoreSlope = shoreSlope * shoreSlopeRange;
  vWorld = (modelMatrix * vec4(p, 1.0)).xyz;
  vec4 mvPosition = modelViewMatrix * vec4(p, 1.0);
  gl_Position = projectionMatrix * mvPosition;
  #include <fog_vertex>
}
`;

/**
 * Fresnel's reflectance of water seen at `cosTheta` (the cosine between the view and the surface's
 * normal) by Schlick's form, F0 + (1 − F0)(1 − cos θ)⁵, F0 the reflectance head-on.
 */
export const WATER_FRESNEL_GLSL = /* glsl */ `
float waterFresnel(float cosTheta, float f0) {
  float m = 1.0 - clamp(cosTheta, 0.0, 1.0);
  float m2 = m * m;
  return f0 + (1.0 - f0) * m2 * m2 * m;
}
`;

/**
 * The surface seen at `cosView` over water of opacity `alpha` (looking straight down): (x) the share of
 * the light leaving it that is the sky's reflection, F / (F + (1 − F)·a), and (y) its opacity,
 * F + (1 − F)·a, the blending showing the ground through the rest. a is the body's opacity along the
 * slanted path the refracted ray takes, 1 − (1 − alpha)^(1 / cos θt), sin θt = sin θ / n (n² = 1.777).
 */
export const WATER_SURFACE_MIX_GLSL = /* glsl */ `
vec2 waterSurfaceMix(float cosView, float alpha, float f0) {
  float fresnel = waterFresnel(cosView, f0);
  float slant = sqrt(max(0.0, 1.0 - (1.0 - cosView * cosView) / 1.777));
  float body = 1.0 - pow(1.0 - alpha, 1.0 / max(slant, 0.3));
  float surface = fresnel + (1.0 - fresnel) * body;
  return vec2(fresnel / max(surface, 1e-3), surface);
}
`;

/**
 * How much of a ripple of `wavelength` metres is drawn where a pixel spans `footprint` metres: all of it
 * from RIPPLE_FULL_PIXELS pixels a wave, none below RIPPLE_GONE_PIXELS (a wave a few pixels long aliases
 * into shimmer; its slope widens the highlight instead).
 */
export const WATER_RIPPLE_FADE_GLSL = /* glsl */ `
float rippleFade(float wavelength, float footprint) {
  return smoothstep(${RIPPLE_GONE_PIXELS.toFixed(1)}, ${RIPPLE_FULL_PIXELS.toFixed(1)}, wavelength / max(footprint, 1e-6));
}
`;

/**
 * The still ripples (see rippleSlope's comment in the shader): per pixel RIPPLE_WAVES turns of one cos, one
 * sin (the bend) and one smoothstep (the fade), and four sins for the gusts.
 */
const GOLDEN_COS = Math.cos(2.39996);
const GOLDEN_SIN = Math.sin(2.39996);
const glslFloat = (v: number): string => (Number.isInteger(v) ? v.toFixed(1) : String(v));
export const WATER_RIPPLE_GLSL = /* glsl */ `
vec3 rippleSlope(vec2 p, float gx, float gy, float hx, float hy, vec2 along, float s) {
  float gust = 0.5 + 0.5 * sin(p.x * 0.047 + 1.7 * sin(p.y * 0.031 + 0.6)) * sin(p.y * 0.043 + 1.7 * sin(p.x * 0.029 + 2.1));
  float calm = ${glslFloat(RIPPLE_CALM)} + ${glslFloat(1 - RIPPLE_CALM)} * gust;
  float sx = 0.0;
  float sy = 0.0;
  float variance = 0.0;
  float wavelength = ${glslFloat(RIPPLE_SHORTEST)};
  float steepness = rippleSteepness;
  float dx = ${glslFloat(Math.cos(0.7))};
  float dy = ${glslFloat(Math.sin(0.7))};
  for (int i = 0; i < ${RIPPLE_WAVES}; i++) {
    float flip = dx * along.x + dy * along.y < 0.0 ? -1.0 : 1.0;
    float wx = dx + (flip * along.x - dx) * 0.8 * s;
    float wy = dy + (flip * along.y - dy) * 0.8 * s;
    float wl = max(sqrt(wx * wx + wy * wy), 1e-6);
    wx = wx / wl;
    wy = wy / wl;
    float k = 6.2831853 / wavelength;
    float fade = rippleFade(wavelength, max(abs(gx * wx + gy * wy), abs(hx * wx + hy * wy)));
    float a = steepness * calm;
    float bend = ${glslFloat(RIPPLE_BEND)} * sin(k * ${glslFloat(1 / RIPPLE_BEND_LENGTH)} * (p.y * wx - p.x * wy) + float(i) * 2.3);
    float phase = k * (p.x * wx + p.y * wy) + bend + float(i) * 1.7;
    float c = a * fade * cos(phase);
    sx = sx + wx * c;
    sy = sy + wy * c;
    variance = variance + 0.5 * a * a * (1.0 - fade * fade);
    wavelength = wavelength * ${glslFloat(RIPPLE_GROWTH)};
    steepness = steepness * ${glslFloat(RIPPLE_STEEPNESS_FALL)};
    float turned = dx * ${glslFloat(GOLDEN_COS)} - dy * ${glslFloat(GOLDEN_SIN)};
    dy = dx * ${glslFloat(GOLDEN_SIN)} + dy * ${glslFloat(GOLDEN_COS)};
    dx = turned;
  }
  return vec3(sx, sy, variance);
}
`;

/**
 * A lake's body `depth` metres deep seen along a refracted ray of cosine `cosRefracted`: (rgb) the light
 * it sends up per unit of light falling on it, with (a) the share of the ground behind that the blending
 * lets through. Bed A seen through it is rgb + a·A = R∞ + (A − R∞)·exp(−K·H·(1 + 1/cos θt)) where A is the
 * assumed bed (exactly; the ground's own colour otherwise, through its red's transmittance), the shallow
 * water's reflectance of Maritorena, Morel & Gentili (1994) with the view's slanted path.
 */
export const WATER_BODY_GLSL = /* glsl */ `
float waterThrough(float depth, float cosRefracted, float absorption) {
  return exp(-absorption * depth * (1.0 + 1.0 / max(cosRefracted, ${BODY_LEAST_COS.toFixed(2)})));
}
float waterBodyChannel(float through, float passed, float deep, float bed) {
  return deep * (1.0 - through) + bed * (through - passed);
}
vec4 waterBody(float depth, float cosRefracted, vec3 absorption, vec3 deep, vec3 bed) {
  vec3 through = vec3(waterThrough(depth, cosRefracted, absorption.r), waterThrough(depth, cosRefracted, absorption.g),
    waterThrough(depth, cosRefracted, absorption.b));
  float passed = min(through.r, min(through.g, through.b));
  return vec4(waterBodyChannel(through.r, passed, deep.r, bed.r), waterBodyChannel(through.g, passed, deep.g, bed.g),
    waterBodyChannel(through.b, passed, deep.b, bed.b), passed);
}
`;

/**
 * Where the reflected ray from water point `p` along `r` (r.y > 0) first meets the mirror's ground
 * (waterMirror.ts): (x) how much it is land (0 sky, 1 land; soft over the last step's rise so the
 * mirrored skyline is not a stair), (yz) the ground point met. MIRROR_STEPS steps at horizontal distances
 * growing by `growth` from `first` metres, stopping once the ray is above the ground's highest point; the
 * step that went under the ground halved twice (MIRROR_HALVINGS), the point met the far end of the
 * quarter step that holds the crossing: always under the ground, never in front of it (a cliff's foot
 * in a lake would otherwise lend the reflection the lake bed's colour), at most a quarter step past it.
 * A ray that leaves the map (|x|, |z| past `extent`, its half sizes) before it meets the ground meets nothing:
 * the view draws no land there (the texture's clamped edge stood the map's edge up as walls out to the
 * horizon); the step that would pass the edge ends on it.
 * Written in scalars, so that its text runs as JavaScript in the tests.
 */
export const MIRROR_HALVINGS = 2;
export const WATER_MIRROR_GLSL = /* glsl */ `
vec3 mirrorMarch(vec3 p, vec3 r, sampler2D ground, vec4 transform, vec2 extent, float top, float first, float growth) {
  float run = max(sqrt(r.x * r.x + r.z * r.z), 1e-3);
  float dx = r.x / run;
  float dy = r.y / run;
  float dz = r.z / run;
  float exitT = min((extent.x - p.x * sign(dx)) / max(abs(dx), 1e-6), (extent.y - p.z * sign(dz)) / max(abs(dz), 1e-6));
  float t = first;
  float lastT = 0.0;
  float gap = -1.0;
  for (int i = 0; i < ${MIRROR_STEPS}; i++) {
    t = min(t, exitT);
    float qy = p.y + dy * t;
    if (qy > top) break;
    gap = texture2D(ground, vec2((p.x + dx * t) * transform.x + transform.y, (p.z + dz * t) * transform.z + transform.w)).r - qy;
    if (gap > 0.0 || t >= exitT) break;
    lastT = t;
    t *= growth;
  }
  if (!(gap > 0.0)) return vec3(0.0, p.x, p.z);
  float land = clamp(gap / (0.15 * (t - lastT) * dy + 0.5), 0.0, 1.0);
  for (int k = 0; k < ${MIRROR_HALVINGS}; k++) {
    float midT = 0.5 * (lastT + t);
    float midGap = texture2D(ground, vec2((p.x + dx * midT) * transform.x + transform.y, (p.z + dz * midT) * transform.z + transform.w)).r - (p.y + dy * midT);
    if (midGap > 0.0) t = midT;
    else lastT = midT;
  }
  return vec3(land, p.x + dx * t, p.z + dz * t);
}
`;

/**
 * Texels a water pixel reads at the most (issue 31 §3, the GPU's share of drawing water): a lake's, the mirror's
 * ground once a march step and once a halving, then its paint and the lighting texture at the point met and at the
 * water point; a river strip's, the lighting texture once (the horizon it mirrors). The vertex shader reads none.
 */
export const LAKE_TEXEL_READS = MIRROR_STEPS + MIRROR_HALVINGS + 3;
export const STRIP_TEXEL_READS = 1;

/**
 * The colour a water pixel writes from its linear colour: converted to sRGB, then the distance fog (its colour in
 * sRGB, its share `fogAmount`) mixed in, in that order, as three's own materials fog the ground (colorspace_fragment
 * before fog_fragment; three gives fogColor in the output's colour space). Fogged in linear light instead, with that
 * sRGB colour, a far lake's dark water went pale grey-blue (a tenth of the fog made sRGB 18, 36, 49 into 82, 92, 99)
 * while the ground beside it barely changed (issue 31). The tests run it per channel as JavaScript.
 */
export const WATER_OUTPUT_GLSL = /* glsl */ `
vec3 waterToSrgb(vec3 c) {
  return mix(c * 12.92, 1.055 * pow(c, vec3(0.41666)) - 0.055, step(vec3(0.0031308), c));
}
vec3 waterOutput(vec3 colour, vec3 fogColour, float fogAmount) {
  return mix(waterToSrgb(colour), fogColour, fogAmount);
}
`;

const WATER_FRAGMENT = /* glsl */ `
#include <fog_pars_fragment>
uniform vec3 shallowColour;
uniform vec3 deepColour;
uniform vec3 clearColour;
uniform vec3 selectedColour;
uniform float shallowAlpha;
uniform float deepAlpha;
uniform float clearAlpha;
uniform float clearDepth;
uniform float clearShallows;
uniform float depthHalf;
uniform float selectedMix;
uniform float selectedFeature;
uniform float shoreFade;
uniform float shoreBand;
uniform float shorePixels;
uniform float liftFloor;
uniform float liftCap;
uniform float liftAtLeast;
uniform vec3 skyZenith;
uniform vec3 skyHorizon;
uniform vec3 skyBelow;
uniform vec3 sunDirection;
uniform vec3 sunColour;
uniform vec3 sunGlow;
uniform vec3 reflectedLand;
uniform float waterF0;
uniform float rippleSteepness;
uniform float shineRoughness;
uniform sampler2D terrainLighting;
uniform vec4 terrainLightingTransform;
uniform float waterLit;
#ifndef RIVER_STRIP
uniform vec3 absorption;
uniform vec3 deepReflectance;
uniform vec3 bedReflectance;
uniform sampler2D mirrorGround;
uniform sampler2D mirrorPaint;
uniform vec3 sunIrradiance;
uniform vec3 fillIrradiance;
uniform vec4 mirrorTransform;
uniform vec2 mirrorExtent;
uniform float mirrorTop;
uniform float mirrorFirst;
uniform float mirrorGrowth;
#endif
// Declared for the fragment stage too (three declares it for the vertex stage only): the raised depth's projection.
uniform mat4 projectionMatrix;
varying float vDepth;
varying float vShoreBase;
varying vec2 vShoreSlope;
varying vec3 vWorld;
varying vec3 vFlow;
varying float vFeature;
varying vec2 vGround;
#ifdef RIVER_STRIP
varying vec2 vAcross;
uniform float stripMinPixels;
uniform float viewportHeight;
uniform float stripLiftPixels;
uniform vec3 wetBankColour;
uniform float wetBankAlpha;
uniform float bankShare;
#endif
${WATER_OUTPUT_GLSL}
${SKY_GRADIENT_GLSL}
${WATER_FRESNEL_GLSL}
${WATER_SURFACE_MIX_GLSL}
${WATER_RIPPLE_FADE_GLSL}
#ifndef RIVER_STRIP
${WATER_BODY_GLSL}
${WATER_MIRROR_GLSL}
#endif
// The still ripples' slope (xy) at ground point p, and (z) the slope variance of the waves faded out for a
// pixel that spans (gx, gy) on the ground in x and (hx, hy) in y: RIPPLE_WAVES waves (waterMaterial.ts),
// each RIPPLE_GROWTH times the last one's length and turned by the golden angle from it, its crests bent
// along their length and its slope scaled by gusts over patches of tens of metres, each faded by its own
// footprint (how far a pixel reaches along its direction). On a river (flow strength s) the waves turn
// towards the flow, so their crests lie across it. Written in scalars, so that its text runs as JavaScript in the tests.
${WATER_RIPPLE_GLSL}
void main() {
  float shore = vShoreBase + dot(vShoreSlope, vGround);
  float depth = max(shore, 0.0);
  float t = depth / (depth + depthHalf);
  vec3 colour = mix(shallowColour, deepColour, t);
  float alpha = mix(shallowAlpha, deepAlpha, t);
  // Near a lake's shore the water is clear: greener and less opaque over the first clearDepth metres.
  float clear = clearShallows * (1.0 - smoothstep(0.0, clearDepth, depth));
  colour = mix(colour, clearColour, clear);
  alpha = mix(alpha, clearAlpha, clear);
  bool selected = selectedFeature > 0.5 && abs(vFeature - selectedFeature) < 0.5;
  if (selected) alpha = max(alpha, 0.7);
  // The surface: Fresnel's reflection of the sky (or of the land where it rises above the reflected ray)
  // over the water's body, and the sun's highlight on the ripples.
  vec3 toEye = normalize(cameraPosition - vWorld);
  // The ground a pixel spans across and down the screen (each wave fades by its own reach along these).
  vec2 acrossPixel = dFdx(vGround);
  vec2 downPixel = dFdy(vGround);
  float strength = clamp(vFlow.z, 0.0, 1.0);
  vec2 along = normalize(vFlow.xy + vec2(1e-6, 0.0));
  vec3 ripple = rippleSlope(vGround, acrossPixel.x, acrossPixel.y, downPixel.x, downPixel.y, along, strength);
  vec3 normal = normalize(vec3(-ripple.x, 1.0, -ripple.y));
  if (toEye.y < 0.0) normal = -normal;
  float cosView = max(dot(normal, toEye), 0.0);
  vec3 mirrored = reflect(-toEye, normal);
  mirrored.y = abs(mirrored.y);
  vec3 sky = skyGradient(mirrored, skyZenith, skyHorizon, skyBelow, sunDirection, sunGlow);
#ifdef RIVER_STRIP
  // The terrain's sky visibility at this point is the mean of cos² of its horizon's elevation: a ray
  // reflected below that elevation meets land (read at the bed, so a little high over deep water).
  float horizon = waterLit > 0.5 ? sqrt(max(0.0, 1.0 - texture2D(terrainLighting,
    vec2(vWorld.x * terrainLightingTransform.x + terrainLightingTransform.y, vWorld.z * terrainLightingTransform.z + terrainLightingTransform.w)).g)) : 0.0;
  float land = 1.0 - smoothstep(horizon - 0.12, horizon + 0.03, mirrored.y);
  vec3 reflection = mix(sky, reflectedLand, land);
#else
  // A lake mirrors the land round it where its reflected ray meets the ground (marched against the
  // mirror's coarse heights): the ground's colour there (the mirror's paint: √ albedo, and the sun's
  // cosine on its normal) lit as the terrain is, Lambert's sun in its shadow and the fill in its sky visibility.
  vec3 met = mirrorMarch(vWorld, mirrored, mirrorGround, mirrorTransform, mirrorExtent, mirrorTop, mirrorFirst, mirrorGrowth);
  vec4 paint = texture2D(mirrorPaint, vec2(met.y * mirrorTransform.x + mirrorTransform.y, met.z * mirrorTransform.z + mirrorTransform.w));
  vec2 shade = waterLit > 0.5 ? texture2D(terrainLighting,
    vec2(met.y * terrainLightingTransform.x + terrainLightingTransform.y, met.z * terrainLightingTransform.z + terrainLightingTransform.w)).rg : vec2(1.0);
  vec3 reflection = mix(sky, paint.rgb * paint.rgb * (sunIrradiance * (paint.a * shade.r) + fillIrradiance * shade.g), met.x);
#endif
  // The sun's highlight: facets whose slope turns the sun into the eye, spread by the ripples too short to
  // draw here (their variance) and a little for the sun's disc.
  vec3 halfway = normalize(sunDirection + toEye);
  vec2 facet = -halfway.xz / max(halfway.y, 0.05) - ripple.xy;
  float spread = shineRoughness + ripple.z;
  float slopes = exp(-dot(facet, facet) / (2.0 * spread)) / (6.2831853 * spread);
  float hy2 = halfway.y * halfway.y;
  vec3 shine = sunColour * waterFresnel(dot(halfway, toEye), waterF0) * slopes / (4.0 * max(cosView, 0.1) * hy2 * hy2) * step(0.0, sunDirection.y);
  // What reaches the eye: F of the reflection, and of the rest the water's body at its opacity (the path
  // through it longer at a slant), the ground behind showing through the remainder by the blending.
#ifdef RIVER_STRIP
  vec2 surface = waterSurfaceMix(cosView, alpha, waterF0);
  colour = mix(colour, reflection, surface.x) + shine / max(surface.y, 1e-3);
  alpha = surface.y;
#else
  // A lake: F of the reflection, and through the rest of the surface its body by absorption along the
  // path down to the bed and up the refracted ray (waterBody), lit as level ground is lit there: the sun
  // in its shadow and the fill in its sky visibility (the lighting texture at the water point), so a lake
  // in a canyon's shadow is as dark as the floor beside it; the sun's highlight is shadowed there too.
  float fresnel = waterFresnel(cosView, waterF0);
  float refracted = sqrt(max(0.0, 1.0 - (1.0 - cosView * cosView) / 1.777));
  vec4 body = waterBody(depth, refracted, absorption, deepReflectance, bedReflectance);
  vec2 here = waterLit > 0.5 ? texture2D(terrainLighting,
    vec2(vWorld.x * terrainLightingTransform.x + terrainLightingTransform.y,
      vWorld.z * terrainLightingTransform.z + terrainLightingTransform.w)).rg : vec2(1.0);
  vec3 bodyLight = sunIrradiance * (max(sunDirection.y, 0.0) * here.r) + fillIrradiance * here.g;
  alpha = 1.0 - (1.0 - fresnel) * body.a;
  if (selected) alpha = max(alpha, 0.7);
  colour = (fresnel * reflection + (1.0 - fresnel) * body.rgb * bodyLight + shine * here.r) / max(alpha, 1e-3);
#endif
  // The edge: out to nothing as the depth read inside the cell reaches 0 (app/water/shoreField.ts: the
  // corners' depths carried along their slopes; waterCorners.ts cornerDepth), so the water line runs
  // through the cells, straight where the bank is planar, not kinking at every triangle. Depth /
  // |its gradient on the ground| is the distance to that line: the water fades in over shoreBand
  // metres from it, and over at least shorePixels pixels, so close up the line is a soft band and
  // far off it is still antialiased.
  vec2 groundX = dFdx(vGround);
  vec2 groundY = dFdy(vGround);
  float depthX = dFdx(shore);
  float depthY = dFdy(shore);
  float jacobian = groundX.x * groundY.y - groundX.y * groundY.x;
  float edge = shore / shoreFade;
  if (abs(jacobian) > 1e-12) {
    vec2 gradient = vec2(depthX * groundY.y - depthY * groundX.y, groundX.x * depthY - groundY.x * depthX) / jacobian;
    edge = shore / max(length(gradient), 1e-6) / shoreBand;
  }
  edge = min(edge, shore / max(abs(depthX) + abs(depthY), 1e-9) / shorePixels);
#ifdef RIVER_STRIP
  // A strip's banks: over the outer bankShare of each half-width (the share of the way from the centre
  // line, whose distance is |vAcross|, to the edge, whose distance is the depth over its gradient) the
  // water turns to wet ground, darker and less opaque, so the river meets its banks without a hard
  // light edge, and the water keeps the rest: a creek a metre or two wide still reads as water.
  // A strip drawn at its least width on screen (stripMinPixels either side, far off) is water across:
  // its banks would leave a thread of water a pixel wide. They come in as it widens past that, and are
  // whole from three times it.
  if (abs(jacobian) > 1e-12) {
    vec2 gradient = vec2(depthX * groundY.y - depthY * groundX.y, groundX.x * depthY - groundY.x * depthX) / jacobian;
    float toEdge = shore / max(length(gradient), 1e-6);
    float halfWidth = toEdge + length(vAcross);
    float share = toEdge / max(halfWidth, 1e-6);
    float halfPixels = halfWidth / sqrt(abs(jacobian));
    float banks = smoothstep(stripMinPixels, 3.0 * stripMinPixels, halfPixels);
    float core = mix(1.0, smoothstep(0.0, bankShare, share), banks);
    colour = mix(wetBankColour, colour, core);
    alpha = mix(wetBankAlpha, alpha, core);
  }
#endif
  alpha *= smoothstep(0.0, 1.0, edge);
  // Where that edge lies beyond the line the triangles' depth reaches 0, the ground there stands above
  // the sheet, by −vDepth at most: the depth written is the sheet's raised that much (along the view
  // ray), so the ground does not cut the edge back into its sawtooth. The sheet itself stays at its level.
  vec3 ray = -toEye;
  float atLeast = liftAtLeast;
#ifdef RIVER_STRIP
  // Far off, the terrain's level of detail may stand up to its pixel error over the ground it simplifies,
  // a narrow river's channel filled: a strip wins over the ground within stripLiftPixels of it on screen.
  float pixelMetres = 2.0 * length(vWorld - cameraPosition) / (projectionMatrix[1][1] * viewportHeight);
  atLeast = max(atLeast, stripLiftPixels * pixelMetres);
#endif
  float lift = (max(min(max(0.0, -vDepth), liftCap), atLeast) + liftFloor) / max(abs(ray.y), 0.1);
  vec4 lifted = projectionMatrix * viewMatrix * vec4(vWorld - ray * lift, 1.0);
  // Less a few steps of a 24-bit depth buffer, as the polygon offset did (a written depth does not get it): far off,
  // where a step is metres, the sheet still wins over the ground it lies on.
  gl_FragDepthEXT = clamp(0.5 * lifted.z / lifted.w + 0.5 - 4.0 / 16777216.0, 0.0, 1.0);
  // Written as sRGB, then the distance fog mixed in as three mixes it into the ground's (after the conversion,
  // its colour given in sRGB): the water and the ground beside it fade alike.
  float fogAmount = 0.0;
#ifdef USE_FOG
#ifdef FOG_EXP2
  fogAmount = 1.0 - exp(-fogDensity * fogDensity * vFogDepth * vFogDepth);
#else
  fogAmount = smoothstep(fogNear, fogFar, vFogDepth);
#endif
  gl_FragColor = vec4(waterOutput(min(colour, vec3(1.0)), fogColor, fogAmount), alpha);
#else
  gl_FragColor = vec4(waterOutput(min(colour, vec3(1.0)), vec3(0.0), 0.0), alpha);
#endif
  // The selection's tint is mixed in sRGB, as the 2D panel's (a linear mix turns deep water tan).
  if (selected) gl_FragColor.rgb = mix(gl_FragColor.rgb, selectedColour, selectedMix);
}
`;

/**
 * The light falling on a lake's body in the open, as the ground is lit (SceneLook.tsx, three's Lambert): the
 * sun's irradiance on a level surface and the fill's sky above, over π (radiance per unit albedo, linear). The
 * shader lights it so from `sunIrradiance` and `fillIrradiance`, the sun's part times the sun's visibility and
 * the fill's times the sky's at the water point (the terrain's lighting texture).
 */
export function lakeBodyLight(sun: { toSun: { y: number }; colour: Color; intensity: number }): Color {
  const fill = new Color(FILL_SKY).multiplyScalar(FILL_INTENSITY);
  return sun.colour
    .clone()
    .multiplyScalar(sun.intensity * Math.max(sun.toSun.y, 0))
    .add(fill)
    .multiplyScalar(1 / Math.PI);
}

const linear = (rgb: readonly [number, number, number]): Color => new Color().setRGB(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 'srgb');

/** Depth (m) over which the water fades in from its edge where the view gives no gradient (seen edge-on). */
export const SHORE_FADE = 0.08;
/** Metres on the ground over which the water fades in from its edge: a fifth of a 2 m cell. */
export const SHORE_BAND = 0.4;
/** Pixels over which it fades in at the least (an antialiased line far off). */
export const SHORE_PIXELS = 1.5;
/** Metres (on the vertical) by which the water's written depth is raised at the least (a film over its ground close up). */
export const LIFT_FLOOR = 0.005;
/**
 * Metres above the sheet the ground may stand and still be covered by that edge: the sub-cell
 * edge's reach, never a cliff's (a steep bank's far corner can carry the field out of true).
 */
export const LIFT_CAP = 0.3;
/**
 * Metres above a river strip (shared/hydrology/riverStrip.ts) the ground may stand and still be
 * covered, so the strip's own edge, not the terrain's triangles, ends the water: a diagonal step's
 * side corners stand up to channelLines.ts MAX_SILL above the water halfway along it, and near the
 * edge a triangle from a wet vertex to the bank vertex past the edge stands up to about 0.45 m over
 * it (the carved V's bank is one facet a cell wide in the terrain).
 */
export const STRIP_LIFT = 0.5;
/** The largest depth slope (m/m) a water vertex carries: its 16-bit attribute spans ± this. */
export const SHORE_SLOPE_RANGE = 8;

/**
 * A river strip's banks: wet ground's colour (sRGB 0–255) and opacity at its edge, and the share of its half-width
 * they take. A third: at 60 % a creek 1.5 m wide kept 0.6 m of water, a thread close up (issue 31). Drawn beyond
 * the water's edge instead, the ground's triangles cut the banks' outer edge into a sawtooth (riverEdge.spec.ts).
 */
export const WET_BANK: readonly [number, number, number] = [46, 44, 36];
export const WET_BANK_ALPHA = 0.55;
export const BANK_SHARE = 0.3;

/** Pixels either side of its centre line a river strip is drawn at the least (waterView.ts sets the viewport's height). */
export const STRIP_MIN_PIXELS = 2;
/**
 * Pixels (of metres on the vertical at its distance) the ground may stand over a river strip and still be
 * covered: twice the terrain's level-of-detail error (shared/lod/selectLod.ts DEFAULT_MAX_PIXEL_ERROR, 1 px),
 * so far off a river's simplified channel does not hide it.
 */
export const STRIP_LIFT_PIXELS = 2;

/** The terrain's lighting texture and its transform (terrainShader.ts), shared with the water for the horizon it mirrors. */
export interface WaterLightingUniforms {
  terrainLighting: IUniform<Texture | null>;
  terrainLightingTransform: IUniform<Vector4>;
}

/**
 * The water's material; `liftAtLeast`: metres the ground may always stand over it (a river strip's
 * STRIP_LIFT), else 0; `strip`: a river strip's (its `stripAcross` attribute widens it to STRIP_MIN_PIXELS).
 */
export function createWaterMaterial(liftAtLeast = 0, strip = false): ShaderMaterial {
  return new ShaderMaterial({
    ...(strip && { defines: { RIVER_STRIP: '' } }),
    vertexShader: WATER_VERTEX,
    fragmentShader: WATER_FRAGMENT,
    uniforms: UniformsUtils.merge([
      UniformsLib.fog,
      {
        shallowColour: { value: linear(SHALLOW_WATER) },
        deepColour: { value: linear(DEEP_WATER) },
        clearColour: { value: linear(CLEAR_WATER) },
        clearAlpha: { value: CLEAR_ALPHA },
        clearDepth: { value: CLEAR_DEPTH },
        clearShallows: { value: strip ? RIVER_CLEAR_SHARE : 1 },
        skyZenith: { value: new Color(SKY_ZENITH) },
        skyHorizon: { value: new Color(SKY_HORIZON) },
        skyBelow: { value: new Color(SKY_BELOW) },
        sunDirection: { value: new Vector3(0, 1, 0) },
        sunColour: { value: new Color(1, 1, 1) },
        sunGlow: { value: new Color(1, 1, 1) },
        reflectedLand: { value: linear(REFLECTED_LAND) },
        absorption: { value: new Vector3(...WATER_ABSORPTION) },
        deepReflectance: { value: new Vector3(...DEEP_REFLECTANCE) },
        bedReflectance: { value: ((c: Color) => new Vector3(c.r, c.g, c.b))(linear(LAKE_BED)) },
        mirrorGround: { value: null },
        mirrorPaint: { value: null },
        sunIrradiance: { value: new Color(0, 0, 0) },
        fillIrradiance: { value: new Color(FILL_SKY).multiplyScalar(FILL_INTENSITY / Math.PI) },
        mirrorTransform: { value: new Vector4(0, 0.5, 0, 0.5) },
        // No ground yet: every ray is above it, the march ends at once.
        mirrorExtent: { value: new Vector2(1e9, 1e9) },
        mirrorTop: { value: -1e9 },
        mirrorFirst: { value: 3 },
        mirrorGrowth: { value: 2 },
        waterF0: { value: WATER_F0 },
        rippleSteepness: { value: RIPPLE_STEEPNESS },
        shineRoughness: { value: SHINE_ROUGHNESS },
        terrainLighting: { value: null },
        terrainLightingTransform: { value: new Vector4(0, 0.5, 0, 0.5) },
        waterLit: { value: 0 },
        selectedColour: { value: new Vector3(SELECTED_WATER[0] / 255, SELECTED_WATER[1] / 255, SELECTED_WATER[2] / 255) },
        shallowAlpha: { value: SHALLOW_ALPHA },
        deepAlpha: { value: DEEP_ALPHA },
        depthHalf: { value: DEPTH_HALF },
        selectedMix: { value: SELECTED_MIX },
        selectedFeature: { value: 0 },
        shoreFade: { value: SHORE_FADE },
        shoreBand: { value: SHORE_BAND },
        shorePixels: { value: SHORE_PIXELS },
        liftFloor: { value: LIFT_FLOOR },
        liftCap: { value: LIFT_CAP },
        liftAtLeast: { value: liftAtLeast },
        stripMinPixels: { value: STRIP_MIN_PIXELS },
        stripLiftPixels: { value: STRIP_LIFT_PIXELS },
        wetBankColour: { value: linear(WET_BANK) },
        wetBankAlpha: { value: WET_BANK_ALPHA },
        bankShare: { value: BANK_SHARE },
        viewportHeight: { value: 1000 },
        shoreSlopeRange: { value: SHORE_SLOPE_RANGE },
      },
    ]),
    transparent: true,
    depthWrite: false,
    side: DoubleSide,
    // Ahead of the ground it lies on where the water is only a film.
    polygonOffset: true,
    polygonOffsetFactor: -1,
    polygonOffsetUnits: -1,
    toneMapped: false,
    fog: true,
  });
}
