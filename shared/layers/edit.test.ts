import { describe, expect, it } from 'vitest';
import { DEFAULT_FLUVIAL } from '../erosion/fluvialParams';
import { contribution, duplicateLayer, moveLayer, removeLayer, renameLayer, setLayerEnabled, setLayerOpacity, setLayerParam } from './edit';
import { evaluateStack } from './evaluate';
import { everyKindStack, SIZE } from './testing/stacks';
import { MAX_LAYERS, type Layer, type SculptLayer } from './types';
import { stackProblem } from './validate';

describe('stack edits', () => {
  it('return a new stack in which only the changed layer is a new object', () => {
    const stack = everyKindStack();
    const next = setLayerParam(stack, 'faults', 'decay.disp0', 9);
    expect(next[0].params).toMatchObject({ decay: { disp0: 9, dispN: 0.5 } });
    expect(stack[0].params).toMatchObject({ decay: { disp0: 3 } });
    expect(next.slice(1).every((layer, k) => layer === stack[k + 1])).toBe(true);
    expect(setLayerParam(stack, 'faults', 'profile', { kind: 'smooth', width: 12 })[0].params).toMatchObject({ profile: { kind: 'smooth', width: 12 } });
    expect(setLayerParam(stack, 'stamp', 'opacity', 0.25)[8].opacity).toBe(0.25);
    expect(setLayerOpacity(stack, 'stamp', 0.5)[8].opacity).toBe(0.5);
    expect(renameLayer(stack, 'stamp', 'Crater')[8].name).toBe('Crater');
    expect(setLayerEnabled(stack, 'smooth', false)[5].enabled).toBe(false);
    expect(removeLayer(stack, 'smooth').map((l) => l.id)).not.toContain('smooth');
    expect(moveLayer(stack, 'pad', 0)[0].id).toBe('pad');
    expect(moveLayer(stack, 'faults', 99).at(-1)!.id).toBe('faults');
  });

  it("add a thermal layer's optional params (the wall retreat, aprons, floors, strata), step into lists, and remove them with null", () => {
    const stack = everyKindStack();
    const at = stack.findIndex((layer) => layer.kind === 'thermal');
    const id = stack[at].id;
    expect(stack[at].params).not.toHaveProperty('retreatDeg');
    let next = setLayerParam(stack, id, 'retreatDeg', 65);
    next = setLayerParam(next, id, 'talusShare', 0.5);
    next = setLayerParam(next, id, 'floorFill', 16);
    const beds = [
      { thickness: 10, hardness: 1 },
      { thickness: 4, hardness: 3 },
    ];
    next = setLayerParam(next, id, 'strata', { beds, base: 0, dipDeg: 0, dipAzimuthDeg: 0 });
    next = setLayerParam(next, id, 'strata.beds.1.hardness', 5);
    expect(next[at].params).toMatchObject({ retreatDeg: 65, talusShare: 0.5, floorFill: 16, strata: { beds: [beds[0], { thickness: 4, hardness: 5 }] } });
    expect(stackProblem(next, SIZE)).toBeNull();
    // null takes an optional param away: the layer is again the one without it, key for key.
    const removed = ['retreatDeg', 'talusShare', 'floorFill', 'strata'].reduce((s, key) => setLayerParam(s, id, key, null), next);
    expect(removed[at].params).toEqual(stack[at].params);
    expect(() => setLayerParam(next, id, 'strata.beds.2.hardness', 1)).toThrow(/has no parameter "strata.beds.2"/);
    expect(() => setLayerParam(next, id, 'strata.beds.length', 1)).toThrow(/has no parameter "strata.beds.length"/);
    expect(stackProblem(setLayerParam(next, id, 'talusShare', -1), SIZE)).toMatch(/talus share must be from 0 to 1/);
    // The crease rounding, the same way.
    const rounded = setLayerParam(stack, id, 'creaseBreak', 0.13);
    expect(rounded[at].params).toMatchObject({ creaseBreak: 0.13 });
    expect(setLayerParam(rounded, id, 'creaseBreak', null)[at].params).toEqual(stack[at].params);
    expect(stackProblem(setLayerParam(stack, id, 'creaseBreak', -0.1), SIZE)).toMatch(/crease break must be from 0/);
    // Narrow tops cut flat and lips rounded, the same way.
    const flat = setLayerParam(setLayerParam(stack, id, 'topWidth', 12), id, 'lipPasses', 1);
    expect(flat[at].params).toMatchObject({ topWidth: 12, lipPasses: 1 });
    expect(stackProblem(flat, SIZE)).toBeNull();
    expect(setLayerParam(setLayerParam(flat, id, 'topWidth', null), id, 'lipPasses', null)[at].params).toEqual(stack[at].params);
    expect(stackProblem(setLayerParam(stack, id, 'topWidth', -1), SIZE)).toMatch(/top width must be from 0/);
    expect(stackProblem(setLayerParam(stack, id, 'lipPasses', 1.5), SIZE)).toMatch(/lip passes must be a whole number/);
    // The cliff angle, the same way; a bed's own colour is optional inside the beds and checked.
    const cliffs = setLayerParam(next, id, 'cliffDeg', 72);
    expect(cliffs[at].params).toMatchObject({ cliffDeg: 72 });
    expect(stackProblem(setLayerParam(next, id, 'cliffDeg', 90), SIZE)).toMatch(/cliff angle must be between 0° and 90°/);
    expect(setLayerParam(cliffs, id, 'cliffDeg', null)[at].params).toEqual(next[at].params);
    const faces = setLayerParam(cliffs, id, 'faceCells', 3);
    expect(faces[at].params).toMatchObject({ faceCells: 3 });
    expect(stackProblem(faces, SIZE)).toBeNull();
    expect(stackProblem(setLayerParam(cliffs, id, 'faceCells', 0.5), SIZE)).toMatch(/face cells must be from 1 to 64/);
    expect(setLayerParam(faces, id, 'faceCells', null)[at].params).toEqual(cliffs[at].params);
    const edged = setLayerParam(cliffs, id, 'edgeContinues', true);
    expect(edged[at].params).toMatchObject({ edgeContinues: true });
    expect(stackProblem(setLayerParam(cliffs, id, 'edgeContinues', 1), SIZE)).toMatch(/edge continues must be true or false/);
    expect(setLayerParam(edged, id, 'edgeContinues', null)[at].params).toEqual(cliffs[at].params);
    const units = setLayerParam(faces, id, 'faceUnits', true);
    expect(units[at].params).toMatchObject({ faceUnits: true });
    expect(stackProblem(setLayerParam(faces, id, 'faceUnits', 'yes'), SIZE)).toMatch(/face units must be true or false/);
    expect(setLayerParam(units, id, 'faceUnits', null)[at].params).toEqual(faces[at].params);
    const coloured = setLayerParam(next, id, 'strata.beds.0.colour', '#b8643c');
    expect(coloured[at].params).toMatchObject({
      strata: {
        beds: [
          { thickness: 10, hardness: 1, colour: '#b8643c' },
          { thickness: 4, hardness: 5 },
        ],
      },
    });
    expect(stackProblem(coloured, SIZE)).toBeNull();
    expect(stackProblem(setLayerParam(next, id, 'strata.beds.0.colour', 'red'), SIZE)).toMatch(/bed 1: colour must be "#rrggbb"/);
    expect(setLayerParam(coloured, id, 'strata.beds.0.colour', null)[at].params).toEqual(next[at].params);
    expect(() => setLayerParam(next, id, 'strata.colour', '#000000')).toThrow(/has no parameter "strata.colour"/);
  });

  it("add a fluvial layer's optional routeEvery, refuse a bad one in one line, and remove it with null", () => {
    const fluvial: Layer = { id: 'fluvial-1', name: 'Fluvial', enabled: true, opacity: 1, kind: 'fluvial', params: { ...DEFAULT_FLUVIAL, time: 3000 } };
    const stack = [...everyKindStack(), fluvial];
    const at = stack.length - 1;
    const id = fluvial.id;
    expect(stack[at].params).not.toHaveProperty('routeEvery');
    const reused = setLayerParam(stack, id, 'routeEvery', 4);
    expect(reused[at].params).toMatchObject({ routeEvery: 4 });
    expect(stackProblem(reused, SIZE)).toBeNull();
    expect(stackProblem(setLayerParam(stack, id, 'routeEvery', 0), SIZE)).toMatch(/routeEvery must be a whole number from 1 to 64/);
    expect(setLayerParam(reused, id, 'routeEvery', null)[at].params).toEqual(stack[at].params);
  });

  it("add a fluvial layer's optional scheme, refuse a bad one in one line, and remove it with null", () => {
    const fluvial: Layer = { id: 'fluvial-1', name: 'Fluvial', enabled: true, opacity: 1, kind: 'fluvial', params: { ...DEFAULT_FLUVIAL, time: 3000 } };
    const stack = [...everyKindStack(), fluvial];
    const at = stack.length - 1;
    expect(stack[at].params).not.toHaveProperty('scheme');
    const factored = setLayerParam(stack, fluvial.id, 'scheme', 'factored');
    expect(factored[at].params).toMatchObject({ scheme: 'factored' });
    expect(stackProblem(factored, SIZE)).toBeNull();
    expect(stackProblem(setLayerParam(stack, fluvial.id, 'scheme', 'quick'), SIZE)).toMatch(/fluvial scheme must be "factored" \(or absent\), got "quick"/);
    expect(setLayerParam(factored, fluvial.id, 'scheme', null)[at].params).toEqual(stack[at].params);
  });

  it("add a fluvial layer's optional cutOnlyFalling, refuse a bad one in one line, and remove it with null", () => {
    const fluvial: Layer = { id: 'fluvial-1', name: 'Fluvial', enabled: true, opacity: 1, kind: 'fluvial', params: { ...DEFAULT_FLUVIAL, time: 3000 } };
    const stack = [...everyKindStack(), fluvial];
    const at = stack.length - 1;
    expect(stack[at].params).not.toHaveProperty('cutOnlyFalling');
    const held = setLayerParam(stack, fluvial.id, 'cutOnlyFalling', true);
    expect(held[at].params).toMatchObject({ cutOnlyFalling: true });
    expect(stackProblem(held, SIZE)).toBeNull();
    const refused = stackProblem(setLayerParam(stack, fluvial.id, 'cutOnlyFalling', 'yes'), SIZE);
    expect(refused).toMatch(/fluvial cutOnlyFalling must be true or false \(or absent\), got "yes"/);
    expect(setLayerParam(held, fluvial.id, 'cutOnlyFalling', null)[at].params).toEqual(stack[at].params);
  });

  it('refuse unknown layers and parameters, naming them', () => {
    const stack = everyKindStack();
    expect(() => setLayerParam(stack, 'faults', 'sede', 1)).toThrow(/layer "faults" \(faults\) has no parameter "sede" \(it has: seed, iterations/);
    expect(() => setLayerParam(stack, 'faults', 'seed.x', 1)).toThrow(/"seed" is a value, not a group/);
    expect(() => setLayerParam(stack, 'faults', '__proto__.x', 1)).toThrow(/not a parameter name/);
    expect(() => removeLayer(stack, 'gone')).toThrow(/there is no layer "gone"/);
  });

  it('duplicate copies the data under a new id, right above, and evaluates as applying it twice', () => {
    const stack = everyKindStack();
    const next = duplicateLayer(stack, 'sculpt');
    const index = next.findIndex((l) => l.id === 'sculpt');
    expect(next[index + 1]).toMatchObject({ id: 'sculpt-2', name: 'sculpt copy', kind: 'sculpt' });
    const copy = next[index + 1] as SculptLayer;
    expect(copy.tiles[0].deltas).not.toBe((stack[index] as SculptLayer).tiles[0].deltas);
    expect(copy.tiles[0].deltas).toEqual((stack[index] as SculptLayer).tiles[0].deltas);
    expect(stackProblem(next, SIZE)).toBeNull();
    expect(duplicateLayer(next, 'sculpt').find((l) => l.id === 'sculpt-3')).toBeDefined();
  });

  it('contribution is what a layer adds to what it receives', () => {
    const below = evaluateStack(everyKindStack().slice(0, 8), SIZE)!;
    const result = evaluateStack(everyKindStack().slice(0, 9), SIZE)!;
    const added = contribution(below, result);
    expect(added.some((h) => h > 1)).toBe(true);
    expect(added[0]).toBe(0);
  });
});

describe('stackProblem', () => {
  const base = { enabled: true, opacity: 1, name: 'x' };
  it('names the layer by position, name and kind', () => {
    const stack = everyKindStack();
    expect(stackProblem(stack, SIZE)).toBeNull();
    const bad = (layer: Record<string, unknown>, index = 4) =>
      stackProblem(
        stack.map((l, k) => (k === index ? ({ ...l, ...layer } as unknown as Layer) : l)),
        SIZE,
      );
    expect(bad({ opacity: 2 })).toBe('layer 5 "talus" (thermal): opacity must be from 0 to 1');
    expect(bad({ id: 'has space' })).toMatch(/layer 5 "talus" \(thermal\): id must be/);
    expect(bad({ enabled: 'yes' })).toMatch(/enabled must be true or false/);
    expect(bad({ mask: { kind: 'slope', minDeg: 50, maxDeg: 10, softness: 0 } })).toMatch(/slope mask needs/);
    expect(bad({ mask: { kind: 'blob' } })).toMatch(/mask kind "blob" is unknown/);
    expect(bad({ params: { k: Number.NaN } }, 5)).toMatch(/layer 6 "smooth" \(smooth\): smoothing strength/);
    expect(bad({ params: { faults: [{ x1: 0, z1: 0, x2: 0, z2: 0, displacement: 1 }] } }, 2)).toMatch(/fault 1 needs two distinct points/);
    expect(
      bad(
        {
          params: {
            points: [
              [0, 0],
              [1, 1],
            ],
            height: 0,
            falloff: 0,
          },
        },
        9,
      ),
    ).toMatch(/layer 10 "pad" \(flatten\): the polygon needs 3/);
    expect(bad({ params: { ...stack[0].params, runs: [500] } }, 0)).toMatch(/runs must be whole iterations/);
    expect(bad({ tiles: [{ i: 99, j: 0, deltas: new Float32Array(4096) }] }, 7)).toMatch(/tile 1 lies outside the map/);
  });

  it(`bounds the count at ${MAX_LAYERS}`, () => {
    const many = Array.from({ length: MAX_LAYERS + 1 }, (_, k): Layer => ({ ...base, id: `s${k}`, kind: 'smooth', params: { k: 0.1 } }));
    expect(stackProblem(many, SIZE)).toMatch(/has 257 layers; a stack holds at most 256/);
    expect(stackProblem(many.slice(1), SIZE)).toBeNull();
  });
});
