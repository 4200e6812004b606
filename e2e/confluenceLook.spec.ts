import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_VIEW_BEARING_DEG } from '../app/view/cameraPose';
import { compileProject } from '../shared/codecs/project';
import { DEFAULT_WATER_PARAMS } from '../shared/hydrology/waterParams';
import { evaluateStack } from '../shared/layers/evaluate';
import type { Layer } from '../shared/layers/types';
import { riverLayer } from '../shared/rivers/testing/terrain';
import { createHeightfield } from '../shared/terrain/heightfield';
import { expect, sendMenuCommand, test, type FaultlineApp } from './fixtures';
import { zoomTo } from './fieldScene';
import { settledViewportShot } from './waterPixels';

// Where an automatic tributary meets a drawn river's deeper channel (issue 31), photographed close up
// at 1600 × 1000 to be looked at: the same project with the river's `gradeTributaries` off (the bank
// cuts the tributary at 30°, a waterfall in its bed) and on (its bed graded into the river's). Only
// screenshots (e2e/.artifacts/confluence-look/, or the folder FAULTLINE_SHOTS names), so it is a
// @report page: `npx playwright test --project=report e2e/confluenceLook.spec.ts`.
const ARTIFACTS = process.env.FAULTLINE_SHOTS ?? path.resolve(__dirname, '.artifacts', 'confluence-look');
const SIDE = 257;
const CELL = 2;

test.use({ startSize: 65 });

/**
 * A valley falling 2 % along the camera's forward direction (walls 0.15 across it), a side valley
 * joining it at the map's centre from the right (its floor falling 5 % towards the main one, walls
 * 0.12), automatic water with rivers from 8,000 m², and a drawn river 8 m wide and 2.5 m deep down
 * the main valley's floor.
 */
function confluenceProject(grade: boolean): Uint8Array {
  const b = (DEFAULT_VIEW_BEARING_DEG * Math.PI) / 180;
  const forward = { x: -Math.sin(b), z: Math.cos(b) };
  const size = { width: SIDE, depth: SIDE, cellSize: CELL };
  const heights = new Float32Array(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) {
    for (let i = 0; i < SIDE; i++) {
      const x = (i - (SIDE - 1) / 2) * CELL;
      const z = (j - (SIDE - 1) / 2) * CELL;
      const u = x * forward.x + z * forward.z;
      const v = x * forward.z - z * forward.x;
      const main = 40 - 0.02 * u + 0.15 * Math.abs(v);
      heights[j * SIDE + i] = v > 0 ? Math.min(main, 40 + 0.05 * v + 0.12 * Math.abs(u)) : main;
    }
  }
  const reach = 230;
  const layers: Layer[] = [
    { id: 'heights-1', name: 'Valleys', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params: { ...DEFAULT_WATER_PARAMS, riverArea: 8000 } },
    riverLayer(
      [
        { x: -reach * forward.x, z: -reach * forward.z },
        { x: reach * forward.x, z: reach * forward.z },
      ],
      { width: 8, depth: 2.5, gradeTributaries: grade },
    ),
  ];
  const field = createHeightfield(SIDE, SIDE, CELL, evaluateStack(layers, size)!);
  return compileProject({ field, recipe: null, history: [], props: [], view: {}, layers });
}

async function openConfluence(app: FaultlineApp, grade: boolean): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'faultline-confluence-'));
  try {
    const project = path.join(dir, 'confluence.faultline');
    await writeFile(project, confluenceProject(grade));
    app.dialogs.queueOpen(project);
    await sendMenuCommand(app.page, 'file.open');
    await expect(app.page.getByTestId('status-size')).toContainText(`${SIDE} × ${SIDE}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function shots(page: Page, name: string): Promise<void> {
  // Close, then closer, at the confluence (the map's centre, where Reset Camera looks).
  for (const [label, target] of [
    ['close', 6],
    ['closer', 14],
  ] as const) {
    await zoomTo(page, target, 60);
    await page.mouse.move(0, 0);
    await settledViewportShot(page);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${label}.png`) });
  }
}

test.describe('a tributary meeting a drawn river at 1600×1000 @report', () => {
  test.use({ viewport: { width: 1600, height: 1000 } });

  for (const [grade, name] of [
    [false, 'confluence-before'],
    [true, 'confluence-after'],
  ] as const) {
    test(`${name}: gradeTributaries ${grade ? 'on' : 'off'}, close up @report`, async ({ app }) => {
      test.setTimeout(300_000);
      await mkdir(ARTIFACTS, { recursive: true });
      await openConfluence(app, grade);
      await shots(app.page, name);
    });
  }
});
