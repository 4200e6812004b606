import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_VIEW_BEARING_DEG } from '../app/view/cameraPose';
import { compileProject } from '../shared/codecs/project';
import { evaluateStack } from '../shared/layers/evaluate';
import type { Layer } from '../shared/layers/types';
import { riverLayer } from '../shared/rivers/testing/terrain';
import { createHeightfield } from '../shared/terrain/heightfield';
import { expect, sendMenuCommand, test } from './fixtures';
import { zoomTo } from './fieldScene';
import { frames, settledViewportShot } from './waterPixels';

// Each test opens its own river first: the start on the default preset at 65² is cheaper and never looked at.
test.use({ startSize: 65 });

// The edge of a narrow river seen close up runs straight (issue 31): a drawn river 2 m wide on 2 m cells,
// straight and 30° off the grid's axes, runs away from the camera as Reset Camera frames the map, so
// on screen it climbs the middle of the view. A perspective view keeps straight lines straight: each
// shoreline's pixels (water shown against hidden, row by row) lie on a line, up to the antialiasing.
// The measure is their RMS distance from their least-squares line, in pixels. The water line had
// followed the cells' triangles, a sawtooth a fraction of a cell deep.

const ARTIFACTS = process.env.FAULTLINE_SHOTS ?? path.resolve(__dirname, '.artifacts', 'riverEdge');
const SIDE = 129;
const CELL = 2;
/** Fall of the ground along the river, m/m: the river's surface slopes as a real one does. */
const FALL = 0.01;
/** Rise of the valley's sides away from the river, m/m: the banks meet the water at an angle, not tangentially. */
const SIDES = 0.15;

