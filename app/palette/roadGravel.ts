/**
 * The roads' gravel (shoulders and end aprons) as the 2D panel paints it: in the natural colours the
 * ground layers' shoulder layer's gravel, the colour and texture the 3D view's shader gives it
 * (renderer/viewport/look/groundShader.ts: the material's colour, its tile's albedo around it); in the
 * other colour modes the road dress's flat shoulder colour, as the 3D view's other modes have it.
 */
import { CLIMATE_LOOKS, type Climate } from '../../shared/ground/climate';
import { GROUND_ALBEDO_AMOUNT, GROUND_TEXTURE_SIZE, GROUND_TILE_METRES, groundTexture } from '../../shared/ground/groundTextures';
import { srgbByteToLinear } from '../../shared/terrain/colourRamp';
import { linearToSrgbByte } from '../../shared/export/colourMap';
import { ROAD_DRESS_COLOURS } from './overlayPalette';

/** Metres a tile of the gravel texture spans (the 3D view's). */
export const ROAD_GRAVEL_TILE_METRES = GROUND_TILE_METRES.gravel;
/**
 * Metres a pixel from which the 2D panel paints the gravel flat (its mean colour): the 3D view's textures
 * are full up to 0.45 m a pixel and gone by 1.2 m; a canvas pattern shrunk further would shimmer.
 */
export const ROAD_GRAVEL_FLAT_FROM_MPP = 0.45;

/** `#rrggbb` of an sRGB byte triple. */
const hex = (rgb: readonly number[]): string => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** The shoulders' flat colour: the climate's gravel in the natural colours, else the road dress's shoulder. */
export function roadGravelColour(climate: Climate, natural: boolean): string {
  return natural ? hex(CLIMATE_LOOKS[climate].srgb.gravel) : ROAD_DRESS_COLOURS.shoulder;
}

/**
 * The gravel tile as sRGB RGBA bytes, GROUND_TEXTURE_SIZE²: the climate's gravel colour times
 * 1 + albedo amount × (R × 2 − 1) of the material's generated tile, in linear light, as the 3D shader
 * adds the texture (its contrast at its mean, 1); opaque.
 */
export function roadGravelTile(climate: Climate): Uint8ClampedArray<ArrayBuffer> {
  const tile = groundTexture('gravel');
  const colour = CLIMATE_LOOKS[climate].srgb.gravel.map(srgbByteToLinear);
  const amount = GROUND_ALBEDO_AMOUNT.gravel;
  const n = GROUND_TEXTURE_SIZE * GROUND_TEXTURE_SIZE;
  const out = new Uint8ClampedArray(n * 4);
  for (let k = 0; k < n; k++) {
    const shade = 1 + amount * ((tile[4 * k] / 255) * 2 - 1);
    for (let c = 0; c < 3; c++) out[4 * k + c] = linearToSrgbByte(colour[c] * shade);
    out[4 * k + 3] = 255;
  }
  return out;
}
