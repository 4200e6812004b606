import { describe, expect, it } from 'vitest';
import { DEFAULT_FLUVIAL } from '../erosion/fluvialParams';
import { evaluateStack } from './evaluate';
import { groupOn, SWITCHABLE_GROUPS, switchGroup } from './switchableGroups';
import type { Layer, LayerSize } from './types';
import { stackProblem } from './validate';

const SIZE: LayerSize = { width: 41, depth: 33, cellSize: 4 };

/** Hills 300–330 m high, tilted to −x, under a fluvial layer without strata or an uplift mask. */
function stack(): Layer[] {
  const heights = new Float32Array(SIZE.width * SIZE.depth);
  for (let j = 0; j < SIZE.depth; j++)
    for (let i = 0; i < SIZE.width; i++) heights[j * SIZE.width + i] = 300 + 0.2 * i * SIZE.cellSize + 5 * Math.sin(i / 3) * Math.cos(j / 4);
  return [
    { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
    {
      id: 'fluvial-1',
      name: 'Fluvial 1',
      enabled: true,
      opacity: 1,
      kind: 'fluvial',
      params: { ...DEFAULT_FLUVIAL, k: 1e-3, uplift: 2e-3, timeStep: 1000, time: 5000 },
    },
    { id: 'thermal', name: 'Thermal', enabled: true, opacity: 1, kind: 'thermal', params: { iterations: 2, talusDeg: 35, strength: 0.25 } },
  ];
}

const bytes = (a: Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

describe('groups of params switched on and off (the Layers panel)', () => {
  it("turn a fluvial layer's strata on from a valid start that the layer then erodes by, and off to the layer as it was", () => {
    const before = stack();
    const on = switchGroup(before, 'fluvial-1', 'strata', true);
    expect(groupOn(on[1], 'strata')).toBe(true);
    expect(on[1].params).toMatchObject({ strata: SWITCHABLE_GROUPS.fluvial![0].start });
    expect(stackProblem(on, SIZE)).toBeNull();
    // Harder beds divide K: the same hills erode less somewhere, so the heights differ.
    expect(bytes(evaluateStack(on, SIZE)!)).not.toEqual(bytes(evaluateStack(before, SIZE)!));
    const off = switchGroup(on, 'fluvial-1', 'strata', false);
    expect(off[1].params).toEqual(before[1].params);
    expect(groupOn(off[1], 'strata')).toBe(false);
  });

  it('turn an uplift mask on as a height band: hills above the band get no uplift (as with uplift 0)', () => {
    const masked = switchGroup(stack(), 'fluvial-1', 'upliftMask', true);
    expect(stackProblem(masked, SIZE)).toBeNull();
    const band = SWITCHABLE_GROUPS.fluvial![1].start;
    expect(band).toMatchObject({ kind: 'height' });
    // The start band (0–100 m, 10 m soft) lies wholly below these 300 m hills: its weight is 0 on them.
    const noUplift = stack();
    noUplift[1] = { ...noUplift[1], params: { ...(noUplift[1].params as typeof DEFAULT_FLUVIAL), uplift: 0 } } as Layer;
    const a = evaluateStack(masked, SIZE)!;
    const b = evaluateStack(noUplift, SIZE)!;
    const uplifted = evaluateStack(stack(), SIZE)!;
    let worst = 0;
    let raised = 0;
    for (let k = 0; k < a.length; k++) {
      worst = Math.max(worst, Math.abs(a[k] - b[k]));
      raised = Math.max(raised, Math.abs(uplifted[k] - b[k]));
    }
    expect(worst).toBeLessThan(1e-4);
    expect(raised).toBeGreaterThan(1);
  });

  it("turn a thermal layer's optional strata on and off (the key goes again), and name a group a kind lacks", () => {
    const before = stack();
    const on = switchGroup(before, 'thermal', 'strata', true);
    expect(stackProblem(on, SIZE)).toBeNull();
    expect(on[2].params).toHaveProperty('strata');
    const off = switchGroup(on, 'thermal', 'strata', false);
    expect(off[2].params).toEqual(before[2].params);
    expect(off[2].params).not.toHaveProperty('strata');
    expect(() => switchGroup(before, 'thermal', 'upliftMask', true)).toThrow(/layer "thermal" has no group "upliftMask"/);
  });
});
