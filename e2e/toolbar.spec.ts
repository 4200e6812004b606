import type { Page } from '@playwright/test';
import { COMMANDS } from '../shared/commands';
import { expect, test } from './fixtures';

// These tests never look at the default terrain: they start on its preset at 65 × 65 (a cheaper start).
test.use({ startSize: 65 });

const TOOLBAR_IDS = COMMANDS.filter((c) => 'toolbar' in c && c.toolbar).map((c) => c.id);

/** Every toolbar command is either a button fully inside the window or an item of the More menu. */
async function reachability(page: Page): Promise<{ inBar: string[]; inMenu: string[]; clipped: string[] }> {
  const width = page.viewportSize()?.width ?? 0;
  const inBar: string[] = [];
  const clipped: string[] = [];
  for (const id of TOOLBAR_IDS) {
    const button = page.getByTestId(`cmd-${id}`);
    if ((await button.count()) === 0) continue;
    const box = await button.boundingBox();
    if (box && box.x >= 0 && box.x + box.width <= width) inBar.push(id);
    else clipped.push(id);
  }
  const inMenu: string[] = [];
  if ((await page.getByTestId('toolbar-more').count()) > 0) {
    await page.getByTestId('toolbar-more').click();
    for (const id of TOOLBAR_IDS) if ((await page.getByTestId(`more-${id}`).count()) > 0) inMenu.push(id);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('toolbar-menu')).toHaveCount(0);
  }
  return { inBar, inMenu, clipped };
}

for (const viewport of [
  { width: 1600, height: 1000 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
]) {
  test.describe(`toolbar at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test('every command is in the bar, nothing cut off', async ({ app }) => {
      const { page } = app;
      const { inBar, inMenu, clipped } = await reachability(page);
      expect(clipped).toEqual([]);
      expect([...inBar, ...inMenu].sort()).toEqual([...TOOLBAR_IDS].sort());
      expect(inMenu).toEqual([]);
      await expect(page.getByTestId('open-palette')).toBeInViewport({ ratio: 1 });
      // Icon-only buttons still say what they are.
      for (const id of TOOLBAR_IDS) await expect(page.getByTestId(`cmd-${id}`)).toHaveAttribute('title', /\S/);
    });
  });
}

test.describe('toolbar in a narrow window', () => {
  test.use({ viewport: { width: 640, height: 720 } });
  test('what does not fit is in the More menu, which runs it and closes on Escape', async ({ app }) => {
    const { page } = app;
    const { inBar, inMenu, clipped } = await reachability(page);
    expect(clipped).toEqual([]);
    expect(inMenu.length).toBeGreaterThan(0);
    expect([...inBar, ...inMenu].sort()).toEqual([...TOOLBAR_IDS].sort());
    // Run a toggle from the menu: it closes, and the toggle shows as on when it opens again.
    expect(inMenu).toContain('view.drivability');
    await page.getByTestId('toolbar-more').click();
    await expect(page.getByTestId('more-view.drivability')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('more-view.drivability').click();
    await expect(page.getByTestId('toolbar-menu')).toHaveCount(0);
    await page.getByTestId('toolbar-more').click();
    await expect(page.getByTestId('more-view.drivability')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    expect(app.consoleErrors).toEqual([]);
  });
});
