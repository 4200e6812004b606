import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openAdvanced, showPanel } from './panel';

/** What a view shows right now, as PNG bytes (WebGL canvases cannot be read back reliably, screenshots can). */
async function pixels(view: Locator): Promise<Buffer> {
  return view.screenshot({ animations: 'disabled' });
}

async function expectViewChanges(view: Locator, before: Buffer): Promise<void> {
  await expect.poll(async () => (await pixels(view)).equals(before), { timeout: 20_000 }).toBe(false);
}

/**
 * A primary-button drag across the middle of a view, in steps so tools see pointer moves: three, as a fault is its two ends
 * and a stroke dabs evenly between the points it is given, and each move costs a software redraw here.
 */
async function dragAcross(page: Page, view: Locator, from: [number, number], to: [number, number]): Promise<void> {
  const box = await view.boundingBox();
  if (!box) throw new Error('view is not visible');
  const at = ([fx, fy]: [number, number]) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at(to), { steps: 3 });
  await page.mouse.up();
}

test.describe('terrain design loop', () => {
  test('generates from the panel, both views change, and undo/redo restore it', async ({ app }) => {
    const { page } = app;
    const map2d = page.getByTestId('map-2d');
    const view3d = page.getByTestId('viewport-3d');
    const before2d = await pixels(map2d);
    const before3d = await pixels(view3d);

    await page.getByTestId('gen-size').selectOption('129');
    await openAdvanced(page);
    await page.getByTestId('gen-iterations').fill('200');
    await page.getByTestId('gen-seed').fill('12345');
    await page.getByTestId('gen-run').click();

    await expect(page.getByTestId('status-undo')).toContainText('Generate 200 iterations');
    await expect(page.getByTestId('status-size')).toContainText('129');
    await expectViewChanges(map2d, before2d);
    await expectViewChanges(view3d, before3d);
    const generated2d = await pixels(map2d);

    await page.getByTestId('cmd-edit.undo').click();
    await expect(page.getByTestId('status-size')).toContainText('257');
    await expect(page.getByTestId('status-undo')).not.toContainText('Generate');
    await expectViewChanges(map2d, generated2d);

    await page.getByTestId('cmd-edit.redo').click();
    await expect(page.getByTestId('status-undo')).toContainText('Generate 200 iterations');
    await expect(page.getByTestId('status-size')).toContainText('129');
    expect(app.consoleErrors).toEqual([]);
  });

  test('a long job shows progress and cancel leaves the terrain as it was', async ({ app }) => {
    const { page } = app;
    const map2d = page.getByTestId('map-2d');
    const undoBefore = await page.getByTestId('status-undo').textContent();
    const before2d = await pixels(map2d);

    // A million iterations on 257² take seconds even for the fast formation (about 3.6 s in Node here).
    await openAdvanced(page);
    await page.getByTestId('gen-iterations').fill('1000000');
    await page.getByTestId('gen-run').click();
    await expect(page.getByTestId('job-progress')).toBeVisible();
    // The UI stays responsive while the worker runs: panel inputs still take typing.
    await page.getByTestId('gen-seed').fill('777');
    await page.getByTestId('gen-cancel').click();
    await expect(page.getByTestId('job-progress')).toBeHidden();

    await expect(page.getByTestId('status-undo')).toHaveText(undoBefore ?? '');
    expect((await pixels(map2d)).equals(before2d)).toBe(true);
    await expect(page.getByTestId('gen-run')).toBeEnabled();
    expect(app.consoleErrors).toEqual([]);
  });
});

// Edits that compare the map with itself before and after: the default preset at 65², a cheaper start and
// cheaper re-evaluations after each edit.
test.describe('terrain design loop: edits', () => {
  test.use({ startSize: 65 });

  test('draws a manual fault on the 2D panel as one undoable edit; Esc cancels a drag', async ({ app }) => {
    const { page } = app;
    const map2d = page.getByTestId('map-2d');
    await showPanel(page, 'sculpt');
    await page.getByTestId('tool-fault').click();
    await page.getByTestId('fault-displacement').fill('20');

    const undoBefore = await page.getByTestId('status-undo').textContent();
    const box = await map2d.boundingBox();
    if (!box) throw new Error('2D panel is not visible');
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.8, { steps: 2 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await expect(page.getByTestId('status-undo')).toHaveText(undoBefore ?? '');

    const before2d = await pixels(map2d);
    await dragAcross(page, map2d, [0.2, 0.3], [0.8, 0.7]);
    await expect(page.getByTestId('status-undo')).toContainText('Manual fault');
    await expectViewChanges(map2d, before2d);
    const faulted = await pixels(map2d);

    await page.getByTestId('cmd-edit.undo').click();
    await expect(page.getByTestId('status-undo')).toHaveText(undoBefore ?? '');
    await expectViewChanges(map2d, faulted);
    expect(app.consoleErrors).toEqual([]);
  });

  test('paints a brush stroke in the 3D viewport as one history entry', async ({ app }) => {
    const { page } = app;
    const map2d = page.getByTestId('map-2d');
    const view3d = page.getByTestId('viewport-3d');
    await page.keyboard.press('b');
    await expect(page.getByTestId('tool-brush')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('brush-radius').fill('60');
    await page.getByTestId('brush-strength').fill('1');

    const before2d = await pixels(map2d);
    // The default camera frames the whole terrain: the middle of the viewport is on the ground.
    await dragAcross(page, view3d, [0.4, 0.55], [0.6, 0.55]);
    await expect(page.getByTestId('status-undo')).toContainText('Brush: raise');
    await expectViewChanges(map2d, before2d);
    expect(app.consoleErrors).toEqual([]);
  });
  test('paints a raise stroke on the 2D panel: the height under the stroke goes up, one history entry', async ({ app }) => {
    const { page } = app;
    const map2d = page.getByTestId('map-2d');
    const readout = page.getByTestId('hover-readout');
    await page.keyboard.press('b');
    await page.getByTestId('brush-radius').fill('40');
    await page.getByTestId('brush-strength').fill('1');
    const box = await map2d.boundingBox();
    if (!box) throw new Error('2D panel is not visible');
    const centre = [box.x + box.width / 2, box.y + box.height / 2] as const;
    const heightUnderCursor = async () => Number(await readout.getAttribute('data-h'));

    await page.mouse.move(...centre);
    await expect(readout).toHaveAttribute('data-h', /\d/);
    const before = await heightUnderCursor();
    await dragAcross(page, map2d, [0.45, 0.5], [0.55, 0.5]);
    await expect(page.getByTestId('status-undo')).toContainText('Brush: raise');
    await page.mouse.move(centre[0] + 30, centre[1] + 30);
    await page.mouse.move(...centre);
    await expect.poll(heightUnderCursor).toBeGreaterThan(before + 0.01);

    await page.getByTestId('cmd-edit.undo').click();
    await page.mouse.move(centre[0] + 30, centre[1] + 30);
    await page.mouse.move(...centre);
    await expect.poll(heightUnderCursor).toBe(before);
    expect(app.consoleErrors).toEqual([]);
  });
});
