import { describe, expect, it } from 'vitest';
import { readHeightmap } from '../../shared/codecs/import-heightmap';
import { compileGeoTiff } from '../../shared/codecs/tiff/tiffEncode';
import type { FaultlineApi } from '../../shared/ipc/api';
import type { OpenHeightmapResult, SaveBytesRequest } from '../../shared/ipc/contract';
import { faultsLayer } from '../../shared/layers/migrate';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument } from '../document/document';
import { createEditorSession } from '../editorSession';
import { createMemoryFaultlineApi } from '../platform/memoryApi';
import { fakeMainHeightmapExport } from './testing/mainHeightmapExport';

// An imported GeoTIFF's CRS and origin go back out with a GeoTIFF export while its map is the document's.

const GEO = { epsg: 32633, originX: 500000, originY: 4000150 };

function session() {
  const saved: SaveBytesRequest[] = [];
  const opens: OpenHeightmapResult[] = [];
  const api: FaultlineApi = {
    ...createMemoryFaultlineApi(),
    openHeightmap: async () => opens.shift() ?? { status: 'cancelled' },
    exportHeightmap: fakeMainHeightmapExport(saved),
  };
  const document = createDocument(createHeightfield(17, 9, 1), [
    faultsLayer({ seed: 1, iterations: 5, lineMethod: 'normal', decay: { disp0: 1, dispN: 1, n: 0 } }),
  ]);
  return { session: createEditorSession({ api, document }), saved, opens };
}

async function exportTiff(h: ReturnType<typeof session>) {
  await h.session.commands.execute('file.exportHeightmap');
  h.session.exchange.setExportOptions({ format: 'tiff' });
  expect(await h.session.exchange.confirmExport()).toBe(true);
  return readHeightmap(h.saved.at(-1)!.bytes, 'out.tif');
}

describe('GeoTIFF export of an imported GeoTIFF', () => {
  it('keeps the CRS and origin while the imported map is the document’s, and writes a local grid after the import is undone', async () => {
    const h = session();
    const field = createHeightfield(
      9,
      5,
      30,
      Float32Array.from({ length: 45 }, (_, k) => k * 1.25 - 7),
    );
    h.opens.push({ status: 'opened', fileName: 'dem.tif', bytes: compileGeoTiff(field, { geo: GEO }) });
    await h.session.commands.execute('file.import');
    expect(h.session.exchange.store.getState().importDialog?.summary?.geo).toEqual(GEO);
    expect(await h.session.exchange.confirmImport()).toBe(true);

    const kept = await exportTiff(h);
    expect(kept.geo).toEqual(GEO);
    expect(kept.samples).toEqual(field.heights);
    expect(kept.metadata.cellSize).toBe(30);

    await h.session.commands.execute('edit.undo');
    const local = await exportTiff(h);
    expect(local.geo).toBeUndefined();
    expect(local.metadata.text.crs).toBe('local grid');
    expect([local.width, local.depth]).toEqual([17, 9]);
  });
});
