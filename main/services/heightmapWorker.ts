/**
 * Node worker entry (worker_threads) of heightmapEncode.ts: encodes each heightmap it is sent, in turn,
 * and answers with the bytes (moved, not copied) or the problem. Started per export (one file, or every
 * tile of a tiled export), ended after it.
 */
import { parentPort } from 'node:worker_threads';
import { answerHeightmapRequest, type HeightmapWorkerRequest } from './heightmapEncode';

/** Node's Buffer pool is 8 KiB: anything in a buffer larger than this is not in it. */
const MOVABLE_ABOVE_BYTES = 64 * 1024;

const port = parentPort;
port?.on('message', (request: HeightmapWorkerRequest) => {
  void answerHeightmapRequest(request).then((answer) => {
    if (!answer.ok) return port.postMessage(answer);
    // Moved, not copied (a view moves with its whole buffer: the EXR writer's is larger than the file,
    // its tail never touched). Small outputs may sit in Node's shared pool, which cannot move: copied.
    const { bytes } = answer;
    const own = bytes.buffer instanceof ArrayBuffer && bytes.buffer.byteLength > MOVABLE_ABOVE_BYTES ? bytes : bytes.slice();
    port.postMessage({ ok: true, bytes: own }, [own.buffer as ArrayBuffer]);
  });
});
