import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createDefaultDocument } from '../app/document/document';
import { parsePropsJson } from '../shared/props/exportJson';
import { heightAt } from '../shared/terrain/surface';
import { expect, sendMenuCommand, test } from './fixtures';
import { showPanel } from './panel';

// The start terrain (the default preset at 65², e2e/fixtures.ts startSize) is deterministic: rebuild it
// here to know every exact height. Every place below lies on this 128 m map.
const START = 65;
const field = createDefaultDocument(START).field;
test.use({ startSize: START });

/** Where world points are drawn on the freshly fitted 2D panel (4 px margin, centred, the whole map; see app.spec.ts). */
async function mapLayout(page: Page) {
  const box = (await page.getByTestId('map-2d').boundingBox())!;
  const scale = Math.min((Math.floor(box.width) - 8) / field.width, (Math.floor(box.height) - 8) / field.depth);
  const offsetX = (Math.floor(box.width) - field.width * scale) / 2;
  const offsetY = (Math.floor(box.height) - field.depth * scale) / 2;
  return {
    /** Page coordinates of world (x, z). */
    pageAt: (x: number, z: number) => ({
      x: box.x + offsetX + (x / field.cellSize + (field.width - 1) / 2 + 0.5) * scale,
      y: box.y + offsetY + (z / field.cellSize + (field.depth - 1) / 2 + 0.5) * scale,
    }),
    metresPerPixel: field.cellSize / scale,
  };
}

async function selectedProp(page: Page) {
  const element = page.getByTestId('prop-selected');
  await expect(element).toBeVisible();
  const read = async (name: string) => Number(await element.getAttribute(`data-${name}`));
  return { id: await element.getAttribute('data-id'), x: await read('x'), y: await read('y'), z: await read('z') };
}

async function hoverReadout(page: Page) {
  const element = page.getByTestId('hover-readout');
  return { x: Number(await element.getAttribute('data-x')), z: Number(await element.getAttribute('data-z')), h: Number(await element.getAttribute('data-h')) };
}

const propsCount = (page: Page) => page.getByTestId('props-count');

