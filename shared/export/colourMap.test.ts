import { describe, expect, it } from 'vitest';
import { decodePng } from '../codecs/png/decode';
import { createHeightfield, vertexX } from '../terrain/heightfield';
import { DEFAULT_NATURAL_LINES } from '../terrain/naturalColours';
import { compileColourMap } from './fileExport';
import { linearToSrgbByte } from './colourMap';

// The natural table's named colours (shared/terrain/colorRamp.ts, sRGB): lowland meadow (its lowest
// height stop), bare rock (full on slopes from 55° until cliffs begin at 62°), snow (flat ground above
// the snow line). Default lines: tree line 200 m, snow line 350 m, so the axis spans −100…500 m.
const MEADOW = [70, 100, 46];
const ROCK = [118, 110, 100];
const SNOW = [236, 240, 244];

function colours(field: ReturnType<typeof createHeightfield>): number[][] {
  const png = decodePng(compileColourMap(field, DEFAULT_NATURAL_LINES), 'c.png', { channel: 'r' });
  const channels = (['r', 'g', 'b'] as const).map((channel) => decodePng(compileColourMap(field, DEFAULT_NATURAL_LINES), 'c.png', { channel }).samples);
  expect([png.width, png.height, png.bitDepth]).toEqual([field.width, field.depth, 8]);
  return Array.from({ length: field.width * field.depth }, (_, k) => channels.map((c) => c[k]));
}

describe('colour map', () => {
  it('a flat low map is meadow green, a flat high one snow, everywhere', () => {
    const low = createHeightfield(9, 7, 2);
    low.heights.fill(-200);
    for (const c of colours(low)) expect(c).toEqual(MEADOW);
    const high = createHeightfield(9, 7, 2);
    high.heights.fill(1000);
    for (const c of colours(high)) expect(c).toEqual(SNOW);
  });

  it('a 60° face below the snow line is bare rock, whatever its height', () => {
    for (const base of [-1000, 100, 300]) {
      const face = createHeightfield(9, 9, 1);
      for (let j = 0; j < 9; j++) for (let i = 0; i < 9; i++) face.heights[j * 9 + i] = base + Math.tan(Math.PI / 3) * vertexX(face, i);
      for (const c of colours(face)) expect(c).toEqual(ROCK);
    }
  });

  it('encodes linear light with the sRGB transfer function', () => {
    // IEC 61966-2-1: 0.0031308 → 0.04045 (10.3 of 255), 0.5 → 0.7354 (187.5), 0.214041 → 0.5 (127.5 rounds to 128).
    expect([0, 1, 0.5, 0.0031308, 2, -1].map(linearToSrgbByte)).toEqual([0, 255, 188, 10, 255, 0]);
  });
});
