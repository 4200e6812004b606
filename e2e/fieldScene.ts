import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { compilePngHeightmap } from '../shared/codecs/png-heightmap';
import type { Heightfield } from '../shared/terrain/heightfield';
import { expect, sendMenuCommand, type FaultlineApp } from './fixtures';

// A scene of known ground for the image measures (grass tiling and slope, the snow edge): a heightfield
// imported through File ▸ Import as a user would, then the 3D camera brought close to it.

/** Imports `field` as the 16-bit PNG `name` through the import dialog, and waits for its undo entry. */
export async function importField(app: FaultlineApp, field: Heightfield, name: string): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'faultline-field-e2e-'));
  try {
    await writeFile(path.join(dir, name), compilePngHeightmap(field));
    app.dialogs.queueOpen(path.join(dir, name));
    await sendMenuCommand(app.page, 'file.import');
    await app.page.getByTestId('import-confirm').click();
    await expect(app.page.getByTestId('status-undo')).toContainText(`Import ${name}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The 3D view's scale from its scale bar, pixels per metre. */
export async function pixelsPerMetre(page: Page): Promise<number> {
  const bar = page.getByTestId('scale-bar');
  return Number(await bar.getAttribute('data-pixels')) / Number(await bar.getAttribute('data-metres'));
}

/** Reset Camera, then wheel in at the middle of the 3D view until the scale reaches `target` px/m (at most `notches` steps). */
export async function zoomTo(page: Page, target: number, notches: number): Promise<number> {
  await page.getByTestId('cmd-view.resetCamera').click();
  const box = (await page.getByTestId('viewport-3d').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let n = 0; n < notches && (await pixelsPerMetre(page)) < target; n++) {
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(50);
  }
  return pixelsPerMetre(page);
}
