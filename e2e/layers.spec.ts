import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openAdvanced, showPanel } from './panel';

// No test here reads the default terrain's own heights (each compares the map with itself before and
// after an edit): the default preset at 65², a cheaper start and cheaper stack evaluations.
test.use({ startSize: 65 });

const SHOTS = process.env.FAULTLINE_SHOTS;

/** The exact height under a point of the 2D panel (fractions of its box), from the hover readout. */
async function heightAt(page: Page, map2d: Locator, fx: number, fy: number): Promise<number> {
  const box = await map2d.boundingBox();
  if (!box) throw new Error('2D panel is not visible');
  const readout = page.getByTestId('hover-readout');
  // Move away and back so the readout is taken afresh from the current heights.
  await page.mouse.move(box.x + 5, box.y + 5);
  await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
  await expect(readout).toHaveAttribute('data-h', /\d/);
  return Number(await readout.getAttribute('data-h'));
}

async function drag(page: Page, view: Locator, from: [number, number], to: [number, number]): Promise<void> {
  const box = await view.boundingBox();
  if (!box) throw new Error('view is not visible');
  await page.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
  await page.mouse.down();
  // Few steps: the stroke dabs evenly along the straight path whatever the pointer events, and each event redraws (slow here).
  await page.mouse.move(box.x + to[0] * box.width, box.y + to[1] * box.height, { steps: 2 });
  await page.mouse.up();
}

/** Waits until no terrain job runs (the status bar names none). */
async function idle(page: Page): Promise<void> {
  await expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout: 30_000 });
}

