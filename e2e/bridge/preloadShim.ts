// Browser stand-in for main/preload.ts: installs the same window.faultline API, but its transport is a
// Playwright binding to the real main-process router instead of ipcRenderer. Bundled to an IIFE per run.
import { createDroppedFileApi, createFaultlineApi, type Invoke, type Subscribe } from '../../shared/ipc/api';
import { EVENT_CHANNELS, type EventChannel } from '../../shared/ipc/contract';
import { decodeWirePieces, encodeWire } from './wire';

type BridgeWindow = Window & {
  __faultlineInvoke?: (channel: string, args: unknown[]) => Promise<unknown>;
  /** A piece of a large byte array in a result (e2e/bridge/wire.ts createWirePieces). */
  __faultlineTakeBytes?: (id: number, offset: number, length: number) => Promise<string>;
  __faultlineEmit?: (channel: EventChannel, payload: unknown) => void;
  /** The test's stand-in for webUtils.getPathForFile, by file name (e2e/fixtures.ts dropPaths). */
  __faultlineTestPathFor?: (name: string) => Promise<string>;
  faultline?: unknown;
  faultlineFiles?: unknown;
};

const bridgeWindow = window as BridgeWindow;
const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();

const invoke = ((channel: string, ...args: unknown[]) => {
  const binding = bridgeWindow.__faultlineInvoke;
  if (!binding) return Promise.reject(new Error('Faultline test bridge is not connected'));
  // As ipcRenderer.invoke: a failure to send rejects the promise, it never throws.
  return Promise.resolve()
    .then(() => binding(channel, encodeWire(args) as unknown[]))
    .then((result) =>
      decodeWirePieces(result, (id, offset, length) => {
        const takeBytes = bridgeWindow.__faultlineTakeBytes;
        return takeBytes ? takeBytes(id, offset, length) : Promise.reject(new Error('Faultline test bridge cannot take byte pieces'));
      }),
    );
}) as Invoke;

const subscribe: Subscribe = (channel, listener) => {
  if (!EVENT_CHANNELS.includes(channel)) throw new Error(`Unknown event channel ${String(channel)}`);
  const forward = (payload: unknown) => listener(payload as Parameters<typeof listener>[0]);
  const set = listeners.get(channel) ?? new Set();
  set.add(forward);
  listeners.set(channel, set);
  return () => {
    set.delete(forward);
  };
};

// Test-only: how the fixture plays "main sends an event" (Electron: webContents.send).
Object.defineProperty(bridgeWindow, '__faultlineEmit', {
  value: (channel: EventChannel, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener(structuredClone(payload));
  },
});
// Like contextBridge: a frozen, non-writable global.
Object.defineProperty(bridgeWindow, 'faultline', { value: Object.freeze(createFaultlineApi(invoke, subscribe)), enumerable: true });

// As the Electron preload: a dropped File's path is read here (by the test's stand-in for
// webUtils.getPathForFile) and traded with main for a token; the page gets only the token.
const pathOf = (file: unknown): Promise<string> | string =>
  file instanceof File && bridgeWindow.__faultlineTestPathFor ? bridgeWindow.__faultlineTestPathFor(file.name) : '';
Object.defineProperty(bridgeWindow, 'faultlineFiles', { value: Object.freeze(createDroppedFileApi(invoke, pathOf)), enumerable: true });
