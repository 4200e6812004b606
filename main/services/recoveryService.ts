import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RecoveryInfo, RecoveryLoadResult, RecoverySnapshot } from '../../shared/ipc/projectContract';
import { atomicWrite } from './atomicWrite';
import { messageOf } from './projectCodecIo';
import { projectCodecThread, type ProjectCodec } from './projectThread';

export const RECOVERY_FOLDER = 'recovery';
export const RECOVERY_PROJECT = 'current.faultline';
export const RECOVERY_INFO = 'current.json';

/**
 * The crash-recovery journal: the latest snapshot of unsaved work, written atomically to
 * `<userData>/recovery/current.faultline` with a small JSON beside it (original file name, time).
 */
export interface RecoveryService {
  write(snapshot: RecoverySnapshot): Promise<void>;
  /** What a journal holds, or null when there is none (or it is unusable: then it is removed). */
  check(): Promise<RecoveryInfo | null>;
  load(): Promise<RecoveryLoadResult>;
  clear(): Promise<void>;
}

/** `codec` reads and encodes the journal; by default in a worker thread, off main's event loop. */
export function createRecoveryService(userDataDir: string, now: () => number = Date.now, codec: ProjectCodec = projectCodecThread()): RecoveryService {
  const folder = path.join(userDataDir, RECOVERY_FOLDER);
  const projectPath = path.join(folder, RECOVERY_PROJECT);
  const infoPath = path.join(folder, RECOVERY_INFO);
  // One write or clear at a time, in order: a late snapshot must never land after a clear.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function readInfo(): Promise<RecoveryInfo | null> {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(infoPath, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null) return null;
      const { fileName, savedAt } = parsed as Record<string, unknown>;
      if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null;
      if (fileName !== null && typeof fileName !== 'string') return null;
      await fs.access(projectPath);
      return { fileName, savedAt };
    } catch {
      return null;
    }
  }

  const clearNow = async () => {
    // The info file goes first: without it a leftover project file is never offered.
    await fs.rm(infoPath, { force: true });
    await fs.rm(projectPath, { force: true });
  };

  return {
    write: (snapshot) =>
      serial(async () => {
        const bytes = await codec.encode(snapshot.payload, RECOVERY_PROJECT);
        await fs.mkdir(folder, { recursive: true });
        await atomicWrite(projectPath, bytes);
        const info: RecoveryInfo = { fileName: snapshot.fileName ?? null, savedAt: now() };
        await atomicWrite(infoPath, JSON.stringify(info));
      }),
    check: () => serial(readInfo),
    load: () =>
      serial(async (): Promise<RecoveryLoadResult> => {
        const info = await readInfo();
        if (!info) return { status: 'none' };
        try {
          return { status: 'loaded', info, payload: await codec.read(projectPath) };
        } catch (error) {
          return { status: 'error', message: `The recovered work could not be read: ${messageOf(error)}` };
        }
      }),
    clear: () => serial(clearNow),
  };
}
