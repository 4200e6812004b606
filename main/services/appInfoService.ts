import type { AppInfo } from '../../shared/ipc/contract';

export interface AppInfoService {
  getInfo(): AppInfo;
}

/** Facts about the running app; the shell (Electron or the test bridge) supplies them. */
export function createAppInfoService(info: AppInfo): AppInfoService {
  const frozen: AppInfo = Object.freeze({ ...info });
  return { getInfo: () => ({ ...frozen }) };
}
