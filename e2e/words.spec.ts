import { expect, sendMenuCommand, test } from './fixtures';

// Words (issue 34, item 7): what a source or a button needs or does is said where it is seen.

test('the road-footprint mask source, offered on a map without a road, says it needs a road', async ({ app }) => {
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
