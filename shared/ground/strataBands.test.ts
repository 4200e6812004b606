import { describe, expect, it } from 'vitest';
import { DEFAULT_THERMAL } from '../erosion/params';
import { DEFAULT_VIEW_SETTINGS } from '../ipc/contract';
import type { Layer } from '../layers/types';
import { fluvialLayer } from '../layers/testing/stacks';
import { createRandom } from '../random';
import { srgbByteToLinear } from '../terrain/colourRamp';
import { writeBandColour } from '../terrain/rockBands';
import { bedAt, type Strata } from '../terrain/strata';
import { linearToSrgbByte } from '../export/colourMap';
import { compileColourMap } from '../export/fileExport';
import { decodePng } from '../codecs/png/decode';
import { createHeightfield, vertexX, vertexZ } from '../terrain/heightfield';
import { writeShadingNormals } from '../terrain/shadingNormals';
import { writeVertexColours } from '../../app/view/terrainColours';
import { CLIMATE_LOOKS } from './climate';
import { naturalLinesOf, naturalPalette, sameNaturalLines, writeNaturalGround, type NaturalLines } from './naturalColours';

/**
 * A 70° face in the desert is all rock (rock from 35°, every face from 43° whatever the turf noise; climate.ts
 * talusRepose), so its colour is the band colour itself.
 */
const CLIFF_DEG = 70;

/** The sRGB bytes the view paints on a dry cliff at world (x, z) and height h. */
function cliffColour(lines: NaturalLines, x: number, z: number, h: number): number[] {
  const palette = naturalPalette(lines, { erosion: false, road: false });
  const out = [0, 0, 0];
  writeNaturalGround(palette, h, CLIFF_DEG, 0, 0, out, 0, 0, 0, x, z);
  return out.map(linearToSrgbByte);
}

const { soft: SOFT, hard: HARD } = CLIMATE_LOOKS.desert.bedColours;
/** A bed 4× as hard as the softest in a column whose hardest is 16×: halfway by log hardness. */
const HALFWAY = [0, 1, 2].map((c) => Math.round((SOFT[c] + HARD[c]) / 2));

// 6 m soft shale, 2 m sandstone 16× as hard, 3 m siltstone 4× as hard, repeating (a period of 11 m);
// the first shale's bottom at 5 m at the map's centre; dipping 45° so the beds rise 1 m per metre toward +z.
const DIPPING: Strata = {
  beds: [
    { thickness: 6, hardness: 1 },
    { thickness: 2, hardness: 16 },
    { thickness: 3, hardness: 4 },
  ],
  base: 5,
  dipDeg: 45,
  dipAzimuthDeg: 90,
};

const desert = (strata: Strata | null = null): NaturalLines => ({ treeLine: 2500, snowLine: 5000, climate: 'desert', strata });

