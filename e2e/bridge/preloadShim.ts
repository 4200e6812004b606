// Browser stand-in for main/preload.ts: installs the same window.faultline API, but its transport is a
// Playwright binding to the real main-process router instead of ipcRenderer. Bundled to an IIFE per run.
import { createFaultlineApi, type Invoke, type Subscribe } from '../../shared/ipc/api';
import { EVENT_CHANNELS, type EventChannel } from '../../shared/ipc/contract';
import { decodeWire, encodeWire } from './wire';

type BridgeWindow = Window & {
  __faultlineInvoke?: (channel: string, args: unknown[]) => Promise<unknown>;
  __faultlineEmit?: (channel: EventChannel, payload: unknown) => void;
  faultline?: unknown;
};

const bridgeWindow = window as BridgeWindow;
const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();

const invoke = ((channel: string, ...args: unknown[]) => {
  const binding = bridgeWindow.__faultlineInvoke;
  if (!binding) return Promise.reject(new Error('Faultline test bridge is not connected'));
  // As ipcRenderer.invoke: a failure to send rejects the promise, it never throws.
  return Promise.resolve()
    .then(() => binding(channel, encodeWire(args) as unknown[]))
    .then(decodeWire);
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
