import type { Page } from '@playwright/test';
import { groundShare, pixelStats } from './pixels';
import { createDefaultDocument } from '../app/document/document';
import { heightRange, vertexX, vertexZ } from '../shared/terrain/heightfield';
import { heightAt } from '../shared/terrain/surface';
import type { UserSettings } from '../shared/ipc/contract';
import { expect, sendMenuCommand, test } from './fixtures';

// The embedded default terrain is deterministic: rebuild it here to know every exact height.
const defaultDoc = createDefaultDocument();
const field = defaultDoc.field;

const VIEWPORT_BACKGROUND: [number, number, number] = [0x1b, 0x20, 0x29];
const MAP_BACKGROUND: [number, number, number] = [0x14, 0x18, 0x1f];

/**
 * Where vertex (i, j) is drawn on the freshly opened 2D panel, computed independently of the app:
 * the map is fitted with a 4 px margin and centred; image pixel (i, j) is vertex (i, j) and row 0
 * (the smallest z) is at the top.
 */
function mapLayout(box: { width: number; height: number }) {
  // The 2D fit: the whole map, by whichever of its sides is the tighter (app/map2d/mapTransform.ts).
  const scale = Math.min((Math.floor(box.width) - 8) / field.width, (Math.floor(box.height) - 8) / field.depth);
  const offsetX = (Math.floor(box.width) - field.width * scale) / 2;
  const offsetY = (Math.floor(box.height) - field.depth * scale) / 2;
  return {
    scale,
    vertexCentre: (i: number, j: number) => ({ x: offsetX + (i + 0.5) * scale, y: offsetY + (j + 0.5) * scale }),
    worldAt: (px: number, py: number) => ({
      x: ((px - offsetX) / scale - 0.5 - (field.width - 1) / 2) * field.cellSize,
      z: ((py - offsetY) / scale - 0.5 - (field.depth - 1) / 2) * field.cellSize,
    }),
  };
}

async function readout(page: Page) {
  const element = page.getByTestId('hover-readout');
  const [x, z, h, source, text] = await Promise.all([
    element.getAttribute('data-x'),
    element.getAttribute('data-z'),
    element.getAttribute('data-h'),
    element.getAttribute('data-source'),
    element.textContent(),
  ]);
  return { x: Number(x), z: Number(z), h: Number(h), source, text: text ?? '' };
}

const settingsOf = (page: Page) => page.evaluate(() => (window as unknown as { faultline: { getSettings(): Promise<UserSettings> } }).faultline.getSettings());

