import { isRequestChannel, validateRequestArgs, type RequestChannel, type RequestTypes } from '../../shared/ipc/contract';
import type { ProjectPayload, WireProjectPayload } from '../../shared/ipc/projectContract';
import type { HeightfieldPayload, WireHeightfieldPayload } from '../../shared/ipc/exportContract';
import type { MainServices } from '../services';

export interface IpcSender {
  /** URL of the frame that sent the request (Electron: event.senderFrame.url). */
  url: string;
}

export interface IpcRouter {
  /** Validates and runs one request. Always settles: failures become rejections with a plain message. */
  handle(sender: IpcSender, channel: unknown, args: unknown): Promise<unknown>;
}

export interface IpcRouterOptions {
  services: MainServices;
  isTrustedSender(url: string): boolean;
}

type Handlers = { [C in RequestChannel]: (...args: RequestTypes[C]['args']) => Promise<RequestTypes[C]['result']> | RequestTypes[C]['result'] };

/** The one place where IPC requests meet services: check the sender, check the arguments, then call. */
export function createIpcRouter({ services, isTrustedSender }: IpcRouterOptions): IpcRouter {
  const handlers: Handlers = {
    'app:getInfo': () => services.appInfo.getInfo(),
    'settings:get': () => services.settings.get(),
    'file:saveBytesAs': (request) => services.exports.saveBytesAs(request),
    'file:openHeightmap': () => services.imports.openHeightmap(),
    'settings:setView': (view) => services.settings.setView(view),
    'project:open': () => services.project.open(),
    'project:openRecent': (index) => services.project.openRecent(index),
    'project:registerDrop': (filePath) => services.project.registerDrop(filePath),
    'project:openDropped': (token) => services.project.openDropped(token),
    'project:listRecent': () => services.project.listRecent(),
    'project:save': (request) => services.project.save(withHeights(request)),
    'project:saveAs': (request) => services.project.saveAs(withHeights(request)),
    'project:setDirty': (dirty) => services.project.setDirty(dirty),
    'project:closeWindow': () => services.project.closeWindow(),
    'recovery:write': (snapshot) => services.recovery.write(withHeights(snapshot)),
    'upload:begin': (byteLength) => services.uploads.begin(byteLength),
    'upload:append': (id, offset, piece) => services.uploads.append(id, offset, piece),
    'recovery:check': () => services.recovery.check(),
    'recovery:load': () => services.recovery.load(),
    'recovery:clear': () => services.recovery.clear(),
    'file:chooseExportDirectory': (request) => services.exportDirectories.choose(request),
    'file:writeExportChunk': (request) => services.exportDirectories.writeChunk(request),
    'file:finishExport': (handle) => services.exportDirectories.finish(handle),
    'file:exportHeightmap': (request) => services.exports.exportHeightmap(withHeightfield(request)),
    'file:exportHeightmapTiles': (request) => services.exports.exportHeightmapTiles(withHeightfield(request)),
    'file:cancelExport': (request) => services.exports.cancel(request),
    'file:checkExportMemory': (request) => services.exports.checkMemory(request),
    'commands:setState': (states) => services.commandState.set(states),
  };

  /** A request whose heights came as an upload gets the upload's bytes in their place. */
  function withHeights<T extends { payload: WireProjectPayload }>(request: T): Omit<T, 'payload'> & { payload: ProjectPayload } {
    const { payload } = request;
    const heights = 'heights' in payload ? payload.heights : services.uploads.take(payload.heightsUpload);
    const { layers } = payload;
    if (!layers) return { ...request, payload: { json: payload.json, heights } };
    const { json, origin, problem } = layers;
    const data = 'data' in layers ? layers.data : services.uploads.take(layers.dataUpload);
    return {
      ...request,
      payload: { json: payload.json, heights, layers: { json, data, ...(origin ? { origin } : {}), ...(problem !== undefined ? { problem } : {}) } },
    };
  }

  /** The same for a heightfield payload; uploaded heights must be the map's exactly (inline ones are checked by the validator). */
  function withHeightfield<T extends { heightfield: WireHeightfieldPayload }>(request: T): Omit<T, 'heightfield'> & { heightfield: HeightfieldPayload } {
    const { heightfield } = request;
    const { width, depth, cellSize } = heightfield;
    const heights = 'heights' in heightfield ? heightfield.heights : services.uploads.take(heightfield.heightsUpload);
    if (heights.byteLength !== width * depth * 4)
      throw new Error(`heightfield.heights: ${heights.byteLength} bytes uploaded, expected ${width * depth * 4} for ${width} × ${depth} float32 heights`);
    return { ...request, heightfield: { width, depth, cellSize, heights } };
  }

  return {
    async handle(sender, channel, args) {
      const senderUrl = typeof sender?.url === 'string' ? sender.url : '';
      if (!isTrustedSender(senderUrl)) throw new Error(`IPC refused: sender ${JSON.stringify(senderUrl.slice(0, 200))} is not the Faultline window`);
      if (!isRequestChannel(channel)) throw new Error(`IPC refused: unknown channel ${JSON.stringify(String(channel).slice(0, 100))}`);
      if (!Array.isArray(args)) throw new Error(`IPC refused: ${channel}: arguments must be a list`);
      let checked: unknown[];
      try {
        checked = validateRequestArgs(channel, args);
      } catch (error) {
        throw new Error(`IPC refused: ${plainMessage(error)}`);
      }
      try {
        const handler = handlers[channel] as (...values: unknown[]) => unknown;
        return await handler(...checked);
      } catch (error) {
        // Only the message crosses the boundary: no stack traces or file system internals as objects.
        throw new Error(`${channel} failed: ${plainMessage(error)}`);
      }
    },
  };
}

function plainMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
