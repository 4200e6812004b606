import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange } from '../../shared/terrain/heightfield';
import { buildTerrainMesh } from '../../shared/terrain/mesh';
import { HYPSOMETRIC_RAMP, NATURAL_SNOW_LINE_T, NATURAL_TREE_LINE_T, SLOPE_RAMP, srgbByteToLinear } from './colourRamp';
import {
  applyErosionCover,
  colourRange,
  DEFAULT_NATURAL_LINES,
  erosionCoverOf,
  naturalAxis,
  naturalPalette,
  writeHeightRows,
  writeNaturalGround,
  writeVertexColours,
} from './terrainColours';
import { CLIMATE_LOOKS } from '../../shared/ground/climate';
import { TURF_EDGE } from '../../shared/ground/turfEdge';
import { coverBytes, erosionCoverBytes, SEDIMENT_RULE, SEDIMENT_SRGB, WET_DARKENING } from '../../shared/erosion/cover';
import { defaultMaskSet, ruleWeight } from '../../shared/export/masks';

describe('vertex colours', () => {
  it('colours by height from the bottom to the top of the ramp', () => {
    const field = createHeightfield(4, 3, 1);
    field.heights.set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const mesh = buildTerrainMesh(field);
    const colours = new Float32Array(mesh.positions.length);
    writeVertexColours(field, mesh.normals, colours, 'height', heightRange(field.heights));
    expect(colours[0]).toBeCloseTo(srgbByteToLinear(HYPSOMETRIC_RAMP[0]), 6);
    expect(colours[11 * 3 + 2]).toBeCloseTo(srgbByteToLinear(HYPSOMETRIC_RAMP[255 * 3 + 2]), 6);
  });

  it('colours by slope: flat is the ramp start, steeper moves along it', () => {
    const field = createHeightfield(3, 3, 1);
    const mesh = buildTerrainMesh(field);
    const colours = new Float32Array(mesh.positions.length);
    writeVertexColours(field, mesh.normals, colours, 'slope', heightRange(field.heights));
    expect(colours[4 * 3 + 1]).toBeCloseTo(srgbByteToLinear(SLOPE_RAMP[1]), 6);
    for (let k = 0; k < 9; k++) field.heights[k] = (k % 3) * 3;
    const steep = buildTerrainMesh(field);
    writeVertexColours(field, steep.normals, colours, 'slope', heightRange(field.heights));
    expect(colours[4 * 3]).not.toBeCloseTo(srgbByteToLinear(SLOPE_RAMP[0]), 3);
  });

  it('writes heights of only the requested rows', () => {
    const field = createHeightfield(3, 3, 1);
    const mesh = buildTerrainMesh(field);
    field.heights.fill(5);
    writeHeightRows(field, mesh.positions, 1, 2);
    const ys = Array.from({ length: 9 }, (_, k) => mesh.positions[k * 3 + 1]);
    expect(ys).toEqual([0, 0, 0, 5, 5, 5, 0, 0, 0]);
  });
});

