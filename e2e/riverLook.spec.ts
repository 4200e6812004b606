import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { compileProject } from '../shared/codecs/project';
import { DEFAULT_WATER_PARAMS, type WaterParams } from '../shared/hydrology/waterParams';
import { evaluateStack } from '../shared/layers/evaluate';
import type { Layer } from '../shared/layers/types';
import { createHeightfield } from '../shared/terrain/heightfield';
import { expect, sendMenuCommand, test, type FaultlineApp } from './fixtures';
import { showPanel } from './panel';
import { runGenerateAndWait } from './perf/appActions';

// A Mountains river at 1025² (2 m cells) from afar and close up at 1600 × 1000, photographed to be looked at
// (issue 31: a river 1.5–3 m wide on 2 m cells had been drawn as a chain of beads). Only screenshots
// (e2e/.artifacts/river-look/, or the folder FAULTLINE_SHOTS names), so it is a @report page:
// `npx playwright test --project=report e2e/riverLook.spec.ts`.
const ARTIFACTS = process.env.FAULTLINE_SHOTS ?? path.resolve(__dirname, '.artifacts', 'river-look');
// FAULTLINE_RIVER_LOOK_RIVERS=1,5: the Water list's rivers (from 1) to look at close up (default: all).
const RIVERS = (process.env.FAULTLINE_RIVER_LOOK_RIVERS ?? '')
  .split(',')
  .filter(Boolean)
  .map((n) => Number(n) - 1);
// FAULTLINE_RIVER_LOOK_HEIGHTS=mountains.r32: a 1025² map of 2 m cells (float32, as `faultline generate --out
// F.r32` writes) opened as a heights layer under automatic water, instead of Generate ▸ Mountains; with
// FAULTLINE_RIVER_LOOK_RULE=cones the water layer is one saved before `channelsAlongLines` (to compare).
const HEIGHTS = process.env.FAULTLINE_RIVER_LOOK_HEIGHTS;
const OLD_RULE = process.env.FAULTLINE_RIVER_LOOK_RULE === 'cones';
// FAULTLINE_RIVER_LOOK_VIEWPORT=1280x720: another window size (default 1600 × 1000).
const [VIEW_WIDTH, VIEW_HEIGHT] = (process.env.FAULTLINE_RIVER_LOOK_VIEWPORT ?? '1600x1000').split('x').map(Number);
// FAULTLINE_RIVER_LOOK_NOTCHES=9: wheel notches towards the river for the close-up (default 3).
const NOTCHES = Number(process.env.FAULTLINE_RIVER_LOOK_NOTCHES ?? 3);

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

/** Opens the heights of HEIGHTS (1025², 2 m cells) under automatic water, as a project. */
async function openHeights(app: FaultlineApp, file: string): Promise<void> {
  const raw = await readFile(file);
  const heights = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  const side = Math.round(Math.sqrt(heights.length));
  const size = { width: side, depth: side, cellSize: 2 };
  const { channelsAlongLines: _new, ...before } = DEFAULT_WATER_PARAMS;
  const params: WaterParams = OLD_RULE ? before : { ...DEFAULT_WATER_PARAMS };
  const layers: Layer[] = [
    { id: 'heights-1', name: 'Mountains', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params },
  ];
  const field = createHeightfield(side, side, 2, evaluateStack(layers, size)!);
  const dir = await mkdtemp(path.join(tmpdir(), 'faultline-river-look-'));
  try {
    const project = path.join(dir, 'mountains.faultline');
    await writeFile(project, compileProject({ field, recipe: null, history: [], props: [], view: {}, layers }));
    app.dialogs.queueOpen(project);
    await sendMenuCommand(app.page, 'file.open');
    await expect(app.page.getByTestId('status-size')).toContainText(`${side} × ${side}`, { timeout: 300_000 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test.describe('a Mountains river at 1600×1000 @report', () => {
  test.use({ viewport: { width: VIEW_WIDTH, height: VIEW_HEIGHT } });
  test('from afar and close up @report', async ({ app }) => {
    test.setTimeout(1_800_000);
    const { page } = app;
    await mkdir(ARTIFACTS, { recursive: true });
    const panel = page.getByTestId('water-panel');
    if (HEIGHTS) {
      await openHeights(app, HEIGHTS);
      // The window evaluates the opened stack (software GL, a loaded machine: it can be busy for a while).
      await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 300_000 });
      await settledView(page);
      await page.getByTestId('panel-tab-layers').click({ timeout: 300_000 });
      await showPanel(page, 'layers');
    } else {
      await showPanel(page, 'generate');
      await page.getByTestId('gen-preset').selectOption('mountains');
      await page.getByTestId('gen-size').selectOption('1025');
      await runGenerateAndWait(page, 600_000);
      await showPanel(page, 'layers');
      await panel.getByTestId('water-add').click();
      await expect(page.getByTestId('status-undo')).toContainText('Add automatic water', { timeout: 120_000 });
    }
    await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 120_000 });
    await expect(panel.getByTestId('water-rivers').locator('li').first()).toBeVisible({ timeout: 120_000 });
    await shot(page, '01-overview');
    const items = panel.getByTestId('water-rivers').locator('li');
    const count = await items.count();
    const box = (await page.getByTestId('viewport-3d').boundingBox())!;
    for (const n of RIVERS.length ? RIVERS : [...Array(count).keys()]) {
      if (n >= count) continue;
      // Selecting a river looks at the middle of its bounds from the same bearing, at least 40 m off;
      // selected again, it is let go (its own colours), the camera where it was.
      await items.nth(n).click();
      await settledView(page);
      await items.nth(n).click();
      await shot(page, `02-river${n + 1}-selected-view`);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let notch = 0; notch < NOTCHES; notch++) await page.mouse.wheel(0, -300);
      await shot(page, `03-river${n + 1}-closer`);
      await page.getByTestId('map-2d').screenshot({ path: path.join(ARTIFACTS, `04-river${n + 1}-map-2d.png`), timeout: 120_000 });
    }
  });
});
