import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppInfo } from '../../../shared/ipc/contract';
import { createMainServices, type MainServices } from '../../services';
import { createScriptedDialogs, type ScriptedDialogs } from '../../services/dialogs';
import { createIpcRouter, type IpcRouter } from '../router';
import { createSenderPolicy } from '../senderPolicy';

/** The packaged window's page, the sender the router trusts in these tests. */
export const TEST_INDEX_URL = 'file:///opt/Faultline/resources/app/dist/renderer/index.html';
export const TRUSTED_SENDER = { url: TEST_INDEX_URL };
export const TEST_APP_INFO: AppInfo = { name: 'Faultline', version: '9.9.9', platform: 'linux', shell: 'electron' };

/** Real main services and the real router on a fresh temporary folder (user data), with an empty `out` folder in it for exports. */
export interface RouterHarness {
  folder: string;
  out: string;
  dialogs: ScriptedDialogs;
  services: MainServices;
  router: IpcRouter;
}

/** Makes a RouterHarness in a new temporary folder named from `prefix`; the caller removes `folder`. */
export async function createRouterHarness(prefix: string): Promise<RouterHarness> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  const out = path.join(folder, 'out');
  await mkdir(out);
  const dialogs = createScriptedDialogs();
  const services = createMainServices({ userDataDir: folder, appInfo: TEST_APP_INFO, dialogs });
  const router = createIpcRouter({ services, isTrustedSender: createSenderPolicy({ indexFileUrl: TEST_INDEX_URL }) });
  return { folder, out, dialogs, services, router };
}
