/**
 * Main's side of the headless window-export measurement (windowExportMemory.ts), in its own process
 * so that its peak RSS is its own: the real export session service (createExportDirectoryService)
 * over a temporary folder, answering the window's requests as the IPC router would. Prints one JSON
 * line with its peak RSS when told to stop.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createExportDirectoryService } from '../../main/services/exportDirectoryService';
import { createScriptedDialogs } from '../../main/services/dialogs';
import type { ChooseExportDirectoryRequest, WriteExportChunkRequest } from '../../shared/ipc/exportContract';

type Request =
  | { id: number; method: 'choose'; args: [ChooseExportDirectoryRequest] }
  | { id: number; method: 'writeChunk'; args: [WriteExportChunkRequest] }
  | { id: number; method: 'finish'; args: [string] }
  | { id: number; method: 'cancel'; args: [string] }
  | { id: number; method: 'stop'; args: [] };

const MB = 1024 * 1024;
const folder = mkdtempSync(path.join(tmpdir(), 'faultline-window-export-'));
const dialogs = createScriptedDialogs();
const service = createExportDirectoryService(dialogs);
let received = 0;

process.on('message', (message: Request) => {
  const reply = (result: unknown) => process.send!({ id: message.id, ok: true, result });
  const fail = (error: unknown) => process.send!({ id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  if (message.method === 'choose') {
    dialogs.queueDirectory(folder);
    service.choose(message.args[0]).then(reply, fail);
  } else if (message.method === 'writeChunk') {
    // Structured clone over IPC gives a Uint8Array, as Electron's does.
    const request = message.args[0];
    received += request.bytes.byteLength;
    service.writeChunk({ ...request, bytes: new Uint8Array(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength) }).then(reply, fail);
  } else if (message.method === 'cancel') {
    // file:cancelExport of a folder export: the session ends and its temporaries go before the answer.
    service.cancel(message.args[0]).then((status) => reply({ status }), fail);
  } else if (message.method === 'finish') {
    service.finish(message.args[0]);
    reply(undefined);
  } else {
    const files = readdirSync(folder).length;
    rmSync(folder, { recursive: true, force: true });
    reply({ peak_rss_mb: Math.round((process.resourceUsage().maxRSS * 1024) / MB), received_mb: Math.round(received / MB), files_in_folder: files });
  }
});
