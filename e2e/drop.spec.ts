import type { Page } from '@playwright/test';
import { compilePngHeightmap } from '../shared/codecs/png-heightmap';
import { compileProject } from '../shared/codecs/project';
import { createHeightfield } from '../shared/terrain/heightfield';
import { expect, test } from './fixtures';

/** Drops one file on the window as a person would (dragover, then drop). */
async function dropOnWindow(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.evaluate(
    ({ name, data }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type: 'application/octet-stream' }));
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
    },
    { name, data: [...bytes] },
  );
}

function ramp(size: number): ReturnType<typeof createHeightfield> {
  const field = createHeightfield(size, size, 1);
  for (let i = 0; i < field.heights.length; i++) field.heights[i] = (i % size) * 0.25;
  return field;
}

test.describe('dropping files on the window: one handler decides', () => {
  // The import dialog only (the next two look at the terrain): the default preset at 65 × 65.
  test.describe(() => {
    test.use({ startSize: 65 });

    test('a .png opens the import dialog only', async ({ app }) => {
      const { page } = app;
      await dropOnWindow(page, 'dropped.png', compilePngHeightmap(ramp(33)));
      await expect(page.getByTestId('import-dialog')).toBeVisible();
      await expect(page.getByTestId('import-summary')).toContainText('33 × 33');
      await expect(page.getByTestId('project-error')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('import-dialog')).toHaveCount(0);
      expect(app.consoleErrors).toEqual([]);
    });
  });

  test('a .faultline opens the project and no import dialog', async ({ app }) => {
    const { page } = app;
    await dropOnWindow(page, 'dropped.faultline', compileProject({ field: ramp(65), recipe: null, history: [], props: [], view: {} }));
    await expect.poll(() => page.evaluate(() => document.title)).toBe('dropped.faultline — Faultline');
    await expect(page.getByTestId('status-size')).toContainText('65 × 65');
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    await expect(page.getByTestId('project-error')).toHaveCount(0);
    expect(app.consoleErrors).toEqual([]);
  });

  test('an unknown file gets one message naming it, and the terrain stays', async ({ app }) => {
    const { page } = app;
    await dropOnWindow(page, 'notes.txt', new TextEncoder().encode('hello'));
    await expect(page.getByTestId('project-error-text')).toHaveText(
      /^notes\.txt: Faultline cannot open this kind of file\. Drop a project \(\.faultline\) or a heightmap/,
    );
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    await expect(page.getByTestId('exchange-error')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('project-error')).toHaveCount(0);
    await expect(page.getByTestId('status-size')).toContainText('257 × 257');
    expect(app.consoleErrors).toEqual([]);
  });
});
