import { describe, expect, it } from 'vitest';
import { createHeightfield, vertexX, vertexZ } from '../terrain/heightfield';
import { writeShadingNormals } from '../terrain/shadingNormals';
import { applyDab, dabRect, type BrushSettings } from '../../app/tools/brush';
import { DAB_SPACING_PER_RADIUS } from '../../app/tools/brushStroke';
import { groundLayers, groundWeights } from './groundMaterials';

// Which material steep ground gets (issue 34: a brush-lowered valley read as a grey stone wall, then as a
// band of bare earth). Loose soil and scree stand at 30–45° (their angle of repose); rooted turf holds
// steeper (steep pastures and alpine grass slopes at 40–45°); ground standing steeper than soil can is
// bare rock. The rules are those the engine masks are written by.

const ROLLING_HILLS = { treeLine: 200, snowLine: 350 };
const temperate = groundLayers('temperate', ROLLING_HILLS, { erosion: false, road: false });
const index = (name: string) => temperate.findIndex((l) => l.name === name);

function weightsAt(slopeDeg: number, height = 40, x = 0, z = 0): Float32Array {
  const out = new Float32Array(temperate.length);
  groundWeights(temperate, { height, slopeDeg, flow: 0, deposition: 0, road: 0, x, z }, out);
  return out;
}

describe('ground by slope in a temperate climate', () => {
  it('grass to 42° (turf holds steep pasture), earth from there to 52° on the whole, rock only on faces steeper than soil stands (all rock from 62°)', () => {
    // The turf gives way along a ragged edge (turfEdge.ts): the mean over a stretch of ground of one slope.
    const mean = (slope: number, name: string) => {
      let sum = 0;
      for (let k = 0; k < 2500; k++) sum += weightsAt(slope, 40, (k % 50) * 5.3, Math.floor(k / 50) * 4.7)[index(name)];
      return sum / 2500;
    };
    for (const slope of [20, 30, 36]) expect(mean(slope, 'grass'), `${slope}°`).toBe(1);
    expect(mean(42, 'grass')).toBeGreaterThan(0.95);
    // Half grass, half earth half-way through the fade; no rock up to 52°, where the earth is nearly full.
    expect(mean(47, 'grass')).toBeCloseTo(0.5, 1);
    expect(mean(47, 'dirt')).toBeCloseTo(0.5, 1);
    // Rock gives way along the same ragged edge (turfEdge.ts): none to 47°, a trace at 50–52°, half at 57°, all from 68°.
    for (const slope of [42, 45, 47]) expect(mean(slope, 'rock'), `${slope}°`).toBe(0);
    for (const slope of [50, 52]) expect(mean(slope, 'rock'), `${slope}°`).toBeLessThan(0.03);
    expect(mean(52, 'grass')).toBeLessThan(0.05);
    expect(mean(57, 'rock')).toBeCloseTo(0.5, 1);
    expect(mean(62, 'rock')).toBeGreaterThan(0.95);
    expect(mean(68, 'rock')).toBe(1);
    expect(mean(75, 'rock')).toBe(1);
  });

  it('above the tree line steep ground below the rock slope is scree, not earth', () => {
    const mountains = { treeLine: 50, snowLine: 72 };
    const layers = groundLayers('temperate', mountains, { erosion: false, road: false });
    const out = new Float32Array(layers.length);
    // Where scree is full (a quarter of the gap below the snow line), below the snow's edge.
    groundWeights(layers, { height: 66.5, slopeDeg: 50, flow: 0, deposition: 0, road: 0 }, out);
    expect(out[layers.findIndex((l) => l.name === 'scree')]).toBeGreaterThan(0.95);
    expect(out[layers.findIndex((l) => l.name === 'dirt')]).toBe(0);
    // Below the tree line the same slope is earth (nine tenths of the way through grass's fade to it).
    groundWeights(layers, { height: 30, slopeDeg: 50, flow: 0, deposition: 0, road: 0 }, out);
    expect(out[layers.findIndex((l) => l.name === 'dirt')]).toBeGreaterThan(0.85);
    expect(out[layers.findIndex((l) => l.name === 'scree')]).toBe(0);
  });

  it('a valley lowered by the brush (radius 18 m, strength 1, four passes) is mostly grass on its sides, earth on the steepest', () => {
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
        groundWeights(temperate, { height: field.heights[k], slopeDeg, flow: 0, deposition: 0, road: 0, x: vertexX(field, i), z: vertexZ(field, j) }, out);
        share.grass += out[index('grass')];
        share.dirt += out[index('dirt')];
        share.rock += out[index('rock')];
        sides++;
        expect(Math.abs(vertexZ(field, j))).toBeLessThan(brush.radius + cell);
      }
    }
    // The raise/lower bell (app/tools/brush.ts reliefWeight) rounds the valley: no face reaches the slope where rock is
    // full, and earth and grass cover nearly all of the sides (with the old full-weight core: a 62° trench, rock 56 %).
    // Its walls (45–53°) are more grass than earth, so from afar it reads as a grassy valley, not a band of earth
    // (with grass only to 30°: grass 33 %, earth 56 %, rock 11 %); its steepest stretches are still bare earth.
    expect(steepest).toBeLessThan(58);
    expect(share.rock / sides).toBeLessThan(0.05);
    expect(share.grass / sides).toBeGreaterThan(0.5);
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
