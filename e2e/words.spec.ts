import type { Page } from '@playwright/test';
import { expect, sendMenuCommand, test } from './fixtures';
import { showPanel } from './panel';

// Words (issue 34, item 7): what a source or a button needs or does is said where it is seen.

test('the road surface and shoulder mask sources, offered on a map without a road, say what they are and that they need a road', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1600, height: 1000 });
  await sendMenuCommand(page, 'file.exportHeightmap');
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await page.getByTestId('export-target-unreal').click();
  await page.getByTestId('engine-masks').check();
  // The default mask layers' rules each offer every source; the map has no road yet.
  const road = page.locator('[data-testid^="mask-rule-"][data-testid$="-source"] option[value="road"]').first();
  await expect(road).toBeDisabled();
  await expect(road).toContainText('needs a road');
  await expect(road).not.toContainText('erosion');
  const shoulder = page.locator('[data-testid^="mask-rule-"][data-testid$="-source"] option[value="shoulder"]').first();
  await expect(shoulder).toBeDisabled();
  await expect(shoulder).toContainText('Shoulder & apron gravel');
  // The select names its source in full where its width cuts the label.
  await expect(page.locator('[data-testid^="mask-rule-"][data-testid$="-source"]').first()).toHaveAttribute('title', /^Source: /);
  await expect(shoulder).toContainText('needs a road layer');
  expect(app.consoleErrors).toEqual([]);
});

test('the drive HUD’s Stop button names its count as rows and says what stopping does', async ({ app }) => {
  const { page } = app;
  await page.keyboard.press('g');
  const record = page.getByTestId('drive-record');
  await expect(record).toBeVisible();
  await record.click();
  await expect(record).toContainText(/^Stop · \d+ rows$/);
  await expect(record).toHaveAttribute('title', /Stop recording the telemetry \(\d+ rows so far\); Export CSV then saves them/);
  await record.click();
  await expect(record).toHaveText('Record');
  expect(app.consoleErrors).toEqual([]);
});

/** Short or symbol-bearing words (m, V/km, Grade %, 100%, soft, x …): what a tooltip must spell out. */
const looksAbbreviated = (text: string): boolean => /[%°/!²]/.test(text) || /^\S{1,4}$/.test(text) || /(^|\s)[A-Za-z](\s|$)/.test(text);

/** Each cell's text and the tooltip on it or on its parent (a wheel's name sits in a titled box). */
async function cellsOf(page: Page, selector: string): Promise<Array<{ text: string; title: string }>> {
  return page.locator(selector).evaluateAll((cells) =>
    cells.map((cell) => ({
      text: (cell.textContent ?? '').trim(),
      title: cell.getAttribute('title') ?? cell.parentElement?.getAttribute('title') ?? '',
    })),
  );
}

test.describe('tooltips', () => {
  test.use({ startSize: 65 });

  test('every abbreviation in the window’s tables (layers, road report, mask rules, drive readings, readout) has a tooltip', async ({ app }) => {
    const { page } = app;
    await page.setViewportSize({ width: 1600, height: 1000 });
    const cells: Array<{ where: string; text: string; title: string }> = [];
    const walk = async (where: string, selector: string) => {
      const found = await cellsOf(page, selector);
      expect(found.length, `${where}: ${selector}`).toBeGreaterThan(0);
      cells.push(...found.map((cell) => ({ where, ...cell })));
    };

    await showPanel(page, 'layers');
    await walk('layer list', '[data-testid="layer-list"] .layer-row > span:not(.layer-name)');
    await walk('status bar', '[data-testid="hover-readout"]');

    await page.keyboard.press('Shift+R');
    const map = page.getByTestId('map-2d');
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.35, box.y + box.height * 0.5);
    await page.mouse.click(box.x + box.width * 0.65, box.y + box.height * 0.45);
    await expect(page.getByTestId('status-undo')).toContainText('"Road 1"');
    await page.getByTestId('road-go-report').click();
    await walk('road report', '[data-testid="road-table"] th');

    await sendMenuCommand(page, 'file.exportHeightmap');
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    await page.getByTestId('export-target-unreal').click();
    await page.getByTestId('engine-masks').check();
    await walk('mask rules', '.mask-rule label');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('export-dialog')).toHaveCount(0);

    await page.keyboard.press('g');
    await expect(page.getByTestId('hud-speed')).toBeVisible();
    await walk('drive readings', '.drive-hud-values dt');

    const abbreviated = cells.filter((cell) => looksAbbreviated(cell.text));
    // m, Grade %, Bank°, V/km, K, !, the opacities, from / to / soft, x z h, Roll …
    expect(abbreviated.length).toBeGreaterThanOrEqual(15);
    expect(abbreviated.filter((cell) => cell.title.length < 10)).toEqual([]);
    expect(app.consoleErrors).toEqual([]);
  });
});
