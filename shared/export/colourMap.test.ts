import { describe, expect, it } from 'vitest';
import { decodePng } from '../codecs/png/decode';
import { createHeightfield, vertexX } from '../terrain/heightfield';
import { DEFAULT_NATURAL_LINES } from '../ground/naturalColours';
import { compileColourMap } from './fileExport';
import { linearToSrgbByte } from './colourMap';
import { CLIMATE_LOOKS } from '../ground/climate';
import { defaultMaskSet, layerWeights, MaskSources } from './masks';
import { gridFromField } from './grid';

// The temperate climate's material colours (shared/ground/climate.ts, sRGB): grass on low flat ground,
// snow on flat ground above the snow line, rock beds by height on steep ground. Default lines: tree
// line 200 m, snow line 350 m.
const { srgb, bands } = CLIMATE_LOOKS.temperate;
const MEADOW = [...srgb.grass];
const SNOW = [...srgb.snow];

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

  it('a 65° face below the snow line is bare rock in the bed of its height, whatever its height', () => {
    // The middle of a bed is its colour exactly (its blend is at its top): bed b of the cycle repeated n times up or down.
    const cycle = bands.beds.reduce((sum, bed) => sum + bed.thickness, 0);
    for (const repeat of [-40, 4, 11]) {
      let bottom = repeat * cycle;
      for (const bed of bands.beds) {
        const middle = bottom + (bed.thickness - bands.blend) / 2;
        bottom += bed.thickness;
        // A 65° face (temperate rock is full from 62°) whose middle column (i = 4) stands at the bed's middle.
        const face = createHeightfield(9, 9, 1);
        for (let j = 0; j < 9; j++)
          for (let i = 0; i < 9; i++) face.heights[j * 9 + i] = middle + Math.tan((65 * Math.PI) / 180) * (vertexX(face, i) - vertexX(face, 4));
        const pixels = colours(face);
        for (let j = 1; j < 8; j++) expect(pixels[j * 9 + 4], `bed at ${middle} m`).toEqual([...bed.srgb]);
      }
    }
  });

  it('places the ragged snow line as the engine’s snow mask does: on flat ground at the snow line, the more snow the mask has, the whiter', () => {
    // Flat ground over 2 km at the default lines (tree 200 m, snow 350 m: a 37.5 m edge, a 75 m band): on flat ground the
    // line comes 0.3 × 75 m lower and wanders by up to 0.35 × 75 m, so at 310 m each place has its own share of snow over scree.
    const field = createHeightfield(81, 81, 25);
    field.heights.fill(310);
    const pixels = colours(field);
    const set = defaultMaskSet(0, 400, false, DEFAULT_NATURAL_LINES.snowLine, { treeLine: DEFAULT_NATURAL_LINES.treeLine });
    const snowLayer = set.layers.findIndex((l) => l.name === 'snow');
    const weights = layerWeights(set, new MaskSources(gridFromField(field)), field.width * field.depth)[snowLayer];
    const order = Array.from(weights.keys()).sort((a, b) => weights[a] - weights[b]);
    expect(weights[order[order.length - 1]] - weights[order[0]]).toBeGreaterThan(0.2);
    // Snow is brighter than scree in every channel: sorted by the mask's snow, the pixels only brighten (within a byte's rounding).
    for (let n = 1; n < order.length; n++) for (let c = 0; c < 3; c++) expect(pixels[order[n]][c]).toBeGreaterThanOrEqual(pixels[order[n - 1]][c] - 1);
    expect(pixels[order[order.length - 1]][0]).toBeGreaterThan(pixels[order[0]][0] + 10);
  });

  it('encodes linear light with the sRGB transfer function', () => {
    // IEC 61966-2-1: 0.0031308 → 0.04045 (10.3 of 255), 0.5 → 0.7354 (187.5), 0.214041 → 0.5 (127.5 rounds to 128).
    expect([0, 1, 0.5, 0.0031308, 2, -1].map(linearToSrgbByte)).toEqual([0, 255, 188, 10, 255, 0]);
  });
});
