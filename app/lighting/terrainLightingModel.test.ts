import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield, heightRange } from '../../shared/terrain/heightfield';
import { computeLighting, computeLightingPatch } from '../../shared/terrain/lighting';
import { TerrainLightingModel, type LightingJob } from './terrainLightingModel';

function hills(width: number, depth: number, cellSize: number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) field.heights[j * width + i] = 12 * Math.sin(i * 0.21) * Math.cos(j * 0.17) + 5 * Math.sin((i + 2 * j) * 0.5);
  return field;
}

/** Runs a job as the worker does: copy the window's rows, compute, answer. */
function run(model: TerrainLightingModel, field: Heightfield, job: LightingJob): void {
  const heights = new Float32Array((job.window.i1 - job.window.i0) * (job.window.j1 - job.window.j0));
  model.copyWindowRows(field, job, heights, 0, job.window.j1 - job.window.j0);
  const g = model.windowHeights(job, heights, field);
  const { sunRect, skyRect } = model.localRects(job);
  const patch = computeLightingPatch(g, job.sun, sunRect, skyRect, model.mapEdgeIn(job));
  model.apply(job, { patch, range: job.whole ? heightRange(heights) : null });
}

function settle(model: TerrainLightingModel, field: Heightfield): LightingJob[] {
  const jobs: LightingJob[] = [];
  for (let job = model.nextJob(); job; job = model.nextJob()) {
    jobs.push(job);
    run(model, field, job);
  }
  return jobs;
}

describe('terrain lighting model', () => {
  const sun = { azimuthDeg: 235, elevationDeg: 30 };

  it('starts fully lit, computes the whole map once, then only what an edit can change, matching a whole-map computation', () => {
    const field = hills(220, 180, 2);
    const model = new TerrainLightingModel(sun);
    model.onDocument(field, { kind: 'all' });
    expect(new Set(model.data)).toEqual(new Set([255]));
    expect(model.idle).toBe(false);
    const first = settle(model, field);
    expect(first).toHaveLength(1);
    expect(first[0].whole).toBe(true);
    expect(model.idle).toBe(true);
    const whole = { i0: 0, j0: 0, i1: 220, j1: 180 };
    expect(model.data).toEqual(computeLighting({ width: 220, depth: 180, spacing: 2, heights: field.heights }, sun, whole, whole));

    // A small raise: one job, over a window smaller than the map, and the bytes of a fresh computation.
    for (let j = 130; j < 134; j++) for (let i = 160; i < 165; i++) field.heights[j * 220 + i] += 6;
    model.onDocument(field, { kind: 'rect', i0: 160, j0: 130, i1: 165, j1: 134 });
    const local = settle(model, field);
    expect(local).toHaveLength(1);
    expect(local[0].whole).toBe(false);
    expect(model.data).toEqual(computeLighting({ width: 220, depth: 180, spacing: 2, heights: field.heights }, sun, whole, whole));
  });

  it('recomputes only the shadows when the sun moves, and drops an answer for a map that was replaced meanwhile', () => {
    const field = hills(40, 40, 1);
    const model = new TerrainLightingModel(sun);
    model.onDocument(field, { kind: 'all' });
    settle(model, field);
    expect(model.setSun(sun)).toBe(false);
    expect(model.setSun({ azimuthDeg: 90, elevationDeg: 10 })).toBe(true);
    const job = model.nextJob()!;
    expect(job.skyRect).toBeNull();
    expect(job.sunRect).toEqual({ i0: 0, j0: 0, i1: 40, j1: 40 });
    const other = hills(33, 20, 1);
    model.onDocument(other, { kind: 'all' });
    const heights = new Float32Array(40 * 40);
    model.copyWindowRows(field, job, heights, 0, 40);
    const { sunRect, skyRect } = model.localRects(job);
    expect(
      model.apply(job, {
        patch: computeLightingPatch({ width: 40, depth: 40, spacing: 1, heights }, job.sun, sunRect, skyRect, model.mapEdgeIn(job)),
        range: null,
      }),
    ).toBeNull();
    expect(model.data).toHaveLength(33 * 20 * 2);
    settle(model, other);
    const whole = { i0: 0, j0: 0, i1: 33, j1: 20 };
    expect(model.data).toEqual(
      computeLighting({ width: 33, depth: 20, spacing: 1, heights: other.heights }, { azimuthDeg: 90, elevationDeg: 10 }, whole, whole),
    );
  });

  it('lights every second vertex of a map too large for one lighting texture', () => {
    const field = createHeightfield(8193, 3, 1);
    const model = new TerrainLightingModel(sun);
    model.onDocument(field, { kind: 'all' });
    expect(model.grid).toEqual({ stride: 2, width: 4097, depth: 2 });
  });
});
