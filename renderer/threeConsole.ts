import { setConsoleFunction } from 'three';

/**
 * @react-three/fiber 9 still creates a THREE.Clock, which three r183+ reports as deprecated on every
 * start. That one known message is not ours to fix and would pollute the console (e2e tests treat
 * console noise as failure), so it alone is dropped; everything else three.js says goes through.
 */
const IGNORED = ['Clock: This module has been deprecated'];

export function filterThreeConsole(): void {
  setConsoleFunction((type: string, message: string, ...params: unknown[]) => {
    if (IGNORED.some((text) => message.includes(text))) return;
    const log = type === 'error' ? console.error : type === 'warn' ? console.warn : console.log;
    log(message, ...params);
  });
}
