/**
 * The window's codec worker for the headless window-export measurement (windowExportMemory.ts): the
 * same protocol as renderer/exchange/codecWorker.ts's `streamFiles` — one FileStep per `next`, each
 * file's buffer moved to the caller — on a Node worker thread instead of a Web Worker (a dedicated
 * Web Worker lives in the renderer's process, as this thread lives in the window's).
 */
import { parentPort } from 'node:worker_threads';
import { filesOf, filesRequestName, nextFileStep, type FileStep, type FilesRequest } from '../../app/exchange/codecOps';
import type { ExportFile } from '../../shared/export/engineExport';

type Message = { op: 'streamFiles'; request: FilesRequest } | { op: 'next' };
let stream: { request: FilesRequest; files: Iterator<ExportFile, unknown, undefined> | null; count: number } | null = null;

function postStep(): void {
  const current = stream;
  if (!current) return parentPort!.postMessage({ kind: 'error', message: 'no export is being encoded' } satisfies FileStep);
  const step = nextFileStep(() => (current.files ??= filesOf(current.request)), current.count, filesRequestName(current.request));
  if (step.kind !== 'file') {
    stream = null;
    return parentPort!.postMessage(step);
  }
  current.count++;
  const { bytes } = step.file;
  const owned = bytes.byteOffset === 0 ? bytes : bytes.slice();
  parentPort!.postMessage({ kind: 'file', file: { name: step.file.name, bytes: owned } } satisfies FileStep, [owned.buffer as ArrayBuffer]);
}

parentPort!.on('message', (message: Message) => {
  if (message.op === 'streamFiles') stream = { request: message.request, files: null, count: 0 };
  postStep();
});