test.describe('the layer stack in the editor', () => {
  test('sculpt, change the seed: the valley stays; hide and show the erosion; undo each', async ({ app }) => {
    // Many steps, each drawn by software rendering here.
    test.setTimeout(300_000);
    const { page } = app;
    const map2d = page.getByTestId('map-2d');
    const undo = page.getByTestId('status-undo');

    await showPanel(page, 'layers');
    const list = page.getByTestId('layer-list');
    await expect(list.locator('[data-kind="faults"]')).toHaveCount(1);
    await expect(list.locator('[data-kind="hydraulic"]')).toHaveCount(1);

    // A valley across the middle of the map, lowered with the brush.
    await page.keyboard.press('b');
    await page.getByTestId('brush-mode').selectOption('lower');
    await page.getByTestId('brush-radius').fill('30');
    await page.getByTestId('brush-strength').fill('1');
    for (let pass = 0; pass < 2; pass++) {
      await drag(page, map2d, [0.3, 0.5], [0.7, 0.5]);
      await expect(undo).toContainText('Brush: lower');
      await idle(page);
    }
    await page.keyboard.press('v');
    await showPanel(page, 'layers');
    const sculpt = list.locator('[data-kind="sculpt"]');
    await expect(sculpt).toHaveCount(1);

    /** How far the sculpt layer lowers the middle: its height with the layer hidden minus shown. */
    const sculptId = (await sculpt.getAttribute('data-testid'))!.replace('layer-', '');
    const valleyDepth = async (): Promise<number> => {
      const shown = await heightAt(page, map2d, 0.5, 0.5);
      await page.getByTestId(`layer-visible-${sculptId}`).click();
      await idle(page);
      await expect(sculpt).toHaveAttribute('data-enabled', 'false');
      const hidden = await heightAt(page, map2d, 0.5, 0.5);
      await page.getByTestId(`layer-visible-${sculptId}`).click();
      await idle(page);
      await expect(sculpt).toHaveAttribute('data-enabled', 'true');
      return hidden - shown;
    };
    const depth = await valleyDepth();
    expect(depth).toBeGreaterThan(1);
    const carved = await heightAt(page, map2d, 0.5, 0.5);

    // A new seed: the base changes, the sculpt layer and its valley stay.
    await openAdvanced(page);
    await page.getByTestId('gen-seed').fill('777');
    await page.getByTestId('gen-run').click();
    await expect(undo).toContainText('Generate');
    await idle(page);
    // At the map's own size (the form takes the start's).
    await expect(page.getByTestId('status-size')).toContainText('65 × 65');
    await expect.poll(() => heightAt(page, map2d, 0.5, 0.5)).not.toBe(carved);
    await showPanel(page, 'layers');
    await expect(sculpt).toHaveCount(1);
    expect(Math.abs((await valleyDepth()) - depth)).toBeLessThan(0.01);

    // Hide the erosion layer and show it again: the heights change and come back exactly.
    const eroded = await heightAt(page, map2d, 0.35, 0.3);
    const hydraulic = list.locator('[data-kind="hydraulic"]');
    const hydraulicId = (await hydraulic.getAttribute('data-testid'))!.replace('layer-', '');
    await page.getByTestId(`layer-visible-${hydraulicId}`).click();
    await idle(page);
    await expect(undo).toContainText('Hide layer');
    await expect.poll(() => heightAt(page, map2d, 0.35, 0.3)).not.toBe(eroded);
    await page.getByTestId(`layer-visible-${hydraulicId}`).click();
    await idle(page);
    await expect(undo).toContainText('Show layer');
    expect(await heightAt(page, map2d, 0.35, 0.3)).toBe(eroded);

    // Undo each: show, hide, the new seed, and the strokes.
    await page.getByTestId('cmd-edit.undo').click();
    await expect(hydraulic).toHaveAttribute('data-enabled', 'false');
    await page.getByTestId('cmd-edit.undo').click();
    await expect(hydraulic).toHaveAttribute('data-enabled', 'true');
    expect(await heightAt(page, map2d, 0.35, 0.3)).toBe(eroded);
    // Undo the four visibility toggles of the depth check, then the new seed.
    for (let k = 0; k < 4; k++) await page.getByTestId('cmd-edit.undo').click();
    await page.getByTestId('cmd-edit.undo').click();
    expect(await heightAt(page, map2d, 0.5, 0.5)).toBe(carved);
    for (let k = 0; k < 2; k++) await page.getByTestId('cmd-edit.undo').click();
    await expect(sculpt).toHaveCount(0);
    expect(app.consoleErrors).toEqual([]);
  });

  test("a thermal layer's wall retreat, aprons and floors: empty fields turned on, then off again", async ({ app }) => {
    test.setTimeout(120_000);
    const { page } = app;
    await showPanel(page, 'layers');
    const thermal = page.getByTestId('layer-list').locator('[data-kind="thermal"]');
    await thermal.click();
    const undo = page.getByTestId('status-undo');
    for (const [key, value] of [
      ['retreatDeg', '65'],
      ['talusShare', '0.5'],
      ['floorFill', '2'],
    ] as const) {
      const field = page.getByTestId(`layer-param-${key}`);
      // Absent from a layer made without it: shown empty ("off").
      await expect(field).toHaveValue('');
      await field.fill(value);
      await field.press('Enter');
      await idle(page);
      await expect(undo).toContainText(key);
      await expect(page.getByTestId(`layer-param-${key}`)).toHaveValue(value);
    }
    // Cleared, it is removed again: the layer is the one without it.
    const retreat = page.getByTestId('layer-param-retreatDeg');
    await retreat.fill('');
    await retreat.press('Enter');
    await idle(page);
    await expect(page.getByTestId('layer-param-retreatDeg')).toHaveValue('');
    await expect(page.getByTestId('layers-error')).toHaveCount(0);
    expect(app.consoleErrors).toEqual([]);
  });

  test("a thermal layer's strata on and off; a fluvial layer from Add step, a long time in progress and cancelled", async ({ app }) => {
    test.setTimeout(120_000);
    const { page } = app;
    await showPanel(page, 'layers');
    await page.getByTestId('layer-list').locator('[data-kind="thermal"]').click();
    const strata = page.getByTestId('layer-group-strata');
    await expect(strata).not.toBeChecked();
    await expect(page.getByTestId('layer-param-strata-beds-1-hardness')).toHaveCount(0);
    // The box follows the layer: it shows the change once the stack has taken it (a click, then the job).
    await strata.click();
    await idle(page);
    await expect(strata).toBeChecked();
    await expect(page.getByTestId('status-undo')).toContainText('strata');
    await expect(page.getByTestId('layer-param-strata-beds-1-hardness')).toHaveValue('3');
    await page.getByTestId('layer-group-strata').click();
    await idle(page);
    await expect(page.getByTestId('layer-group-strata')).not.toBeChecked();
    await expect(page.getByTestId('layer-param-strata-beds-1-hardness')).toHaveCount(0);
    await expect(page.getByTestId('layers-error')).toHaveCount(0);

    // The fluvial layer (issue 35): added from Generate ▸ Advanced ▸ Add step, its fields, a job cancelled.
    const map2d = page.getByTestId('map-2d');
    // Review pictures only when FAULTLINE_SHOTS names a folder (under e2e/.artifacts, or absolute).
    const shot = async (name: string) => {
      if (SHOTS) await page.screenshot({ path: path.resolve(__dirname, '.artifacts', SHOTS, name) });
    };
    if (SHOTS) await page.setViewportSize({ width: 1600, height: 1000 });
    // Generate ▸ Advanced ▸ Add step offers fluvial erosion and no longer the D8 "Cut canyons".
    await openAdvanced(page);
    const add = page.getByTestId('gen-finishing-add');
    await expect(add.locator('option[value="channels"]')).toHaveCount(0);
    await add.selectOption('fluvial');
    await page.getByTestId('gen-run').click();
    await idle(page);
    await showPanel(page, 'layers');
    await page.getByTestId('layer-list').locator('[data-kind="fluvial"]').click();
    for (const key of ['k', 'm', 'n', 'uplift', 'diffusion', 'timeStep']) await expect(page.getByTestId(`layer-param-${key}`)).toBeVisible();
    const time = page.getByTestId('layer-param-time');
    await expect(time).toHaveValue('100000');
    const undoBefore = await page.getByTestId('status-undo').textContent();
    const points = [
      [0.5, 0.5],
      [0.3, 0.7],
    ] as const;
    const before = [];
    for (const [fx, fy] of points) before.push(await heightAt(page, map2d, fx, fy));
    // The most steps a layer may take (100,000 of 1,000 years): seconds at 65², so the bar shows and is cancelled.
    await time.fill('100000000');
    await time.press('Enter');
    await expect(page.getByTestId('job-progress')).toBeVisible();
    await shot('fluvial-layer-running.png');
    // The field, disabled by its own job, lost focus: that blur sent nothing again.
    await expect(page.getByTestId('layers-error')).toHaveCount(0);
    await page.getByTestId('gen-cancel').click();
    await expect(page.getByTestId('job-progress')).toBeHidden();
    await idle(page);
    await expect(page.getByTestId('status-undo')).toHaveText(undoBefore ?? '');
    await expect(page.getByTestId('layer-param-time')).toHaveValue('100000');
    // The heights under the pointer are the layer's as before the edit, exactly.
    for (const [k, [fx, fy]] of points.entries()) expect(await heightAt(page, map2d, fx, fy)).toBe(before[k]);
    await shot('fluvial-layer-cancelled.png');
    await expect(page.getByTestId('layers-error')).toHaveCount(0);
    expect(app.consoleErrors).toEqual([]);
  });

  test("a bed's colour: picked (one undo entry), given back to the climate, undone", async ({ app }) => {
    test.setTimeout(120_000);
    const { page } = app;
    await showPanel(page, 'layers');
    await page.getByTestId('layer-list').locator('[data-kind="thermal"]').click();
    await page.getByTestId('layer-group-strata').click();
    await idle(page);
    const colour = page.getByTestId('layer-param-strata-beds-1-colour');
    // No colour of its own: the field shows the climate's colour for the bed's hardness.
    await expect(colour).toHaveAttribute('data-own', 'false');
    const climates = await colour.inputValue();
    expect(climates).toMatch(/^#[0-9a-f]{6}$/);
    const undo = page.getByTestId('status-undo');
    await colour.fill('#c03020');
    await idle(page);
    await expect(undo).toContainText('strata.beds.1.colour');
    await expect(colour).toHaveValue('#c03020');
    await expect(colour).toHaveAttribute('data-own', 'true');
    await page.getByTestId('layer-param-strata-beds-1-colour-clear').click();
    await idle(page);
    await expect(colour).toHaveAttribute('data-own', 'false');
    await expect(colour).toHaveValue(climates);
    await page.getByTestId('cmd-edit.undo').click();
    await idle(page);
    await expect(colour).toHaveValue('#c03020');
    await page.getByTestId('cmd-edit.undo').click();
    await idle(page);
    await expect(colour).toHaveValue(climates);
    await expect(page.getByTestId('layer-param-strata-beds-1-colour-clear')).toHaveCount(0);
    await expect(page.getByTestId('layers-error')).toHaveCount(0);
    expect(app.consoleErrors).toEqual([]);
  });

  test('rename, reorder, duplicate, delete and solo from the panel', async ({ app }) => {
    const { page } = app;
    await showPanel(page, 'layers');
    const list = page.getByTestId('layer-list');
    const rows = list.locator('li');
    const count = await rows.count();
    const thermal = list.locator('[data-kind="thermal"]');
    const thermalId = (await thermal.getAttribute('data-testid'))!.replace('layer-', '');
    await thermal.click();
    await expect(thermal).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('layer-params')).toBeVisible();

    await thermal.locator('.layer-name').dblclick();
    await page.getByTestId(`layer-rename-${thermalId}`).fill('Talus');
    await page.keyboard.press('Enter');
    await expect(thermal.locator('.layer-name')).toHaveText('Talus');
    await expect(thermal.locator('.layer-kind')).toHaveText('Thermal erosion');
    // A name that only repeats the kind is not followed by the kind again.
    await thermal.locator('.layer-name').dblclick();
    await page.getByTestId(`layer-rename-${thermalId}`).fill('Thermal erosion');
    await page.keyboard.press('Enter');
    await expect(thermal.locator('.layer-name')).toHaveText('Thermal erosion');
    await expect(thermal.locator('.layer-kind')).toHaveCount(0);
    await expect(page.getByTestId('status-undo')).toContainText('Rename layer');

    await page.getByTestId('layer-duplicate').click();
    await idle(page);
    await expect(rows).toHaveCount(count + 1);
    await page.getByTestId('layer-delete').click();
    await idle(page);
    await expect(rows).toHaveCount(count);

    await thermal.click();
    await page.getByTestId('layer-down').click();
    await idle(page);
    await expect(page.getByTestId('status-undo')).toContainText('Move layer');
    await page.getByTestId('cmd-edit.undo').click();

    await page.getByTestId('layer-solo').click();
    const preview = page.getByTestId('solo-preview');
    await expect(preview).toBeVisible({ timeout: 30_000 });
    // It opens below the layer's parameters: scrolled into the panel's view, the whole of it (its lower half
    // stayed below the fold when it was scrolled before its canvas had its size), and Solo shown pressed (the accent).
    await expect(preview).toBeInViewport({ ratio: 0.98 });
    await expect(page.getByTestId('layer-solo')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('layer-solo')).toHaveCSS('color', 'rgb(224, 184, 79)');
    expect(Number(await preview.getAttribute('data-range'))).toBeGreaterThan(0);
    // Where the layer changes nothing the picture is transparent over the map's dark backdrop, never opaque
    // white (issue 34's tour: a glaring white page with a few coloured strokes).
    const pixels = await preview.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let white = 0;
      let clear = 0;
      for (let p = 0; p < data.length; p += 4) {
        if (data[p + 3] === 0) clear++;
        else if (data[p] > 240 && data[p + 1] > 240 && data[p + 2] > 240) white++;
      }
      return { white, clear, background: getComputedStyle(canvas).backgroundColor };
    });
    expect(pixels.white).toBe(0);
    expect(pixels.clear).toBeGreaterThan(0);
    expect(pixels.background).toBe('rgb(20, 24, 31)');
    await page.getByTestId('solo-close').click();
    await expect(preview).toHaveCount(0);
    expect(app.consoleErrors).toEqual([]);
  });
});

