// Sandboxed preload: bundled into one CommonJS file (only 'electron' stays external).
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createDroppedFileApi, createFaultlineApi, type Invoke, type Subscribe } from '../shared/ipc/api';
import { EVENT_CHANNELS } from '../shared/ipc/contract';

const invoke = ((channel: string, ...args: unknown[]) => ipcRenderer.invoke(channel, ...args)) as Invoke;

const subscribe: Subscribe = (channel, listener) => {
  if (!EVENT_CHANNELS.includes(channel)) throw new Error(`Unknown event channel ${String(channel)}`);
  // The wrapper drops the IpcRendererEvent: it carries `sender` (ipcRenderer), which must never reach the page.
  const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload as Parameters<typeof listener>[0]);
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
};

contextBridge.exposeInMainWorld('faultline', createFaultlineApi(invoke, subscribe));

// A dropped file: the preload reads its path (only a File from the user's disk has one) and trades it
// with main for an opaque token; the page never sees or names a path (see DroppedFileApi).
contextBridge.exposeInMainWorld(
  'faultlineFiles',
  createDroppedFileApi(invoke, (file) => webUtils.getPathForFile(file as File)),
);
