import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RecentFileEntry } from '../../shared/ipc/projectContract';
import { atomicWrite } from './atomicWrite';

export const RECENT_FILES_NAME = 'recent-files.json';
export const MAX_RECENT_FILES = 10;

/**
 * The Open Recent list: absolute paths, newest first, kept in the user-data folder. The renderer only
 * ever sees names and folders and picks an entry by index; the paths stay here.
 */
export interface RecentFiles {
  list(): Promise<string[]>;
  entries(): Promise<RecentFileEntry[]>;
  /** Moves (or adds) a path to the top. */
  add(filePath: string): Promise<void>;
  remove(filePath: string): Promise<void>;
}

export function createRecentFiles(userDataDir: string): RecentFiles {
  const filePath = path.join(userDataDir, RECENT_FILES_NAME);
  let cached: string[] | undefined;
  // Writes run one after another so an older list can never land after a newer one.
  let queue: Promise<unknown> = Promise.resolve();

  async function load(): Promise<string[]> {
    cached ??= await readList(filePath);
    return cached;
  }

  function store(next: string[]): Promise<void> {
    cached = next;
    const write = queue.then(() => atomicWrite(filePath, JSON.stringify({ files: next }, null, 2)));
    queue = write.catch(() => undefined);
    return write;
  }

  return {
    list: async () => [...(await load())],
    entries: async () => (await load()).map((p) => ({ name: path.basename(p), folder: path.dirname(p) })),
    async add(file) {
      const absolute = path.resolve(file);
      const current = await load();
      await store([absolute, ...current.filter((p) => p !== absolute)].slice(0, MAX_RECENT_FILES));
    },
    async remove(file) {
      const current = await load();
      if (current.includes(file)) await store(current.filter((p) => p !== file));
    },
  };
}

/** A missing, unreadable or malformed list is an empty list: it is only a convenience. */
async function readList(filePath: string): Promise<string[]> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(filePath, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return [];
    const files = (parsed as { files?: unknown }).files;
    if (!Array.isArray(files)) return [];
    const valid = files.filter((f): f is string => typeof f === 'string' && f.length > 0 && f.length <= 4096 && path.isAbsolute(f));
    return [...new Set(valid)].slice(0, MAX_RECENT_FILES);
  } catch {
    return [];
  }
}
