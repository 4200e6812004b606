/// <reference lib="webworker" />
// Parses and encodes heightmap and mesh files off the UI thread: a hostile or huge file can only
// make this worker slow or fail, never the window (workerCodecs.ts terminates it on a timeout).
import { decodeOp, encodeFilesOp, encodeOp, inspectOp, maskPreviewOp, type CodecOutcome } from '../../app/exchange/codecOps';
import type { CodecWorkerRequest } from './codecMessages';
import { createCodecRegistry } from '../../shared/codecs/registry';

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** The window has no synchronous native zlib: the worker's codecs use the portable compressor. */
const codecs = createCodecRegistry();

scope.onmessage = (event: MessageEvent<CodecWorkerRequest>) => {
  const message = event.data;
  let outcome: CodecOutcome<unknown>;
  const transfer: Transferable[] = [];
  if (message.op === 'inspect') outcome = inspectOp(message.bytes, message.fileName, message.options, codecs);
  else if (message.op === 'decode') {
    const decoded = decodeOp(message.bytes, message.fileName, message.options, codecs);
    if (decoded.ok) transfer.push(decoded.value.heights.buffer);
    outcome = decoded;
  } else if (message.op === 'encode') {
    const encoded = encodeOp(message.request, codecs);
    if (encoded.ok) transfer.push(encoded.value.buffer);
    outcome = encoded;
  } else if (message.op === 'encodeFiles') {
    const encoded = encodeFilesOp(message.request);
    // Distinct buffers only: a file's bytes may be a view shared with another (never here, but cheap to guard).
    if (encoded.ok) transfer.push(...new Set(encoded.value.map((f) => f.bytes.buffer)));
    outcome = encoded;
  } else {
    const preview = maskPreviewOp(message.request);
    if (preview.ok) transfer.push(preview.value.buffer);
    outcome = preview;
  }
  scope.postMessage(outcome, transfer);
};