describe('colour bands follow the project’s own beds', () => {
  it('paints each bed by its hardness where the strata put it: uneven thicknesses, base, repeat up and down, and dip', () => {
    // By hand: stratigraphic height e = h − z − 5 (dip 45° toward +z), then e modulo 11:
    // [0, 6) shale, [6, 8) sandstone, [8, 11) siltstone. Each point is clear of a bed's top half-metre (its fade).
    const cases: [x: number, z: number, h: number, colour: readonly number[], why: string][] = [
      [100, 0, 6, SOFT, 'e = 1: shale (x does not matter, the beds dip toward +z)'],
      [0, 10, 17.5, SOFT, 'e = 2.5: shale'],
      [-30, 10, 21.8, HARD, 'e = 6.8: sandstone'],
      [0, -10, 4, HALFWAY, 'e = 9: siltstone'],
      [0, 0, 22.8, HARD, 'e = 17.8, one period up: sandstone'],
      [0, 0, 1, HARD, 'e = −4, one period down (7): sandstone'],
      [0, -20, -10, SOFT, 'e = 5: shale'],
      [0, 0, 12.2, HARD, 'e = 7.2: sandstone'],
      [0, 3, 12.2, SOFT, 'the same height 3 m toward +z, e = 4.2: shale'],
      [0, -3, 12.2, HALFWAY, 'the same height 3 m toward −z, e = 10.2: siltstone'],
    ];
    for (const [x, z, h, colour, why] of cases) expect(cliffColour(desert(DIPPING), x, z, h), why).toEqual([...colour]);
  });

  it('the band colour is the colour of the bed strata.ts bedAt says is there, at random points clear of the beds’ tops', () => {
    const strata: Strata = {
      beds: [
        { thickness: 7.5, hardness: 1 },
        { thickness: 1.5, hardness: 9 },
        { thickness: 4, hardness: 1 },
        { thickness: 3, hardness: 3 },
      ],
      base: -12,
      dipDeg: 12,
      dipAzimuthDeg: 200,
    };
    // Hardness 3 between 1 and 9 by log: halfway.
    const expected = [SOFT, HARD, SOFT, HALFWAY];
    const random = createRandom(35);
    let checked = 0;
    for (let n = 0; n < 4000; n++) {
      const x = (random.next() - 0.5) * 1000;
      const z = (random.next() - 0.5) * 1000;
      const h = (random.next() - 0.5) * 600;
      const bed = bedAt(strata, x, z, h);
      // Clear of the top 0.4 m of the bed (the fade into the next is a quarter of the thinnest bed, 0.375 m): a
      // nearby point 0.4 m higher is in the same bed.
      if (bedAt(strata, x, z, h + 0.4) !== bed) continue;
      checked++;
      expect(cliffColour(desert(strata), x, z, h), `(${x}, ${z}, ${h}) in bed ${bed}`).toEqual([...expected[bed]]);
    }
    expect(checked).toBeGreaterThan(3000);
  });

  it('without strata the climate’s own level bands, read at the height alone, as before', () => {
    const { bands } = CLIMATE_LOOKS.desert;
    const beds = bands.beds.map((bed) => bed.srgb.map(srgbByteToLinear) as [number, number, number]);
    const band = [0, 0, 0];
    for (const h of [-37.3, 0, 4.2, 11, 29.9, 163.25]) {
      writeBandColour(bands, beds, h, band, 0);
      for (const [x, z] of [
        [0, 0],
        [250, -400],
      ])
        expect(cliffColour(desert(), x, z, h), `${h} m at (${x}, ${z})`).toEqual(band.map(linearToSrgbByte));
    }
  });

  it('the beds of one hardness differ by a shade, so their bedding shows', () => {
    const even: Strata = { beds: [3, 5, 2].map((thickness) => ({ thickness, hardness: 2 })), base: 0, dipDeg: 0, dipAzimuthDeg: 0 };
    const [a, b, c] = [1, 4, 9].map((h) => cliffColour(desert(even), 0, 0, h));
    expect(a).toEqual(HALFWAY);
    expect(b).toEqual(HALFWAY.map((v) => Math.round(v * 0.92)));
    expect(c).toEqual(HALFWAY);
  });

  it('a bed with its own colour is painted in it, in every climate; the beds without keep the climate’s rule', () => {
    const own: Strata = { ...DIPPING, dipDeg: 0, beds: DIPPING.beds.map((bed, n) => (n === 1 ? { ...bed, colour: '#b8643c' } : bed)) };
    // Level beds from 5 m: shale 5–11 m, sandstone 11–13 m, siltstone 13–16 m (heights clear of the fades).
    expect(cliffColour(desert(own), 0, 0, 12)).toEqual([0xb8, 0x64, 0x3c]);
    expect(cliffColour(desert(own), 0, 0, 7)).toEqual([...SOFT]);
    expect(cliffColour(desert(own), 0, 0, 14.5)).toEqual(HALFWAY);
    const temperate: NaturalLines = { ...desert(own), climate: 'temperate' };
    expect(cliffColour(temperate, 0, 0, 12)).toEqual([0xb8, 0x64, 0x3c]);
  });
});

describe('the colour map and the view agree on the beds', () => {
  it('on a steep dipping face the colour map’s pixels are the view’s vertex colours, vertex by vertex', () => {
    // A plane rising 3 m per metre along x and 0.5 along z (72°: all rock), beds dipping 20° toward 30°.
    const field = createHeightfield(41, 33, 2);
    for (let j = 0; j < field.depth; j++)
      for (let i = 0; i < field.width; i++) field.heights[j * field.width + i] = 40 + 3 * vertexX(field, i) + 0.5 * vertexZ(field, j);
    // The siltstone in a colour of its own: it too is painted the same in both.
    const beds = DIPPING.beds.map((bed, n) => (n === 2 ? { ...bed, colour: '#8c6a70' } : bed));
    const lines = desert({ ...DIPPING, beds, dipDeg: 20, dipAzimuthDeg: 30 });
    const n = field.width * field.depth;
    const normals = new Float32Array(3 * n);
    writeShadingNormals(field, normals);
    const view = new Float32Array(3 * n);
    writeVertexColours(field, normals, view, 'natural', { min: 0, max: 1 }, 0, field.depth, null, lines);
    const map = (['r', 'g', 'b'] as const).map((channel) => decodePng(compileColourMap(field, lines), 'c.png', { channel }).samples);
    const seen = new Set<string>();
    for (let k = 0; k < n; k++) {
      const pixel = [map[0][k], map[1][k], map[2][k]];
      expect(pixel, `vertex ${k}`).toEqual([0, 1, 2].map((c) => linearToSrgbByte(view[3 * k + c])));
      seen.add(pixel.join());
    }
    // All three beds (and their fades) are crossed: the map is banded, not one colour.
    for (const bed of [SOFT, HARD, [0x8c, 0x6a, 0x70]]) expect(seen.has(bed.join()), `${bed.join()} shown`).toBe(true);
  });
});

