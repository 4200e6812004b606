/// <reference lib="webworker" />
// Parses and encodes heightmap and mesh files off the UI thread: a hostile or huge file can only
// make this worker slow or fail, never the window (workerCodecs.ts terminates it on a timeout).
import { decodeOp, encodeOp, inspectOp, type CodecOutcome } from '../../app/exchange/codecOps';
import type { CodecWorkerRequest } from './codecMessages';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<CodecWorkerRequest>) => {
  const message = event.data;
  let outcome: CodecOutcome<unknown>;
  const transfer: Transferable[] = [];
  if (message.op === 'inspect') outcome = inspectOp(message.bytes, message.fileName, message.options);
  else if (message.op === 'decode') {
    const decoded = decodeOp(message.bytes, message.fileName, message.options);
    if (decoded.ok) transfer.push(decoded.value.heights.buffer);
    outcome = decoded;
  } else {
    const encoded = encodeOp(message.request);
    if (encoded.ok) transfer.push(encoded.value.buffer);
    outcome = encoded;
  }
  scope.postMessage(outcome, transfer);
};
