import path from 'node:path';

/**
 * What the Electron shell takes from its environment. A packaged (shipped) app takes nothing: a
 * variable set by another program must not point it at another page or another profile.
 */
export interface ShellEnvironment {
  /** A dev server serving the renderer (FAULTLINE_DEV_URL), unpackaged builds only. */
  devUrl?: string;
  /** A separate user-data folder (FAULTLINE_USER_DATA_DIR: tests, several profiles), unpackaged builds only. */
  userDataDir?: string;
}

export function shellEnvironment(env: Readonly<Record<string, string | undefined>>, isPackaged: boolean): ShellEnvironment {
  if (isPackaged) return {};
  const out: ShellEnvironment = {};
  if (env.FAULTLINE_DEV_URL) out.devUrl = env.FAULTLINE_DEV_URL;
  if (env.FAULTLINE_USER_DATA_DIR) out.userDataDir = path.resolve(env.FAULTLINE_USER_DATA_DIR);
  return out;
}
