import { setConsoleFunction } from 'three';

/**
 * @react-three/fiber 9 still creates a THREE.Clock, which three r183+ reports as deprecated on every
 * start. That one known message is not ours to fix and would pollute the console (e2e tests treat
 * console noise as failure), so it is dropped, as are the context's loss and restore that every rest
 * of the 3D view makes; everything else three.js says goes through.
 */
const IGNORED = [
  'Clock: This module has been deprecated',
  // The 3D view lets its context go at rest and takes it back on input (viewport/ViewAtRest.tsx).
  'WebGLRenderer: Context Lost.',
  'WebGLRenderer: Context Restored.',
];

export function filterThreeConsole(): void {
  setConsoleFunction((type: string, message: string, ...params: unknown[]) => {
    if (IGNORED.some((text) => message.includes(text))) return;
    const log = type === 'error' ? console.error : type === 'warn' ? console.warn : console.log;
    log(message, ...params);
  });
}
