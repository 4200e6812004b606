import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_VIEW_BEARING_DEG } from '../app/view/cameraPose';
import { outputFormatFor } from '../main/cli/outputs';
import { evaluateStack } from '../shared/layers/evaluate';
import type { Layer, RoadLayer } from '../shared/layers/types';
import { roadParams } from '../shared/roads/params';
import { createHeightfield, vertexX, vertexZ, type Heightfield } from '../shared/terrain/heightfield';
import { heightAt } from '../shared/terrain/surface';
import { expect, sendMenuCommand, test, type FaultlineApp } from './fixtures';
import { showPanel } from './panel';
import { viewportShot } from './pixels';

// The test opens its own ridge first: the start on the default preset at 65² is cheaper and never looked at.
test.use({ startSize: 65 });

// Overlays in the scene (issue 34, item 4): the Road tool's centreline is depth-tested, so a hill between
// the camera and the road hides the part of the line behind it. The scene: flat ground, a straight road
// across the view through the map's middle, and a ridge 100 m high between it and the camera (as Reset
// Camera frames it), shorter than the road. Seen from 30–45° up, the ridge's crest rises over the sight
// line to the road's middle, so the line's pixels are absent there; the road's two ends, far past the
// ridge's ends, are in view and drawn.

const ARTIFACTS = path.resolve(__dirname, '.artifacts', 'roadDepth');
const SIDE = 129;
const CELL = 2;
/** Half the road's length and the ridge's height, half-length (σ along) and half-width (σ across), metres. */
const ROAD_HALF = 100;
const RIDGE = { height: 100, along: 28, across: 14, ahead: 50 };

/** The view's horizontal axes as Reset Camera frames it: towards the camera, and to its right. */
function viewAxes(): { toCamera: { x: number; z: number }; right: { x: number; z: number } } {
  const b = (DEFAULT_VIEW_BEARING_DEG * Math.PI) / 180;
  const forward = { x: -Math.sin(b), z: Math.cos(b) };
  return { toCamera: { x: -forward.x, z: -forward.z }, right: { x: -forward.z, z: forward.x } };
}

/** The project's bytes: flat ground with the ridge (a heights layer) and the road over it; and the ground its layers give. */
async function ridgeProject(): Promise<{ bytes: Uint8Array; ground: Heightfield }> {
  const { toCamera, right } = viewAxes();
  const field = createHeightfield(SIDE, SIDE, CELL);
  for (let j = 0; j < SIDE; j++) {
    for (let i = 0; i < SIDE; i++) {
      const x = vertexX(field, i) - toCamera.x * RIDGE.ahead;
      const z = vertexZ(field, j) - toCamera.z * RIDGE.ahead;
      const along = x * right.x + z * right.z;
      const across = x * toCamera.x + z * toCamera.z;
      field.heights[j * SIDE + i] = 20 + RIDGE.height * Math.exp(-(along ** 2) / (2 * RIDGE.along ** 2) - across ** 2 / (2 * RIDGE.across ** 2));
    }
  }
  const road: RoadLayer = {
    id: 'road-1',
    name: 'Behind the ridge',
    enabled: true,
    opacity: 1,
    kind: 'road',
    params: roadParams(
      [-1, 0, 1].map((s) => ({ x: s * ROAD_HALF * right.x, z: s * ROAD_HALF * right.z })),
      { designSpeedKmh: 40 },
    ),
  };
  const layers: Layer[] = [{ id: 'ground', name: 'Ridge', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: field.heights.slice() }, road];
  // Saved with the heights its layers give (the road shapes the ground under it), as a saved project is.
  const heights = evaluateStack(layers, { width: SIDE, depth: SIDE, cellSize: CELL })!;
  const format = outputFormatFor('ridge.faultline')!;
  const ground = createHeightfield(SIDE, SIDE, CELL, heights);
  return { bytes: await format.encodeAsync(ground, { recipe: null, history: [], props: [], layers, fileName: 'ridge.faultline' }), ground };
}

