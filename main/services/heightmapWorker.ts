/**
 * Node worker entry (worker_threads) of heightmapEncode.ts: encodes the one heightmap it is sent and
 * answers with the bytes (moved, not copied) or the problem. Started per export, ended after it.
 */
import { parentPort } from 'node:worker_threads';
import { answerHeightmapRequest, type HeightmapWorkerRequest } from './heightmapEncode';

const port = parentPort;
port?.once('message', (request: HeightmapWorkerRequest) => {
  void answerHeightmapRequest(request).then((answer) => {
    if (!answer.ok) return port.postMessage(answer);
    // Moved, not copied: a view of part of a buffer (or of Node's pool) is first made its own.
    const { bytes } = answer;
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
    port.postMessage({ ok: true, bytes: own }, [own.buffer as ArrayBuffer]);
  });
});
