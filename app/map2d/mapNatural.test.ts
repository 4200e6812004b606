import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange, vertexX, vertexZ } from '../../shared/terrain/heightfield';
import { naturalColourPixels } from '../../shared/export/colourMap';
import { linearToSrgbByte } from '../../shared/export/colourMap';
import { vertexNormals } from '../../shared/export/normals';
import { gridFromField } from '../../shared/export/grid';
import { naturalPalette, writeNaturalGround } from '../../shared/ground/naturalColours';
import { snowHeightShift } from '../../shared/ground/snowLine';
import { writeVertexColours } from '../view/terrainColours';
import { HILLSHADE_REACH, shadeOf, writeMapImageRows } from './mapImage';
import { writeShadingNormals } from '../../shared/terrain/shadingNormals';

type Lines = Parameters<typeof naturalPalette>[0];

/**
 * The mean of the point colours (linear) over the heights [h − w/2, h + w/2], by the midpoint rule: the
 * cell's mean colour, its snow read at the height moved by `snowShift` (the ragged snow line at the vertex),
 * its slope edges at world (x, z) for a pixel of `metresPerPixel`.
 */
function meanColour(lines: Lines, h: number, w: number, slopeDeg: number, snowShift: number, x: number, z: number, metresPerPixel: number): number[] {
  const palette = naturalPalette(lines, { erosion: false, road: false });
  const sum = [0, 0, 0];
  const point = [0, 0, 0];
  const n = 4000;
  for (let k = 0; k < n; k++) {
    // At the vertex's x, z with the panel's pixel (a cell): the ragged turf and rock edges read the noise there.
    writeNaturalGround(palette, h - w / 2 + ((k + 0.5) * w) / n, slopeDeg, 0, 0, point, 0, 0, 0, x, z, 0, snowShift, metresPerPixel);
    for (let c = 0; c < 3; c++) sum[c] += point[c] / n;
  }
  return sum;
}

describe('the 2D panel’s natural mode', () => {
  it('on flat ground paints the colour map’s colours and the 3D view’s vertex colours under the hillshade, in every climate', () => {
    // 2 km of flat ground at heights about the snow line (30 m; the band is 10 m): the ragged line puts
    // snow at some places and not at others, and the three must agree at each.
    for (const climate of ['temperate', 'desert'] as const) {
      for (const base of [5, 22, 25, 29, 31, 200]) {
        const field = createHeightfield(41, 33, 50);
        field.heights.fill(base);
        const lines = { treeLine: 10, snowLine: 30, climate };
        const pixels = new Uint8ClampedArray(41 * 33 * 4);
        writeMapImageRows(field, pixels, 'natural', heightRange(field.heights), 0, 33, null, lines);
        const normals = vertexNormals(gridFromField(field));
        const place = { width: 41, depth: 33, cellX: 50, cellZ: 50, row0: 0 };
        const colours = naturalColourPixels(field.heights, normals, lines, null, place);
        const vertexColours = new Float32Array(41 * 33 * 3);
        writeVertexColours(field, normals, vertexColours, 'natural', heightRange(field.heights), 0, 33, null, lines);
        const shade = shadeOf(0, 0);
        const distinct = new Set<number>();
        for (let k = 0; k < 41 * 33; k++) {
          for (let c = 0; c < 3; c++) {
            expect(pixels[4 * k + c], `${climate}, ${base} m, pixel ${k}`).toBe(Math.round(colours[3 * k + c] * shade));
            expect(linearToSrgbByte(vertexColours[3 * k + c])).toBe(colours[3 * k + c]);
          }
          expect(pixels[4 * k + 3]).toBe(255);
          distinct.add(pixels[4 * k]);
        }
        // Within the wander's reach (22–29 m) the line is ragged: the flat map is not one colour.
        if (climate === 'temperate' && base > 20 && base < 30) expect(distinct.size, `${base} m`).toBeGreaterThan(5);
      }
    }
  });

  it('on a slope paints each vertex the mean of the ground over the heights its cell spans, its snow line moved as the 3D view’s, under the hillshade', () => {
    for (const climate of ['temperate', 'desert'] as const) {
      for (const [riseX, riseZ] of [
        [0.5, 0],
        [1.5, 0],
        [6, 0],
        [0, 0.8],
        [0, -0.8],
        [-1.2, 0.6],
      ]) {
        // A plane: every vertex has the same slope and hillshade; heights cross the snow line and several rock beds.
        const field = createHeightfield(17, 9, 2);
        for (let j = 0; j < 9; j++) for (let i = 0; i < 17; i++) field.heights[j * 17 + i] = 20 + riseX * vertexX(field, i) + riseZ * vertexZ(field, j);
        const lines = { treeLine: 10, snowLine: 30, climate };
        const band = climate === 'temperate' ? 10 : 0;
        const pixels = new Uint8ClampedArray(17 * 9 * 4);
        writeMapImageRows(field, pixels, 'natural', heightRange(field.heights), 0, 9, null, lines);
        const shade = shadeOf(riseX, riseZ);
        const gradient = Math.hypot(riseX, riseZ);
        const slopeDeg = (Math.atan(gradient) * 180) / Math.PI;
        // The plane's unit normal (−∇h, 1) / |(−∇h, 1)|.
        const length = Math.sqrt(1 + gradient * gradient);
        for (let j = 1; j < 8; j++)
          for (let i = 1; i < 16; i++) {
            const k = j * 17 + i;
            const shift = snowHeightShift(band, vertexX(field, i), vertexZ(field, j), slopeDeg, -riseX / length, -riseZ / length);
            const mean = meanColour(lines, field.heights[k], gradient * field.cellSize, slopeDeg, shift, vertexX(field, i), vertexZ(field, j), field.cellSize);
            // Within a byte of the mean before the hillshade (the midpoint rule against the panel's exact integrals),
            // then the pixel's own rounding: 1.5 at most.
            for (let c = 0; c < 3; c++) {
              const expected = linearToSrgbByte(mean[c]) * shade;
              expect(Math.abs(pixels[4 * k + c] - expected), `${climate}, rise ${riseX}, ${riseZ}, vertex ${i}, ${j}`).toBeLessThanOrEqual(1.5);
            }
          }
      }
    }
  });
});

