import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ } from '../terrain/heightfield';
import { writeShadingNormals } from '../terrain/shadingNormals';
import { defaultMaskSet, layerWeights, MaskSources } from '../export/masks';
import { gridFromField } from '../export/grid';
import { WET_DARKENING, WET_RULE } from '../erosion/cover';
import { ruleWeight } from '../masks/ruleWeight';
import { writeVertexColours } from '../../app/view/terrainColours';
import { CLIMATE_LOOKS, CLIMATES } from './climate';
import { srgbByteToLinear } from '../terrain/colourRamp';
import { CHANNEL_RULE, groundLayers, groundPalette, groundWeights, wetShade, writeGroundColour } from './groundMaterials';
import { writeBandColour } from '../terrain/rockBands';
import { createRandom } from '../random';

/** A plane rising `rise` metres per metre along x from `base` at the map's middle: every vertex has the same exact and shading normal. */
function plane(side: number, cell: number, base: number, rise: number) {
  const field = createHeightfield(side, side, cell);
  for (let j = 0; j < side; j++) for (let i = 0; i < side; i++) field.heights[j * side + i] = base + rise * vertexX(field, i) + 0 * vertexZ(field, j);
  return field;
}

describe('ground materials: what the view paints is what the engine masks weigh', () => {
  it('the view’s natural colour at every vertex is the engine’s default mask weights × the materials’ colours (planes of every slope, random cover)', () => {
    const generator = createRandom(7);
    const rand = () => generator.next();
    for (const climate of CLIMATES) {
      const lines = { treeLine: 40, snowLine: 90, climate };
      // 1.0 and 1.1 (45°, 47.7°) lie in the turf's ragged edge: the same noise on both sides, patch by patch.
      for (const rise of [0, 0.3, 0.6, 0.9, 1, 1.1, 1.2, 2, 4]) {
        const field = plane(33, 2, 60, rise);
        const n = field.width * field.depth;
        const flow = Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
        const deposition = Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
        const normals = new Float32Array(n * 3);
        writeShadingNormals(field, normals);
        const colours = new Float32Array(n * 3);
        writeVertexColours(field, normals, colours, 'natural', { min: 0, max: 1 }, 0, field.depth, { flow, deposition }, lines);
        // The engine's side: the default mask set for the same look, weighed by masks.ts over the whole map.
        const set = defaultMaskSet(0, 1, true, lines.snowLine, { climate, treeLine: lines.treeLine });
        const weights = layerWeights(set, new MaskSources(gridFromField(field), { flow, deposition }), n);
        const layers = groundLayers(climate, lines, { erosion: true, road: false });
        expect(set.layers.map((l) => l.name)).toEqual(layers.map((l) => l.name));
        if (climate === 'temperate' && rise === 1.1) {
          // The plane's earth is patchy (the turf's ragged edge), not one even mix: some vertices all grass, some all earth.
          const dirt = weights[layers.findIndex((l) => l.name === 'dirt')];
          expect(Math.min(...dirt)).toBeLessThan(0.02);
          expect(Math.max(...dirt)).toBeGreaterThan(0.98);
        }
        const look = CLIMATE_LOOKS[climate];
        const beds = look.bands.beds.map((bed) => bed.srgb.map(srgbByteToLinear) as [number, number, number]);
        // Rubble (a desert's talus) takes its share of the beds' mean colour by thickness.
        const thickness = look.bands.beds.reduce((sum, bed) => sum + bed.thickness, 0);
        const rock = [0, 1, 2].map((c) => look.bands.beds.reduce((sum, bed, b) => sum + bed.thickness * beds[b][c], 0) / thickness);
        const band = [0, 0, 0];
        for (let k = 0; k < n; k += 7) {
          writeBandColour(look.bands, beds, field.heights[k], band, 0);
          const expected = [0, 0, 0];
          layers.forEach((layer, l) => {
            for (let c = 0; c < 3; c++) {
              const material = srgbByteToLinear(look.srgb[layer.material][c]);
              const own = material + (rock[c] - material) * (layer.rubble ?? 0);
              expected[c] += weights[l][k] * (own + (band[c] - own) * layer.banded);
            }
          });
          // Darkened where water ran, but for the gravel's share (by the engine's weights: channels, scree).
          const gravel = layers.reduce((sum, layer, l) => sum + (layer.material === 'gravel' ? weights[l][k] : 0), 0);
          const shade = 1 - WET_DARKENING * ruleWeight(WET_RULE, flow[k] / 255) * (1 - gravel);
          for (let c = 0; c < 3; c++) expect(colours[3 * k + c], `${climate}, rise ${rise}, vertex ${k}`).toBeCloseTo(expected[c] * shade, 5);
        }
      }
    }
  });

  it('creek gravel stays pale: the wet darkening is on the ground round the bed, not on the gravel', () => {
    // A channel's bed (flow at the map's most, on 5°) is all gravel: its colour is the gravel's own, as dry creek
    // gravel is. The wet rule darkened it whole (× 0.65), so beds read as dark mud.
    const lines = { treeLine: 1e4, snowLine: 2e4 };
    const palette = groundPalette('temperate', groundLayers('temperate', lines, { erosion: true, road: false }));
    const colour = (slopeDeg: number, flow: number) => {
      const out = [0, 0, 0];
      writeGroundColour(palette, { height: 10, slopeDeg, flow, deposition: 0, road: 0 }, out, 0, new Float32Array(palette.layers.length));
      return out;
    };
    const gravel = CLIMATE_LOOKS.temperate.srgb.gravel.map(srgbByteToLinear);
    const grass = CLIMATE_LOOKS.temperate.srgb.grass.map(srgbByteToLinear);
    colour(5, 1).forEach((c, i) => expect(c).toBeCloseTo(gravel[i], 6));
    // Wet grass where the water ran too steep for gravel to stay (36°: past the gravel's slope rule, under the turf's
    // limit) and where the flow is only just at the wet rule's full (0.3, a bed's edge with a tenth of gravel): darkened.
    colour(36, 1).forEach((c, i) => expect(c).toBeCloseTo(grass[i] * (1 - WET_DARKENING), 6));
    expect(wetShade(0.3, 0)).toBeCloseTo(1 - WET_DARKENING, 12);
    // Between, the darkening fades as the gravel comes in: the bed's edge is the darker band.
    const across = [0.3, 0.35, 0.4, 0.45, 0.5].map(
      (flow) => colour(5, flow)[1] / (ruleWeight(CHANNEL_RULE, flow) * gravel[1] + (1 - ruleWeight(CHANNEL_RULE, flow)) * grass[1]),
    );
    for (let n = 1; n < across.length; n++) expect(across[n]).toBeGreaterThan(across[n - 1]);
    expect(across[0]).toBeLessThan(0.8);
    expect(across[across.length - 1]).toBeCloseTo(1, 6);
  });

  it('a desert has no snow at any height; a temperate climate has snow above the snow line on flat ground only', () => {
    const lines = { treeLine: 100, snowLine: 200 };
    const desert = groundLayers('desert', lines, { erosion: true, road: true });
    expect(desert.some((l) => l.material === 'snow')).toBe(false);
    const temperate = groundLayers('temperate', lines, { erosion: false, road: false });
    const snow = temperate.findIndex((l) => l.material === 'snow');
    const weights = new Float32Array(temperate.length);
    const at = (height: number, slopeDeg: number) => {
      groundWeights(temperate, { height, slopeDeg, flow: 0, deposition: 0, road: 0 }, weights);
      return weights[snow];
    };
    expect(at(250, 0)).toBe(1);
    expect(at(150, 0)).toBe(0);
    expect(at(250, 65)).toBe(0);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('a desert’s talus is scree, not banded rock: unbanded gravel through scree’s angle of repose (33–37°), rock on cliffs', () => {
    // Scree stands at 33–37° (Statham 1977; Carson 1977, Carson & Kirkby 1972): a talus apron at a cliff's foot
    // is scree at any height, and only faces steeper than any scree stands are cliff, painted in the rock bands.
    const layers = groundLayers('desert', { treeLine: 2500, snowLine: 5000 }, { erosion: true, road: true });
    const weights = new Float32Array(layers.length);
    const at = (slopeDeg: number, height = 40) => {
      groundWeights(layers, { height, slopeDeg, flow: 0, deposition: 0, road: 0 }, weights);
      return (name: string) => weights[layers.findIndex((l) => l.name === name)] ?? 0;
    };
    const scree = layers.find((l) => l.name === 'scree');
    expect(scree?.material).toBe('gravel');
    expect(scree?.banded).toBe(0);
    for (const height of [-30, 40, 300]) expect(at(35, height)('scree'), `35° at ${height} m`).toBe(1);
    for (const slope of [33, 34, 35, 36, 37]) expect(at(slope)('scree'), `${slope}°`).toBeGreaterThan(0.85);
    expect(at(60)('rock')).toBe(1);
    expect(at(60)('scree')).toBe(0);
    expect(at(10)('ground')).toBe(1);
  });

  it('a temperate climate’s own level bands are only just there: no bed over 10 % darker or lighter than another in linear light', () => {
    // They repeat every 37 m over every rock face of a land with no strata of its own (Mountains): at ±8 levels a 4 m
    // bed was 26 % darker than the 12 m one under it, and from afar the dark beds drew contour lines across the faces.
    const luminance = (srgb: readonly number[]) => 0.2126 * srgbByteToLinear(srgb[0]) + 0.7152 * srgbByteToLinear(srgb[1]) + 0.0722 * srgbByteToLinear(srgb[2]);
    const levels = CLIMATE_LOOKS.temperate.bands.beds.map((bed) => luminance(bed.srgb));
    expect(Math.max(...levels) / Math.min(...levels)).toBeLessThan(1.1);
  });

  it('rock beds repeat with their cycle and blend only over the last metres below each bed’s top', () => {
    const { bands } = CLIMATE_LOOKS.desert;
    const beds = bands.beds.map((bed) => [bed.thickness, bed.thickness, bed.thickness] as [number, number, number]);
    const cycle = bands.beds.reduce((sum, bed) => sum + bed.thickness, 0);
    const out = [0, 0, 0];
    let bottom = 0;
    for (const bed of bands.beds) {
      for (const repeat of [-3, 0, 5]) {
        // Just above a bed's bottom: the bed itself; just below its top: almost all the next one.
        writeBandColour(bands, beds, repeat * cycle + bottom + 0.01, out, 0);
        expect(out[0]).toBeCloseTo(bed.thickness, 9);
      }
      bottom += bed.thickness;
    }
  });
});
