/**
 * Peak memory of the window's engine export, headless (no Electron): `node --import tsx
 * bench/windowExportMemory.ts PRESET SIDE LAYERS [RESOLUTION]`. This process is the window: an editor
 * session on a SIDE² map runs the export dialog's flow (ExportFlow.confirm) with LAYERS mask layers;
 * its codecs run the codec worker's `streamFiles` protocol on a worker thread (bench/windowExport/
 * codecThread.ts: a dedicated Web Worker lives in the renderer's process as this thread lives in this
 * one) and each file goes, in pieces, to main: a child process (bench/windowExport/mainProcess.ts)
 * running the real export session service over a temporary folder. Prints one JSON line: each
 * process's peak RSS (maxRSS), this process's RSS before the export (Node, the map, the session), the
 * files and bytes. With `--cancel-after N` the dialog's Cancel is pressed once N files are written:
 * the line then says how long after it the export had ended, what the dialog says, and what main's
 * folder holds (nothing: no file, no temporary).
 */
import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { exportMemoryLayers, exportMemoryMap } from './exportMemoryFixture';
import { createDocument } from '../app/document/document';
import { createEditorSession } from '../app/editorSession';
import { createMemoryFaultlineApi } from '../app/platform/memoryApi';
import {
  CODEC_CANCELLED,
  createInProcessCodecs,
  type CodecOutcome,
  type ExchangeCodecs,
  type FileSink,
  type FileStep,
  type FilesRequest,
} from '../app/exchange/codecOps';
import type { FaultlineApi } from '../shared/ipc/api';
import type { EngineId } from '../shared/export/engines';
import type { MaskLayer } from '../shared/export/masks';

const MB = 1024 * 1024;
const cancelFlag = process.argv.indexOf('--cancel-after');
const cancelAfter = cancelFlag > 0 ? Number(process.argv[cancelFlag + 1]) : null;
const [engineId, sideText, layersText, resolutionText] = process.argv.slice(2, cancelFlag > 0 ? cancelFlag : undefined);
const side = Number(sideText);
const layerCount = Number(layersText);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// The same map and rules as bench/engineExportMemory.ts (the CLI's figures).
const field = exportMemoryMap(side);
const layers: MaskLayer[] = exportMemoryLayers(layerCount);

/** Main in its own process, called as the preload's invoke would. */
const main = fork(here('./windowExport/mainProcess.ts'), [], { serialization: 'advanced', execArgv: ['--import', 'tsx'] });
let nextId = 0;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
main.on('message', (message: { id: number; ok: boolean; result?: unknown; message?: string }) => {
  const waiting = pending.get(message.id);
  pending.delete(message.id);
  if (message.ok) waiting?.resolve(message.result);
  else waiting?.reject(new Error(message.message));
});
const call = <T>(method: string, ...args: unknown[]): Promise<T> =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    main.send({ id, method, args });
  });

/** The codec thread's code, bundled once (as main's own worker threads are run from sources). */
const threadCode = buildSync({
  entryPoints: [here('./windowExport/codecThread.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  write: false,
  logLevel: 'silent',
}).outputFiles[0].text;

/** workerCodecs.ts's streamFiles over a worker thread (no time limit: this is a measurement; an abort terminates it). */
function threadCodecs(): ExchangeCodecs {
  const streamFiles = (request: FilesRequest, deliver: FileSink, signal?: AbortSignal): Promise<CodecOutcome<number>> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(threadCode, { eval: true });
      signal?.addEventListener('abort', () => {
        void worker.terminate();
        resolve(CODEC_CANCELLED);
      });
      let index = 0;
      worker.on('message', (step: FileStep) => {
        if (step.kind !== 'file') {
          void worker.terminate();
          return resolve(step.kind === 'done' ? { ok: true, value: step.count } : { ok: false, message: step.message });
        }
        deliver(step.file, index++).then(
          () => worker.postMessage({ op: 'next' }),
          (error: unknown) => {
            void worker.terminate();
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
      worker.on('error', reject);
      worker.postMessage({ op: 'streamFiles', request });
    });
  return { ...createInProcessCodecs(), streamFiles };
}

async function run(): Promise<void> {
  const api: FaultlineApi = {
    ...createMemoryFaultlineApi(),
    chooseExportDirectory: (request) => call('choose', request),
    writeExportChunk: (request) => call('writeChunk', request),
    finishExport: (handle) => call('finish', handle),
    cancelExport: ({ job }) => call('cancel', job),
  };
  const session = createEditorSession({ api, document: createDocument(field, []), createCodecs: threadCodecs });
  const exchange = session.exchange;
  await session.commands.execute('file.exportHeightmap');
  exchange.exports.setTarget(engineId as EngineId);
  exchange.exports.setEngineOptions({ masks: layerCount > 0, maskSet: { layers }, ...(resolutionText ? { size: Number(resolutionText) } : {}) });
  const outcome = exchange.exports.plan(engineId as EngineId);
  if (!outcome.plan) throw new Error(outcome.problem);
  const before = process.memoryUsage().rss;
  let cancelledAt: number | null = null;
  if (cancelAfter !== null) {
    exchange.store.subscribe((state) => {
      if (cancelledAt === null && (state.exportStep?.done ?? 0) >= cancelAfter) {
        cancelledAt = performance.now();
        exchange.cancelExport();
      }
    });
  }
  const start = performance.now();
  const ok = await exchange.confirmExport();
  const ended = performance.now();
  const ms = ended - start;
  const state = exchange.store.getState();
  const mainSide = await call<{ peak_rss_mb: number; received_mb: number; files_in_folder: number }>('stop');
  main.disconnect();
  console.log(
    JSON.stringify({
      engineId,
      side,
      layers: layerCount,
      ok,
      ...(ok ? {} : { error: state.error }),
      window_peak_rss_mb: Math.round((process.resourceUsage().maxRSS * 1024) / MB),
      window_rss_before_export_mb: Math.round(before / MB),
      map_mb: Math.round(field.heights.byteLength / MB),
      estimate_mb: Math.round((await import('../shared/export/exportMemory')).engineExportMemory(outcome.plan, field) / MB),
      main_peak_rss_mb: mainSide.peak_rss_mb,
      files: outcome.plan.files.length,
      output_mb: mainSide.received_mb,
      export_ms: Math.round(ms),
      ...(cancelAfter !== null && {
        cancelled_after_files: cancelAfter,
        ended_ms_after_cancel: cancelledAt === null ? null : Math.round(ended - cancelledAt),
        status: state.exportStatus,
        files_in_folder: mainSide.files_in_folder,
      }),
    }),
  );
  session.dispose();
}

void run().catch((error: unknown) => {
  console.error(error);
  main.kill();
  process.exitCode = 1;
});
