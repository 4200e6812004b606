import type { FaultlineApi } from '../shared/ipc/api';
import { createMemoryFaultlineApi } from '../app/platform/memoryApi';

/**
 * The preload (or the e2e bridge) provides window.faultline. Opened in a plain browser there is
 * none: fall back to an in-memory stand-in so that the editor still works.
 */
export function resolveFaultlineApi(): FaultlineApi {
  const provided = (window as Window & { faultline?: FaultlineApi }).faultline;
  return provided ?? createMemoryFaultlineApi();
}

export function isMacPlatform(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform);
}