describe('natural colours', () => {
  it('are grass on low flat ground, rock on steep slopes and snow on high flat ground', () => {
    // A flat low half, a steep ramp, and a high flat top.
    const field = createHeightfield(9, 3, 1);
    const profile = [0, 0, 0, 0, 2, 4, 6, 6, 6];
    for (let j = 0; j < 3; j++) for (let i = 0; i < 9; i++) field.heights[j * 9 + i] = profile[i];
    const mesh = buildTerrainMesh(field);
    const colours = new Float32Array(mesh.positions.length);
    writeVertexColours(field, mesh.normals, colours, 'natural', colourRange('natural', heightRange(field.heights), { treeLine: 2, snowLine: 4 }), 0, 3, null, {
      treeLine: 2,
      snowLine: 4,
    });
    const at = (i: number) => Array.from(colours.subarray((9 + i) * 3, (9 + i) * 3 + 3));
    const [low, steep, top] = [at(1), at(5), at(8)];
    // Grass: green leads.
    expect(low[1]).toBeGreaterThan(low[0]);
    expect(low[1]).toBeGreaterThan(low[2]);
    // Rock: greyish brown, red at least green.
    expect(steep[0]).toBeGreaterThanOrEqual(steep[1]);
    // Snow: bright and nearly neutral.
    expect(Math.min(...top)).toBeGreaterThan(0.7);
    // Low flat ground far below the tree line is the grass material's colour exactly (linear light).
    low.forEach((c, i) => expect(c).toBeCloseTo(srgbByteToLinear(CLIMATE_LOOKS.temperate.srgb.grass[i]), 6));
  });

  it('change smoothly with the slope: no step between neighbouring slope bins (a banding at the cells’ scale)', () => {
    // Two ramps whose slopes lie a third of a degree apart on a bank (dirt fading in from 42°) get different, close colours.
    const colourOfRamp = (slopeDeg: number) => {
      const field = createHeightfield(5, 3, 1);
      for (let j = 0; j < 3; j++) for (let i = 0; i < 5; i++) field.heights[j * 5 + i] = i * Math.tan((slopeDeg * Math.PI) / 180);
      const mesh = buildTerrainMesh(field);
      const colours = new Float32Array(mesh.positions.length);
      writeVertexColours(field, mesh.normals, colours, 'natural', { min: -1000, max: 1000 });
      return colours[(5 + 2) * 3];
    };
    const bin = 90 / 63;
    const a = colourOfRamp(32 * bin);
    const b = colourOfRamp(32.33 * bin);
    const c = colourOfRamp(32.66 * bin);
    expect(a).not.toBe(b);
    expect(b).not.toBe(c);
    // A smooth fade: at one point the turf turns to earth over TURF_EDGE degrees (its ragged edge, turfEdge.ts), so a
    // third of a bin changes a channel by at most the smoothstep's steepest share of it (1.5 / TURF_EDGE a degree)
    // of the grass–earth difference.
    const { grass, dirt } = CLIMATE_LOOKS.temperate.srgb;
    const most = (1.5 / TURF_EDGE) * (bin / 3) * Math.abs(srgbByteToLinear(dirt[0]) - srgbByteToLinear(grass[0]));
    expect(Math.abs(b - a)).toBeLessThan(most);
    expect(Math.abs(c - b)).toBeLessThan(most);
  });

  it('follow metres, not the map: low hills get no snow however their range is drawn; the snow line is where snow starts', () => {
    const topOf = (peak: number, lines = DEFAULT_NATURAL_LINES) => {
      const field = createHeightfield(9, 3, 1);
      for (let j = 0; j < 3; j++) for (let i = 0; i < 9; i++) field.heights[j * 9 + i] = i < 4 ? 0 : peak;
      const mesh = buildTerrainMesh(field);
      const colours = new Float32Array(mesh.positions.length);
      writeVertexColours(field, mesh.normals, colours, 'natural', colourRange('natural', heightRange(field.heights), lines), 0, 3, null, lines);
      return Array.from(colours.subarray((9 + 8) * 3, (9 + 8) * 3 + 3));
    };
    const isSnow = (c: number[]) => Math.min(...c) > 0.7;
    // 100 m hills under the default lines (tree 200 m, snow 350 m): green, not white.
    const hill = topOf(100);
    expect(isSnow(hill)).toBe(false);
    expect(hill[1]).toBeGreaterThan(hill[2]);
    expect(isSnow(topOf(DEFAULT_NATURAL_LINES.snowLine + 40))).toBe(true);
    expect(isSnow(topOf(DEFAULT_NATURAL_LINES.snowLine - 40))).toBe(false);
    // Lines moved down in the View panel: the same 100 m top is under snow.
    expect(isSnow(topOf(100, { treeLine: 40, snowLine: 80 }))).toBe(true);
  });

  it('puts the lines where the table changes cover', () => {
    const axis = naturalAxis({ treeLine: 200, snowLine: 350 });
    expect((200 - axis.min) / (axis.max - axis.min)).toBeCloseTo(NATURAL_TREE_LINE_T, 12);
    expect((350 - axis.min) / (axis.max - axis.min)).toBeCloseTo(NATURAL_SNOW_LINE_T, 12);
    // A snow line under the tree line still gives a valid axis.
    const odd = naturalAxis({ treeLine: 50, snowLine: 10 });
    expect(odd.max).toBeGreaterThan(odd.min);
  });
});

