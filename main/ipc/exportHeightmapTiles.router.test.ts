// file:exportHeightmapTiles through the router: main cuts the map into tiles, encodes each with the one
// heightmap encoder (a worker thread) and writes them through an export folder's handle, all or nothing;
// bad requests are refused by the contract before anything runs.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { float32LittleEndianBytes } from '../../shared/codecs/bytes';
import { HEIGHTMAP_EXPORT_VARIANTS } from '../../shared/codecs/formats';
import { createCodecRegistry, encodeVariant } from '../../shared/codecs/registry';
import { cropGrid, gridAsField, gridFromField } from '../../shared/export/grid';
import { tileLayout, tileName, type TileSpec } from '../../shared/export/tiles';
import { createHeightfield, heightRange, type Heightfield } from '../../shared/terrain/heightfield';
import type { MainServices } from '../services';
import type { ScriptedDialogs } from '../services/dialogs';
import { nativeDeflate } from '../services/nativeDeflate';
import type { IpcRouter } from './router';
import { createRouterHarness, TRUSTED_SENDER } from './testing/routerHarness';

const TRUSTED = TRUSTED_SENDER;

let folder: string;
let out: string;
let router: IpcRouter;
let dialogs: ScriptedDialogs;
let services: MainServices;
beforeEach(async () => {
  ({ folder, out, dialogs, services, router } = await createRouterHarness('faultline-tiles-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function terrain(width: number, depth: number): Heightfield {
  const field = createHeightfield(width, depth, 2);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k * 0.013) * 80 + ((k * 7) % 11) * 0.3;
  return field;
}

const tileNames = (field: Heightfield, spec: TileSpec, base: string, extension: string) =>
  tileLayout(field.width, field.depth, spec).map((t) => ({ tile: t, name: `${tileName(base, t)}.${extension}` }));

async function choose(names: string[]): Promise<string> {
  dialogs.queueDirectory(out);
  const chosen = (await router.handle(TRUSTED, 'file:chooseExportDirectory', [{ title: 'Export Tiles', fileNames: names }])) as {
    status: string;
    handle: string;
  };
  expect(chosen.status).toBe('chosen');
  return chosen.handle;
}

const request = (handle: string, field: Heightfield, fileName: string, format: string, tiles: TileSpec, extra: object = {}) => ({
  handle,
  fileName,
  format,
  byteOrder: 'be',
  flip: true,
  exrCompression: 'zip',
  tiles,
  heightfield: { width: field.width, depth: field.depth, cellSize: field.cellSize, heights: float32LittleEndianBytes(field.heights) },
  ...extra,
});

describe('file:exportHeightmapTiles', () => {
  it('writes every tile as the codecs encode it over the whole map’s range, for every heightmap format', async () => {
    const field = terrain(65, 40);
    const spec = { size: 33, overlap: 1 };
    const native = createCodecRegistry({ deflate: nativeDeflate });
    const portable = createCodecRegistry();
    const range = heightRange(field.heights);
    for (const format of HEIGHTMAP_EXPORT_VARIANTS) {
      const extension = format.replace(/\d+$/, '') === 'png' ? 'png' : format;
      const files = tileNames(field, spec, `m-${format}`, extension);
      const handle = await choose(files.map((f) => f.name));
      await expect(router.handle(TRUSTED, 'file:exportHeightmapTiles', [request(handle, field, `m-${format}.${extension}`, format, spec)])).resolves.toEqual({
        written: files.length,
      });
      for (const { tile, name } of files) {
        const piece = gridAsField(cropGrid(gridFromField(field), tile.i0, tile.j0, tile.width, tile.depth));
        const options = { range, byteOrder: 'be', flip: true, exrCompression: 'zip', fileName: name } as const;
        const bytes = new Uint8Array(await readFile(path.join(out, name)));
        expect(Buffer.from(bytes).equals(Buffer.from(encodeVariant(native, format, piece, options))), name).toBe(true);
        // Formats without compression: the bytes the window's worker wrote before, exactly.
        if (format === 'r16' || format === 'r32')
          expect(Buffer.from(bytes).equals(Buffer.from(encodeVariant(portable, format, piece, options))), name).toBe(true);
      }
    }
    expect(services.exportDirectories.open).toBe(0);
  });

  it('a fixed range is every tile’s; one blocked tile leaves the folder as it was and ends the handle', async () => {
    const field = terrain(49, 49);
    const spec = { size: 17, overlap: 1 };
    const files = tileNames(field, spec, 't', 'r16');
    const handle = await choose(files.map((f) => f.name));
    await router.handle(TRUSTED, 'file:exportHeightmapTiles', [request(handle, field, 't.r16', 'r16', spec, { range: { min: -200, max: 200 } })]);
    const first = new Uint8Array(await readFile(path.join(out, files[0].name)));
    const piece = gridAsField(cropGrid(gridFromField(field), 0, 0, 17, 17));
    expect(
      Buffer.from(first).equals(
        Buffer.from(encodeVariant(createCodecRegistry(), 'r16', piece, { range: { min: -200, max: 200 }, byteOrder: 'be', flip: true })),
      ),
    ).toBe(true);

    // Again over the same files with the last target blocked: nothing is replaced, no temporary is left.
    const before = (await readdir(out)).sort();
    const blocked = files.at(-1)!.name;
    await rm(path.join(out, blocked));
    await mkdir(path.join(out, blocked));
    await writeFile(path.join(out, blocked, 'keep'), 'x');
    dialogs.queueAnswer(0); // Replace
    const again = await choose(
      files
        .map((f) => f.name)
        .slice(0, -1)
        .concat(blocked),
    );
    await expect(
      router.handle(TRUSTED, 'file:exportHeightmapTiles', [request(again, terrain(49, 49), 't.r16', 'r16', spec, { range: { min: -1, max: 1 } })]),
    ).rejects.toThrow(new RegExp(`could not write ${blocked.replace('.', '\\.')}.*nothing was written`));
    expect((await readdir(out)).sort()).toEqual(before);
    expect(Buffer.from(new Uint8Array(await readFile(path.join(out, files[0].name)))).equals(Buffer.from(first))).toBe(true);
    expect(services.exportDirectories.open).toBe(0);
  });

  it('a tile layout the map cannot take, or NaN heights, is refused naming the file, with nothing written', async () => {
    const field = terrain(65, 33);
    const handle = await choose(['m_x0_y0.png']);
    await expect(router.handle(TRUSTED, 'file:exportHeightmapTiles', [request(handle, field, 'm.png', 'png16', { size: 64, overlap: 0 })])).rejects.toThrow(
      /m\.png: cannot be exported: tiles of 64 with overlap 0 would leave a last tile one vertex wide/,
    );
    expect(services.exportDirectories.open).toBe(0);
    const bad = terrain(33, 33);
    bad.heights[40] = NaN;
    const names = tileNames(bad, { size: 17, overlap: 1 }, 'b', 'r32').map((f) => f.name);
    const second = await choose(names);
    await expect(router.handle(TRUSTED, 'file:exportHeightmapTiles', [request(second, bad, 'b.r32', 'r32', { size: 17, overlap: 1 })])).rejects.toThrow(
      / b_x\d_y\d\.r32: .*NaN/,
    );
    expect(await readdir(out)).toEqual([]);
    expect(services.exportDirectories.open).toBe(0);
  });

  it('the contract refuses what is not a tiled heightmap request', async () => {
    const field = terrain(17, 17);
    const base = request('abc-1', field, 'm.r16', 'r16', { size: 9, overlap: 1 });
    const refused = async (value: object, message: RegExp) => expect(router.handle(TRUSTED, 'file:exportHeightmapTiles', [value])).rejects.toThrow(message);
    await refused({ ...base, path: '/tmp/x' }, /path: unexpected property/);
    await refused({ ...base, handle: '../x' }, /handle/);
    await refused({ ...base, fileName: '../m.r16' }, /fileName/);
    await refused({ ...base, format: 'glb' }, /format/);
    await refused({ ...base, tiles: { size: 1, overlap: 0 } }, /tiles\.size/);
    await refused({ ...base, tiles: { size: 9, overlap: -1 } }, /tiles\.overlap/);
    await refused({ ...base, tiles: { size: 9.5, overlap: 1 } }, /tiles\.size/);
    await refused({ ...base, range: { min: 0, max: Infinity } }, /range\.max/);
    await refused({ ...base, heightfield: { ...base.heightfield, heights: new Uint8Array(12) } }, /heightfield\.heights: 12 bytes/);
    await expect(router.handle({ url: 'https://evil.example/' }, 'file:exportHeightmapTiles', [base])).rejects.toThrow(/not the Faultline window/);
    // A well-formed request for a handle that was never given: the folder service refuses it.
    await expect(router.handle(TRUSTED, 'file:exportHeightmapTiles', [base])).rejects.toThrow(/this export has ended/);
  });
});
