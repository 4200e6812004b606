import path from 'node:path';
import type { DialogService } from './dialogs';
import { atomicWrite } from './atomicWrite';
import type { SaveBytesRequest, SaveBytesResult } from '../../shared/ipc/contract';

/**
 * Saves bytes the renderer produced (an exported heightmap, props JSON, telemetry CSV…) to a path the
 * user picks in main's own save dialog: the renderer never names the path that gets written.
 */
export interface ExportService {
  saveBytesAs(request: SaveBytesRequest): Promise<SaveBytesResult>;
}

export function createExportService(dialogs: DialogService): ExportService {
  return {
    async saveBytesAs(request) {
      const target = await dialogs.chooseFileToSave({ title: request.title, defaultName: request.defaultName, filters: request.filters });
      if (!target) return { saved: false };
      await atomicWrite(target, request.bytes);
      return { saved: true, fileName: path.basename(target) };
    },
  };
}