test.describe('editor window', () => {
  test('loads the default terrain without console errors', async ({ app }) => {
    const { page } = app;
    await expect(page.getByTestId('status-bar')).toContainText('257 × 257');
    await expect(page.getByTestId('status-bar')).toContainText('cell 2 m');
    await expect(page.getByTestId('cmd-edit.undo')).toBeDisabled();
    await expect(page.getByTestId('cmd-view.resetCamera')).toBeEnabled();
    await expect(page.getByTestId('side-panel')).toBeVisible();
    // The ground textures are read from the file the build made, not made again by a worker at each start.
    await expect(page.getByTestId('viewport-3d')).toHaveAttribute('data-lighting', 'ready');
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(fetched.filter((name) => /ground-textures-[\w-]+\.bin$/.test(name))).toHaveLength(1);
    expect(fetched.filter((name) => name.includes('groundTextureWorker'))).toEqual([]);
    await page.waitForTimeout(500);
    expect(app.consoleErrors).toEqual([]);
  });

  test('the 3D viewport renders the terrain with WebGL', async ({ app }) => {
    const stats = await pixelStats(app.page, app.page.getByTestId('viewport-3d'), VIEWPORT_BACKGROUND);
    expect(stats.width).toBeGreaterThan(200);
    // A lit, coloured terrain under the sky: many colours and a good part of the view covered (the
    // framed terrain spans the width of this tall view; its snow counts as sky-coloured).
    expect(stats.distinctColours).toBeGreaterThan(500);
    expect(await groundShare(app.page, app.page.getByTestId('viewport-3d'))).toBeGreaterThan(0.2);
    expect(stats.lumaStdDev).toBeGreaterThan(10);
  });

  test('the 2D panel shows the heightmap, row 0 (smallest z) at the top', async ({ app }) => {
    const { page } = app;
    const map = page.getByTestId('map-2d');
    const stats = await pixelStats(page, map, MAP_BACKGROUND);
    expect(stats.distinctColours).toBeGreaterThan(500);
    expect(stats.foregroundShare).toBeGreaterThan(0.3);
    expect(stats.lumaStdDev).toBeGreaterThan(10);

    // In grayscale each vertex's pixel is its normalised height: check the mapping at a few vertices.
    await page.getByTestId('open-palette').click();
    await page.getByTestId('command-palette-input').fill('grayscale');
    await page.keyboard.press('Enter');
    const box = (await map.boundingBox())!;
    const layout = mapLayout(box);
    expect(layout.scale).toBeGreaterThan(1);
    const { min, max } = heightRange(field.heights);
    const grayOf = (i: number, j: number) => Math.round(((field.heights[j * field.width + i] - min) / (max - min)) * 255);
    const vertices: Array<[number, number]> = [];
    // Vertices spread over the map, those the fitted view shows and the view select (over its top left) leaves in sight.
    const select = (await page.getByTestId('map2d-layer-view').boundingBox())!;
    const underSelect = (x: number, y: number) =>
      x >= select.x - box.x - 2 && x <= select.x - box.x + select.width + 2 && y >= select.y - box.y - 2 && y <= select.y - box.y + select.height + 2;
    for (let k = 0; k < 16; k++) {
      const [i, j] = [13 + ((k * 67) % 230), 9 + ((k * 41) % 238)];
      const c = layout.vertexCentre(i, j);
      if (c.x > 2 && c.x < box.width - 2 && c.y > 2 && c.y < box.height - 2 && !underSelect(c.x, c.y)) vertices.push([i, j]);
    }
    expect(vertices.length).toBeGreaterThanOrEqual(8);
    const points = vertices.map(([i, j]) => {
      const c = layout.vertexCentre(i, j);
      return [c.x, c.y] as [number, number];
    });
    await expect
      .poll(async () => {
        const [r, g, b] = (await pixelStats(page, map, MAP_BACKGROUND, points)).samples[0];
        return r === g && g === b;
      })
      .toBe(true);
    const gray = await pixelStats(page, map, MAP_BACKGROUND, points);
    vertices.forEach(([i, j], k) => {
      // A screen pixel may straddle two image pixels when the scale is not whole: allow a neighbour.
      const candidates = [-1, 0, 1].flatMap((dj) => [-1, 0, 1].map((di) => grayOf(i + di, j + dj)));
      const nearest = Math.min(...candidates.map((expected) => Math.abs(gray.samples[k][0] - expected)));
      expect(nearest, `vertex (${i}, ${j})`).toBeLessThanOrEqual(2);
    });
  });

  test('hovering the 2D panel shows the exact surface height under the cursor', async ({ app }) => {
    const { page } = app;
    const map = page.getByTestId('map-2d');
    const box = (await map.boundingBox())!;
    const layout = mapLayout(box);
    // A point between vertices, away from any vertex centre.
    const centre = layout.vertexCentre(150, 77);
    const px = centre.x + layout.scale * 0.31;
    const py = centre.y + layout.scale * 0.23;
    await page.mouse.move(box.x + px, box.y + py);
    await expect(page.getByTestId('hover-readout')).toHaveAttribute('data-source', '2d');
    const shown = await readout(page);
    const expectedAt = layout.worldAt(px, py);
    // Pointer coordinates may be rounded to whole pixels: allow one pixel of position.
    const pixelMetres = field.cellSize / layout.scale;
    expect(Math.abs(shown.x - expectedAt.x)).toBeLessThanOrEqual(pixelMetres);
    expect(Math.abs(shown.z - expectedAt.z)).toBeLessThanOrEqual(pixelMetres);
    expect(shown.x).toBeGreaterThan(vertexX(field, 150));
    expect(shown.z).toBeGreaterThan(vertexZ(field, 77));
    // The height is the exact triangle surface at the continuous position, not a vertex height.
    expect(shown.h).toBe(heightAt(field, shown.x, shown.z));
    expect(shown.text).toMatch(/^x -?\d+\.\d{2} m {2}z -?\d+\.\d{2} m {2}h -?\d+\.\d{3} m$/);
    expect(shown.text).toContain(`h ${shown.h.toFixed(3)} m`);
  });

  test('hovering the 3D viewport picks the surface and shows its exact height', async ({ app }) => {
    const { page } = app;
    const viewport = page.getByTestId('viewport-3d');
    const box = (await viewport.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await page.mouse.move(box.x + box.width * 0.52, box.y + box.height * 0.55);
    await expect(page.getByTestId('hover-readout')).toHaveAttribute('data-source', '3d');
    const shown = await readout(page);
    expect(Number.isFinite(shown.h)).toBe(true);
    expect(shown.h).toBe(heightAt(field, shown.x, shown.z));
    // The default camera looks from +z toward −z over the centre: below the middle of the view is nearer, +z.
    expect(shown.z).toBeGreaterThan(0);
  });
});

// Tests that never read the default terrain's own heights or pixels: the default preset at 65², a cheaper start.
test.describe('editor window, small start', () => {
  test.use({ startSize: 65 });

  test('both views redraw together when the document changes, and each follows its view setting', async ({ app }) => {
    const { page } = app;
    const viewport = page.getByTestId('viewport-3d');
    const map = page.getByTestId('map-2d');
    const before = Number(await map.getAttribute('data-drawn-version'));
    expect(await viewport.getAttribute('data-drawn-version')).toBe(String(before));
    await page.getByTestId('cmd-terrain.defaultTerrain').click();
    await expect(map).toHaveAttribute('data-drawn-version', String(before + 1));
    await expect(viewport).toHaveAttribute('data-drawn-version', String(before + 1));

    const heightColours = await pixelStats(page, viewport, VIEWPORT_BACKGROUND);
    await page.getByTestId('cmd-view.colorSlope').click();
    await expect(page.getByTestId('cmd-view.colorSlope')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await pixelStats(page, viewport, VIEWPORT_BACKGROUND)).distinctColours).not.toBe(heightColours.distinctColours);
    expect((await settingsOf(page)).view.colorMode).toBe('slope');
  });

  test('toolbar, shortcuts, palette and menu run registry commands', async ({ app }) => {
    const { page } = app;
    const wireframe = page.getByTestId('cmd-view.toggleWireframe');
    await expect(wireframe).toHaveAttribute('title', /Toggle Wireframe \(W\)/);
    await wireframe.click();
    await expect(wireframe).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await settingsOf(page)).view.wireframe).toBe(true);

    // The shortcut toggles it back, but not while typing in a text field.
    await page.locator('body').click({ position: { x: 5, y: 790 } });
    await page.keyboard.press('w');
    await expect(wireframe).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Control+Shift+P');
    const input = page.getByTestId('command-palette-input');
    await expect(input).toBeFocused();
    await input.pressSequentially('w');
    await expect(wireframe).toHaveAttribute('aria-pressed', 'false');
    await input.fill('slope');
    await expect(page.getByTestId('palette-item-view.colorSlope')).toBeVisible();
    await expect(page.getByTestId('palette-item-help.about')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('command-palette')).toHaveCount(0);
    await expect(page.getByTestId('cmd-view.colorSlope')).toHaveAttribute('aria-pressed', 'true');

    await sendMenuCommand(page, 'help.about');
    await expect(page.getByTestId('about-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('about-dialog')).toHaveCount(0);
    expect(app.consoleErrors).toEqual([]);
  });

  test('view settings persist across a reload', async ({ app }) => {
    const { page } = app;
    await page.getByTestId('cmd-view.colorSlope').click();
    await expect.poll(async () => (await settingsOf(page)).view.colorMode).toBe('slope');
    await page.reload();
    await page.locator('html[data-faultline-ready="true"]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('cmd-view.colorSlope')).toHaveAttribute('aria-pressed', 'true');
  });
});
