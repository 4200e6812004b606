import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { compilePngHeightmap } from '../shared/codecs/png-heightmap';
import { createHeightfield } from '../shared/terrain/heightfield';
import { test, expect, sendMenuCommand } from './fixtures';
import { openAdvanced } from './panel';

// Every dialog is one modal shell (renderer/ui/Modal.tsx): a native modal <dialog> that names
// itself, keeps the focus inside on Tab and Shift+Tab, and closes on Escape (the topmost only).

function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== el);
}

async function expectModal(page: Page, testId: string, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByTestId(testId);
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.tagName)).toBe('DIALOG');
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog).toHaveAccessibleName(name);
  expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
  await expect.poll(() => focusInside(dialog)).toBe(true);
  for (let k = 0; k < 14; k++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog)).toBe(true);
  }
  for (let k = 0; k < 6; k++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog)).toBe(true);
  }
  return dialog;
}

async function closesOnEscape(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'faultline-dialogs-e2e-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test.describe('dialogs', () => {
  // These two look at dialogs only: the default preset at 65 × 65 (a cheaper start).
  test.describe(() => {
    test.use({ startSize: 65 });

    test('About, the command palette and Export are modal, keep Tab inside, close on Escape and give focus back', async ({ app }) => {
      const { page } = app;
      await sendMenuCommand(page, 'help.about');
      await closesOnEscape(page, await expectModal(page, 'about-dialog', 'Faultline'));

      // Opened from the toolbar: Escape closes it and the focus is back on the button that opened it.
      const opener = page.getByTestId('open-palette');
      await opener.focus();
      await page.keyboard.press('Enter');
      await closesOnEscape(page, await expectModal(page, 'command-palette', 'Command palette'));
      await expect(opener).toBeFocused();

      await sendMenuCommand(page, 'file.exportHeightmap');
      await closesOnEscape(page, await expectModal(page, 'export-dialog', 'Export'));
      expect(app.consoleErrors).toEqual([]);
    });

    test('Escape closes only the topmost dialog', async ({ app }) => {
      const { page } = app;
      await page.keyboard.press('Control+Shift+P');
      const palette = page.getByTestId('command-palette');
      await expect(palette).toBeVisible();
      await sendMenuCommand(page, 'help.about');
      const about = await expectModal(page, 'about-dialog', 'Faultline');
      await page.keyboard.press('Escape');
      await expect(about).toHaveCount(0);
      await expect(palette).toBeVisible();
      await closesOnEscape(page, palette);
    });
  });

  test('import, its error, unsaved changes, Open Recent and the project error are modal and close on Escape', async ({ app }) => {
    const { page } = app;
    const good = path.join(dir, 'small.png');
    await writeFile(good, compilePngHeightmap(createHeightfield(17, 17, 1)));
    app.dialogs.queueOpen(good);
    await sendMenuCommand(page, 'file.import');
    await expect(page.getByTestId('import-summary')).toContainText('17 × 17');
    await closesOnEscape(page, await expectModal(page, 'import-dialog', 'Import small.png'));
    await expect(page.getByTestId('status-size')).toContainText('257 × 257');

    const broken = path.join(dir, 'broken.png');
    const bytes = compilePngHeightmap(createHeightfield(17, 17, 1));
    await writeFile(broken, bytes.subarray(0, bytes.length - 30));
    app.dialogs.queueOpen(broken);
    await sendMenuCommand(page, 'file.import');
    await closesOnEscape(page, await expectModal(page, 'exchange-error', 'Could not complete'));

    const brokenProject = path.join(dir, 'broken.faultline');
    await writeFile(brokenProject, 'not a project');
    app.dialogs.queueOpen(brokenProject);
    await sendMenuCommand(page, 'file.open');
    await closesOnEscape(page, await expectModal(page, 'project-error', 'Could not complete that'));
    await expect(page.getByTestId('status-size')).toContainText('257 × 257');

    // Escape on "unsaved changes" is Cancel: the edited document stays.
    await page.getByTestId('gen-size').selectOption('129');
    await openAdvanced(page);
    await page.getByTestId('gen-iterations').fill('20');
    await page.getByTestId('gen-run').click();
    await expect(page.getByTestId('status-size')).toContainText('129');
    await sendMenuCommand(page, 'file.new');
    await closesOnEscape(page, await expectModal(page, 'unsaved-dialog', 'Unsaved changes'));
    await expect(page.getByTestId('status-size')).toContainText('129');

    await sendMenuCommand(page, 'file.openRecent');
    await closesOnEscape(page, await expectModal(page, 'recent-dialog', 'Open Recent'));
  });
});
