import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { compileProject } from '../shared/codecs/project';
import { evaluateStack } from '../shared/layers/evaluate';
import type { Layer } from '../shared/layers/types';
import { FLAT_RIVER_MAP, riverAcrossFlatMap } from '../shared/rivers/testing/terrain';
import { createHeightfield } from '../shared/terrain/heightfield';
import { expect, READY_SELECTOR, sendMenuCommand, test } from './fixtures';
import { pixelDifference } from './pixels';
import { settledViewportShot } from './waterPixels';

// The start is never looked at: each view opens the river project.
test.use({ startSize: 65 });

// The wet margin along the water (app/water/wetGround.ts) on the LOD surface (issue 31): a drawn river 6 m wide
// across a 129² map of 1 m cells on gently rising ground, its banks darkened over 4 m. Drawn by the full mesh and,
// after a reload with `?lod=exact`, by the GPU-height surface at full detail (its margin from the R8 texture,
// lod/gpuWet.ts): the same image.

/** The project: ground rising 5 % away from the river on both sides, the river along x = 0. */
function riverProject(): Uint8Array {
  const { width, depth, cellSize } = FLAT_RIVER_MAP;
  const heights = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) heights[j * width + i] = 20 + 0.05 * Math.abs((i - (width - 1) / 2) * cellSize);
  const layers: Layer[] = [{ id: 'heights-1', name: 'Valley', enabled: true, opacity: 1, kind: 'heights', params: {}, heights }, riverAcrossFlatMap()];
  const field = createHeightfield(width, depth, cellSize, evaluateStack(layers, FLAT_RIVER_MAP)!);
  return compileProject({ field, recipe: null, history: [], props: [], view: {}, layers });
}

async function openRiver(app: { page: Page; dialogs: { queueOpen(file: string): void } }): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'faultline-wet-margin-'));
  try {
    const project = path.join(dir, 'river.faultline');
    await writeFile(project, riverProject());
    app.dialogs.queueOpen(project);
    await sendMenuCommand(app.page, 'file.open');
    await expect(app.page.getByTestId('status-size')).toContainText(`${FLAT_RIVER_MAP.width} × ${FLAT_RIVER_MAP.depth}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('the GPU-height surface at full detail darkens the river’s banks as the exact mesh does', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await openRiver(app);
  const exact = await settledViewportShot(page);
  await page.goto('/?lod=exact&startSize=65');
  await page.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 60_000 });
  await openRiver(app);
  const viewport = page.getByTestId('viewport-3d');
  await expect(viewport).toHaveAttribute('data-triangles', String(2 * (FLAT_RIVER_MAP.width - 1) * (FLAT_RIVER_MAP.depth - 1)));
  const lod = await settledViewportShot(page);
  await sendMenuCommand(page, 'view.toggleWater');
  const dry = await settledViewportShot(page);
  await sendMenuCommand(page, 'view.toggleWater');
  // The water is in view (2.8 % of it; Show Water hides the water, not its banks: they are the ground's)…
  const wet = await pixelDifference(page, lod, dry);
  expect(wet.differingShare).toBeGreaterThan(0.015);
  // …and the two surfaces draw them alike: same triangles, same shading inputs, only a few edge pixels' rounding
  // (measured: none differ; 3.1 % with the LOD surface's banks undarkened).
  const difference = await pixelDifference(page, exact, lod);
  expect(difference.differingShare).toBeLessThan(0.002);
  expect(app.consoleErrors).toEqual([]);
});
