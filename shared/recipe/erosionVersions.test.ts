import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json';
import { DEFAULT_RECIPE } from '../fault/recipe';
import { HYDRAULIC_VERSION } from '../erosion/params';
import { hydraulicErosion } from '../erosion/hydraulic';
import { hydraulicErosionTiled } from '../erosion/hydraulicTiled';
import { createHeightfield } from '../terrain/heightfield';
import { replayTerrain, readStep } from './replay';
import { applyStep, hydraulicStep, type TerrainStep } from './steps';

/** FNV-1a over the bytes: a fingerprint small enough to keep in the test. */
function fingerprint(values: Float32Array): string {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  let hash = 0x811c9dc5;
  for (let k = 0; k < bytes.length; k++) hash = Math.imul(hash ^ bytes[k], 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * Steps as a project saved before hydraulic version 2 holds them (no `version`), and the fingerprints
 * of their replay recorded with that code (commit 14b2ab5) before the tiled kernel existed.
 */
const SAVED_STEPS: JsonObject[] = [
  {
    kind: 'hydraulic',
    seed: 3,
    droplets: 20000,
    lifetime: 30,
    inertia: 0.05,
    capacity: 4,
    minSlope: 0.01,
    erosionRate: 0.3,
    depositionRate: 0.3,
    evaporation: 0.01,
    gravity: 4,
    radius: 3,
  },
  { kind: 'thermal', iterations: 10, talusDeg: 35, strength: 0.5 },
  {
    kind: 'hydraulic',
    seed: 4,
    droplets: 5000,
    lifetime: 40,
    inertia: 0.05,
    capacity: 4,
    minSlope: 0.01,
    erosionRate: 0.5,
    depositionRate: 0.3,
    evaporation: 0.01,
    gravity: 4,
    radius: 4,
  },
];
const RECORDED = { heights: '635dba22', flow: '4050d5cf', deposition: '53649fc6' };

function replaySaved(steps: readonly TerrainStep[]) {
  const masks = { flow: new Float32Array(129 * 129), deposition: new Float32Array(129 * 129) };
  const field = replayTerrain({ width: 129, depth: 129, cellSize: 2, recipe: { ...DEFAULT_RECIPE, seed: 7, iterations: 300 }, steps }, { masks });
  return { heights: fingerprint(field.heights), flow: fingerprint(masks.flow), deposition: fingerprint(masks.deposition) };
}

describe('hydraulic erosion versions in recorded steps', () => {
  it('replays a project saved before version 2 bit for bit (the sequential kernel)', () => {
    const steps = SAVED_STEPS.map((value) => readStep(value));
    for (const step of steps) expect(typeof step).toBe('object');
    expect(steps.every((step) => typeof step === 'object' && !('version' in step))).toBe(true);
    expect(replaySaved(steps as TerrainStep[])).toEqual(RECORDED);
    // Version 1 written out is the same kernel.
    expect(replaySaved(SAVED_STEPS.map((value) => readStep(value.kind === 'hydraulic' ? { ...value, version: 1 } : value)) as TerrainStep[])).toEqual(RECORDED);
  });

  it('records new steps with version 2, reads the version back, and runs the tiled kernel for it', () => {
    expect(HYDRAULIC_VERSION).toBe(2);
    const step = hydraulicStep({ droplets: 3000, seed: 5 });
    expect(step.version).toBe(2);
    const read = readStep(JSON.parse(JSON.stringify(step)) as JsonObject);
    expect(read).toEqual(step);
    const make = () => {
      const field = createHeightfield(97, 97, 1);
      for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k * 0.37) * 3 + (k % 97) * 0.2;
      return field;
    };
    const viaStep = make();
    applyStep(viaStep, step, null);
    const tiled = make();
    hydraulicErosionTiled(tiled, step);
    const sequential = make();
    hydraulicErosion(sequential, step);
    expect(viaStep.heights).toEqual(tiled.heights);
    expect(viaStep.heights).not.toEqual(sequential.heights);
    expect(replaySaved(SAVED_STEPS.map((value) => readStep(value.kind === 'hydraulic' ? { ...value, version: 2 } : value)) as TerrainStep[])).not.toEqual(
      RECORDED,
    );
  });

  it('refuses an unknown version with a clear problem', () => {
    expect(readStep({ ...SAVED_STEPS[0], version: 4 })).toMatch(/version must be 1, 2 or 3/);
    expect(readStep({ ...SAVED_STEPS[0], version: '2' })).toMatch(/version must be 1, 2 or 3/);
  });
});
