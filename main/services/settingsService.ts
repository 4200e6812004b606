import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DEFAULT_USER_SETTINGS, userSettingsValidator, viewSettingsValidator, type UserSettings, type ViewSettings } from '../../shared/ipc/contract';
import { atomicWrite, isCode } from './atomicWrite';

export const SETTINGS_FILE_NAME = 'settings.json';

export interface SettingsService {
  get(): Promise<UserSettings>;
  setView(view: ViewSettings): Promise<UserSettings>;
}

export interface SettingsServiceOptions {
  /** The user-data folder; settings.json lives directly inside it. */
  directory: string;
  /** Where problems (a corrupt file set aside) are reported; defaults to console.warn. */
  warn?: (message: string) => void;
}

/**
 * User settings on disk. A missing file means defaults; an unreadable or invalid file also means
 * defaults, but the file is moved aside to settings.json.corrupt first so nothing is silently lost.
 */
export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const filePath = path.join(options.directory, SETTINGS_FILE_NAME);
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let loaded: Promise<UserSettings> | undefined;
  // Writes run one after another so an older value can never land after a newer one.
  let writeQueue: Promise<unknown> = Promise.resolve();

  async function load(): Promise<UserSettings> {
    let text: string;
    try {
      text = await fs.readFile(filePath, 'utf8');
    } catch (error) {
      if (isCode(error, 'ENOENT')) return structuredClone(DEFAULT_USER_SETTINGS);
      throw new Error(`Could not read ${filePath}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    try {
      return userSettingsValidator(JSON.parse(text), SETTINGS_FILE_NAME);
    } catch (error) {
      const asidePath = await setAside(filePath);
      warn(`${filePath} is not valid (${error instanceof Error ? error.message : String(error)}); kept it as ${asidePath} and started from defaults.`);
      return structuredClone(DEFAULT_USER_SETTINGS);
    }
  }

  function current(): Promise<UserSettings> {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined; // let a later call retry a transient read error
      throw error;
    });
    return loaded;
  }

  return {
    async get() {
      return structuredClone(await current());
    },
    async setView(view) {
      const checkedView = viewSettingsValidator(view, 'view');
      const next = userSettingsValidator({ ...(await current()), view: checkedView }, SETTINGS_FILE_NAME);
      const write = writeQueue.then(() => atomicWrite(filePath, `${JSON.stringify(next, null, 2)}\n`));
      writeQueue = write.catch(() => undefined);
      await write;
      loaded = Promise.resolve(next);
      return structuredClone(next);
    },
  };
}

/** Moves a bad file to `<file>.corrupt`, or `<file>.corrupt.N` if earlier corrupt copies exist. */
async function setAside(filePath: string): Promise<string> {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const candidate = attempt === 0 ? `${filePath}.corrupt` : `${filePath}.corrupt.${attempt}`;
    try {
      await fs.access(candidate);
    } catch {
      await fs.rename(filePath, candidate);
      return candidate;
    }
  }
  throw new Error(`Too many corrupt copies of ${filePath}; please clean up the folder.`);
}
