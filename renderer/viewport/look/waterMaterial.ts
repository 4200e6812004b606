import { Color, DoubleSide, ShaderMaterial, UniformsLib, UniformsUtils, Vector3 } from 'three';
import { DEEP_ALPHA, DEEP_WATER, DEPTH_HALF, SELECTED_MIX, SELECTED_WATER, SHALLOW_ALPHA, SHALLOW_WATER } from '../../../app/water/waterColours';

/*
 * Rivers' and lakes' water (app/water/waterMesh.ts blocks): coloured by depth with the 2D tint's
 * ramp (app/water/waterColours.ts; the mix runs in linear light, as three's fog, and the result is
 * written as sRGB), with streaks across the flow where the surface slopes (a still hint of the flow
 * direction: the view renders on demand, so nothing moves), the selected river or lake tinted with the
 * selection colour, mixed in sRGB as the 2D tint is.
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

const WATER_FRAGMENT = /* glsl */ `
#include <fog_pars_fragment>
uniform vec3 shallowColour;
uniform vec3 deepColour;
uniform vec3 selectedColour;
uniform float shallowAlpha;
uniform float deepAlpha;
uniform float depthHalf;
uniform float selectedMix;
uniform float selectedFeature;
uniform float streakSpacing;
uniform float shoreFade;
uniform float shoreBand;
uniform float shorePixels;
uniform float liftFloor;
uniform float liftCap;
uniform float liftAtLeast;
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
vec3 waterToSrgb(vec3 c) {
  return mix(c * 12.92, 1.055 * pow(c, vec3(0.41666)) - 0.055, step(vec3(0.0031308), c));
}
void main() {
  float shore = vShoreBase + dot(vShoreSlope, vGround);
  float depth = max(shore, 0.0);
  float t = depth / (depth + depthHalf);
  vec3 colour = mix(shallowColour, deepColour, t);
  float alpha = mix(shallowAlpha, deepAlpha, t);
  // Streaks across the flow, broken along them: brighter lines that show which way the water runs.
  float strength = clamp(vFlow.z, 0.0, 1.0);
  if (strength > 0.01) {
    vec2 along = normalize(vFlow.xy + vec2(1e-6, 0.0));
    vec2 across = vec2(-along.y, along.x);
    float phase = dot(vGround, along) / streakSpacing + 0.35 * sin(dot(vGround, across) / streakSpacing * 2.1);
    float streak = smoothstep(0.72, 0.95, fract(phase)) * (1.0 - smoothstep(0.95, 1.0, fract(phase)));
    float broken = step(0.35, fract(dot(vGround, across) / (streakSpacing * 1.7) + floor(phase) * 0.37));
    colour = mix(colour, vec3(0.85, 0.93, 1.0), 0.45 * strength * streak * broken);
  }
  bool selected = selectedFeature > 0.5 && abs(vFeature - selectedFeature) < 0.5;
  if (selected) alpha = max(alpha, 0.7);
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
  vec3 ray = normalize(vWorld - cameraPosition);
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
  gl_FragColor = vec4(colour, alpha);
  #include <fog_fragment>
  gl_FragColor.rgb = waterToSrgb(gl_FragColor.rgb);
  // The selection's tint is mixed in sRGB, as the 2D panel's (a linear mix turns deep water tan).
  if (selected) gl_FragColor.rgb = mix(gl_FragColor.rgb, selectedColour, selectedMix);
}
`;

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

const linear = (rgb: readonly [number, number, number]): Color => new Color().setRGB(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 'srgb');

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
        selectedColour: { value: new Vector3(SELECTED_WATER[0] / 255, SELECTED_WATER[1] / 255, SELECTED_WATER[2] / 255) },
        shallowAlpha: { value: SHALLOW_ALPHA },
        deepAlpha: { value: DEEP_ALPHA },
        depthHalf: { value: DEPTH_HALF },
        selectedMix: { value: SELECTED_MIX },
        selectedFeature: { value: 0 },
        streakSpacing: { value: 6 },
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
