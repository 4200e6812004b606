import { afterAll, describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import { runFaultFormation } from '../../shared/fault/fastFormation';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { applyStep, hydraulicStep, thermalStep, type TerrainStep } from '../../shared/recipe/steps';
import { applyStepThreaded, createErosionPool } from './erosionThreads';

function faultField(size: number): Heightfield {
  const field = createHeightfield(size, size, 1.5);
  runFaultFormation(field, { ...DEFAULT_RECIPE, seed: 8, iterations: 200 });
  return field;
}

const bits = (values: Float32Array): Uint32Array => new Uint32Array(values.buffer, values.byteOffset, values.length);
const masksFor = (count: number) => ({ flow: new Float32Array(count), deposition: new Float32Array(count) });

describe('erosion on worker threads', () => {
  // Workers are started once for the file (as the bench and a long editor session would keep them).
  const pool = createErosionPool(4);
  afterAll(() => pool.close());

  it('gives the bytes of one thread on 1–4 workers (hydraulic 2 and 3, thermal with every optional step, without)', async () => {
    const steps: TerrainStep[] = [
      hydraulicStep({ droplets: 8000, seed: 6, lifetime: 12 }),
      hydraulicStep({ droplets: 8000, seed: 6, lifetime: 12, version: 3 }),
      thermalStep({ iterations: 7 }),
      // The wall retreat, talus aprons and floors run on one thread between the others' passes.
      thermalStep({
        iterations: 5,
        retreatDeg: 65,
        talusShare: 0.5,
        floorFill: 3,
        creaseBreak: 0.05,
        strata: {
          beds: [
            { thickness: 4, hardness: 1 },
            { thickness: 2, hardness: 3 },
          ],
          base: 0,
          dipDeg: 0,
          dipAzimuthDeg: 0,
        },
      }),
      // Narrow tops cut flat, after the retreat or alone (then the only work before the passes).
      thermalStep({ iterations: 4, retreatDeg: 60, topWidth: 9 }),
      thermalStep({ iterations: 4, topWidth: 9 }),
      // Faces over fewer cells at a cliff angle, and the edge continued last (on one thread, after the passes).
      thermalStep({
        iterations: 4,
        retreatDeg: 35,
        cliffDeg: 82,
        faceCells: 2.5,
        edgeContinues: true,
        strata: {
          beds: [
            { thickness: 3, hardness: 0.5 },
            { thickness: 6, hardness: 7 },
          ],
          base: 0,
          dipDeg: 0,
          dipAzimuthDeg: 0,
        },
      }),
      // Caprock faces raised along their contours, last but the creases (Mesas' lipDrop).
      thermalStep({ iterations: 4, retreatDeg: 65, talusShare: 0.5, lipDrop: 1 }),
      // Touching cliff-formers as one face (Canyons' faceUnits), in the retreat and the passes.
      thermalStep({
        iterations: 4,
        retreatDeg: 35,
        cliffDeg: 82,
        faceCells: 3.3,
        faceUnits: true,
        strata: {
          beds: [
            { thickness: 3, hardness: 0.5 },
            { thickness: 6, hardness: 7 },
            { thickness: 2, hardness: 5 },
          ],
          base: 0,
          dipDeg: 0,
          dipAzimuthDeg: 0,
        },
      }),
    ];
    for (const step of steps) {
      const reference = faultField(201);
      const referenceMasks = masksFor(reference.heights.length);
      expect(applyStep(reference, step, null, { masks: referenceMasks })).toBe(true);
      for (const threads of [1, 2, 3, 4]) {
        const field = faultField(201);
        const masks = masksFor(field.heights.length);
        const seen: number[] = [];
        expect(await applyStepThreaded(field, step, null, { threads, pool, masks, onProgress: (done, total) => seen.push(done / total) })).toBe(true);
        expect(bits(field.heights), `${step.kind} ${'version' in step ? step.version : ''} on ${threads} threads`).toEqual(bits(reference.heights));
        expect(bits(masks.flow)).toEqual(bits(referenceMasks.flow));
        expect(bits(masks.deposition)).toEqual(bits(referenceMasks.deposition));
        expect(seen[seen.length - 1]).toBe(1);
      }
    }
  });

  it("runs a thermal step with no passes (only its one-thread work: Canyons' and Mesas' last step) as one thread does", async () => {
    // With 0 iterations there is no shared work, and the threaded run returned the heights untouched:
    // the creases and lips of Canyons' and Mesas' last step were left in the editor's and the CLI's
    // terrain (1,850 vertices, up to 0.28 m, on Canyons at 257², seed 1), not in replayTerrain's.
    const steps = [
      thermalStep({ iterations: 0, talusDeg: 33, creaseBreak: 0.05 }),
      thermalStep({ iterations: 0, talusDeg: 35, lipDrop: 1.5, creaseBreak: 0.05 }),
      thermalStep({ iterations: 0, retreatDeg: 60, topWidth: 9 }),
    ];
    for (const step of steps) {
      const input = faultField(129);
      const reference = faultField(129);
      expect(applyStep(reference, step, null)).toBe(true);
      expect(bits(reference.heights)).not.toEqual(bits(input.heights));
      for (const threads of [2, 3]) {
        const field = faultField(129);
        const seen: number[] = [];
        expect(await applyStepThreaded(field, step, null, { threads, pool, onProgress: (done, total) => seen.push(done / total) })).toBe(true);
        expect(bits(field.heights), `thermal ${JSON.stringify(step)} on ${threads} threads`).toEqual(bits(reference.heights));
        expect(seen[seen.length - 1]).toBe(1);
      }
    }
  });

  it('leaves the heights and masks as they were when cancelled mid-run', async () => {
    const field = faultField(513);
    const before = field.heights.slice();
    const masks = masksFor(field.heights.length);
    let polls = 0;
    let progressed = 0;
    const step = hydraulicStep({ droplets: 20_000_000, lifetime: 30 });
    const finished = await applyStepThreaded(field, step, null, {
      threads: 2,
      masks,
      onProgress: (done) => (progressed = done),
      // Cancel once the workers have done some of the work.
      shouldCancel: () => ++polls > 1 && progressed > 0,
    });
    expect(finished).toBe(false);
    expect(progressed).toBeGreaterThan(0);
    expect(progressed).toBeLessThan(step.droplets);
    expect(bits(field.heights)).toEqual(bits(before));
    expect(masks.flow.every((v) => v === 0)).toBe(true);
  });

  it('leaves the heights and masks as they were when a version 3 run (coarse pass, then threads) is cancelled', async () => {
    const field = faultField(513);
    const before = field.heights.slice();
    const masks = masksFor(field.heights.length);
    let progressed = 0;
    const step = hydraulicStep({ droplets: 4_000_000, lifetime: 30, version: 3 });
    const finished = await applyStepThreaded(field, step, null, {
      threads: 2,
      masks,
      onProgress: (done) => (progressed = done),
      shouldCancel: () => progressed > 0,
    });
    expect(finished).toBe(false);
    expect(progressed).toBeLessThan(step.droplets);
    expect(bits(field.heights)).toEqual(bits(before));
    expect(masks.flow.every((v) => v === 0)).toBe(true);
    expect(masks.deposition.every((v) => v === 0)).toBe(true);
  });

  it('rejects bad parameters before starting a worker', async () => {
    await expect(applyStepThreaded(faultField(33), hydraulicStep({ lifetime: 0 }), null, { threads: 2 })).rejects.toThrow(/lifetime/);
    await expect(applyStepThreaded(faultField(33), thermalStep({ talusDeg: 95 }), null, { threads: 2 })).rejects.toThrow(/talus/);
  });
});
