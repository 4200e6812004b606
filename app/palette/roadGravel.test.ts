import { describe, expect, it } from 'vitest';
import { CLIMATES } from '../../shared/ground/climate';
import { groundLayers, groundPalette } from '../../shared/ground/groundMaterials';
import { srgbByteToLinear } from '../../shared/terrain/colourRamp';
import { linearToSrgbByte } from '../../shared/export/colourMap';
import { roadGravelColour, roadGravelTile } from './roadGravel';
import { ROAD_DRESS_COLOURS } from './overlayPalette';

const bytes = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

describe('the 2D panel’s road gravel', () => {
  it('is the 3D view’s shoulder layer’s colour in the natural colours, the dress’s shoulder colour otherwise, in every climate', () => {
    for (const climate of CLIMATES) {
      // The layers the 3D view paints (renderer/viewport/look/groundShader.ts viewGroundLayers) and their palette.
      const layers = groundLayers(climate, { treeLine: 300, snowLine: 400 }, { erosion: true, road: true });
      const palette = groundPalette(climate, layers);
      const shoulder = layers.findIndex((layer) => layer.name === 'shoulder');
      expect(shoulder, climate).toBeGreaterThan(0);
      expect(bytes(roadGravelColour(climate, true)), climate).toEqual(palette.colours[shoulder].map(linearToSrgbByte));
      expect(roadGravelColour(climate, false)).toBe(ROAD_DRESS_COLOURS.shoulder);
    }
    // The climates' gravels differ, so the colour is the climate's, not one constant.
    expect(new Set(CLIMATES.map((climate) => roadGravelColour(climate, true))).size).toBe(CLIMATES.length);
  });

  it('textures it around that colour: the tile varies, and its mean in linear light is the colour within 4 %', () => {
    for (const climate of CLIMATES) {
      const tile = roadGravelTile(climate);
      const want = bytes(roadGravelColour(climate, true)).map(srgbByteToLinear);
      const n = tile.length / 4;
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let lo = 255;
        let hi = 0;
        for (let k = 0; k < n; k++) {
          sum += srgbByteToLinear(tile[4 * k + c]);
          lo = Math.min(lo, tile[4 * k + c]);
          hi = Math.max(hi, tile[4 * k + c]);
        }
        expect(Math.abs(sum / n / want[c] - 1), `${climate} channel ${c}`).toBeLessThan(0.04);
        // Pebbles lie in grit of a near shade, so the spread is modest, but a flat tile has none.
        expect(hi - lo, `${climate} channel ${c}`).toBeGreaterThan(16);
      }
    }
  });
});
