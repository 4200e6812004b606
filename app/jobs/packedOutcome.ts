import { packedWater } from '../document/packedWater';
import type { TerrainJobOutcome } from './protocol';

/**
 * `outcome` with its water held packed at rest (the document's and the engine's base water are then
 * one object, as they were one in the outcome when the base's water is the job's).
 */
export function withPackedWater(outcome: TerrainJobOutcome): TerrainJobOutcome {
  if (outcome.status !== 'done') return outcome;
  const { water, base } = outcome;
  const packed = water ? packedWater(water) : water;
  if (!base?.water) return packed === water ? outcome : { ...outcome, water: packed };
  const baseWater = base.water === water ? packed : packedWater(base.water);
  return { ...outcome, water: packed, base: { ...base, water: baseWater } };
}
