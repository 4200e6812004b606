import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseProject } from '../shared/codecs/project';
import { fluvialWasmBytes } from '../shared/erosion/fluvialWasm';
import { evaluateStack } from '../shared/layers/evaluate';
import { READY_SELECTOR, expect, sendMenuCommand, test } from './fixtures';

// The fluvial layer's compiled step (shared/erosion/fluvialWasm.ts) in the window: WebAssembly must be
// allowed where the layer runs (a worker, under the page's CSP: 'wasm-unsafe-eval'), and a preset with
// a fluvial layer must give the bytes its stack evaluates to in Node.
test.use({ startSize: 65 });

test('a worker under the page CSP compiles the fluvial WebAssembly, and Canyons (a fluvial layer) replays bit for bit', async ({ app }) => {
  test.setTimeout(180_000);
  const { page } = app;
  // A blob worker takes the page's policy (the meta CSP): the committed module compiles and runs there.
  const base64 = Buffer.from(fluvialWasmBytes()).toString('base64');
  const inWorker = await page.evaluate(async (text) => {
    const source = `onmessage = (e) => {
      try {
        const bytes = Uint8Array.from(atob(e.data), (c) => c.charCodeAt(0));
        const memory = new WebAssembly.Memory({ initial: 1, maximum: 1 });
        const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } });
        postMessage(Object.keys(exports).sort().join(','));
      } catch (error) {
        postMessage('refused: ' + error);
      }
    };`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    const answer = await new Promise<string>((resolve) => {
      worker.onmessage = (e) => resolve(String(e.data));
      worker.postMessage(text);
    });
    worker.terminate();
    return answer;
  }, base64);
  expect(inWorker).toContain('routeFlow');
  expect(inWorker).toContain('solveStreamPower');

  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-fluvial-'));
  try {
    await page.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 60_000 });
    await page.getByTestId('gen-preset').selectOption('canyons');
    await page.getByTestId('gen-seed').fill('11');
    await page.getByTestId('gen-run').click();
    await expect(page.getByTestId('status-undo')).toContainText('Generate', { timeout: 120_000 });
    const file = path.join(folder, 'canyons.faultline');
    app.dialogs.queueSave(file);
    await sendMenuCommand(page, 'file.saveAs');
    await expect.poll(() => page.evaluate(() => document.title)).toBe(`${path.basename(file)} — Faultline`);
    const saved = parseProject(new Uint8Array(await readFile(file)), path.basename(file));
    expect(saved.layers?.some((layer) => layer.kind === 'fluvial')).toBe(true);
    const { width, depth, cellSize } = saved.field;
    const replayed = evaluateStack(saved.layers ?? [], { width, depth, cellSize });
    expect(replayed && Buffer.from(replayed.buffer).equals(Buffer.from(saved.field.heights.buffer))).toBe(true);
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
