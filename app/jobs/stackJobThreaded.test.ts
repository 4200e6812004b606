import { describe, expect, it } from 'vitest';
import { applyStep } from '../../shared/recipe/steps';
import { hydraulicStep, thermalStep } from '../../shared/recipe/steps';
import { presetStack } from '../../shared/layers/migrate';
import { evaluateStack } from '../../shared/layers/evaluate';
import { runTerrainJob, runTerrainJobThreaded } from './runTerrainJob';
import type { TerrainJobRequest } from './protocol';

const SIZE = { width: 65, depth: 49, cellSize: 2 };
const bits = (a: Float32Array | Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

describe('stack jobs with erosion on threads', () => {
  it('give the bytes of the one-thread stack job (opacity and masks mixed the same way), and the same base', async () => {
    const stack = presetStack({ seed: 3, iterations: 80, lineMethod: 'normal', decay: { disp0: 3, dispN: 0.4, n: 60 } }, [
      hydraulicStep({ droplets: 3000, seed: 2 }),
      thermalStep({ iterations: 6 }),
    ]);
    stack[1] = { ...stack[1], opacity: 0.6 };
    stack[2] = { ...stack[2], mask: { kind: 'slope', minDeg: 10, maxDeg: 40, softness: 5 } };
    stack.push({
      id: 'sculpt',
      kind: 'sculpt',
      name: 'Sculpt',
      enabled: true,
      opacity: 1,
      params: {},
      tiles: [{ i: 0, j: 0, deltas: new Float32Array(64 * 64).fill(1.25) }],
    });
    const request = (): TerrainJobRequest => ({ ...SIZE, heights: new Float32Array(0), stack });
    const one = runTerrainJob(request(), () => undefined)!;
    let threadedSteps = 0;
    const threaded = (await runTerrainJobThreaded(
      request(),
      () => undefined,
      async (field, step, recipe, options) => {
        threadedSteps++;
        return applyStep(field, step, recipe, options);
      },
    ))!;
    expect(threadedSteps).toBe(2);
    expect(bits(threaded.heights).equals(bits(one.heights))).toBe(true);
    expect(bits(one.heights).equals(bits(evaluateStack(stack, SIZE)!))).toBe(true);
    expect(threaded.base?.index).toBe(2);
    expect(bits(threaded.base!.output).equals(bits(one.base!.output))).toBe(true);
    expect(bits(threaded.masks!.flow).equals(bits(one.masks!.flow))).toBe(true);
    expect(bits(threaded.masks!.deposition).equals(bits(one.masks!.deposition))).toBe(true);
  });
});
