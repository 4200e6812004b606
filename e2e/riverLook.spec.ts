import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { showPanel } from './panel';
import { runGenerateAndWait } from './perf/appActions';

// A Mountains river at 1025² (2 m cells) from afar and close up at 1600 × 1000, photographed to be looked at
// (issue 31: a river 1.5–3 m wide on 2 m cells had been drawn as a chain of beads). Only screenshots
// (e2e/.artifacts/river-look/, or the folder FAULTLINE_SHOTS names), so it is a @report page:
// `npx playwright test --project=report e2e/riverLook.spec.ts`.
const ARTIFACTS = process.env.FAULTLINE_SHOTS ?? path.resolve(__dirname, '.artifacts', 'river-look');
// FAULTLINE_WATER_RIVER=n closes up on the list's n-th river (from 1) instead of the longest.
const RIVER_INDEX = Math.max(0, Number(process.env.FAULTLINE_WATER_RIVER ?? 1) - 1);

/** The 3D view once it stops changing. */
async function settledView(page: Page): Promise<Buffer> {
  await page.mouse.move(0, 0);
  const view = page.getByTestId('viewport-3d');
  await expect(view).toHaveAttribute('data-lighting', 'ready', { timeout: 120_000 });
  let last = await view.screenshot({ timeout: 120_000 });
  for (let tries = 0; tries < 10; tries++) {
    await page.waitForTimeout(500);
    const next = await view.screenshot({ timeout: 120_000 });
    if (next.equals(last)) break;
    last = next;
  }
  return last;
}

async function shot(page: Page, name: string): Promise<void> {
  await settledView(page);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), timeout: 120_000 });
}

/** The centre of the pixels that differ by more than 24 levels between two shots, or null. */
async function changedCentre(page: Page, before: Buffer, after: Buffer): Promise<{ x: number; y: number } | null> {
  return page.evaluate(
    async ({ a, b }) => {
      const decode = async (data: string) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return { data: context.getImageData(0, 0, bitmap.width, bitmap.height).data, width: bitmap.width };
      };
      const [one, two] = await Promise.all([decode(a), decode(b)]);
      let sx = 0;
      let sy = 0;
      let n = 0;
      for (let k = 0; k < one.data.length; k += 4) {
        const d = Math.abs(one.data[k] - two.data[k]) + Math.abs(one.data[k + 1] - two.data[k + 1]) + Math.abs(one.data[k + 2] - two.data[k + 2]);
        if (d < 24) continue;
        const p = k / 4;
        sx += p % one.width;
        sy += Math.floor(p / one.width);
        n++;
      }
      return n < 5 ? null : { x: sx / n, y: sy / n };
    },
    { a: before.toString('base64'), b: after.toString('base64') },
  );
}

/** Brings the list's nth river to the middle of the 3D view by its selection tint, zooming a few notches a round; then tilts down. */
async function closeUpOn(page: Page, rounds: number, notchesPerRound: number, nth: number): Promise<void> {
  await page.getByTestId('cmd-view.resetCamera').click();
  const item = page.getByTestId('water-panel').getByTestId('water-rivers').locator('li').nth(nth);
  const box = (await page.getByTestId('viewport-3d').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let round = 0; round < rounds; round++) {
    const plain = await settledView(page);
    await item.click();
    const tinted = await settledView(page);
    await item.click();
    const centre = await changedCentre(page, plain, tinted);
    if (centre) {
      await page.mouse.move(box.x + centre.x, box.y + centre.y);
      await page.mouse.down({ button: 'right' });
      await page.mouse.move(cx, cy, { steps: 10 });
      await page.mouse.up({ button: 'right' });
    }
    await page.mouse.move(cx, cy);
    for (let n = 0; n < notchesPerRound; n++) await page.mouse.wheel(0, -300);
  }
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx + 20, cy - 90, { steps: 8 });
  await page.mouse.up({ button: 'middle' });
}

test.describe('a Mountains river at 1600×1000 @report', () => {
  test.use({ viewport: { width: 1600, height: 1000 } });
  test('from afar and close up @report', async ({ app }) => {
    test.setTimeout(1_800_000);
    const { page } = app;
    await mkdir(ARTIFACTS, { recursive: true });
    await showPanel(page, 'generate');
    await page.getByTestId('gen-preset').selectOption('mountains');
    await page.getByTestId('gen-size').selectOption('1025');
    await runGenerateAndWait(page, 600_000);
    await showPanel(page, 'layers');
    const panel = page.getByTestId('water-panel');
    await panel.getByTestId('water-add').click();
    await expect(page.getByTestId('status-undo')).toContainText('Add automatic water', { timeout: 120_000 });
    await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 120_000 });
    await expect(panel.getByTestId('water-rivers').locator('li').first()).toBeVisible({ timeout: 120_000 });
    await shot(page, '01-overview');
    await closeUpOn(page, 3, 2, RIVER_INDEX);
    await shot(page, '02-river-mid');
    await closeUpOn(page, 5, 2, RIVER_INDEX);
    await shot(page, '03-river-close');
    const map2d = page.getByTestId('map-2d');
    await map2d.screenshot({ path: path.join(ARTIFACTS, '04-map-2d.png'), timeout: 120_000 });
  });
});