/** Opens the ridge project; returns its ground. */
async function openRidge(app: FaultlineApp): Promise<Heightfield> {
  const { page } = app;
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-road-depth-'));
  try {
    const { bytes, ground } = await ridgeProject();
    await writeFile(path.join(folder, 'ridge.faultline'), bytes);
    app.dialogs.queueOpen(path.join(folder, 'ridge.faultline'));
    await sendMenuCommand(page, 'file.open');
    await expect.poll(() => page.evaluate(() => document.title)).toBe('ridge.faultline — Faultline');
    return ground;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Per column: how many pixels differ between two same-sized PNGs by more than `tolerance` (sum of channel differences). */
async function differingColumns(page: Page, a: Buffer, b: Buffer, tolerance = 24): Promise<number[]> {
  return page.evaluate(
    async ({ first, second, limit }) => {
      const decode = async (data: string) => {
        const { width, data: pixels } = await window.__faultlineDecodePng(data);
        return { width, pixels };
      };
      const [p, q] = await Promise.all([decode(first), decode(second)]);
      const columns = new Array<number>(p.width).fill(0);
      for (let o = 0; o < p.pixels.length; o += 4) {
        const d = Math.abs(p.pixels[o] - q.pixels[o]) + Math.abs(p.pixels[o + 1] - q.pixels[o + 1]) + Math.abs(p.pixels[o + 2] - q.pixels[o + 2]);
        if (d > limit) columns[(o / 4) % p.width]++;
      }
      return columns;
    },
    { first: a.toString('base64'), second: b.toString('base64'), limit: tolerance },
  );
}

test('the selected road’s centreline is hidden where a ridge stands in front of it and drawn where the road is in view', async ({ app }) => {
  test.setTimeout(180_000);
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRidge(app);
  await page.keyboard.press('Shift+R');
  await page.getByTestId('road-road-1').click();
  await expect(page.getByTestId('road-road-1')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('cmd-view.resetCamera').click();
  const withLine = await viewportShot(page);
  // The same view in Navigate: the terrain shader still paints the road; the tool's line and handles go.
  await page.keyboard.press('v');
  const without = await viewportShot(page);
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(path.join(ARTIFACTS, 'ridge-road-tool.png'), withLine);
  await writeFile(path.join(ARTIFACTS, 'ridge-navigate.png'), without);
  const columns = await differingColumns(page, withLine, without);
  const width = columns.length;
  const sum = (from: number, to: number) => columns.slice(Math.floor(from * width), Math.floor(to * width)).reduce((total, n) => total + n, 0);
  const seen = { left: sum(0, 0.4), behindRidge: sum(0.42, 0.58), right: sum(0.6, 1) };
  test.info().annotations.push({ type: 'overlay pixels by column band', description: JSON.stringify(seen) });
  // Reset Camera centres the map's middle, where the road's middle lies behind the ridge's crest: none of the
  // line there. Each end (70 m of line, about 100 px, plus its handle) shows.
  expect(seen.behindRidge).toBe(0);
  expect(seen.left).toBeGreaterThanOrEqual(60);
  expect(seen.right).toBeGreaterThanOrEqual(60);
  expect(app.consoleErrors).toEqual([]);
});

type Vec3 = { x: number; y: number; z: number };

/** The 3D view's camera as the scale bar tells it, projecting world points to the view's pixels (y down). */
async function viewCamera(page: Page): Promise<{ eye: Vec3; project: (p: Vec3) => { x: number; y: number } }> {
  const bar = page.getByTestId('scale-bar');
  const vector = async (attribute: string): Promise<Vec3> => {
    const [x, y, z] = (await bar.getAttribute(attribute))!.split(',').map(Number);
    return { x, y, z };
  };
  const [eye, target] = [await vector('data-eye'), await vector('data-target')];
  const fov = Number(await bar.getAttribute('data-fov'));
  const view = (await page.getByTestId('viewport-3d').boundingBox())!;
  const canvas = (await page.getByTestId('viewport-3d').locator('canvas').first().boundingBox())!;
  const unit = (v: Vec3): Vec3 => {
    const l = Math.hypot(v.x, v.y, v.z);
    return { x: v.x / l, y: v.y / l, z: v.z / l };
  };
  const forward = unit({ x: target.x - eye.x, y: target.y - eye.y, z: target.z - eye.z });
  const right = unit({ x: -forward.z, y: 0, z: forward.x });
  const up = { x: right.y * forward.z - right.z * forward.y, y: right.z * forward.x - right.x * forward.z, z: right.x * forward.y - right.y * forward.x };
  const focal = canvas.height / 2 / Math.tan((fov * Math.PI) / 360);
  const dot = (a: Vec3, b: Vec3) => a.x * b.x + a.y * b.y + a.z * b.z;
  return {
    eye,
    project: (p) => {
      const d = { x: p.x - eye.x, y: p.y - eye.y, z: p.z - eye.z };
      const depth = dot(d, forward);
      return {
        x: canvas.x - view.x + canvas.width / 2 + (focal * dot(d, right)) / depth,
        y: canvas.y - view.y + canvas.height / 2 - (focal * dot(d, up)) / depth,
      };
    },
  };
}

/**
 * Whether the ground hides `p` from `eye`: the most the surface rises above the sight line between them
 * (metres, negative where it stays below), over the line but its last 2 m (where it meets the ground it lies on).
 */
function rise(ground: Heightfield, eye: Vec3, p: Vec3): number {
  const length = Math.hypot(p.x - eye.x, p.y - eye.y, p.z - eye.z);
  let most = -Infinity;
  for (let t = 0; t < length - 2; t += 0.5) {
    const f = t / length;
    const x = eye.x + f * (p.x - eye.x);
    const z = eye.z + f * (p.z - eye.z);
    const h = heightAt(ground, x, z);
    if (!Number.isNaN(h)) most = Math.max(most, h - (eye.y + f * (p.y - eye.y)));
  }
  return most;
}

/** The pixels where two same-sized PNGs differ by more than `tolerance` (sum of channel differences), as a mask. */
async function differingPixels(page: Page, a: Buffer, b: Buffer, tolerance = 24): Promise<{ width: number; height: number; mask: number[] }> {
  return page.evaluate(
    async ({ first, second, limit }) => {
      const [p, q] = await Promise.all([window.__faultlineDecodePng(first), window.__faultlineDecodePng(second)]);
      const mask = new Array<number>(p.width * p.height).fill(0);
      for (let o = 0; o < p.data.length; o += 4) {
        const d = Math.abs(p.data[o] - q.data[o]) + Math.abs(p.data[o + 1] - q.data[o + 1]) + Math.abs(p.data[o + 2] - q.data[o + 2]);
        if (d > limit) mask[o / 4] = 1;
      }
      return { width: p.width, height: p.height, mask };
    },
    { first: a.toString('base64'), second: b.toString('base64'), limit: tolerance },
  );
}

/** The 3D view with the pointer where it is (viewportShot moves it away, and the brush ring with it). */
async function shotWithPointer(page: Page): Promise<Buffer> {
  const viewport = page.getByTestId('viewport-3d');
  await expect(viewport).toHaveAttribute('data-lighting', 'ready');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return viewport.screenshot();
}

const RING_RADIUS = 30;
/** How the ring's points are told apart: hidden when the ground rises this far over the sight line to them, in view when it stays this far under. */
const HIDDEN_BY_M = 2;
const IN_VIEW_BY_M = 1;

test('the brush ring is hidden where the ridge stands in front of it, and whole on the ground in front of the ridge', async ({ app }) => {
  test.setTimeout(300_000);
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 800 });
  const ground = await openRidge(app);
  await page.keyboard.press('b');
  await expect(page.getByTestId('tool-brush')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('brush-radius').fill(String(RING_RADIUS));
  await page.getByTestId('brush-radius').press('Enter');
  await page.getByTestId('cmd-view.resetCamera').click();
  // The pointer off the view: no ring.
  const plain = await viewportShot(page);
  const { eye, project } = await viewCamera(page);
  const view = (await page.getByTestId('viewport-3d').boundingBox())!;
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(path.join(ARTIFACTS, 'ring-none.png'), plain);
  // The ring's points as ToolOverlay3D lays them (on the surface, 0.3 m up), each with how far the ground rises over the sight line to it.
  const ring = (cx: number, cz: number) =>
    Array.from({ length: 128 }, (_, s) => {
      const a = (s / 128) * 2 * Math.PI;
      const x = cx + RING_RADIUS * Math.cos(a);
      const z = cz + RING_RADIUS * Math.sin(a);
      const p = { x, y: heightAt(ground, x, z) + 0.3, z };
      return { p, screen: project(p), over: rise(ground, eye, p) };
    });
  // Where to put it, from the camera Reset Camera chose (every 16 m over the map, the ring inside it and its centre in view):
  // behind, the centre whose ring is most evenly split between hidden by the ridge and in view; in front, the ring wholly
  // in view that climbs highest up the ridge's foot.
  const half = ((SIDE - 1) * CELL) / 2 - RING_RADIUS - 2;
  let behind = { x: 0, z: 0, score: -1 };
  let front = { x: 0, z: 0, score: -1 };
  for (let cz = -half; cz <= half; cz += 16) {
    for (let cx = -half; cx <= half; cx += 16) {
      if (rise(ground, eye, { x: cx, y: heightAt(ground, cx, cz), z: cz }) > -3) continue;
      const points = ring(cx, cz);
      const hiddenCount = points.filter((q) => q.over > HIDDEN_BY_M).length;
      const inViewCount = points.filter((q) => q.over < -IN_VIEW_BY_M).length;
      if (Math.min(hiddenCount, inViewCount) > behind.score) behind = { x: cx, z: cz, score: Math.min(hiddenCount, inViewCount) };
      const top = Math.max(...points.map((q) => q.p.y));
      if (inViewCount === 128 && top > front.score) front = { x: cx, z: cz, score: top };
    }
  }
  const results: Record<string, { centre: { x: number; z: number }; hidden: number; hiddenDrawn: number; inView: number; inViewDrawn: number }> = {};
  for (const [name, aimed] of [
    ['behind', behind],
    ['front', front],
  ] as const) {
    const aim = project({ x: aimed.x, y: heightAt(ground, aimed.x, aimed.z), z: aimed.z });
    await page.mouse.move(view.x + aim.x, view.y + aim.y);
    const readout = page.getByTestId('hover-readout');
    await expect(readout).toHaveAttribute('data-x', /\d/);
    const centre = { x: Number(await readout.getAttribute('data-x')), z: Number(await readout.getAttribute('data-z')) };
    expect(Math.hypot(centre.x - aimed.x, centre.z - aimed.z), `${name}: the pointer on the ground aimed at`).toBeLessThan(3);
    const shot = await shotWithPointer(page);
    await writeFile(path.join(ARTIFACTS, `ring-${name}.png`), shot);
    const { width, height, mask } = await differingPixels(page, shot, plain);
    const drawnNear = (q: { x: number; y: number }, reach: number) => {
      for (let y = Math.round(q.y) - reach; y <= Math.round(q.y) + reach; y++)
        for (let x = Math.round(q.x) - reach; x <= Math.round(q.x) + reach; x++)
          if (x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x]) return true;
      return false;
    };
    const points = ring(centre.x, centre.z);
    const inView = points.filter((q) => q.over < -IN_VIEW_BY_M);
    // A hidden point's pixels, away from every point that is not hidden (the line between them may pass near).
    const hidden = points.filter(
      (q) => q.over > HIDDEN_BY_M && points.every((o) => o.over > HIDDEN_BY_M || Math.hypot(o.screen.x - q.screen.x, o.screen.y - q.screen.y) > 6),
    );
    results[name] = {
      centre,
      hidden: hidden.length,
      hiddenDrawn: hidden.filter((q) => drawnNear(q.screen, 2)).length,
      inView: inView.length,
      inViewDrawn: inView.filter((q) => drawnNear(q.screen, 3)).length,
    };
  }
  test.info().annotations.push({ type: 'ring points', description: JSON.stringify(results) });
  // Behind the ridge: a good part of the ring is hidden, and not one of its hidden points is drawn; its far part is.
  expect(results.behind.hidden).toBeGreaterThanOrEqual(20);
  expect(results.behind.hiddenDrawn).toBe(0);
  expect(results.behind.inView).toBeGreaterThanOrEqual(20);
  expect(results.behind.inViewDrawn).toBeGreaterThanOrEqual(0.95 * results.behind.inView);
  // In front: every point in view, and the ring whole (each point's pixels drawn: the ground it lies on hides none).
  expect(results.front.inView).toBe(128);
  expect(results.front.inViewDrawn).toBe(128);
  expect(app.consoleErrors).toEqual([]);
});

/** A flat 129² map (2 m cells) with a straight 100 m road across its middle, as .faultline bytes. */
async function straightRoadProject(): Promise<Uint8Array> {
  const field = createHeightfield(SIDE, SIDE, CELL);
  field.heights.fill(20);
  const road: RoadLayer = {
    id: 'road-1',
    name: 'Straight',
    enabled: true,
    opacity: 1,
    kind: 'road',
    params: roadParams(
      [-50, 0, 50].map((x) => ({ x, z: 0 })),
      { designSpeedKmh: 40 },
    ),
  };
  const layers: Layer[] = [{ id: 'ground', name: 'Flat', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: field.heights.slice() }, road];
  const heights = evaluateStack(layers, { width: SIDE, depth: SIDE, cellSize: CELL })!;
  const format = outputFormatFor('straight.faultline')!;
  return format.encodeAsync(createHeightfield(SIDE, SIDE, CELL, heights), { recipe: null, history: [], props: [], layers, fileName: 'straight.faultline' });
}

test.describe('in Drive', () => {
  // The drive runs eight frames of drive time per drawn frame (fixtures `driveClock`): 100 m in a few drawn frames.
  test.use({ driveClock: 8 });

  test('the road report’s overlay is hidden under the car: none of its pixels over the car’s body, its ribbon drawn round it', async ({ app }) => {
    test.setTimeout(180_000);
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    const folder = await mkdtemp(path.join(tmpdir(), 'faultline-road-depth-'));
    try {
      await writeFile(path.join(folder, 'straight.faultline'), await straightRoadProject());
      app.dialogs.queueOpen(path.join(folder, 'straight.faultline'));
      await sendMenuCommand(page, 'file.open');
      await expect.poll(() => page.evaluate(() => document.title)).toBe('straight.faultline — Faultline');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    await showPanel(page, 'roads');
    await expect(page.getByTestId('road-drive-section')).toHaveAttribute('data-road', 'road-1', { timeout: 30_000 });
    await page.getByTestId('road-overlay').check();
    await page.getByTestId('road-drive').click({ timeout: 60_000 });
    const hud = page.getByTestId('drive-hud');
    // At the road's end the car stands on it, the chase camera behind it looking along the road it came by.
    await expect(hud).toHaveAttribute('data-autopilot', 'arrived', { timeout: 90_000 });
    const withOverlay = await viewportShot(page);
    await page.getByTestId('road-overlay').uncheck();
    const without = await viewportShot(page);
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(path.join(ARTIFACTS, 'drive-overlay.png'), withOverlay);
    await writeFile(path.join(ARTIFACTS, 'drive-no-overlay.png'), without);
    const { width, height, mask: overlay } = await differingPixels(page, withOverlay, without);
    // The car's body (#d9482b, lit): red well above its green and blue, in the view without the overlay.
    const body = await page.evaluate(async (data) => {
      const { width: w, data: px } = await window.__faultlineDecodePng(data);
      const out = new Array<number>(px.length / 4).fill(0);
      for (let p = 0; p < out.length; p++) {
        const [r, g, b] = [px[4 * p], px[4 * p + 1], px[4 * p + 2]];
        if (r > 90 && r > 1.7 * g && r > 1.7 * b) out[p] = 1;
      }
      return { w, out };
    }, without.toString('base64'));
    // Inside the body: its pixels with the body all round them (2 px), so the edges' antialiasing is left out.
    const inside = (p: number) => {
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          if (x + dx < 0 || y + dy < 0 || x + dx >= width || y + dy >= height || !body.out[(y + dy) * width + x + dx]) return false;
      return true;
    };
    let bodyPixels = 0;
    let overlayOnBody = 0;
    let overlayPixels = 0;
    for (let p = 0; p < width * height; p++) {
      if (overlay[p]) overlayPixels++;
      if (!inside(p)) continue;
      bodyPixels++;
      if (overlay[p]) overlayOnBody++;
    }
    test.info().annotations.push({ type: 'pixels', description: JSON.stringify({ bodyPixels, overlayPixels, overlayOnBody }) });
    expect(bodyPixels, 'the car’s body in view').toBeGreaterThan(300);
    expect(overlayPixels, 'the report’s ribbon along the road').toBeGreaterThan(300);
    expect(overlayOnBody, 'the ribbon over the car’s body').toBe(0);
    expect(app.consoleErrors).toEqual([]);
  });
});
