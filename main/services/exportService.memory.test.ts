// Main refuses a heightmap export it cannot hold before it encodes anything or asks where to save,
// and answers the window's question before a mesh or normal map is encoded (file:checkExportMemory).
import { describe, expect, it } from 'vitest';
import { createScriptedDialogs } from './dialogs';
import { createExportDirectoryService } from './exportDirectoryService';
import { createExportService } from './exportService';
import { describeFileExport, fileExportMemory } from '../../shared/export/exportMemory';

describe('export memory refusals in main', () => {
  const heightfield = { width: 1025, depth: 1025, cellSize: 1, heights: new Uint8Array(1025 * 1025 * 4) };
  const request = {
    title: 'Export Heightmap',
    defaultName: 'big.exr',
    format: 'exr' as const,
    byteOrder: 'le' as const,
    flip: false,
    exrCompression: 'zip' as const,
    heightfield,
  };

  it('a heightmap: refused with main’s own estimate, before any encode or dialog; fits when the memory is there', async () => {
    const dialogs = createScriptedDialogs();
    let available = 50e6;
    const service = createExportService(dialogs, createExportDirectoryService(dialogs), { availableMemory: () => available });
    // 64 MiB + (4 + 5) B × 1025² ≈ 0.08 GB.
    expect(await service.exportHeightmap(request)).toEqual({
      status: 'error',
      message:
        'the OpenEXR float32 (.exr) export (1025 × 1025) needs about 0.1 GB of memory and 0.1 GB is available: choose a smaller resolution, or ' +
        'close other programs and export again; nothing was written',
    });
    expect(dialogs.shown).toEqual([]);
    available = 4e9;
    dialogs.queueSave(null);
    expect(await service.exportHeightmap(request)).toEqual({ status: 'cancelled' });
    expect(dialogs.shown).toHaveLength(1);
  });

  it('the window’s question: refused with the figures when they do not fit', () => {
    const dialogs = createScriptedDialogs();
    const service = createExportService(dialogs, createExportDirectoryService(dialogs), { availableMemory: () => 1.5e9 });
    const shape = { format: 'glb', map: { width: 4097, depth: 4097 }, inWindow: true };
    const glb = { bytes: fileExportMemory(shape), what: describeFileExport(shape) };
    expect(service.checkMemory(glb)).toEqual({
      status: 'refused',
      message: expect.stringMatching(/^the Binary glTF mesh \(\.glb\) export \(4097 × 4097\) needs about 2\.6 GB of memory and 1\.5 GB is available: /),
    });
    expect(service.checkMemory({ bytes: 1e9, what: 'x' })).toEqual({ status: 'fits' });
  });
});
