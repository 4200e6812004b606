import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ, type Heightfield } from '../terrain/heightfield';
import { gridFromField } from '../export/grid';
import { defaultMaskSet, layerWeights, MaskSetError, MaskSources, parseMaskSet, type MaskSet } from '../export/masks';
import { ruleWeight } from '../masks/ruleWeight';
import { CLIMATE_LOOKS } from './climate';
import { groundLayers, groundWeights } from './groundMaterials';
import { TURF_BAND, TURF_SPREAD, turfNoise, turfSpreadLost } from './turfEdge';

// Issue 34: a valley cut with the brush showed its earth as a straight band with a ruler-straight edge against
// the grass, since every point turned to earth at the same slope. The turf now gives way along a ragged edge;
// over a stretch of land the share of earth by slope is still the climate's fade (from 42° to 52° in a
// temperate climate: loose soil stands at 30–45°, rooted turf holds steep pasture to 40–45°).

const look = CLIMATE_LOOKS.temperate;
/** The climate's fade: earth by slope, a smoothstep over the 10° below the dirt slope. */
const fade = (slopeDeg: number) => ruleWeight({ source: 'slope', min: look.dirtSlope, softness: 10 }, slopeDeg);
const rock = (slopeDeg: number) => ruleWeight({ source: 'slope', min: look.rockSlope, softness: 10 }, slopeDeg);

/**
 * A cone whose slope grows linearly with the distance r from its axis, from `s0` degrees at r0 to `s1` at
 * r1 (constant inside and outside), its height the integral of tan(slope) along r (closed form per
 * piece is awkward; summed finely). Its iso-slope lines are circles.
 */
function cone(side: number, cell: number, r0: number, r1: number, s0: number, s1: number): Heightfield {
  const field = createHeightfield(side, side, cell);
  const slopeAt = (r: number) => (r <= r0 ? s0 : r >= r1 ? s1 : s0 + ((s1 - s0) * (r - r0)) / (r1 - r0));
  const step = 0.01;
  const table: number[] = [0];
  const rMax = Math.SQRT2 * ((side - 1) / 2) * cell + 1;
  for (let r = step; r <= rMax; r += step) table.push(table[table.length - 1] + step * Math.tan((slopeAt(r - step / 2) * Math.PI) / 180));
  for (let j = 0; j < side; j++)
    for (let i = 0; i < side; i++) {
      const r = Math.hypot(vertexX(field, i), vertexZ(field, j));
      const k = r / step;
      const k0 = Math.floor(k);
      field.heights[j * side + i] = 100 - (table[k0] + (table[k0 + 1] - table[k0]) * (k - k0));
    }
  return field;
}

/** Grid edges between vertices on either side of 0.5 of `weights`: the length of the 0.5 line, in edges crossed. */
function boundaryEdges(weights: Float32Array, side: number): number {
  let crossed = 0;
  for (let j = 0; j < side; j++)
    for (let i = 0; i < side; i++) {
      const k = j * side + i;
      const here = weights[k] >= 0.5;
      if (i + 1 < side && here !== weights[k + 1] >= 0.5) crossed++;
      if (j + 1 < side && here !== weights[k + side] >= 0.5) crossed++;
    }
  return crossed;
}

