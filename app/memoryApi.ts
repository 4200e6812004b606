import type { FaultlineApi } from '../shared/ipc/api';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '../shared/ipc/contract';

/**
 * A harmless in-memory stand-in for window.faultline, used when the page runs in a plain browser
 * without the preload or the test bridge: settings live for the page's lifetime, menus do not exist.
 */
export function createMemoryFaultlineApi(): FaultlineApi {
  let settings: UserSettings = structuredClone(DEFAULT_USER_SETTINGS);
  return {
    getAppInfo: async () => ({ name: 'Faultline', version: 'dev', platform: 'browser', shell: 'browser-bridge' }),
    getSettings: async () => structuredClone(settings),
    setViewSettings: async (view) => {
      settings = { ...settings, view: { ...view } };
      return structuredClone(settings);
    },
    setCommandStates: async () => undefined,
    // Without main there is nowhere to write: report "not saved" rather than pretend.
    saveBytesAs: async () => ({ saved: false }),
    onMenuCommand: () => () => undefined,
  };
}
