import type { CodecOutcome, ExchangeCodecs } from '../../app/exchange/codecOps';
import { displayFileName } from '../../shared/codecs/errors';
import type { CodecWorkerRequest } from './codecMessages';

/** Longer than any valid 8193² file takes; past it the file is treated as one that hangs the reader. */
const TIMEOUT_MS = 120_000;

/** Runs each codec job in a fresh worker that is terminated afterwards (or when it takes too long). */
export function createWorkerCodecs(timeoutMs = TIMEOUT_MS): ExchangeCodecs {
  const run = <T>(message: CodecWorkerRequest, fileName: string): Promise<CodecOutcome<T>> =>
    new Promise((resolve) => {
      const worker = new Worker(new URL('./codecWorker.ts', import.meta.url), { type: 'module', name: 'faultline-codecs' });
      const finish = (outcome: CodecOutcome<T>) => {
        clearTimeout(timer);
        worker.terminate();
        resolve(outcome);
      };
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
  return {
    inspect: (bytes, fileName, options) => run({ op: 'inspect', bytes, fileName, options }, fileName),
    decode: (bytes, fileName, options) => run({ op: 'decode', bytes, fileName, options }, fileName),
    encode: (request) => run({ op: 'encode', request }, request.fileName),
    encodeFiles: (request) => run({ op: 'encodeFiles', request }, request.kind === 'engine' ? request.fileName : request.encode.fileName),
    maskPreview: (request) => run({ op: 'maskPreview', request }, 'mask preview'),
  };
}