describe('the turf’s ragged edge (turfEdge.ts)', () => {
  it('is noise within −1…1 of the spread it states, the same at the same place, no octave finer than a few pixels far off', () => {
    let sum = 0;
    let squares = 0;
    const n = 40000;
    for (let k = 0; k < n; k++) {
      const x = ((k * 7919) % 6007) * 0.37 - 1100;
      const z = ((k * 104729) % 5003) * 0.41 - 1000;
      const v = turfNoise(x, z);
      expect(Math.abs(v)).toBeLessThanOrEqual(1);
      expect(turfNoise(x, z)).toBe(v);
      sum += v;
      squares += v * v;
    }
    const mean = sum / n;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.sqrt(squares / n - mean * mean)).toBeCloseTo(TURF_SPREAD, 1);
    // A pixel of 10 m keeps none of it (cells of 9.1 m and finer): the edge is the fade's, widened by all the spread.
    expect(turfNoise(12.3, -45.6, 10)).toBe(0);
    expect(turfSpreadLost(10)).toBeCloseTo(TURF_SPREAD, 12);
    expect(turfSpreadLost(0)).toBe(0);
  });

  it('on ground of one slope, the share of earth over a stretch of land is the climate’s fade (42° to 52°); none below 36°, all by 58°', () => {
    const layers = groundLayers('temperate', { treeLine: 200, snowLine: 350 }, { erosion: false, road: false });
    const dirt = layers.findIndex((l) => l.name === 'dirt');
    const grass = layers.findIndex((l) => l.name === 'grass');
    const bare = layers.findIndex((l) => l.name === 'rock');
    const out = new Float32Array(layers.length);
    for (let slope = 30; slope <= 66; slope += 1) {
      let earth = 0;
      let turf = 0;
      let stone = 0;
      let least = 1;
      let most = 0;
      const n = 4000;
      for (let k = 0; k < n; k++) {
        groundWeights(
          layers,
          { height: 40, slopeDeg: slope, flow: 0, deposition: 0, road: 0, x: (k % 80) * 3.7 - 150, z: Math.floor(k / 80) * 4.1 - 100 },
          out,
        );
        earth += out[dirt];
        turf += out[grass];
        stone += out[bare];
        least = Math.min(least, out[grass]);
        most = Math.max(most, out[grass]);
        expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
      }
      // Rock (ragged by the same noise) on top; grass and earth share what it leaves by the fade, on the whole.
      expect(earth / n + turf / n + stone / n, `${slope}°`).toBeCloseTo(1, 5);
      expect(Math.abs(stone / n - rock(slope)), `rock at ${slope}°`).toBeLessThan(0.08);
      expect(turf / n, `grass at ${slope}°`).toBeCloseTo((1 - rock(slope)) * (1 - fade(slope)), 1);
      expect(Math.abs(turf / n - (1 - rock(slope)) * (1 - fade(slope))), `grass at ${slope}°`).toBeLessThan(0.05);
      if (slope <= 36) expect(least, `${slope}°`).toBe(1);
      if (slope >= 58) expect(most, `${slope}°`).toBeLessThan(1e-6);
      // Through the fade, some ground is all grass and some all earth (patches, not an even mix).
      if (slope >= 45 && slope <= 49) {
        expect(most, `${slope}°`).toBe(1);
        expect(least, `${slope}°`).toBeLessThan(0.01);
      }
    }
  });

  it('the engine’s grass mask on a cone (slope 30° to 64° outwards) has a ragged edge, and its share by slope follows the fade', () => {
    const side = 257;
    const field = cone(side, 1, 40, 100, 30, 64);
    const n = side * side;
    const set = defaultMaskSet(0, 100, false, 400, { climate: 'temperate', treeLine: 300 });
    const names = set.layers.map((layer) => layer.name);
    expect(names).toEqual(['grass', 'scree', 'dirt', 'rock', 'snow']);
    const sources = new MaskSources(gridFromField(field));
    const grass = layerWeights(set, sources, n)[0];
    // The smooth edge: the same set with the climate's plain fade and no turf noise (every point turns at one slope).
    const smooth: MaskSet = {
      layers: set.layers.map((layer) =>
        layer.name === 'dirt' ? { name: 'dirt', rules: [{ source: 'slope', min: look.dirtSlope, softness: 10 }, ...layer.rules.slice(1)] } : layer,
      ),
    };
    const plain = layerWeights(smooth, new MaskSources(gridFromField(field)), n)[0];
    const ragged = boundaryEdges(grass, side);
    const straight = boundaryEdges(plain, side);
    // The plain edge is the 47° circle, r = 70 m: about 4/π × 2π × 70 grid edges crossed.
    expect(straight).toBeGreaterThan(500);
    expect(straight).toBeLessThan(620);
    expect(ragged / straight).toBeGreaterThan(1.3);
    // Grass share by slope, in 2° bins, against the fade (rock above it as it is).
    const slopes = sources.values('slope');
    for (let from = 36; from < 60; from += 2) {
      let sum = 0;
      let expected = 0;
      let count = 0;
      for (let k = 0; k < n; k++)
        if (slopes[k] >= from && slopes[k] < from + 2) {
          sum += grass[k];
          expected += (1 - rock(slopes[k])) * (1 - fade(slopes[k]));
          count++;
        }
      expect(count).toBeGreaterThan(400);
      expect(Math.abs(sum / count - expected / count), `${from}–${from + 2}°: ${sum / count} against ${expected / count}`).toBeLessThan(0.07);
    }
  });

  it('the engine’s rock mask on that cone has a ragged edge too (no smooth line where a wall’s rock begins), its share by slope the fade', () => {
    const side = 257;
    const field = cone(side, 1, 40, 100, 30, 64);
    const n = side * side;
    const set = defaultMaskSet(0, 100, false, 400, { climate: 'temperate', treeLine: 300 });
    const r = set.layers.findIndex((layer) => layer.name === 'rock');
    expect(set.layers[r].slopeBand).toBe(TURF_BAND);
    const sources = new MaskSources(gridFromField(field));
    const rockMask = layerWeights(set, sources, n)[r];
    // The plain edge: the rock's fade with no turf noise (every point turns at one slope).
    const smooth: MaskSet = {
      layers: set.layers.map((layer, l) => (l === r ? { name: 'rock', rules: [{ source: 'slope', min: look.rockSlope, softness: 10 }] } : layer)),
    };
    const plain = layerWeights(smooth, new MaskSources(gridFromField(field)), n)[r];
    const ragged = boundaryEdges(rockMask, side);
    const straight = boundaryEdges(plain, side);
    // The plain edge is the 57° circle, r ≈ 87.6 m: about 4/π × 2π × 87.6 grid edges crossed.
    expect(straight).toBeGreaterThan(640);
    expect(straight).toBeLessThan(780);
    expect(ragged / straight).toBeGreaterThan(1.3);
    const slopes = sources.values('slope');
    for (let from = 46; from < 64; from += 2) {
      let sum = 0;
      let expected = 0;
      let count = 0;
      for (let k = 0; k < n; k++)
        if (slopes[k] >= from && slopes[k] < from + 2) {
          sum += rockMask[k];
          expected += rock(slopes[k]);
          count++;
        }
      expect(count).toBeGreaterThan(400);
      // Within 0.1 on this one ring of ground (measured: 0.086 at 56–58°, 0.075 at 54–56°; over scattered
      // ground of one slope the rock is within 0.08 of the fade at every slope: the test above).
      expect(Math.abs(sum / count - expected / count), `${from}–${from + 2}°: ${sum / count} against ${expected / count}`).toBeLessThan(0.1);
    }
  });

  it('is a layer’s own choice in a mask set: kept by parseMaskSet, refused below 0; a set without it weighs the plain slope as before', () => {
    const layers = [
      { name: 'base', rules: [] },
      { name: 'bare', rules: [{ source: 'slope', min: 40, softness: 5 }] },
    ];
    const ragged = parseMaskSet({ layers: [layers[0], { ...layers[1], slopeBand: 8.9 }] });
    expect(ragged.layers[1].slopeBand).toBe(8.9);
    expect(() => parseMaskSet({ layers: [layers[0], { ...layers[1], slopeBand: -1 }] })).toThrow(MaskSetError);
    const plain = parseMaskSet({ layers });
    expect(plain.layers[1].slopeBand).toBeUndefined();
    const side = 65;
    const field = cone(side, 1, 5, 30, 20, 60);
    const sources = new MaskSources(gridFromField(field));
    const slopes = sources.values('slope');
    const before = layerWeights(plain, sources, side * side)[1];
    for (let k = 0; k < side * side; k++) expect(before[k]).toBe(Math.fround(ruleWeight({ source: 'slope', min: 40, softness: 5 }, slopes[k])));
    const after = layerWeights(ragged, new MaskSources(gridFromField(field)), side * side)[1];
    expect(after.some((w, k) => Math.abs(w - before[k]) > 0.5)).toBe(true);
  });
});
