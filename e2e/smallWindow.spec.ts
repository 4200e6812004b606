import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, sendMenuCommand, test, type FaultlineApp } from './fixtures';
import { showPanel } from './panel';
import { zigzagRoadProject } from './roadProject';

// Fits small windows (issue 34): the drive HUD keeps to a corner of the 3D view and folds, the side
// panel's tabs stay on one row, and the scale bar (which measures the orbit view) leaves while driving.

async function area(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not visible`);
  return box.width * box.height;
}

/**
 * The element's box once the layout has settled: a new window size can move the 2D map (over the side
 * panel at 1024×768) a frame or more after the resize, and a click aimed at the old box misses.
 */
async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let box = await locator.boundingBox();
  await expect
    .poll(async () => {
      const before = box;
      await locator.page().waitForTimeout(150);
      box = await locator.boundingBox();
      return JSON.stringify(before) === JSON.stringify(box) && box !== null;
    })
    .toBe(true);
  return box!;
}

/** Opens the zigzag road project (several flags a row) as a user would, and waits for its title. */
async function openZigzag(app: FaultlineApp, options: { river?: boolean } = {}): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-zigzag-'));
  try {
    await writeFile(path.join(folder, 'zigzag.faultline'), await zigzagRoadProject(options));
    app.dialogs.queueOpen(path.join(folder, 'zigzag.faultline'));
    await sendMenuCommand(app.page, 'file.open');
    await expect.poll(() => app.page.evaluate(() => document.title)).toBe('zigzag.faultline — Faultline');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Per table row (head and body): the most lines any of its cells' text takes. */
async function linesPerRow(table: Locator): Promise<number[]> {
  return table.locator('tr').evaluateAll((rows) =>
    rows.map((row) =>
      Math.max(
        ...[...row.querySelectorAll('th, td')].map((cell) => {
          // The text's line boxes: one rect per line of each text node (the status swatch is no text).
          const tops = new Set<number>();
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) tops.add(Math.round(r.top));
          }
          return tops.size;
        }),
      ),
    ),
  );
}

test.describe('small windows', () => {
  test.use({ startSize: 65 });

  test('at 1024×768 the drive HUD covers at most a quarter of the 3D view and folds to one line; no scale bar while driving', async ({ app }) => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByTestId('scale-bar')).toBeVisible();
    await page.keyboard.press('g');
    const hud = page.getByTestId('drive-hud');
    await expect(hud).toBeVisible();
    await expect(page.getByTestId('hud-model')).toBeVisible();
    await expect(page.getByTestId('scale-bar')).toBeHidden();
    // Measured once the layout has settled: the 2D map moves over the side panel after the resize, and the
    // 3D view grows a frame or more later (a box taken before that read 0.34 of a half-sized view).
    const view = await settledBox(page.getByTestId('viewport-3d'));
    const hudBox = await settledBox(hud);
    const open = hudBox.width * hudBox.height;
    expect(open / (view.width * view.height)).toBeLessThanOrEqual(0.25);
    // … and all of it shows: eight rows of readings pushed the key hint below the HUD's box, cut mid-line.
    await expect.poll(() => hud.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
    await page.getByTestId('hud-fold').click();
    await expect(page.getByTestId('hud-fold')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('hud-model')).toBeVisible();
    expect(await area(page, 'drive-hud')).toBeLessThan(open / 3);
    await page.getByTestId('hud-fold').click();
    await expect(page.getByTestId('hud-fold')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(hud).toHaveCount(0);
    await expect(page.getByTestId('scale-bar')).toBeVisible();
    expect(app.consoleErrors).toEqual([]);
  });

  test('at 1024×768 the road report is one click away from the top of the Roads tab', async ({ app }) => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.keyboard.press('Shift+R');
    const box = await settledBox(page.getByTestId('map-2d'));
    await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.5);
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5);
    await expect(page.getByTestId('status-undo')).toContainText('New road "Road 1"');
    await expect(page.getByTestId('road-report')).not.toBeInViewport();
    await page.getByTestId('road-go-report').click();
    await expect(page.getByTestId('road-report')).toBeInViewport();
    // Every column head (abbreviations: m, Grade%, Bank°, V/km, K…) says what it is in a tooltip.
    const heads = page.getByTestId('road-table').locator('th');
    expect(await heads.count()).toBeGreaterThanOrEqual(7);
    for (const title of await heads.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''))) expect(title.length).toBeGreaterThan(10);
    expect(app.consoleErrors).toEqual([]);
  });

  test("at 1024×768 the Unreal export's option boxes keep their names on one line", async ({ app }) => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.keyboard.press('Control+e');
    const dialog = page.getByTestId('export-dialog');
    await dialog.getByTestId('export-target-unreal').click();
    const labels = dialog.locator('.engine-checks label');
    expect(await labels.count()).toBeGreaterThanOrEqual(4);
    // Per label: the lines its text takes ("Normal map" broke after "Normal" beside the values' table).
    const lines = await labels.evaluateAll((items) =>
      items.map((label) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) tops.add(Math.round(r.top));
        }
        return tops.size;
      }),
    );
    expect(lines.every((n) => n === 1)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(app.consoleErrors).toEqual([]);
  });

  for (const [width, height] of [
    [1600, 1000],
    [1280, 720],
    [1024, 768],
  ] as const) {
    test(`at ${width}×${height} every column of the road table ends inside the side panel`, async ({ app }) => {
      const { page } = app;
      await page.setViewportSize({ width, height });
      await page.keyboard.press('Shift+R');
      const box = await settledBox(page.getByTestId('map-2d'));
      await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.35);
      await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6);
      await expect(page.getByTestId('status-undo')).toContainText('"Road 1"');
      await page.getByTestId('road-go-report').click();
      const table = page.getByTestId('road-table');
      await expect(table).toBeInViewport();
      const panel = (await page.locator('.side-column').boundingBox())!;
      const wrap = table.locator('xpath=..');
      const wrapBox = (await wrap.boundingBox())!;
      // Nothing to scroll sideways in the table's frame, and its frame inside the panel.
      expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      expect(wrapBox.x + wrapBox.width).toBeLessThanOrEqual(panel.x + panel.width);
      const heads = table.locator('th');
      // Before a drive, on a dry road: no km/h and no Water column (each would read "—" on every row).
      expect(await heads.allTextContents()).toEqual(['m', 'Grade %', 'Bank°', 'Radius', 'V/km', 'K', '!']);
      for (const right of await heads.evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right))) {
        expect(right).toBeLessThanOrEqual(wrapBox.x + wrapBox.width);
      }
      expect(app.consoleErrors).toEqual([]);
    });
  }

  for (const [width, height] of [
    [1280, 720],
    [1024, 768],
  ] as const) {
    test(`at ${width}×${height} every row of the road table, its flags too, is one line`, async ({ app }) => {
      const { page } = app;
      await page.setViewportSize({ width, height });
      await openZigzag(app);
      await page.keyboard.press('Shift+R');
      await page.getByTestId('road-road-1').click();
      await page.getByTestId('road-go-report').click();
      const table = page.getByTestId('road-table');
      await expect(table).toBeInViewport();
      // The road carries several flags a row (the case that wrapped), and the table still fits the panel.
      const flags = await table.locator('td.road-flags').allTextContents();
      expect(Math.max(...flags.map((text) => text.length))).toBeGreaterThanOrEqual(3);
      const wrap = table.locator('xpath=..');
      expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      const lines = await linesPerRow(table);
      expect(lines.length).toBeGreaterThan(10);
      expect(lines.filter((n) => n !== 1)).toEqual([]);
      await page.screenshot({ path: `e2e/.artifacts/road-table-${width}x${height}.png` });
      expect(app.consoleErrors).toEqual([]);
    });
  }

  for (const [width, height] of [
    [1600, 1000],
    [1024, 768],
  ] as const) {
    test(`at ${width}×${height} the Roads tab's Route mode box sits on its name's row, box first, like the View panel's`, async ({ app }) => {
      const { page } = app;
      await page.setViewportSize({ width, height });
      await page.keyboard.press('Shift+R');
      const box = page.getByTestId('road-route-mode');
      await expect(box).toBeVisible();
      const name = page.getByTestId('road-route').getByText('Route mode', { exact: true });
      const boxBox = await settledBox(box);
      const nameBox = (await name.boundingBox())!;
      // One row: the box's middle within the name's line, and the box to the name's left.
      expect(Math.abs(boxBox.y + boxBox.height / 2 - (nameBox.y + nameBox.height / 2))).toBeLessThanOrEqual(nameBox.height / 2);
      expect(boxBox.x + boxBox.width).toBeLessThanOrEqual(nameBox.x);
      await page.screenshot({ path: `e2e/.artifacts/route-mode-${width}x${height}.png` });
      expect(app.consoleErrors).toEqual([]);
    });
  }

  test("after the window is resized twice the 3D canvas ends at its box's size, its drawing buffer too", async ({ app }) => {
    const { page } = app;
    // The canvas's CSS size and drawing-buffer size against its box's (the view's element): the view once
    // kept an in-between width (870 of 974 px at 1280×720) beside a dark strip.
    const sizes = () =>
      page.getByTestId('viewport-3d').evaluate((view) => {
        const canvas = view.querySelector('canvas')!;
        const rect = canvas.getBoundingClientRect();
        return {
          box: [view.clientWidth, view.clientHeight],
          css: [Math.round(rect.width), Math.round(rect.height)],
          buffer: [canvas.width, canvas.height],
          expectedBuffer: [Math.floor(rect.width * devicePixelRatio), Math.floor(rect.height * devicePixelRatio)],
        };
      });
    const fits = async () => {
      const s = await sizes();
      return s.css[0] === s.box[0] && s.css[1] === s.box[1] && s.buffer[0] === s.expectedBuffer[0] && s.buffer[1] === s.expectedBuffer[1]
        ? 'fits'
        : JSON.stringify(s);
    };
    await page.setViewportSize({ width: 1600, height: 1000 });
    await expect.poll(fits, { timeout: 20_000 }).toBe('fits');
    for (const [width, height] of [
      [1280, 720],
      [1024, 768],
    ]) {
      await page.setViewportSize({ width, height });
      await settledBox(page.getByTestId('viewport-3d'));
      await expect.poll(fits, { timeout: 20_000 }).toBe('fits');
      const { box } = await sizes();
      // The box is the pane left of the side column, not an in-between width.
      expect(box[0]).toBeGreaterThan(width * 0.6);
      if (process.env.FAULTLINE_SHOTS) await page.screenshot({ path: path.join(process.env.FAULTLINE_SHOTS, `canvas-resized-${width}x${height}.png`) });
    }
    expect(app.consoleErrors).toEqual([]);
  });

  test("at 1024×768 and 1280×720 the Drive tab's last row shows whole above the status bar, under the getting-started hint", async ({ app }) => {
    const { page } = app;
    for (const [width, height] of [
      [1024, 768],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(page.getByTestId('first-start-hint')).toBeVisible();
      await showPanel(page, 'drive');
      // The overlay's box was the tab's last row, cut by the status bar (1024×768) or below it (1280×720).
      const last = await settledBox(page.getByTestId('drive-camera-mode'));
      const overlay = (await page.getByTestId('drive-overlay').boundingBox())!;
      const column = (await page.locator('.side-column').boundingBox())!;
      expect(Math.max(last.y + last.height, overlay.y + overlay.height)).toBeLessThanOrEqual(column.y + column.height);
      expect(await page.locator('.side-column').evaluate((element) => element.scrollTop)).toBe(0);
    }
    expect(app.consoleErrors).toEqual([]);
  });

  for (const width of [1280, 1600]) {
    test(`at ${width} px the side panel's tabs sit on one row with their whole names`, async ({ app }) => {
      const { page } = app;
      await page.setViewportSize({ width, height: 800 });
      const tabs = page.getByRole('tablist', { name: 'Tasks' }).getByRole('tab');
      const count = await tabs.count();
      expect(count).toBeGreaterThanOrEqual(7);
      const tops = new Set<number>();
      for (let k = 0; k < count; k++) {
        const tab = tabs.nth(k);
        tops.add(Math.round((await tab.boundingBox())!.y));
        // The whole name shows: nothing cut off with an ellipsis.
        expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      expect([...tops]).toHaveLength(1);
      expect(app.consoleErrors).toEqual([]);
    });
  }

  test.describe('a driven road over water', () => {
    test.use({ driveClock: 4 });

    test('at 1280×720 all nine columns of the road table fit the side panel, and every flag is a chip with its meaning as a tooltip', async ({ app }) => {
      test.setTimeout(240_000);
      const { page } = app;
      await page.setViewportSize({ width: 1280, height: 720 });
      await openZigzag(app, { river: true });
      await page.keyboard.press('Shift+R');
      await page.getByTestId('road-road-1').click();
      await page.getByTestId('road-drive').click();
      const hud = page.getByTestId('drive-hud');
      await expect(hud).toHaveAttribute('data-autopilot', 'driving');
      await expect.poll(() => hud.getAttribute('data-autopilot'), { timeout: 150_000 }).not.toBe('driving');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('road-report')).toHaveAttribute('data-source', 'drive');
      await page.getByTestId('road-go-report').click();
      // Each crossing's verdict in clauses of its own (it read "(0.3 m) (default)", as if the depth were the default).
      await expect(page.getByTestId('road-crossing').first()).toContainText(
        'too deep for the hatchback, which fords 0.3 m · ford by default · bridge suggested',
      );
      const table = page.getByTestId('road-table');
      // Below the report's list of crossings (five fords here).
      await table.scrollIntoViewIfNeeded();
      await expect(table).toBeInViewport();
      // Driven and wet: every column shows.
      await expect(table.locator('th')).toHaveText(['m', 'Grade %', 'Bank°', 'Radius', 'V/km', 'km/h', 'K', 'Water', '!']);
      // The longest flag string is long (the case that scrolled sideways): a ford, a bend, a grade and more.
      const flags = await table.locator('td.road-flags').allTextContents();
      expect(Math.max(...flags.map((text) => text.length))).toBeGreaterThanOrEqual(3);
      const wrap = table.locator('xpath=..');
      expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      const wrapBox = (await wrap.boundingBox())!;
      for (const right of await table.locator('th, td').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right))) {
        expect(right).toBeLessThanOrEqual(wrapBox.x + wrapBox.width + 0.5);
      }
      // Each flag is its own chip that says what it means on hover.
      const chips = table.locator('td.road-flags abbr');
      expect(await chips.count()).toBeGreaterThan(0);
      for (const title of await chips.evaluateAll((list) => list.map((chip) => chip.getAttribute('title') ?? ''))) expect(title.length).toBeGreaterThan(8);
      // … and the legend below the table spells out every code that shows (F and W were missing).
      const legend = (await page.getByTestId('road-flag-legend').textContent()) ?? '';
      for (const code of new Set(flags.join(''))) expect(legend).toContain(` ${code} `);
      await page.screenshot({ path: 'e2e/.artifacts/road-table-wet-driven-1280x720.png' });
      expect(app.consoleErrors).toEqual([]);
    });
  });
});
