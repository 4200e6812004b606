/// <reference lib="webworker" />
// Parses and encodes heightmap and mesh files off the UI thread: a hostile or huge file can only
// make this worker slow or fail, never the window (workerCodecs.ts terminates it on a timeout).
import {
  decodeOp,
  encodeOp,
  filesOf,
  filesRequestName,
  inspectOp,
  maskPreviewOp,
  nextFileStep,
  type CodecOutcome,
  type FileStep,
  type FilesRequest,
} from '../../app/exchange/codecOps';
import type { ExportFile } from '../../shared/export/engineExport';
import type { CodecWorkerRequest } from './codecMessages';
import { createCodecRegistry } from '../../shared/codecs/registry';

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** The window has no synchronous native zlib: the worker's codecs use the portable compressor. */
const codecs = createCodecRegistry();

/** A files stream in progress: each `next` encodes one more file and posts it (its buffer moved, not copied). */
let stream: { request: FilesRequest; files: Iterator<ExportFile, unknown, undefined> | null; count: number } | null = null;

function postStep(): void {
  const current = stream;
  if (!current) return scope.postMessage({ kind: 'error', message: 'no export is being encoded' } satisfies FileStep);
  const step = nextFileStep(() => (current.files ??= filesOf(current.request)), current.count, filesRequestName(current.request));
  if (step.kind !== 'file') {
    stream = null;
    return scope.postMessage(step);
  }
  current.count++;
  // Moved, not copied: an encoder's output buffer (which may be longer than the file, its untouched pages
  // never resident: the EXR's) goes whole; a view into the middle of another buffer is copied out first.
  const { bytes } = step.file;
  const owned = bytes.byteOffset === 0 ? bytes : bytes.slice();
  scope.postMessage({ kind: 'file', file: { name: step.file.name, bytes: owned } } satisfies FileStep, [owned.buffer]);
}

/** Requests are answered in the order they came: a GeoTIFF's decode waits on promises, and nothing may overtake it. */
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event: MessageEvent<CodecWorkerRequest>) => {
  queue = queue.then(() => answer(event.data));
};

async function answer(message: CodecWorkerRequest): Promise<void> {
  if (message.op === 'streamFiles') {
    stream = { request: message.request, files: null, count: 0 };
    return postStep();
  }
  if (message.op === 'next') return postStep();
  let outcome: CodecOutcome<unknown>;
  const transfer: Transferable[] = [];
  if (message.op === 'inspect') outcome = await inspectOp(message.bytes, message.fileName, message.options, codecs);
  else if (message.op === 'decode') {
    const decoded = await decodeOp(message.bytes, message.fileName, message.options, codecs);
    if (decoded.ok) transfer.push(decoded.value.heights.buffer);
    outcome = decoded;
  } else if (message.op === 'encode') {
    const encoded = encodeOp(message.request, codecs);
    if (encoded.ok) transfer.push(encoded.value.buffer);
    outcome = encoded;
  } else {
    const preview = maskPreviewOp(message.request);
    if (preview.ok) transfer.push(preview.value.buffer);
    outcome = preview;
  }
  scope.postMessage(outcome, transfer);
}