test.describe("the 2D panel's layer view", () => {
  test("shows the selected sculpt layer's contribution: the panel's pixels change where the stroke went, nowhere else", async ({ app }) => {
    const { page } = app;
    const map2d = page.getByTestId('map-2d');
    await idle(page);
    await page.keyboard.press('b');
    await page.getByTestId('brush-mode').selectOption('raise');
    await page.getByTestId('brush-radius').fill('20');
    await page.getByTestId('brush-strength').fill('1');
    await drag(page, map2d, [0.3, 0.5], [0.7, 0.5]);
    await expect(page.getByTestId('status-undo')).toContainText('Brush: raise');
    await idle(page);
    await page.keyboard.press('v');
    await showPanel(page, 'layers');
    const sculpt = page.getByTestId('layer-list').locator('[data-kind="sculpt"]');
    await sculpt.click();
    const sculptId = (await sculpt.getAttribute('data-testid'))!.replace('layer-', '');
    await page.mouse.move(0, 0);
    /** RGBA of the 2D canvas at fractions of its box (device pixels). */
    const pixels = (points: [number, number][]) =>
      map2d.evaluate((canvas: HTMLCanvasElement, at) => {
        const context = canvas.getContext('2d')!;
        return at.map(([fx, fy]) => [...context.getImageData(Math.round(fx * canvas.width), Math.round(fy * canvas.height), 1, 1).data]);
      }, points);
    const on: [number, number] = [0.5, 0.5];
    // Below the stroke: the top of the panel carries the view's caption, drawn on the canvas.
    const off: [number, number] = [0.5, 0.85];
    const before = await pixels([on, off]);
    await page.getByTestId('map2d-layer-view').selectOption('contribution');
    await expect(map2d).toHaveAttribute('data-layer-view', `contribution:${sculptId}`, { timeout: 30_000 });
    await expect.poll(async () => JSON.stringify(await pixels([on, off]))).not.toBe(JSON.stringify(before));
    const after = await pixels([on, off]);
    // On the stroke: the raise colour (red over the heights); far from it: the heights as they were.
    expect(after[0]).not.toEqual(before[0]);
    expect(after[0][0]).toBeGreaterThan(after[0][2]);
    expect(after[1]).toEqual(before[1]);
    await page.getByTestId('map2d-layer-view').selectOption('heights');
    await expect(map2d).not.toHaveAttribute('data-layer-view', /./);
    expect(app.consoleErrors).toEqual([]);
  });
});
