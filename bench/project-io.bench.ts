import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Benchmark } from './harness';

/**
 * Project save and open at 4097² through the real main-process service: Save = validate the payload,
 * encode, atomic write with fsync, rename and .bak to a temp folder; Open = stat, read, decode and
 * validate, build the IPC payload. The harness times synchronous runs, so the (async) service runs in
 * a worker thread and each run blocks on Atomics.wait until the worker reports the operation done.
 */
const SIZE = Number(process.env.FAULTLINE_PROJECT_BENCH_SIZE ?? 4097);
const repoRoot = path.resolve(__dirname, '..');

const WORKER_SOURCE = `
import { parentPort, workerData } from 'node:worker_threads';
import path from 'node:path';
import { createScriptedDialogs } from './main/services/dialogs';
import { createProjectService } from './main/services/projectService';
import { createRecentFiles } from './main/services/recentFiles';
import { createHeightfield } from './shared/terrain/heightfield';
import { payloadFromDocument } from './main/services/projectCodecIo';

const { flag, folder, size } = workerData;
const signal = new Int32Array(flag);
const dialogs = createScriptedDialogs();
const service = createProjectService({ dialogs, recent: createRecentFiles(folder) });
const target = path.join(folder, 'bench.faultline');
const field = createHeightfield(size, size, 1);
for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k * 0.0007) * 80 + (k % 977) * 0.01;
const payload = payloadFromDocument({ field, recipe: null, history: [], props: [], view: {} });
let handle = '';

function done(ok) {
  Atomics.store(signal, 0, ok ? 1 : 2);
  Atomics.notify(signal, 0);
}

parentPort.on('message', async (op) => {
  try {
    if (op === 'init') {
      dialogs.queueSave(target);
      const r = await service.saveAs({ defaultName: 'bench.faultline', payload });
      if (r.status !== 'saved') throw new Error(JSON.stringify(r));
      handle = r.handle;
    } else if (op === 'save') {
      const r = await service.save({ handle, payload });
      if (r.status !== 'saved') throw new Error(JSON.stringify(r));
    } else if (op === 'open') {
      dialogs.queueOpen(target);
      const r = await service.open();
      if (r.status !== 'opened' || r.payload.heights.byteLength !== size * size * 4) throw new Error('open failed');
    }
    done(true);
  } catch (error) {
    console.error(error);
    done(false);
  }
});
`;

interface ServiceWorker {
  run(op: 'init' | 'save' | 'open'): void;
}

let shared: ServiceWorker | undefined;

function serviceWorker(): ServiceWorker {
  if (shared) return shared;
  const folder = mkdtempSync(path.join(tmpdir(), 'faultline-project-bench-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const bundle = buildSync({
    stdin: { contents: WORKER_SOURCE, resolveDir: repoRoot, loader: 'ts', sourcefile: 'projectIoWorker.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0].text;
  const flag = new SharedArrayBuffer(4);
  const signal = new Int32Array(flag);
  const worker = new Worker(bundle, { eval: true, workerData: { flag, folder, size: SIZE } });
  worker.unref();
  shared = {
    run(op) {
      Atomics.store(signal, 0, 0);
      worker.postMessage(op);
      Atomics.wait(signal, 0, 0);
      if (Atomics.load(signal, 0) !== 1) throw new Error(`project ${op} failed in the bench worker`);
    },
  };
  shared.run('init');
  return shared;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'project save (atomic + .bak, disk)',
    size: SIZE,
    samples: 5,
    warmup: 1,
    setup: () => serviceWorker(),
    run: (worker) => (worker as ServiceWorker).run('save'),
  },
  {
    name: 'project open (read + validate)',
    size: SIZE,
    samples: 5,
    warmup: 1,
    setup: () => serviceWorker(),
    run: (worker) => (worker as ServiceWorker).run('open'),
  },
];
