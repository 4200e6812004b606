import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange, vertexX } from '../../shared/terrain/heightfield';
import { naturalColourPixels } from '../../shared/export/colourMap';
import { vertexNormals } from '../../shared/export/normals';
import { gridFromField } from '../../shared/export/grid';
import { shadeOf, writeMapImageRows } from './mapImage';

describe('the 2D panel’s natural mode', () => {
  it('paints the colour map’s colours (the 3D view’s ground) under the hillshade, in every climate', () => {
    for (const climate of ['temperate', 'desert'] as const) {
      for (const rise of [0, 0.5, 1.5]) {
        // A plane: every vertex has the same slope and hillshade; heights cross the snow line and several rock beds.
        const field = createHeightfield(17, 9, 2);
        for (let j = 0; j < 9; j++) for (let i = 0; i < 17; i++) field.heights[j * 17 + i] = 20 + rise * vertexX(field, i);
        const lines = { treeLine: 10, snowLine: 30, climate };
        const pixels = new Uint8ClampedArray(17 * 9 * 4);
        writeMapImageRows(field, pixels, 'natural', heightRange(field.heights), 0, 9, null, lines);
        const colours = naturalColourPixels(field.heights, vertexNormals(gridFromField(field)), lines);
        const shade = shadeOf(rise, 0);
        for (let k = 0; k < 17 * 9; k++) {
          for (let c = 0; c < 3; c++) expect(pixels[4 * k + c], `${climate}, rise ${rise}, pixel ${k}`).toBe(Math.round(colours[3 * k + c] * shade));
          expect(pixels[4 * k + 3]).toBe(255);
        }
      }
    }
  });
});
