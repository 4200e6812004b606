import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileProject } from '../shared/codecs/project';
import { decodePng } from '../shared/codecs/png/decode';
import { tiltedPit } from '../shared/hydrology/testing/pit';
import { DEFAULT_WATER_PARAMS } from '../shared/hydrology/waterParams';
import { evaluateStack } from '../shared/layers/evaluate';
import type { Layer } from '../shared/layers/types';
import { createHeightfield } from '../shared/terrain/heightfield';
import { test, expect, sendMenuCommand } from './fixtures';
import { fileWritten } from './writtenFile';

// The water's files through File ▸ Export: a project holding a closed-form pit lake (a square pit in a
// tilted plane, shared/hydrology/testing/pit.ts) under an automatic water layer is opened, and its
// flow map and water depth are exported through the dialog and read back from the disk.

test.use({ startSize: 65 });

let dir: string;
test.beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'faultline-water-e2e-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('File ▸ Export writes the flow map and the water depth of the document’s water layer', async ({ app }) => {
  const { page } = app;
  const pit = tiltedPit();
  const { width, depth, cellSize } = pit.grid;
  const layers: Layer[] = [
    { id: 'heights-1', name: 'Pit', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: pit.heights },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params: { ...DEFAULT_WATER_PARAMS, riverArea: 1e12, minLakeArea: 10 } },
  ];
  const field = createHeightfield(width, depth, cellSize, evaluateStack(layers, pit.grid)!);
  const project = path.join(dir, 'pit.faultline');
  await writeFile(project, compileProject({ field, recipe: null, history: [], props: [], view: {}, layers }));
  app.dialogs.queueOpen(project);
  await sendMenuCommand(page, 'file.open');
  await expect(page.getByTestId('status-size')).toContainText(`${width} × ${depth}`);

  const flowFile = path.join(dir, 'chosen_flow.png');
  app.dialogs.queueSave(flowFile);
  await sendMenuCommand(page, 'file.exportHeightmap');
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await page.getByTestId('export-format').selectOption('water-flow');
  await page.getByTestId('export-confirm').click();
  const flow = await fileWritten(flowFile);
  const red = decodePng(flow, 'flow.png', { channel: 'r' });
  const green = decodePng(flow, 'flow.png', { channel: 'g' });
  expect([red.width, red.height, red.bitDepth, red.colourType]).toEqual([width, depth, 8, 2]);
  // Upslope of the pit the plane drains straight towards −x: R = 0.5 − 0.5·1 → 0, G = 0.5 → 127 or 128.
  for (const j of [5, 10, 40]) {
    for (let i = 45; i < width; i++) {
      expect(red.samples[j * width + i]).toBe(0);
      expect(Math.abs(green.samples[j * width + i] - 127.5)).toBe(0.5);
    }
  }

  const depthFile = path.join(dir, 'chosen_depth.r32');
  app.dialogs.queueSave(depthFile);
  await sendMenuCommand(page, 'file.exportHeightmap');
  await page.getByTestId('export-format').selectOption('water-depth');
  await page.getByTestId('export-confirm').click();
  // Metres of water over the ground, little-endian float32 rows: the pit's closed-form depth, 0 where dry.
  const bytes = await fileWritten(depthFile);
  const values = new Float32Array(bytes.slice().buffer);
  expect(values.length).toBe(width * depth);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) expect(values[j * width + i]).toBeCloseTo(pit.depthAt(i, j), 5);
});