test.describe('props', () => {
  test.beforeEach(async ({ app }) => {
    await showPanel(app.page, 'props');
  });

  test('place by clicking in 3D: on the picked point, base at the exact surface height', async ({ app }) => {
    const { page } = app;
    await page.getByTestId('props-tool-place').click();
    const box = (await page.getByTestId('viewport-3d').boundingBox())!;
    const at = { x: box.x + box.width * 0.47, y: box.y + box.height * 0.58 };
    await page.mouse.move(at.x - 5, at.y - 5);
    await page.mouse.move(at.x, at.y);
    await expect(page.getByTestId('hover-readout')).toHaveAttribute('data-source', '3d');
    const picked = await hoverReadout(page);
    await page.mouse.down();
    await page.mouse.up();
    await expect(propsCount(page)).toHaveAttribute('data-count', '1');
    const prop = await selectedProp(page);
    expect(prop.x).toBeCloseTo(picked.x, 6);
    expect(prop.z).toBeCloseTo(picked.z, 6);
    expect(prop.y).toBe(heightAt(field, prop.x, prop.z));
    expect(app.consoleErrors).toEqual([]);
  });

  test('place in 2D, drag it along the terrain, undo the move', async ({ app }) => {
    const { page } = app;
    const layout = await mapLayout(page);
    await page.getByTestId('props-tool-place').click();
    const start = layout.pageAt(-30.3, 21.7);
    await page.mouse.click(start.x, start.y);
    await expect(propsCount(page)).toHaveAttribute('data-count', '1');
    const placed = await selectedProp(page);
    expect(Math.abs(placed.x - -30.3)).toBeLessThanOrEqual(layout.metresPerPixel);
    expect(Math.abs(placed.z - 21.7)).toBeLessThanOrEqual(layout.metresPerPixel);
    expect(placed.y).toBe(heightAt(field, placed.x, placed.z));

    await page.getByTestId('props-tool-select').click();
    const end = layout.pageAt(17.1, -40.9);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
    await page.mouse.move(end.x, end.y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await selectedProp(page)).x).not.toBe(placed.x);
    const moved = await selectedProp(page);
    expect(moved.id).toBe(placed.id);
    expect(Math.abs(moved.x - 17.1)).toBeLessThanOrEqual(2 * layout.metresPerPixel);
    expect(Math.abs(moved.z - -40.9)).toBeLessThanOrEqual(2 * layout.metresPerPixel);
    // The base follows the terrain at the new position.
    expect(moved.y).toBe(heightAt(field, moved.x, moved.z));
    await expect(propsCount(page)).toHaveAttribute('data-count', '1');

    await page.getByTestId('cmd-edit.undo').click();
    await expect.poll(async () => (await selectedProp(page)).x).toBe(placed.x);
    expect((await selectedProp(page)).y).toBe(placed.y);
  });

  test('scatter over the map, undo it, and export the props JSON on the exact surface', async ({ app }) => {
    const { page } = app;
    await page.getByTestId('scatter-count').fill('60');
    await page.getByTestId('props-scatter-map').click();
    await expect(propsCount(page)).toHaveAttribute('data-count', '60');
    await expect(page.getByTestId('props-message')).toContainText('Scattered 60 of 60');

    const target = path.join(app.userDataDir, 'props.json');
    app.dialogs.queueSave(target);
    await page.getByTestId('props-export').click();
    await expect(page.getByTestId('props-message')).toContainText('Exported 60 props');
    const records = parsePropsJson(await readFile(target, 'utf8'));
    expect(records).toHaveLength(60);
    for (const r of records) {
      expect(Math.abs(r.y - heightAt(field, r.x, r.z))).toBeLessThanOrEqual(1e-4);
      expect(r.scale).toBe(1);
    }

    await page.getByTestId('cmd-edit.undo').click();
    await expect(propsCount(page)).toHaveAttribute('data-count', '0');
    await page.getByTestId('cmd-edit.redo').click();
    await expect(propsCount(page)).toHaveAttribute('data-count', '60');
  });

  test('a brush stroke over a prop re-snaps it; undo puts it back', async ({ app }) => {
    const { page } = app;
    const layout = await mapLayout(page);
    await page.getByTestId('props-tool-place').click();
    const at = layout.pageAt(20.2, -10.4);
    await page.mouse.click(at.x, at.y);
    const placed = await selectedProp(page);
    expect(placed.y).toBe(heightAt(field, placed.x, placed.z));

    await showPanel(page, 'sculpt');
    await page.getByTestId('tool-brush').click();
    await page.getByTestId('brush-mode').selectOption('raise');
    await page.mouse.move(at.x - 3, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 3, at.y, { steps: 6 });
    await page.mouse.up();
    await showPanel(page, 'props');
    await expect.poll(async () => (await selectedProp(page)).y).toBeGreaterThan(placed.y + 0.01);
    // Independent of the props code: the surface height under the pointer at the prop's position.
    await page.mouse.move(at.x, at.y);
    const surface = await hoverReadout(page);
    expect(surface.x).toBe(placed.x);
    expect(surface.z).toBe(placed.z);
    expect((await selectedProp(page)).y).toBe(surface.h);

    await page.getByTestId('cmd-edit.undo').click();
    await expect.poll(async () => (await selectedProp(page)).y).toBe(placed.y);
  });

  test('box select on the 2D panel, duplicate and delete', async ({ app }) => {
    const { page } = app;
    // A quarter of the places the 257² start had: the same places on the screen (both maps are fitted).
    const layout = await mapLayout(page);
    await page.getByTestId('props-tool-place').click();
    for (const [x, z] of [
      [-25, -25],
      [-22.5, -20],
      [25, 25],
    ]) {
      const p = layout.pageAt(x, z);
      await page.mouse.click(p.x, p.y);
    }
    await expect(propsCount(page)).toHaveAttribute('data-count', '3');
    await page.getByTestId('props-tool-select').click();
    const a = layout.pageAt(-32.5, -32.5);
    const b = layout.pageAt(-15, -15);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('props-selection-count')).toContainText('2 props selected');
    await page.keyboard.press('Control+d');
    await expect(propsCount(page)).toHaveAttribute('data-count', '5');
    await page.keyboard.press('Delete');
    await expect(propsCount(page)).toHaveAttribute('data-count', '3');
    expect(app.consoleErrors).toEqual([]);
  });

  test('props survive saving the project and opening it again', async ({ app }) => {
    const { page } = app;
    await page.getByTestId('scatter-count').fill('30');
    await page.getByTestId('props-scatter-map').click();
    await expect(propsCount(page)).toHaveAttribute('data-count', '30');
    const exportTo = async (name: string) => {
      const target = path.join(app.userDataDir, name);
      app.dialogs.queueSave(target);
      await page.getByTestId('props-export').click();
      await expect.poll(() => readFile(target, 'utf8').catch(() => '')).not.toBe('');
      return readFile(target, 'utf8');
    };
    const before = await exportTo('before.json');

    const project = path.join(app.userDataDir, 'scattered.faultline');
    app.dialogs.queueSave(project);
    await sendMenuCommand(page, 'file.saveAs');
    await expect
      .poll(() =>
        readFile(project)
          .then((b) => b.length)
          .catch(() => 0),
      )
      .toBeGreaterThan(0);
    await page.getByTestId('cmd-terrain.defaultTerrain').click();
    await expect(propsCount(page)).toHaveAttribute('data-count', '0');

    app.dialogs.queueOpen(project);
    await sendMenuCommand(page, 'file.open');
    await expect(propsCount(page)).toHaveAttribute('data-count', '30');
    expect(await exportTo('after.json')).toBe(before);
  });
});
