/**
 * Node worker entry (worker_threads) of projectThread.ts: reads or encodes the one project it is
 * sent and answers, moving the bulk bytes (heights, layer data, file bytes) rather than copying them.
 */
import { parentPort } from 'node:worker_threads';
import { answerProjectRequest, movableBuffer, payloadTransfers, type ProjectWorkerRequest } from './projectThread';

const port = parentPort;
port?.once('message', (request: ProjectWorkerRequest) => {
  void answerProjectRequest(request).then((answer) => {
    if (!answer.ok) return port.postMessage(answer);
    if ('payload' in answer) return port.postMessage(answer, payloadTransfers(answer.payload));
    // The file's bytes: moved when their buffer is theirs alone, else copied by the message.
    const own = movableBuffer(answer.bytes);
    port.postMessage(answer, own ? [own] : []);
  });
});
