import { describe, expect, it } from 'vitest';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { packWaterNow } from '../document/packedWater';
import { withPackedWater } from './packedOutcome';

const done = (water: ReturnType<typeof createWaterSurface> | null, baseWater?: ReturnType<typeof createWaterSurface> | null) => ({
  status: 'done' as const,
  heights: new Float32Array(16),
  masks: null,
  water,
  base: baseWater === undefined ? null : { index: 0, output: new Float32Array(16), water: baseWater },
});

describe('withPackedWater', () => {
  it("packs a job's water; the engine's base water stays the same object when it was the job's", () => {
    const water = createWaterSurface(16);
    const outcome = withPackedWater(done(water, water));
    if (outcome.status !== 'done') throw new Error('not done');
    expect(outcome.water).not.toBe(water);
    expect(packWaterNow(outcome.water!)).toBe(true);
    expect(outcome.base?.water).toBe(outcome.water);
  });

  it('packs a base water of its own apart, and leaves outcomes without water as they are', () => {
    const water = createWaterSurface(16);
    const below = createWaterSurface(16);
    const outcome = withPackedWater(done(water, below));
    if (outcome.status !== 'done') throw new Error('not done');
    expect(outcome.base?.water).not.toBe(outcome.water);
    expect(packWaterNow(outcome.base!.water!)).toBe(true);
    const dry = done(null, null);
    expect(withPackedWater(dry)).toBe(dry);
    const cancelled = { status: 'cancelled' as const };
    expect(withPackedWater(cancelled)).toBe(cancelled);
  });
});
