import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { compilePngHeightmap } from '../shared/codecs/png-heightmap';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { DEFAULT_VIEW_BEARING_DEG } from '../app/view/cameraPose';
import { expect, READY_SELECTOR, sendMenuCommand, test, type FaultlineApp } from './fixtures';
import { cellBasisAtCentre, cellPeak, LATTICE_LIMIT, withChecker, type CentreCells, type Gray } from './lattice/cellPeak';
import { viewportShot } from './pixels';

// No lattice (issue 34): the terrain shading adds no pattern at the period of the map's cells. Smooth
// analytic surfaces are imported and drawn at a far and a close camera, with the ground detail on
// and off (`?detail=off`); the cells are projected onto the view from the camera (the scale bar
// tells its eye and target) and `lattice/cellPeak.ts` measures, in two dimensions, how much the
// power at their frequencies stands above the frequencies around them. Each image is also measured
// with a faint checker at the cells added (SYNTHETIC_LEVELS): the measure must flag that one.

const ARTIFACTS = path.resolve(__dirname, '.artifacts', 'lattice');
const SIDE = 129;
const CELL = 2;

/** h = f(x, z) in metres on a SIDE² grid of CELL-metre cells. */
function surface(f: (x: number, z: number) => number): Heightfield {
  const field = createHeightfield(SIDE, SIDE, CELL);
  for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) field.heights[j * SIDE + i] = f(i * CELL, j * CELL);
  return field;
}

const RADIUS = 110;
/** The default camera's forward direction on the ground (from the bearing it looks from towards its target). */
const FORWARD = { x: -Math.sin((DEFAULT_VIEW_BEARING_DEG * Math.PI) / 180), z: Math.cos((DEFAULT_VIEW_BEARING_DEG * Math.PI) / 180) };
/** The stepped plane's height at its far corner (x = z = 0): it falls 350 m from there to the corner nearest the camera. */
const STEPPED_BASE = 400;
/** Each surface's smooth part (what the camera projects the cells onto), and its cells' heights. */
const SMOOTH: Record<string, (x: number, z: number) => number> = {
  plane: (x, z) => 0.5 * x + 0.2 * z,
  cylinder: (_x, z) => Math.sqrt(Math.max(0, RADIUS * RADIUS - (z - 128) ** 2 * 0.82)),
  'stepped plane': (x, z) => STEPPED_BASE + x * FORWARD.x + z * FORWARD.z,
};
const SURFACES: Record<string, Heightfield> = {
  // A plane rising 1 in 2 (26.6°) towards +x and 1 in 5 towards +z.
  plane: surface((x, z) => 0.5 * x + 0.2 * z),
  // A half cylinder along x (radius 110 m): every slope from level to 65° across z.
  cylinder: surface((_x, z) => Math.sqrt(Math.max(0, RADIUS * RADIUS - (z - 128) ** 2 * 0.82))),
  // A 1-in-1 plane whose cells step up and down by ±0.4 m alternately along both axes, as thermal
  // talus leaves steep faces: central-difference normals cancel the steps (the same parity either
  // side), so a lattice in its image could only come from the shading (lighting, detail). It rises
  // straight away from the default camera, so both cameras face it (its normal 45° up towards them).
  'stepped plane': surface((x, z) => STEPPED_BASE + x * FORWARD.x + z * FORWARD.z + 0.4 * (((x / CELL) % 2) * 2 - 1) + 0.4 * (((z / CELL) % 2) * 2 - 1)),
};

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'faultline-lattice-e2e-'));
  for (const [name, field] of Object.entries(SURFACES)) await writeFile(path.join(dir, `${name}.png`), compilePngHeightmap(field));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function openSurface(app: FaultlineApp, name: string, search: string): Promise<void> {
  const { page } = app;
  await page.goto(`/${search}`);
  await page.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 60_000 });
  // The previous surface's recovery journal is offered after a reload: not wanted here.
  const discard = page.getByTestId('recovery-discard');
  if (await discard.isVisible({ timeout: 3_000 }).catch(() => false)) await discard.click();
  app.dialogs.queueOpen(path.join(dir, `${name}.png`));
  await sendMenuCommand(page, 'file.import');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('status-undo')).toContainText(`Import ${name}.png`);
}

