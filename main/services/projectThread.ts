/**
 * Project open and save off main's event loop: reading, checking and parsing a project file, and
 * encoding (and proving, by decoding again) a save or journal payload, run in a worker thread
 * started for the operation (main/services/projectWorker.ts, built beside main.cjs), so a 320 MiB
 * save or a hostile file's parse never stalls the window's IPC. Bulk bytes move between the threads
 * (transferred, not copied) wherever their buffer is theirs alone.
 */
import { CodecError } from '../../shared/codecs/errors';
import type { ProjectPayload } from '../../shared/ipc/projectContract';
import { encodeProjectPayload, payloadFromDocument, readProjectFile } from './projectCodecIo';
import { startWorker, workerSource, type WorkerSource } from './workerSource';

/** What the project and recovery services ask of the project codec. Errors are CodecErrors naming the file. */
export interface ProjectCodec {
  /** Reads and checks a project file: the payload the window opens. */
  read(filePath: string): Promise<ProjectPayload>;
  /**
   * A payload from the window as file bytes, proven by decoding them again. The payload's byte arrays
   * may be moved to the thread (unusable afterwards): the request is spent.
   */
  encode(payload: ProjectPayload, fileName: string): Promise<Uint8Array>;
}

/** The same work on the calling thread (tests that need no thread, the worker itself). */
export const inProcessProjectCodec: ProjectCodec = {
  read: async (filePath) => payloadFromDocument(await readProjectFile(filePath)),
  encode: async (payload, fileName) => encodeProjectPayload(payload, fileName),
};

export type ProjectWorkerRequest = { kind: 'read'; filePath: string } | { kind: 'encode'; payload: ProjectPayload; fileName: string };
export type ProjectWorkerAnswer =
  | { ok: true; payload: ProjectPayload }
  | { ok: true; bytes: Uint8Array }
  | { ok: false; codecError: { fileName: string; problem: string } | null; message: string };

/** Node's Buffer pool is 8 KiB: a view of a larger buffer than this that spans it all is not in the pool. */
const MOVABLE_ABOVE_BYTES = 64 * 1024;

/** The buffer of `bytes` when it may move to another thread (it spans it alone), else null (it is copied). */
export function movableBuffer(bytes: Uint8Array): ArrayBuffer | null {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength && buffer.byteLength > MOVABLE_ABOVE_BYTES
    ? buffer
    : null;
}

/** The buffers of a payload's bulk bytes that may move, each once. */
export function payloadTransfers(payload: ProjectPayload): ArrayBuffer[] {
  const buffers = [movableBuffer(payload.heights), payload.layers ? movableBuffer(payload.layers.data) : null].filter((b): b is ArrayBuffer => b !== null);
  return [...new Set(buffers)];
}

/** The worker's side: the request done by the in-process codec, as an answer. */
export async function answerProjectRequest(request: ProjectWorkerRequest): Promise<ProjectWorkerAnswer> {
  try {
    if (request.kind === 'read') return { ok: true, payload: await inProcessProjectCodec.read(request.filePath) };
    return { ok: true, bytes: await inProcessProjectCodec.encode(request.payload, request.fileName) };
  } catch (error) {
    const codecError = error instanceof CodecError ? { fileName: error.fileName, problem: error.problem } : null;
    return { ok: false, codecError, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The built worker beside main's bundle (scripts/build-main.mjs), or bundled from sources. */
export const projectWorkerSource = (): WorkerSource => workerSource('projectWorker');

/** One request in a worker thread started for it (opens and saves are rare: tens of ms to start). */
async function inThread(request: ProjectWorkerRequest, transfer: ArrayBuffer[], source: WorkerSource): Promise<ProjectWorkerAnswer> {
  const worker = startWorker(source);
  try {
    return await new Promise<ProjectWorkerAnswer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the project reader stopped (exit code ${code})`)));
      worker.postMessage(request, transfer);
    });
  } finally {
    void worker.terminate();
  }
}

function unwrap(answer: ProjectWorkerAnswer): ProjectWorkerAnswer & { ok: true } {
  if (answer.ok) return answer;
  if (answer.codecError) throw new CodecError(answer.codecError.fileName, answer.codecError.problem);
  throw new Error(answer.message);
}

/** The project codec in worker threads: main's event loop only posts requests and takes answers. */
export function projectCodecThread(source: () => WorkerSource = projectWorkerSource): ProjectCodec {
  return {
    async read(filePath) {
      const answer = unwrap(await inThread({ kind: 'read', filePath }, [], source()));
      if (!('payload' in answer)) throw new Error('the project reader answered without a project');
      return answer.payload;
    },
    async encode(payload, fileName) {
      const answer = unwrap(await inThread({ kind: 'encode', payload, fileName }, payloadTransfers(payload), source()));
      if (!('bytes' in answer)) throw new Error('the project writer answered without bytes');
      return answer.bytes;
    },
  };
}