describe('flat ground on the project’s beds is the ground, not the bed (issue 35 §3: Canyons’ floors read mauve)', () => {
  it('a flat floor in a coloured bed is the desert ground in the view and the colour map; a cliff in it is the bed; climate bands tint hardpan', () => {
    // Level beds from 5 m: shale 5–11 m, sandstone 11–13 m, a purple-grey siltstone 13–16 m; the floor lies in the siltstone.
    const beds = DIPPING.beds.map((bed, n) => (n === 2 ? { ...bed, colour: '#8c6a70' } : bed));
    const lines = desert({ ...DIPPING, beds, dipDeg: 0 });
    const field = createHeightfield(17, 17, 2);
    field.heights.fill(14.5);
    const n = field.width * field.depth;
    const normals = new Float32Array(3 * n);
    writeShadingNormals(field, normals);
    const view = new Float32Array(3 * n);
    writeVertexColours(field, normals, view, 'natural', { min: 0, max: 1 }, 0, field.depth, null, lines);
    const map = (['r', 'g', 'b'] as const).map((channel) => decodePng(compileColourMap(field, lines), 'c.png', { channel }).samples);
    // The desert's base ground (climate.ts: its base material's mean colour), dry.
    const ground = [...CLIMATE_LOOKS.desert.srgb[CLIMATE_LOOKS.desert.base]];
    for (let k = 0; k < n; k++) {
      expect(
        [0, 1, 2].map((c) => linearToSrgbByte(view[3 * k + c])),
        `view, vertex ${k}`,
      ).toEqual(ground);
      expect([map[0][k], map[1][k], map[2][k]], `colour map, pixel ${k}`).toEqual(ground);
    }
    // The same bed on a cliff is the bed's own colour.
    expect(cliffColour(lines, 0, 0, 14.5)).toEqual([0x8c, 0x6a, 0x70]);
    // Without strata the climate's level bands tint the flat hardpan by the climate's share, as before.
    const palette = naturalPalette(desert(), { erosion: false, road: false });
    const flat = [0, 0, 0];
    writeNaturalGround(palette, 14.5, 0, 0, 0, flat, 0, 0, 0, 0, 0);
    const band = [0, 0, 0];
    writeBandColour(palette.bands, palette.linearBeds, 14.5, band, 0);
    const own = ground.map(srgbByteToLinear);
    for (let c = 0; c < 3; c++) expect(flat[c]).toBeCloseTo(own[c] + (band[c] - own[c]) * CLIMATE_LOOKS.desert.groundBanding, 6);
  });
});

describe('the beds come from the document’s layers', () => {
  const beds = (thickness: number): Strata => ({
    beds: [
      { thickness, hardness: 1 },
      { thickness: 2, hardness: 5 },
    ],
    base: 0,
    dipDeg: 0,
    dipAzimuthDeg: 0,
  });
  const fluvial = fluvialLayer;
  const thermal = (strata?: Strata, enabled = true): Layer => ({
    id: 'thermal-1',
    name: 'Thermal',
    kind: 'thermal',
    enabled,
    opacity: 1,
    params: { ...DEFAULT_THERMAL, ...(strata && { strata }) },
  });
  const settings = { ...DEFAULT_VIEW_SETTINGS, climate: 'desert' as const };

  it('the topmost enabled fluvial or thermal layer with strata; none: the climate’s bands', () => {
    expect(naturalLinesOf(settings, [fluvial(beds(8)), thermal(beds(9))]).strata).toEqual(beds(9));
    expect(naturalLinesOf(settings, [fluvial(beds(8)), thermal(beds(9), false)]).strata).toEqual(beds(8));
    expect(naturalLinesOf(settings, [fluvial(beds(8)), thermal()]).strata).toEqual(beds(8));
    expect(naturalLinesOf(settings, [fluvial(null), thermal()]).strata).toBeUndefined();
    expect(naturalLinesOf(settings).strata).toBeUndefined();
  });

  it('an edit to the strata is a change of look (the views recolour), the same beds in a new object are not', () => {
    const before = naturalLinesOf(settings, [fluvial(beds(8))]);
    expect(sameNaturalLines(before, naturalLinesOf(settings, [fluvial(beds(8))]))).toBe(true);
    expect(sameNaturalLines(before, naturalLinesOf(settings, [fluvial(beds(7))]))).toBe(false);
    expect(sameNaturalLines(before, naturalLinesOf(settings, []))).toBe(false);
    // 6 m is in the soft bed of an 8 m + 2 m column but in the hard bed of a 5 m + 2 m one.
    expect(cliffColour(before, 0, 0, 6)).toEqual([...SOFT]);
    expect(cliffColour(naturalLinesOf(settings, [fluvial(beds(5))]), 0, 0, 6)).toEqual([...HARD]);
  });
});
