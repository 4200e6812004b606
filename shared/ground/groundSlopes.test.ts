import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ } from '../terrain/heightfield';
import { writeShadingNormals } from '../terrain/shadingNormals';
import { applyDab, dabRect, type BrushSettings } from '../../app/tools/brush';
import { DAB_SPACING_PER_RADIUS } from '../../app/tools/brushStroke';
import { groundLayers, groundWeights } from './groundMaterials';

// Which material steep ground gets (issue 34: a brush-lowered valley read as a grey stone wall). Loose
// soil and scree stand at 30–45° (their angle of repose), vegetated banks to about 30°; ground
// standing steeper than soil can is bare rock. The rules are those the engine masks are written by.

const ROLLING_HILLS = { treeLine: 200, snowLine: 350 };
const temperate = groundLayers('temperate', ROLLING_HILLS, { erosion: false, road: false });
const index = (name: string) => temperate.findIndex((l) => l.name === name);

function weightsAt(slopeDeg: number, height = 40): Float32Array {
  const out = new Float32Array(temperate.length);
  groundWeights(temperate, { height, slopeDeg, flow: 0, deposition: 0, road: 0 }, out);
  return out;
}

describe('ground by slope in a temperate climate', () => {
  it('grass to 30°, earth through soil’s angle of repose (up to 45°), rock only on faces steeper than soil stands', () => {
    expect(weightsAt(20)[index('grass')]).toBe(1);
    expect(weightsAt(30)[index('grass')]).toBeGreaterThanOrEqual(0.99);
    for (const slope of [40, 42, 45]) {
      expect(weightsAt(slope)[index('dirt')], `${slope}°`).toBe(1);
      expect(weightsAt(slope)[index('rock')], `${slope}°`).toBe(0);
    }
    expect(weightsAt(60)[index('rock')]).toBe(1);
    expect(weightsAt(75)[index('rock')]).toBe(1);
  });

  it('above the tree line steep ground below the rock slope is scree, not earth', () => {
    const mountains = { treeLine: 50, snowLine: 72 };
    const layers = groundLayers('temperate', mountains, { erosion: false, road: false });
    const out = new Float32Array(layers.length);
    // Where scree is full (a quarter of the gap below the snow line), below the snow's edge.
    groundWeights(layers, { height: 66.5, slopeDeg: 42, flow: 0, deposition: 0, road: 0 }, out);
    expect(out[layers.findIndex((l) => l.name === 'scree')]).toBeGreaterThan(0.95);
    expect(out[layers.findIndex((l) => l.name === 'dirt')]).toBe(0);
    groundWeights(layers, { height: 30, slopeDeg: 42, flow: 0, deposition: 0, road: 0 }, out);
    expect(out[layers.findIndex((l) => l.name === 'dirt')]).toBe(1);
  });

  it('a valley lowered by the brush (radius 18 m, strength 1, four passes) is mostly earth and grass on its sides', () => {
    const side = 97;
    const cell = 2;
    const field = createHeightfield(side, side, cell);
    field.heights.fill(40);
    const brush: BrushSettings = { mode: 'lower', radius: 18, strength: 1, falloff: 0.7 };
    const spacing = brush.radius * DAB_SPACING_PER_RADIUS;
    for (let pass = 0; pass < 4; pass++) {
      for (let x = -60; x <= 60; x += spacing) {
        const rect = dabRect(field, x, 0, brush.radius);
        if (rect) applyDab(field, brush, x, 0, rect, 0);
      }
    }
    const normals = new Float32Array(side * side * 3);
    writeShadingNormals(field, normals);
    // The sides across the valley's middle third (x within ±20 m), where the ground is not level.
    const share = { grass: 0, dirt: 0, rock: 0 };
    let sides = 0;
    let steepest = 0;
    const out = new Float32Array(temperate.length);
    for (let j = 0; j < side; j++) {
      for (let i = 0; i < side; i++) {
        const k = j * side + i;
        const slopeDeg = (Math.acos(Math.min(1, normals[3 * k + 1])) * 180) / Math.PI;
        if (Math.abs(vertexX(field, i)) > 20 || slopeDeg < 5) continue;
        steepest = Math.max(steepest, slopeDeg);
        groundWeights(temperate, { height: field.heights[k], slopeDeg, flow: 0, deposition: 0, road: 0 }, out);
        share.grass += out[index('grass')];
        share.dirt += out[index('dirt')];
        share.rock += out[index('rock')];
        sides++;
        expect(Math.abs(vertexZ(field, j))).toBeLessThan(brush.radius + cell);
      }
    }
    // The raise/lower bell (app/tools/brush.ts reliefWeight) rounds the valley: no face reaches the slope where rock is
    // full, and earth and grass cover nearly all of the sides (with the old full-weight core: a 62° trench, rock 56 %).
    expect(steepest).toBeLessThan(58);
    expect(share.rock / sides).toBeLessThan(0.15);
    expect((share.grass + share.dirt) / sides).toBeGreaterThan(0.85);
    expect(share.dirt / sides).toBeGreaterThan(0.25);
    // The floor, along the centre line, is grass (level ground), not the rock of the walls.
    for (let i = 0; i < side; i++) {
      if (Math.abs(vertexX(field, i)) > 20) continue;
      const k = ((side - 1) / 2) * side + i;
      const slopeDeg = (Math.acos(Math.min(1, normals[3 * k + 1])) * 180) / Math.PI;
      groundWeights(temperate, { height: field.heights[k], slopeDeg, flow: 0, deposition: 0, road: 0 }, out);
      expect(out[index('grass')]).toBeGreaterThan(0.99);
    }
  });
});