/** Reset Camera, then `steps` wheel notches towards the middle of the view. */
async function frameCamera(page: Page, steps: number): Promise<void> {
  await page.getByTestId('cmd-view.resetCamera').click();
  const box = (await page.getByTestId('viewport-3d').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let n = 0; n < steps; n++) await page.mouse.wheel(0, -300);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The cells on screen at the middle of the view, from the camera the scale bar reports (eye and target
 * in world metres; the map is centred on the origin) and the surface's smooth part.
 */
async function cellBasis(page: Page, name: string): Promise<CentreCells> {
  const bar = page.getByTestId('scale-bar');
  const vector = async (attribute: string) => {
    const [x, y, z] = (await bar.getAttribute(attribute))!.split(',').map(Number);
    return { x, y, z };
  };
  const canvas = (await page.getByTestId('viewport-3d').locator('canvas').first().boundingBox())!;
  const half = ((SIDE - 1) * CELL) / 2;
  const smooth = SMOOTH[name];
  const [eye, target] = [await vector('data-eye'), await vector('data-target')];
  const fov = Number(await bar.getAttribute('data-fov'));
  return cellBasisAtCentre(eye, target, fov, canvas.height, (x, z) => smooth(x + half, z + half), CELL);
}

async function shoot(page: Page, name: string): Promise<Buffer> {
  const shot = await viewportShot(page);
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(path.join(ARTIFACTS, `${name}.png`), shot);
  return shot;
}

/** The luma of the view's central 256 × 128 pixels. */
async function lumaOf(page: Page, png: Buffer): Promise<Gray> {
  const width = 256;
  const height = 128;
  const pixels = await page.evaluate(async ({ data, size }) => Array.from((await window.__faultlineDecodePng(data, size)).data), {
    data: png.toString('base64'),
    size: { width, height },
  });
  const data = new Float64Array(width * height);
  for (let p = 0; p < width * height; p++) data[p] = 0.299 * pixels[p * 4] + 0.587 * pixels[p * 4 + 1] + 0.114 * pixels[p * 4 + 2];
  return { width, height, data };
}

/** The detail's strength, (luma with − luma without)², which must not change from cell to cell. */
function strength(on: Gray, off: Gray): Gray {
  return { ...on, data: on.data.map((v, p) => (v - off.data[p]) ** 2) };
}

/**
 * The synthetic lattice each image is also measured with: a checker of ±6 luma levels at the cells,
 * below the ±8 one the issue's audit saw pass the old row-by-row measure at the close camera (about
 * 6 % contrast on grass: faint, but a lattice anyone sees once pointed out). ±4 scored only ~7 where
 * the image is even (the one-level floor), too near the real images' 4.3 for a limit between them.
 */
const SYNTHETIC_LEVELS = 6;
/**
 * Below this the view meets the surface at its middle nearly edge-on: its cells are not on show there.
 * The plane faces the default view at cos 0.19 (measured). The stepped plane rose 1 in 1 towards +x
 * and fell away from the camera: seen from behind at −0.04 far and 0.03 close, the middle of its view
 * its skyline, not its cells, so it was not measured; it now rises away from the camera and is measured.
 */
const FACING_MIN = 0.1;
/** The least facing each surface must be measured at (the stepped plane's normal is 45° up, the view about 30° down). */
const FACING_AT_LEAST: Record<string, number> = { plane: FACING_MIN, cylinder: FACING_MIN, 'stepped plane': Math.cos((30 * Math.PI) / 180) };

test.describe('no lattice at the cells’ period', () => {
  test.use({ viewport: { width: 1280, height: 800 }, startSize: 65 });
  for (const name of Object.keys(SURFACES)) {
    test(`${name}: the ground detail adds nothing periodic at the cell size, far and close`, async ({ app }) => {
      test.setTimeout(240_000);
      const { page } = app;
      const shots: Record<string, Buffer> = {};
      const bases: Record<string, CentreCells> = {};
      for (const detail of ['on', 'off'] as const) {
        // Each start is on the default preset at 65² (cheaper; the surface imported over it is what is looked at).
        await openSurface(app, name, detail === 'off' ? '?detail=off&startSize=65' : '?startSize=65');
        for (const [camera, steps] of [
          ['far', 0],
          ['close', 10],
        ] as const) {
          await frameCamera(page, steps);
          shots[`${camera} ${detail}`] = await shoot(page, `${name}-${camera}-detail-${detail}`);
          if (detail === 'on') bases[camera] = await cellBasis(page, name);
        }
      }
      let measured = 0;
      for (const camera of ['far', 'close']) {
        const basis = bases[camera];
        if (basis.facing < FACING_MIN) {
          test.info().annotations.push({ type: `${camera} not measured`, description: `the surface faces the view at cos ${basis.facing.toFixed(2)}` });
          continue;
        }
        measured++;
        // The cells must be resolved on screen for the measure to mean anything.
        expect(Math.hypot(basis.ex.x, basis.ex.y), `${camera}: a cell along x on screen`).toBeGreaterThan(2.5);
        const [on, off] = [await lumaOf(page, shots[`${camera} on`]), await lumaOf(page, shots[`${camera} off`])];
        const shading = cellPeak(off, basis);
        const detail = cellPeak(strength(on, off), basis);
        // The same images with a faint lattice added: the measure must see it (it can fail).
        const shadingLattice = cellPeak(withChecker(off, basis, SYNTHETIC_LEVELS), basis);
        const detailLattice = cellPeak(strength(withChecker(on, basis, SYNTHETIC_LEVELS), off), basis);
        test.info().annotations.push({
          type: `${camera} peaks`,
          description: JSON.stringify({ basis, shading, detail, shadingLattice, detailLattice }),
        });
        expect(shading.measured, `${camera}: the cells' frequencies resolved`).toBeGreaterThanOrEqual(3);
        expect(shading.score, `${camera}: the shading without detail repeats at the cells' period`).toBeLessThan(LATTICE_LIMIT);
        expect(detail.score, `${camera}: the detail's strength changes from cell to cell`).toBeLessThan(LATTICE_LIMIT);
        expect(shadingLattice.score, `${camera}: a ±${SYNTHETIC_LEVELS} checker on the shading is seen`).toBeGreaterThan(LATTICE_LIMIT);
        expect(detailLattice.score, `${camera}: a ±${SYNTHETIC_LEVELS} checker on the detail is seen`).toBeGreaterThan(LATTICE_LIMIT);
      }
      expect(measured, 'cameras whose view meets the surface squarely enough to measure').toBe(2);
      for (const camera of ['far', 'close'])
        expect(bases[camera].facing, `${camera}: how squarely the view meets the surface`).toBeGreaterThan(FACING_AT_LEAST[name]);
      expect(app.consoleErrors).toEqual([]);
    });
  }
});
