import { describe, expect, it } from 'vitest';
import { runFaultFormation } from '../fault/fastFormation';
import { applyStep, hydraulicStep, thermalStep, type TerrainStep } from '../recipe/steps';
import { createHeightfield } from '../terrain/heightfield';
import { evaluateStack } from './evaluate';
import { addSculptDeltas } from './kinds/sculpt';
import { everyKindStack, sculptLayer, SIZE, stampImage } from './testing/stacks';
import { SCULPT_TILE, type Layer } from './types';

const evaluate = (stack: Layer[]) => evaluateStack(stack, SIZE)!;
const bytes = (a: Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

describe('evaluateStack', () => {
  it('is deterministic: the same stack gives the same bytes, and a JSON copy of the params too', () => {
    const stack = everyKindStack();
    const a = evaluate(stack);
    const b = evaluate(everyKindStack());
    expect(bytes(a)).toEqual(bytes(b));
    const copied = stack.map((layer) => ({ ...layer, params: JSON.parse(JSON.stringify(layer.params)) as typeof layer.params }) as Layer);
    expect(bytes(evaluate(copied))).toEqual(bytes(a));
  });

  it('makes the same bytes as the recipe and steps it replaces (faults, manual fault, erosion, filters)', () => {
    const recipe = { seed: 9, iterations: 150, lineMethod: 'normal' as const, decay: { disp0: 4, dispN: 0.5, n: 120 } };
    const field = createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize);
    runFaultFormation(field, recipe, { end: 100 });
    const manual = { x1: -5, z1: 3, x2: 8, z2: 30, displacement: 2.25 };
    const { kind: _h, ...hydraulic } = hydraulicStep({ droplets: 400, seed: 2 });
    const { kind: _t, ...thermal } = thermalStep({ iterations: 4 });
    const steps: TerrainStep[] = [
      { kind: 'run', start: 100, end: 150 },
      { kind: 'manualFault', ...manual },
      { kind: 'hydraulic', ...hydraulic },
      { kind: 'thermal', ...thermal },
      { kind: 'smooth', k: 0.3 },
      { kind: 'normalise', min: 0, max: 50 },
    ];
    for (const step of steps) applyStep(field, step, recipe);
    const layer = { enabled: true, opacity: 1, name: '' };
    const stack: Layer[] = [
      { ...layer, id: 'faults', kind: 'faults', params: { ...recipe, runs: [100] } },
      { ...layer, id: 'm', kind: 'manualFaults', params: { faults: [manual] } },
      { ...layer, id: 'h', kind: 'hydraulic', params: hydraulic },
      { ...layer, id: 't', kind: 'thermal', params: thermal },
      { ...layer, id: 's', kind: 'smooth', params: { k: 0.3 } },
      { ...layer, id: 'n', kind: 'normalise', params: { min: 0, max: 50 } },
    ];
    expect(bytes(evaluate(stack))).toEqual(bytes(field.heights));
  });

  it('skips disabled layers and layers at opacity 0, and opacity mixes linearly', () => {
    const stack = everyKindStack();
    const full = evaluate(stack);
    const without = evaluate(stack.filter((layer) => layer.id !== 'stamp'));
    expect(bytes(evaluate(stack.map((l) => (l.id === 'stamp' ? { ...l, enabled: false } : l))))).toEqual(bytes(without));
    expect(bytes(evaluate(stack.map((l) => (l.id === 'stamp' ? { ...l, opacity: 0 } : l))))).toEqual(bytes(without));
    const half = evaluate(stack.map((l) => (l.id === 'stamp' ? { ...l, opacity: 0.5 } : l)));
    expect(full.filter((h, n) => h !== without[n]).length).toBeGreaterThan(50);
    const k = full.findIndex((h, n) => h !== without[n] && Math.abs(h - without[n]) > 1);
    expect(half[k]).toBeCloseTo((full[k] + without[k]) / 2, 0);
  });

  it('sculpt deltas stay on top of a regenerated base', () => {
    const sculpt = sculptLayer();
    const faults = everyKindStack()[0];
    const stack = (seed: number): Layer[] => [{ ...faults, params: { ...faults.params, seed } } as Layer, sculpt];
    const withoutSculpt = (seed: number) => evaluate([stack(seed)[0]]);
    for (const seed of [5, 6]) {
      const heights = evaluate(stack(seed));
      const below = withoutSculpt(seed);
      const j = SCULPT_TILE + 3;
      const i = 10;
      expect(heights[j * SIZE.width + i]).toBe(Math.fround(below[j * SIZE.width + i] + sculpt.tiles[0].deltas[3 * SCULPT_TILE + i]));
      expect(heights[0]).toBe(below[0]);
    }
  });

  it('a stamp adds, maxes, mins or replaces, fading in from its edge', () => {
    const flat: Layer = {
      id: 'h',
      name: '',
      enabled: true,
      opacity: 1,
      kind: 'heights',
      params: {},
      heights: new Float32Array(SIZE.width * SIZE.depth).fill(5),
    };
    const stamp = (blend: 'add' | 'max' | 'min' | 'replace', falloff = 0): Layer => ({
      id: 's',
      name: '',
      enabled: true,
      opacity: 1,
      kind: 'stamp',
      params: { x: 0, z: 0, rotationDeg: 0, size: 40, height: 10, blend, falloff },
      image: { width: 2, depth: 2, values: new Float32Array([1, 1, 1, 1]) },
    });
    const centre = ((SIZE.depth - 1) / 2) * SIZE.width + (SIZE.width - 1) / 2;
    expect(evaluate([flat, stamp('add')])[centre]).toBe(15);
    expect(evaluate([flat, stamp('max')])[centre]).toBe(10);
    expect(evaluate([flat, stamp('min')])[centre]).toBe(5);
    expect(evaluate([flat, stamp('replace')])[centre]).toBe(10);
    expect(evaluate([flat, stamp('add')])[0]).toBe(5);
    // Falloff over the whole half-side: full in the centre, less towards the edge, nothing beyond it.
    const soft = evaluate([flat, stamp('add', 1)]);
    expect(soft[centre]).toBe(15);
    expect(soft[centre + 8]).toBeGreaterThan(5);
    expect(soft[centre + 8]).toBeLessThan(15);
    expect(soft[centre + 11]).toBe(5);
    expect(stampImage().values.length).toBe(17 * 17);
  });

  it('a rotated stamp covers exactly the vertices of its rotated square', () => {
    const flat: Layer = { id: 'h', name: '', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: new Float32Array(SIZE.width * SIZE.depth) };
    for (const rotationDeg of [0, 17, 45, 90, 133, -60]) {
      const params = { x: 7, z: -5, rotationDeg, size: 50, height: 1, blend: 'add' as const, falloff: 0 };
      const out = evaluate([
        flat,
        { id: 's', name: '', enabled: true, opacity: 1, kind: 'stamp', params, image: { width: 2, depth: 2, values: new Float32Array([1, 1, 1, 1]) } },
      ]);
      const t = (rotationDeg * Math.PI) / 180;
      let expected = 0;
      for (let j = 0; j < SIZE.depth; j++) {
        for (let i = 0; i < SIZE.width; i++) {
          const dx = (i - (SIZE.width - 1) / 2) * SIZE.cellSize - params.x;
          const dz = (j - (SIZE.depth - 1) / 2) * SIZE.cellSize - params.z;
          const u = (dx * Math.cos(t) + dz * Math.sin(t)) / params.size + 0.5;
          const v = (-dx * Math.sin(t) + dz * Math.cos(t)) / params.size + 0.5;
          const inside = u >= 0 && u <= 1 && v >= 0 && v <= 1;
          if (inside) expected++;
          expect(out[j * SIZE.width + i]).toBe(inside ? 1 : 0);
        }
      }
      expect(expected).toBeGreaterThan(500);
    }
  });

  it('flatten sets the polygon to its height and fades over the falloff; masks limit any layer', () => {
    const ground: Layer = {
      id: 'h',
      name: '',
      enabled: true,
      opacity: 1,
      kind: 'heights',
      params: {},
      heights: Float32Array.from({ length: SIZE.width * SIZE.depth }, (_, k) => (k % SIZE.width) * 0.5),
    };
    const pad: Layer = {
      id: 'p',
      name: '',
      enabled: true,
      opacity: 1,
      kind: 'flatten',
      params: {
        points: [
          [-10, -10],
          [10, -10],
          [10, 10],
          [-10, 10],
        ],
        height: 40,
        falloff: 6,
      },
    };
    const out = evaluate([ground, pad]);
    const at = (x: number, z: number) => (z / SIZE.cellSize + (SIZE.depth - 1) / 2) * SIZE.width + x / SIZE.cellSize + (SIZE.width - 1) / 2;
    expect(out[at(0, 0)]).toBe(40);
    expect(out[at(10, 10)]).toBe(40);
    expect(out[at(14, 0)]).toBeGreaterThan(ground.heights[at(14, 0)]);
    expect(out[at(14, 0)]).toBeLessThan(40);
    expect(out[at(18, 0)]).toBe(ground.heights[at(18, 0)]);
    // A height band 0…22 m: where the ground is higher the pad does not act.
    const masked = evaluate([ground, { ...pad, mask: { kind: 'height', min: 0, max: 22, softness: 0 } }]);
    expect(ground.heights[at(-8, 0)]).toBe(22);
    expect(masked[at(-8, 0)]).toBe(40);
    expect(ground.heights[at(0, 0)]).toBe(24);
    expect(masked[at(0, 0)]).toBe(24);
    const bandOut = evaluate([ground, { ...pad, mask: { kind: 'height', min: 100, max: 200, softness: 0 } }]);
    expect(bytes(bandOut)).toEqual(bytes(ground.heights));
  });

  it('addSculptDeltas creates tiles only where painted and adds up', () => {
    const layer = sculptLayer('s2');
    layer.tiles = [];
    addSculptDeltas(layer, SIZE, { i0: 60, j0: 60, i1: 70, j1: 65 }, () => 0.5);
    addSculptDeltas(layer, SIZE, { i0: 60, j0: 60, i1: 61, j1: 61 }, () => 0.25);
    expect(layer.tiles.map((t) => [t.i, t.j]).sort()).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
    const out = evaluate([layer]);
    expect(out[60 * SIZE.width + 60]).toBe(0.75);
    expect(out[64 * SIZE.width + 69]).toBe(0.5);
    expect(out[65 * SIZE.width + 69]).toBe(0);
  });

  it('returns null when cancelled', () => {
    expect(evaluateStack(everyKindStack(), SIZE, { shouldCancel: () => true })).toBeNull();
  });
});