describe('the 2D panel’s snow reads the 3D view’s vertex normal', () => {
  it('beside a one-cell step, where the neighbours’ differences are flat but the 3D view’s normal leans, the panel paints the 3D vertex colour', () => {
    // (under the hillshade)
    // A 2 m step between columns 8 and 9 (2 m cells): at column 7 the heights on either side are equal,
    // but the 3D view's normal (1-2-1 average of central differences) leans 7° away from the step, and a
    // slope facing away from the sun (north-east here) keeps more snow. Heights near the snow line (30 m,
    // its band 10 m) so the shift shows; nothing else at column 7 depends on slopes within 7° ± 9°. (A
    // taller step is a crease whose level side the normals keep level: shared/terrain/shadingNormals.ts.)
    const lines = { treeLine: 10, snowLine: 30, climate: 'temperate' as const };
    const I = 7;
    let changed = 0;
    for (const base of [21, 24, 27, 30]) {
      const field = createHeightfield(17, 9, 2);
      for (let j = 0; j < 9; j++) for (let i = 0; i < 17; i++) field.heights[j * 17 + i] = base + (i > 8 ? 2 : 0);
      const pixels = new Uint8ClampedArray(17 * 9 * 4);
      writeMapImageRows(field, pixels, 'natural', heightRange(field.heights), 0, 9, null, lines);
      const normals = new Float32Array(17 * 9 * 3);
      writeShadingNormals(field, normals);
      const colours = new Float32Array(17 * 9 * 3);
      writeVertexColours(field, normals, colours, 'natural', heightRange(field.heights), 0, 9, null, lines);
      // The same vertex read with a level normal (what the neighbours' differences alone give).
      const level = normals.slice();
      for (let k = 0; k < 17 * 9; k++) level.set([0, 1, 0], 3 * k);
      const levelColours = new Float32Array(17 * 9 * 3);
      writeVertexColours(field, level, levelColours, 'natural', heightRange(field.heights), 0, 9, null, lines);
      // The hillshade at column 7: a quarter of the one-cell difference (none) and three quarters of the wider one.
      const dhdx = 0.75 * ((field.heights[I + HILLSHADE_REACH] - field.heights[I - HILLSHADE_REACH]) / (2 * HILLSHADE_REACH * field.cellSize));
      const shade = shadeOf(dhdx, 0);
      expect(normals[3 * I]).toBeLessThan(-0.1);
      for (let j = 1; j < 8; j++) {
        const k = j * 17 + I;
        for (let c = 0; c < 3; c++) {
          expect(Math.abs(pixels[4 * k + c] - linearToSrgbByte(colours[3 * k + c]) * shade), `${base} m, row ${j}, channel ${c}`).toBeLessThanOrEqual(1);
          if (Math.abs(linearToSrgbByte(colours[3 * k + c]) - linearToSrgbByte(levelColours[3 * k + c])) * shade > 3) changed++;
        }
      }
    }
    // The lean matters: with a level normal many of these pixels would be other colours.
    expect(changed).toBeGreaterThan(10);
  });
});
