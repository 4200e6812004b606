import { describe, expect, it } from 'vitest';
import { createHeightfield, heightRange } from '../../shared/terrain/heightfield';
import { buildTerrainMesh } from '../../shared/terrain/mesh';
import { HYPSOMETRIC_RAMP, NATURAL_TABLE, SLOPE_RAMP, srgbByteToLinear } from './colorRamp';
import { writeHeightRows, writeVertexColors } from './terrainColors';

describe('vertex colours', () => {
  it('colours by height from the bottom to the top of the ramp', () => {
    const field = createHeightfield(4, 3, 1);
    field.heights.set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const mesh = buildTerrainMesh(field);
    const colors = new Float32Array(mesh.positions.length);
    writeVertexColors(field, mesh.normals, colors, 'height', heightRange(field.heights));
    expect(colors[0]).toBeCloseTo(srgbByteToLinear(HYPSOMETRIC_RAMP[0]), 6);
    expect(colors[11 * 3 + 2]).toBeCloseTo(srgbByteToLinear(HYPSOMETRIC_RAMP[255 * 3 + 2]), 6);
  });

  it('colours by slope: flat is the ramp start, steeper moves along it', () => {
    const field = createHeightfield(3, 3, 1);
    const mesh = buildTerrainMesh(field);
    const colors = new Float32Array(mesh.positions.length);
    writeVertexColors(field, mesh.normals, colors, 'slope', heightRange(field.heights));
    expect(colors[4 * 3 + 1]).toBeCloseTo(srgbByteToLinear(SLOPE_RAMP[1]), 6);
    for (let k = 0; k < 9; k++) field.heights[k] = (k % 3) * 3;
    const steep = buildTerrainMesh(field);
    writeVertexColors(field, steep.normals, colors, 'slope', heightRange(field.heights));
    expect(colors[4 * 3]).not.toBeCloseTo(srgbByteToLinear(SLOPE_RAMP[0]), 3);
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
    const colors = new Float32Array(mesh.positions.length);
    writeVertexColors(field, mesh.normals, colors, 'natural', heightRange(field.heights));
    const at = (i: number) => Array.from(colors.subarray((9 + i) * 3, (9 + i) * 3 + 3));
    const [low, steep, top] = [at(1), at(5), at(8)];
    // Grass: green leads.
    expect(low[1]).toBeGreaterThan(low[0]);
    expect(low[1]).toBeGreaterThan(low[2]);
    // Rock: greyish brown, red at least green.
    expect(steep[0]).toBeGreaterThanOrEqual(steep[1]);
    // Snow: bright and nearly neutral.
    expect(Math.min(...top)).toBeGreaterThan(0.7);
    // Same table entries as the LOD shader reads: NATURAL_TABLE at (slope bin, height index).
    expect(low[0]).toBeCloseTo(srgbByteToLinear(NATURAL_TABLE[0]), 6);
  });
});
