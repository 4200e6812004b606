import { Color } from 'three';
import type { ViewSettings } from '../../../shared/ipc/contract';
import { sunVector } from '../../../shared/terrain/lighting';

/**
 * The scene's sky and sun, shared by the sky dome (SceneLook.tsx) and the water that mirrors it
 * (waterMaterial.ts). Sky colours (sRGB): deep blue overhead, pale haze at the horizon (also the fog),
 * fading slowly to grey-blue below (a view from above looks into haze, not a flat void).
 */
export const SKY_ZENITH = '#3b6fb6';
export const SKY_HORIZON = '#c6d6e4';
export const SKY_BELOW = '#a7b3bd';
/** The distance fog (aerial perspective) starts this many of the map's spans from the camera and is whole at FOG_FAR_SPANS. */
export const FOG_NEAR_SPANS = 0.7;
export const FOG_FAR_SPANS = 4.5;
/** The sky's fill light (a hemisphere light: sky above, ground below, intensity), which lights the ground beside the sun. */
export const FILL_SKY = '#d6e6fa';
export const FILL_GROUND = '#8a7b63';
export const FILL_INTENSITY = 2.2;
const SUN_LOW = new Color('#ffc98f');
const SUN_HIGH = new Color('#fff4e6');

/**
 * The sky's colour (linear) in unit direction `d`: the gradient from the horizon up to the zenith
 * (and down to the haze below) and the glow round the sun. The dome draws it per vertex, the water
 * per pixel in the direction it reflects.
 */
export const SKY_GRADIENT_GLSL = /* glsl */ `
vec3 skyGradient(vec3 d, vec3 zenith, vec3 horizon, vec3 below, vec3 toSun, vec3 sunColour) {
  float up = d.y;
  vec3 colour = up >= 0.0 ? mix(horizon, zenith, pow(up, 0.6)) : mix(horizon, below, min(1.0, -up * 1.6));
  return colour + sunColour * pow(max(dot(d, toSun), 0.0), 16.0) * 0.22;
}
`;

/** The sun of the view settings: the unit vector towards it, its colour (linear) and the light's intensity. */
export function sunLight(settings: Pick<ViewSettings, 'sunAzimuthDeg' | 'sunElevationDeg'>): {
  toSun: { x: number; y: number; z: number };
  colour: Color;
  intensity: number;
} {
  const toSun = sunVector({ azimuthDeg: settings.sunAzimuthDeg, elevationDeg: settings.sunElevationDeg });
  // A low sun is warmer and weaker, as through more air.
  const height = Math.min(1, Math.max(0, (settings.sunElevationDeg - 2) / 40));
  return { toSun, colour: SUN_LOW.clone().lerp(SUN_HIGH, height), intensity: 1.6 + 1.8 * Math.sqrt(height) };
}
