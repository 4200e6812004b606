/**
 * How the sea (the View's water plane at the sea level) is drawn, in both views: the ground below the
 * level fades into the deep water's colour with depth, 1 − e^(−depth / DEPTH_SCALE), under the plane's
 * colour at its opacity (the 3D view's terrain shader and water plane; the 2D panel's seaTint.ts).
 */
export const SEA_LOOK = {
  /** sRGB hex of water too deep to see the ground through. */
  deepColour: '#0d3a4f',
  /** sRGB hex of the plane itself. */
  surfaceColour: '#2a6d8c',
  surfaceOpacity: 0.55,
  /** Metres of water that hide 1 − 1/e of the ground. */
  depthScale: 6,
} as const;

/** The sea plane's level when the View shows it, else null. */
export function shownSeaLevel(settings: { water: boolean; seaLevel: number }): number | null {
  return settings.water ? settings.seaLevel : null;
}

/** A hex colour's bytes. */
export function hexBytes(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}
