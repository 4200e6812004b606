import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange, vertexX } from '../../shared/terrain/heightfield';
import { naturalColourPixels } from '../../shared/export/colourMap';
import { linearToSrgbByte } from '../../shared/export/colourMap';
import { vertexNormals } from '../../shared/export/normals';
import { gridFromField } from '../../shared/export/grid';
import { naturalPalette, writeNaturalGround } from '../../shared/ground/naturalColours';
import { shadeOf, writeMapImageRows } from './mapImage';

/** The mean of the point colours (linear) over the heights [h − w/2, h + w/2], by the midpoint rule: the cell's mean colour. */
function meanColour(lines: Parameters<typeof naturalPalette>[0], h: number, w: number, slopeDeg: number): number[] {
  const palette = naturalPalette(lines, { erosion: false, road: false });
  const sum = [0, 0, 0];
  const point = [0, 0, 0];
  const n = 4000;
  for (let k = 0; k < n; k++) {
    writeNaturalGround(palette, h - w / 2 + ((k + 0.5) * w) / n, slopeDeg, 0, 0, point, 0);
    for (let c = 0; c < 3; c++) sum[c] += point[c] / n;
  }
  return sum;
}

describe('the 2D panel’s natural mode', () => {
  it('on flat ground paints the colour map’s colours (the 3D view’s ground) under the hillshade, in every climate', () => {
    for (const climate of ['temperate', 'desert'] as const) {
      for (const base of [5, 29, 31, 200]) {
        const field = createHeightfield(17, 9, 2);
        field.heights.fill(base);
        const lines = { treeLine: 10, snowLine: 30, climate };
        const pixels = new Uint8ClampedArray(17 * 9 * 4);
        writeMapImageRows(field, pixels, 'natural', heightRange(field.heights), 0, 9, null, lines);
        const colours = naturalColourPixels(field.heights, vertexNormals(gridFromField(field)), lines);
        const shade = shadeOf(0, 0);
        for (let k = 0; k < 17 * 9; k++) {
          for (let c = 0; c < 3; c++) expect(pixels[4 * k + c], `${climate}, ${base} m, pixel ${k}`).toBe(Math.round(colours[3 * k + c] * shade));
          expect(pixels[4 * k + 3]).toBe(255);
        }
      }
    }
  });

  it('on a slope paints each vertex the mean of the ground over the heights its cell spans, under the hillshade', () => {
    for (const climate of ['temperate', 'desert'] as const) {
      for (const rise of [0.5, 1.5, 6]) {
        // A plane: every vertex has the same slope and hillshade; heights cross the snow line and several rock beds.
        const field = createHeightfield(17, 9, 2);
        for (let j = 0; j < 9; j++) for (let i = 0; i < 17; i++) field.heights[j * 17 + i] = 20 + rise * vertexX(field, i);
        const lines = { treeLine: 10, snowLine: 30, climate };
        const pixels = new Uint8ClampedArray(17 * 9 * 4);
        writeMapImageRows(field, pixels, 'natural', heightRange(field.heights), 0, 9, null, lines);
        const shade = shadeOf(rise, 0);
        const slopeDeg = (Math.atan(rise) * 180) / Math.PI;
        for (let i = 0; i < 17; i++) {
          const mean = meanColour(lines, field.heights[i], rise * field.cellSize, slopeDeg);
          for (let c = 0; c < 3; c++) {
            const expected = linearToSrgbByte(mean[c]) * shade;
            expect(Math.abs(pixels[4 * i + c] - expected), `${climate}, rise ${rise}, column ${i}`).toBeLessThanOrEqual(1);
          }
        }
      }
    }
  });
});
