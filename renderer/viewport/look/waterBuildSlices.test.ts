import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WATER_LAKE } from '../../../shared/hydrology/water';
import { createWaterSurface } from '../../../shared/hydrology/waterSurface';
import { ALL } from '../../../app/document/region';
import { WaterView } from './waterView';
import { WaterBuildSlices } from './waterBuildSlices';

/** A 513² map at 1 m (4 × 4 blocks of 128 cells) with one lake, 2 m deep, in the first block only. */
function oneLake() {
  const grid = { width: 513, depth: 513, cellSize: 1 };
  const heights = new Float32Array(grid.width * grid.depth).fill(5);
  const water = createWaterSurface(heights.length);
  for (let j = 20; j < 40; j++) {
    for (let i = 20; i < 40; i++) {
      heights[j * grid.width + i] = 3;
      water.surface[j * grid.width + i] = 5;
      water.kind[j * grid.width + i] = WATER_LAKE;
    }
  }
  return { grid, heights, water };
}

describe('WaterBuildSlices', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('measures a whole map in slices between frames and asks for a frame only when a mesh came or went', () => {
    const { grid, heights, water } = oneLake();
    const view = new WaterView();
    view.update(grid, water, heights, null, ALL);
    let frames = 0;
    const work = { group: view.group, slices: 0, buildPending: (budget: number) => (work.slices++, view.buildPending(budget)) };
    const shown: boolean[] = [];
    // A zero budget: one block measured (or built) per slice, as a large map's work is spread.
    const slices = new WaterBuildSlices(
      work,
      () => frames++,
      0,
      (running) => shown.push(running),
    );
    slices.run();
    vi.runAllTimers();
    expect(slices.running).toBe(false);
    // Told after every slice; "done" only after the last.
    expect(shown).toHaveLength(work.slices);
    expect(shown.indexOf(false)).toBe(shown.length - 1);
    // 16 blocks measured, one slice each, then the lake's block built: the lake is all there is.
    expect(work.slices).toBeGreaterThanOrEqual(16);
    expect(view.blockCount).toBe(1);
    expect(view.triangles).toBeGreaterThan(0);
    // One frame for the one mesh added; a frame per slice would be ≥ 16.
    expect(frames).toBe(1);
    slices.dispose();
  });

  it('asks for no frame when the work changes no mesh, and a frame when it removes one', () => {
    const { grid, heights, water } = oneLake();
    const view = new WaterView();
    view.update(grid, water, heights, null, ALL);
    view.buildPending();
    let frames = 0;
    const slices = new WaterBuildSlices(view, () => frames++, 0);
    // An edit far from the lake: its block is measured again, still dry.
    view.update(grid, water, heights, null, { kind: 'rect', i0: 400, j0: 400, i1: 410, j1: 410 });
    slices.run();
    vi.runAllTimers();
    expect(frames).toBe(0);
    expect(view.blockCount).toBe(1);
    // The lake dried: its mesh goes, which is seen.
    const dry = createWaterSurface(heights.length);
    view.update(grid, dry, heights, null, { kind: 'rect', i0: 20, j0: 20, i1: 40, j1: 40 });
    slices.run();
    vi.runAllTimers();
    expect(view.blockCount).toBe(0);
    expect(frames).toBe(1);
    slices.dispose();
  });

  it('while building many blocks, asks for a frame at most once an interval, and once more after the last', () => {
    const { grid, heights, water } = oneLake();
    // Water over the whole map: every one of the 16 blocks gets a mesh.
    water.surface.fill(6);
    const view = new WaterView();
    view.update(grid, water, heights, null, ALL);
    let frames = 0;
    let slicesRun = 0;
    const work = {
      group: view.group,
      buildPending: (budget: number) => {
        slicesRun++;
        // Each slice takes 100 ms of the clock.
        vi.advanceTimersByTime(100);
        return view.buildPending(budget);
      },
    };
    const slices = new WaterBuildSlices(work, () => frames++, 0, undefined, 250);
    slices.run();
    vi.runAllTimers();
    expect(view.blockCount).toBe(16);
    // 16 blocks built one a slice (after 16 measured): one frame per 250 ms of slices and the last, not one per block.
    expect(slicesRun).toBeGreaterThanOrEqual(32);
    expect(frames).toBeGreaterThanOrEqual(2);
    expect(frames).toBeLessThanOrEqual(Math.ceil((16 * 100) / 250) + 1);
    slices.dispose();
  });

  it('stops its slices when disposed', () => {
    const { grid, heights, water } = oneLake();
    const view = new WaterView();
    view.update(grid, water, heights, null, ALL);
    const slices = new WaterBuildSlices(view, () => undefined, 0);
    slices.run();
    expect(slices.running).toBe(true);
    slices.dispose();
    expect(slices.running).toBe(false);
    vi.runAllTimers();
    expect(view.blockCount).toBe(0);
  });
});