describe('natural colours from erosion results (shared/erosion/cover.ts)', () => {
  const sediment = SEDIMENT_SRGB.map(srgbByteToLinear);
  const grass = [0.1, 0.3, 0.05];

  it('the cover rule: sediment colour where material was deposited, darker where water flowed, nothing on bare ground or faces', () => {
    const at = (slopeDeg: number, flow: number, deposition: number): number[] => {
      const rgb = [...grass];
      applyErosionCover(rgb, 0, slopeDeg, flow, deposition);
      return rgb;
    };
    expect(at(5, 0, 0)).toEqual(grass);
    at(5, 0, 1).forEach((c, i) => expect(c).toBeCloseTo(sediment[i], 6));
    at(5, 1, 0).forEach((c, i) => expect(c).toBeCloseTo(grass[i] * (1 - WET_DARKENING), 6));
    // Below the sediment rule's fade nothing changes; within it, part of the way.
    expect(at(5, 0, (SEDIMENT_RULE.min ?? 0) - (SEDIMENT_RULE.softness ?? 0) - 0.01)).toEqual(grass);
    const partly = at(5, 0, (SEDIMENT_RULE.min ?? 0) - (SEDIMENT_RULE.softness ?? 0) / 2)[0];
    expect(partly).toBeGreaterThan(Math.min(grass[0], sediment[0]));
    expect(partly).toBeLessThan(Math.max(grass[0], sediment[0]));
    // A 60° face keeps its colour under a deposit.
    expect(at(60, 0, 1)).toEqual(grass);
  });

  it('the engine masks use the same rule: the default set gets a sediment layer whose coverage is the look’s sediment weight', () => {
    expect(defaultMaskSet(0, 100).layers.map((l) => l.name)).toEqual(['grass', 'scree', 'dirt', 'rock', 'snow']);
    const set = defaultMaskSet(0, 100, true);
    expect(set.layers.map((l) => l.name)).toEqual(['grass', 'scree', 'dirt', 'rock', 'sediment', 'gravel', 'snow']);
    expect(set.layers[4].rules).toContainEqual(SEDIMENT_RULE);
    expect(ruleWeight(SEDIMENT_RULE, 1)).toBe(1);
    expect(ruleWeight(SEDIMENT_RULE, 0)).toBe(0);
  });

  it('changes the natural colours exactly where the erosion run deposited', () => {
    const field = createHeightfield(6, 4, 1);
    const mesh = buildTerrainMesh(field);
    const range = naturalAxis(DEFAULT_NATURAL_LINES);
    const plain = new Float32Array(mesh.positions.length);
    writeVertexColours(field, mesh.normals, plain, 'natural', range);
    const masks = { flow: new Float32Array(24), deposition: new Float32Array(24) };
    masks.deposition[7] = 2;
    masks.deposition[8] = -1; // carved: no sediment
    masks.deposition[15] = 0.01; // a trace, under the rule's band
    const covered = new Float32Array(mesh.positions.length);
    writeVertexColours(field, mesh.normals, covered, 'natural', range, 0, field.depth, erosionCoverOf(erosionCoverBytes(masks)));
    for (let k = 0; k < 24; k++) {
      const same = [0, 1, 2].every((c) => covered[k * 3 + c] === plain[k * 3 + c]);
      expect(same, `vertex ${k}`).toBe(k !== 7);
    }
    // Full sediment: the sediment material's colour (temperate: wet silt).
    [0, 1, 2].forEach((c) => expect(covered[7 * 3 + c]).toBeCloseTo(srgbByteToLinear(CLIMATE_LOOKS.temperate.srgb.sand[c]), 6));
  });

  it('holds the cover as bytes (coverBytes: 0…1 of the largest, × 255, rounded) and colours by byte / 255', () => {
    const masks = { flow: Float32Array.from([0, 1, 2, 4, -3, 0.01]), deposition: Float32Array.from([-1, 0, 0.5, 1, 0.0999, 0.25]) };
    const cover = erosionCoverOf(erosionCoverBytes(masks));
    expect(cover.flow).toBeInstanceOf(Uint8Array);
    expect([...cover.flow]).toEqual([0, 64, 128, 255, 0, 1]);
    expect([...cover.deposition]).toEqual([0, 0, 128, 255, 25, 64]);
    expect([...coverBytes(new Float32Array([-1, -2]))]).toEqual([0, 0]);
    // The colour of a vertex is applyErosionCover at the byte's value, not the float's.
    const field = createHeightfield(3, 2, 1);
    const mesh = buildTerrainMesh(field);
    const range = naturalAxis(DEFAULT_NATURAL_LINES);
    const colours = new Float32Array(mesh.positions.length);
    writeVertexColours(field, mesh.normals, colours, 'natural', range, 0, field.depth, cover);
    const plain = new Float32Array(mesh.positions.length);
    writeVertexColours(field, mesh.normals, plain, 'natural', range);
    const palette = naturalPalette(DEFAULT_NATURAL_LINES, { erosion: true, road: false });
    for (let k = 0; k < 6; k++) {
      const expected = [0, 0, 0];
      writeNaturalGround(palette, 0, 0, cover.flow[k] / 255, cover.deposition[k] / 255, expected, 0);
      expect(Array.from(colours.subarray(k * 3, k * 3 + 3)), `vertex ${k}`).toEqual(expected.map(Math.fround));
    }
    // Deposition 0.0999 of the largest is byte 25 (0.098), inside the sediment rule's fade: partly sediment.
    expect(colours[4 * 3]).not.toBe(plain[4 * 3]);
  });
});