/** The project: a V valley falling along the camera's forward direction, a straight river down its floor. */
function riverProject(): Uint8Array {
  const b = (DEFAULT_VIEW_BEARING_DEG * Math.PI) / 180;
  const forward = { x: -Math.sin(b), z: Math.cos(b) };
  const size = { width: SIDE, depth: SIDE, cellSize: CELL };
  const heights = new Float32Array(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) {
    for (let i = 0; i < SIDE; i++) {
      const x = (i - (SIDE - 1) / 2) * CELL;
      const z = (j - (SIDE - 1) / 2) * CELL;
      heights[j * SIDE + i] = 100 - FALL * (x * forward.x + z * forward.z) + SIDES * Math.abs(x * forward.z - z * forward.x);
    }
  }
  const reach = 110;
  const layers: Layer[] = [
    { id: 'heights-1', name: 'Plane', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
    riverLayer(
      [
        { x: -reach * forward.x, z: -reach * forward.z },
        { x: reach * forward.x, z: reach * forward.z },
      ],
      { width: 2, depth: 0.8 },
    ),
  ];
  const field = createHeightfield(SIDE, SIDE, CELL, evaluateStack(layers, size)!);
  return compileProject({ field, recipe: null, history: [], props: [], view: {}, layers });
}

/**
 * The two shorelines of the water found in the middle rows of the view: for each row, the first and last
 * pixel of the run of water pixels (shown against hidden differ by more than 24 levels) around the
 * centre column; then each side's RMS distance from its least-squares line x = a + b·y, in pixels.
 */
async function shorelineRoughness(page: Page, shown: Buffer, hidden: Buffer): Promise<{ left: number; right: number; rows: number; width: number }> {
  return page.evaluate(
    async ({ a, b }) => {
      const [on, off] = await Promise.all([window.__faultlineDecodePng(a), window.__faultlineDecodePng(b)]);
      const { width, height } = on;
      const wet = (x: number, y: number) => {
        const p = 4 * (y * width + x);
        return Math.abs(on.data[p] - off.data[p]) + Math.abs(on.data[p + 1] - off.data[p + 1]) + Math.abs(on.data[p + 2] - off.data[p + 2]) > 24;
      };
      const lefts: Array<[number, number]> = [];
      const rights: Array<[number, number]> = [];
      let widths = 0;
      for (let y = Math.floor(height * 0.3); y < Math.floor(height * 0.8); y++) {
        // The run of water nearest the centre column.
        let centre = -1;
        for (let d = 0; d < width / 4 && centre < 0; d++) {
          if (wet(width / 2 + d, y)) centre = width / 2 + d;
          else if (wet(width / 2 - d, y)) centre = width / 2 - d;
        }
        if (centre < 0) continue;
        let x0 = centre;
        while (x0 > 0 && wet(x0 - 1, y)) x0--;
        let x1 = centre;
        while (x1 < width - 1 && wet(x1 + 1, y)) x1++;
        lefts.push([y, x0]);
        rights.push([y, x1]);
        widths += x1 - x0 + 1;
      }
      const roughness = (points: Array<[number, number]>) => {
        const n = points.length;
        const my = points.reduce((s, [y]) => s + y, 0) / n;
        const mx = points.reduce((s, [, x]) => s + x, 0) / n;
        let syy = 0;
        let sxy = 0;
        for (const [y, x] of points) {
          syy += (y - my) * (y - my);
          sxy += (y - my) * (x - mx);
        }
        const slope = sxy / syy;
        let squares = 0;
        for (const [y, x] of points) squares += (x - mx - slope * (y - my)) ** 2;
        return Math.sqrt(squares / n);
      };
      return { left: roughness(lefts), right: roughness(rights), rows: lefts.length, width: widths / Math.max(1, lefts.length) };
    },
    { a: shown.toString('base64'), b: hidden.toString('base64') },
  );
}

/** Opens the river project at 1280 × 800. */
async function openRiver(app: { page: Page; dialogs: { queueOpen(file: string): void } }): Promise<void> {
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 800 });
  const dir = await mkdtemp(path.join(tmpdir(), 'faultline-river-edge-'));
  try {
    const project = path.join(dir, 'river.faultline');
    await writeFile(project, riverProject());
    app.dialogs.queueOpen(project);
    await sendMenuCommand(page, 'file.open');
    await expect(page.getByTestId('status-size')).toContainText(`${SIDE} × ${SIDE}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a straight river 2 m wide on 2 m cells seen close up has straight shorelines', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await openRiver(app);
  // Close: a 2 m cell some 40 pixels across in the middle of the view.
  expect(await zoomTo(page, 20, 60)).toBeGreaterThanOrEqual(20);
  await page.mouse.move(0, 0);
  const shown = await settledViewportShot(page);
  await sendMenuCommand(page, 'view.toggleWater');
  const hidden = await settledViewportShot(page);
  await sendMenuCommand(page, 'view.toggleWater');
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(path.join(ARTIFACTS, 'river-edge-close.png'), shown);
  const edge = await shorelineRoughness(page, shown, hidden);
  test.info().annotations.push({ type: 'shoreline', description: JSON.stringify(edge) });
  console.log(`river edge: ${JSON.stringify(edge)}`);
  expect(edge.rows).toBeGreaterThan(200);
  // The river is there and a few cells' pixels wide, not a hairline.
  expect(edge.width).toBeGreaterThan(30);
  // Measured (1280 × 800, software GL): 1.38 and 1.48 px with the edge along the triangles, 0.56 and 0.68 px now.
  expect(Math.max(edge.left, edge.right)).toBeLessThan(1);
  expect(app.consoleErrors).toEqual([]);
});

test('the same river magnified in the 2D panel has straight shorelines, not the vertices’ squares', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  await openRiver(app);
  const map2d = page.getByTestId('map-2d');
  const box = (await map2d.boundingBox())!;
  // In on the map's middle, where the river crosses it, until a 2 m vertex is some 16 pixels across.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let n = 0; n < 4; n++) {
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(100);
  }
  await page.mouse.move(0, 0);
  await frames(page);
  const shown = await map2d.screenshot();
  await sendMenuCommand(page, 'view.toggleWater');
  await expect(map2d).toHaveAttribute('data-water', 'hidden');
  await frames(page);
  const hidden = await map2d.screenshot();
  await sendMenuCommand(page, 'view.toggleWater');
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(path.join(ARTIFACTS, 'river-edge-2d.png'), shown);
  const edge = await shorelineRoughness(page, shown, hidden);
  test.info().annotations.push({ type: 'shoreline 2D', description: JSON.stringify(edge) });
  console.log(`river edge 2D: ${JSON.stringify(edge)}`);
  // The map's pane is 360 px square at 1280 × 800: some 180 rows of river in view.
  expect(edge.rows).toBeGreaterThan(150);
  expect(edge.width).toBeGreaterThan(20);
  // Measured (a vertex some 29 pixels across): 9.6 and 9.8 px with the vertices' squares, 0.78 and 0.81 px now.
  expect(Math.max(edge.left, edge.right)).toBeLessThan(1);
  expect(app.consoleErrors).toEqual([]);
});
