import type { CodecOutcome, ExchangeCodecs, FileSink, FileStep, FilesRequest } from '../../app/exchange/codecOps';
import { CODEC_CANCELLED, filesRequestName } from '../../app/exchange/codecOps';
import { displayFileName } from '../../shared/codecs/errors';
import type { CodecWorkerRequest } from './codecMessages';

/** Longer than any valid 8193² file takes; past it the file is treated as one that hangs the reader. */
const TIMEOUT_MS = 120_000;

const startWorker = () => new Worker(new URL('./codecWorker.ts', import.meta.url), { type: 'module', name: 'faultline-codecs' });

/** Calls `stop` when `signal` aborts; answers the unsubscribe. */
function onAbort(signal: AbortSignal | undefined, stop: () => void): () => void {
  if (!signal) return () => undefined;
  signal.addEventListener('abort', stop, { once: true });
  return () => signal.removeEventListener('abort', stop);
}

/**
 * Runs each codec job in a fresh worker that is terminated afterwards, when it takes too long, or
 * when the job's signal aborts (a cancelled export: terminate stops the encode mid-file at once).
 */
export function createWorkerCodecs(timeoutMs = TIMEOUT_MS): ExchangeCodecs {
  const run = <T>(message: CodecWorkerRequest, fileName: string, signal?: AbortSignal): Promise<CodecOutcome<T>> =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve(CODEC_CANCELLED);
      const worker = startWorker();
      let settled = false;
      const finish = (outcome: CodecOutcome<T>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        unsubscribe();
        worker.terminate();
        resolve(outcome);
      };
      const unsubscribe = onAbort(signal, () => finish(CODEC_CANCELLED));
      const name = displayFileName(fileName);
      const timer = setTimeout(() => finish({ ok: false, message: `${name}: took longer than ${timeoutMs / 1000} s to process and was abandoned` }), timeoutMs);
      worker.onmessage = (event: MessageEvent<CodecOutcome<T>>) => finish(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        finish({ ok: false, message: `${name}: could not be processed (${event.message || 'the file worker stopped'})` });
      };
      // The bytes are copied: the dialog keeps its own for re-reading with other options.
      worker.postMessage(message);
    });

  /**
   * Several files from one worker, one at a time: the worker posts a file, `deliver` takes it (the
   * window sends it to main), and only then is the worker asked for the next. The time limit is per
   * file (a whole 8193² export with many layers takes longer than any one file).
   */
  const streamFiles = (request: FilesRequest, deliver: FileSink, signal?: AbortSignal): Promise<CodecOutcome<number>> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return resolve(CODEC_CANCELLED);
      const worker = startWorker();
      const name = displayFileName(filesRequestName(request));
      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const stop = () => {
        settled = true;
        clearTimeout(timer);
        unsubscribe();
        worker.terminate();
      };
      const unsubscribe = onAbort(signal, () => finish(CODEC_CANCELLED));
      const finish = (outcome: CodecOutcome<number>) => {
        if (settled) return;
        stop();
        resolve(outcome);
      };
      const wait = () => {
        timer = setTimeout(
          () => finish({ ok: false, message: `${name}: a file took longer than ${timeoutMs / 1000} s to encode and the export was abandoned` }),
          timeoutMs,
        );
      };
      let index = 0;
      worker.onmessage = (event: MessageEvent<FileStep>) => {
        const step = event.data;
        clearTimeout(timer);
        if (step.kind === 'error') return finish({ ok: false, message: step.message });
        if (step.kind === 'done') return finish({ ok: true, value: step.count });
        deliver(step.file, index++).then(
          () => {
            if (settled) return;
            wait();
            worker.postMessage({ op: 'next' } satisfies CodecWorkerRequest);
          },
          (error: unknown) => {
            if (settled) return;
            stop();
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      };
      worker.onerror = (event) => {
        event.preventDefault();
        finish({ ok: false, message: `${name}: could not be processed (${event.message || 'the file worker stopped'})` });
      };
      wait();
      // The heights are copied into the worker (the document keeps its own).
      worker.postMessage({ op: 'streamFiles', request } satisfies CodecWorkerRequest);
    });

  return {
    inspect: (bytes, fileName, options) => run({ op: 'inspect', bytes, fileName, options }, fileName),
    decode: (bytes, fileName, options) => run({ op: 'decode', bytes, fileName, options }, fileName),
    encode: (request, signal) => run({ op: 'encode', request }, request.fileName, signal),
    streamFiles,
    maskPreview: (request) => run({ op: 'maskPreview', request }, 'mask preview'),
  };
}
