import { describe, expect, it } from 'vitest';
import { decodePng } from '../../shared/codecs/png/decode';
import type { FaultlineApi } from '../../shared/ipc/api';
import type { SaveBytesRequest } from '../../shared/ipc/contract';
import { createHeightfield, heightRange, type Heightfield } from '../../shared/terrain/heightfield';
import { createMemoryFaultlineApi } from '../platform/memoryApi';
import { fakeMainHeightmapExport, fakeMainHeightmapTiles } from './testing/mainHeightmapExport';
import { createDocument } from '../document/document';
import { createEditorSession, type EditorSession } from '../editorSession';
import { CODEC_CANCELLED, createInProcessCodecs, type ExchangeCodecs } from './codecOps';
import { EXPORT_CANCELLED } from './exportFlow';
import { sendExportFile } from './sendExportFile';
import type { CancelExportResult, ChooseExportDirectoryRequest, WriteExportChunkRequest } from '../../shared/ipc/exportContract';
import { describeEngineExport, engineExportMemory, fileExportMemory } from '../../shared/export/exportMemory';
import { streamEngineExport } from '../../shared/export/engineExport';
import { tiltedPit } from '../../shared/hydrology/testing/pit';
import { DEFAULT_WATER_PARAMS } from '../../shared/hydrology/waterParams';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer } from '../../shared/layers/types';
import { riverParams } from '../../shared/rivers/params';

/**
 * A fake main: a folder that is chosen (or not; or the export refused for memory), files arriving in
 * pieces through the handle, handles finished. `made` counts the files the codecs handed over,
 * `inFlightMax` the most made and not yet completely written at any moment.
 */
interface Folder {
  chosen: boolean;
  refuse: string | null;
  asked: string[][];
  requests: ChooseExportDirectoryRequest[];
  written: Map<string, Uint8Array>;
  pieces: WriteExportChunkRequest[];
  finished: string[];
  saved: SaveBytesRequest[];
  made: number;
  inFlightMax: number;
  /** Fail the write of the file that arrives at this place (0 the first; main ends the session). */
  failAt: number | null;
}

function bumpy(width: number, depth: number, cellSize: number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) field.heights[j * width + i] = 30 * Math.sin(i / 6) * Math.cos(j / 9) + 20;
  return field;
}

/** The in-process codecs, counting what each stream hands over against what main has whole. */
function countingCodecs(folder: Folder): ExchangeCodecs {
  const inner = createInProcessCodecs();
  return {
    ...inner,
    streamFiles: (request, deliver) =>
      inner.streamFiles(request, async (file, index) => {
        folder.made++;
        folder.inFlightMax = Math.max(folder.inFlightMax, folder.made - folder.written.size);
        await deliver(file, index);
      }),
  };
}

function harness(
  field = bumpy(129, 129, 2),
  tweak?: (api: FaultlineApi, folder: Folder) => void,
  codecs?: (folder: Folder) => ExchangeCodecs,
): { session: EditorSession; folder: Folder } {
  const folder: Folder = {
    chosen: true,
    refuse: null,
    asked: [],
    requests: [],
    written: new Map(),
    pieces: [],
    finished: [],
    saved: [],
    made: 0,
    inFlightMax: 0,
    failAt: null,
  };
  const partial = new Map<string, Uint8Array[]>();
  const api: FaultlineApi = {
    ...createMemoryFaultlineApi(),
    saveBytesAs: async (request) => {
      folder.saved.push(request);
      return { saved: true, fileName: request.defaultName };
    },
    chooseExportDirectory: async (request) => {
      folder.requests.push(request);
      if (folder.refuse) return { status: 'refused', message: folder.refuse };
      folder.asked.push(request.fileNames);
      return folder.chosen ? { status: 'chosen', handle: 'h-1', directoryName: 'exports' } : { status: 'cancelled' };
    },
    writeExportChunk: async (request) => {
      const { handle, fileName, offset, bytes, last } = request;
      expect(handle).toBe('h-1');
      folder.pieces.push({ ...request, bytes: bytes.slice() });
      const arrived = [...new Set(folder.pieces.map((p) => p.fileName))];
      if (arrived.indexOf(fileName) === folder.failAt)
        throw new Error(`file:writeExportChunk failed: could not write ${fileName}: the disk is full; nothing was written`);
      // Pieces in order, one file at a time (as main's session checks).
      const open = [...partial.keys()];
      expect(open.filter((name) => name !== fileName)).toEqual([]);
      const pieces = partial.get(fileName) ?? [];
      expect(offset).toBe(pieces.reduce((n, p) => n + p.byteLength, 0));
      pieces.push(bytes.slice());
      partial.set(fileName, pieces);
      if (last) {
        const whole = new Uint8Array(pieces.reduce((n, p) => n + p.byteLength, 0));
        let at = 0;
        for (const p of pieces) whole.set(p, (at += p.byteLength) - p.byteLength);
        partial.delete(fileName);
        folder.written.set(fileName, whole);
      }
      return { written: folder.written.size };
    },
    finishExport: async (handle) => void folder.finished.push(handle),
    exportHeightmap: fakeMainHeightmapExport(folder.saved),
  };
  api.exportHeightmapTiles = fakeMainHeightmapTiles((handle, fileName, bytes) => sendExportFile(api, handle, fileName, bytes));
  tweak?.(api, folder);
  return { session: createEditorSession({ api, document: createDocument(field), createCodecs: () => (codecs ?? countingCodecs)(folder) }), folder };
}

describe('export dialog: engine presets', () => {
  it('the starting snow mask begins at the 3D view’s snow line, and follows it when the View panel moves it', async () => {
    const { session } = harness();
    const snowStart = () => session.exchange.store.getState().engineOptions.maskSet.layers.find((layer) => layer.name === 'snow')?.rules[0]?.min;
    await session.commands.execute('file.exportHeightmap');
    expect(snowStart()).toBe(session.view.getState().settings.snowLine);
    session.exchange.cancelExport();
    session.view.setState({ settings: { ...session.view.getState().settings, snowLine: 120 } });
    await session.commands.execute('file.exportHeightmap');
    expect(snowStart()).toBe(120);
  });

  it('Unreal: the numbers shown are the ones written, and the files go through the folder handle', async () => {
    const { session, folder } = harness();
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('unreal');
    const { plan } = exchange.exports.plan('unreal');
    expect(plan).not.toBeNull();
    const shown = Object.fromEntries(plan!.numbers.map((n) => [n.key, n.value]));
    const { min, max } = heightRange(session.editor.document.field.heights);
    expect(shown.scaleZ).toBeCloseTo(((max - min) * 100) / 512, 6);
    expect(shown.scaleX).toBeCloseTo((256 * 100) / 126, 6);

    expect(await exchange.confirmExport()).toBe(true);
    expect(folder.asked).toEqual([['terrain.png', 'terrain.unreal.json']]);
    expect([...folder.written.keys()]).toEqual(['terrain.png', 'terrain.unreal.json']);
    expect(folder.finished).toEqual(['h-1']);
    const json = JSON.parse(new TextDecoder().decode(folder.written.get('terrain.unreal.json'))) as Record<string, number>;
    expect(json.scaleZ).toBeCloseTo(shown.scaleZ as number, 6);
    expect(decodePng(folder.written.get('terrain.png')!, 't.png').width).toBe(127);
    expect(exchange.store.getState()).toMatchObject({ exportOpen: false, notice: 'Exported 2 files to exports', exportBusy: false });
  });

  it('Unreal tiles: the dialog shows the tiled import (landscape size, files × tile size) the JSON holds', async () => {
    const { session, folder } = harness();
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('unreal');
    exchange.exports.setEngineOptions({ tiles: true, tileSize: 64, tileOverlap: 1 });
    const { plan, problem } = exchange.exports.plan('unreal');
    expect(problem).toBeNull();
    const shown = Object.fromEntries(plan!.numbers.map((n) => [n.key, n.value]));
    expect(shown.size).toBe('128 × 128');
    expect(shown.tiledImport).toBe('2 × 2 files of 64 × 64');
    expect(plan!.notes[0]).toMatch(/^Tiled import: .* select terrain_x0_y0\.png/);
    expect(await exchange.confirmExport()).toBe(true);
    const json = JSON.parse(new TextDecoder().decode(folder.written.get('terrain.unreal.json'))) as {
      size: number;
      scaleX: number;
      tiledImport: { tileSize: number; tilesX: number; tilesY: number };
    };
    expect(`${json.size} × ${json.size}`).toBe(shown.size);
    expect(`${json.tiledImport.tilesX} × ${json.tiledImport.tilesY} files of ${json.tiledImport.tileSize} × ${json.tiledImport.tileSize}`).toBe(
      shown.tiledImport,
    );
    expect(json.scaleX).toBeCloseTo(shown.scaleX as number, 6);
    for (const name of ['terrain_x0_y0.png', 'terrain_x1_y1.png']) expect(decodePng(folder.written.get(name)!, name).width).toBe(64);
  });

  it('a cancelled folder dialog keeps the export dialog open and writes nothing', async () => {
    const { session, folder } = harness();
    folder.chosen = false;
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('unity');
    expect(await exchange.confirmExport()).toBe(false);
    expect(folder.written.size).toBe(0);
    expect(exchange.store.getState()).toMatchObject({ exportOpen: true, exportBusy: false, error: null });
  });

  it('masks, normal map and tiles follow the options; a bad rule is a problem, not an exception', async () => {
    const { session, folder } = harness();
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('godot-hterrain');
    exchange.exports.setEngineOptions({ masks: true, normalMap: true, heightFormat: 'r16' });
    const names = exchange.exports.plan('godot-hterrain').plan!.files.map((f) => f.name);
    expect(names).toEqual(['terrain.raw', 'terrain_splat.png', 'terrain_normal.png', 'terrain.hterrain.json']);
    exchange.exports.setMaskRule(1, 0, { min: 50, max: 10 });
    expect(exchange.exports.plan('godot-hterrain').problem).toMatch(/^Masks: layers\[1\]\.rules\[0\] needs min ≤ max/);
    exchange.exports.setMaskRule(1, 0, { max: undefined });
    expect(exchange.exports.plan('godot-hterrain').problem).toBeNull();
    expect(await exchange.confirmExport()).toBe(true);
    expect(folder.written.size).toBe(4);
    const splat = decodePng(folder.written.get('terrain_splat.png')!, 's.png', { channel: 'r' });
    expect([splat.width, splat.colourType]).toEqual([129, 6]);
  });

  it('the colour map is NAME_colour.png at the heightmap size, painted against the View panel’s tree and snow lines', async () => {
    const flat = createHeightfield(65, 65, 2);
    flat.heights.fill(100);
    const { session, folder } = harness(flat);
    const exchange = session.exchange;
    // Lines below the ground: the whole map is snow (the natural table's snow, sRGB 236, 240, 244).
    session.view.setState({ settings: { ...session.view.getState().settings, treeLine: 0, snowLine: 50 } });
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('godot-terrain3d');
    exchange.exports.setEngineOptions({ colourMap: true });
    expect(exchange.exports.engineExportOptions('godot-terrain3d').colourMap).toEqual({ treeLine: 0, snowLine: 50, climate: 'temperate' });
    const files = exchange.exports.plan('godot-terrain3d').plan!.files;
    const planned = files.find((f) => f.name === 'terrain_colour.png')!;
    const heights = files.find((f) => f.role === 'heightmap')!;
    expect([planned.width, planned.depth]).toEqual([heights.width, heights.depth]);
    expect(await exchange.confirmExport()).toBe(true);
    const colour = folder.written.get('terrain_colour.png')!;
    const rgb = (['r', 'g', 'b'] as const).map((channel) => decodePng(colour, 'c.png', { channel }));
    expect([rgb[0].width, rgb[0].height]).toEqual([heights.width, heights.depth]);
    expect(rgb.map((c) => c.samples[c.samples.length - 1])).toEqual([236, 240, 244]);
  });

  it('erosion flow is offered only when the document has it', async () => {
    const { session } = harness(bumpy(33, 33, 1));
    const exchange = session.exchange;
    expect(exchange.exports.maskSources()).toEqual(['height', 'slope', 'curvature', 'aspect', 'cavity']);
    const flow = new Uint8Array(33 * 33).map((_, k) => (k % 33 === 16 ? 255 : 0)); // the document's bytes (coverBytes)
    exchange.setErosionMasksProvider(() => ({ flow }));
    expect(exchange.exports.maskSources()).toEqual(['height', 'slope', 'curvature', 'aspect', 'cavity', 'flow']);
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('godot-terrain3d');
    exchange.exports.setEngineOptions({
      masks: true,
      maskSet: {
        layers: [
          { name: 'bank', rules: [] },
          { name: 'river', rules: [{ source: 'flow', min: 0.5 }] },
        ],
      },
    });
    expect(exchange.exports.plan('godot-terrain3d').problem).toBeNull();
    // The preview of the river layer: exactly the column with flow.
    exchange.exports.previewMask(1);
    await expect.poll(() => exchange.store.getState().maskPreview).not.toBeNull();
    const preview = exchange.store.getState().maskPreview!;
    expect([preview.name, preview.width, preview.depth]).toEqual(['river', 33, 33]);
    for (let k = 0; k < 33 * 33; k++) expect(preview.weights[k]).toBe(k % 33 === 16 ? 255 : 0);
    exchange.exports.setTarget('file');
    expect(exchange.store.getState()).toMatchObject({ maskPreview: null, maskPreviewLayer: null });
    exchange.exports.setTarget('godot-terrain3d');
    exchange.exports.previewMask(0);
    await expect.poll(() => exchange.store.getState().maskPreview?.name).toBe('bank');
    exchange.cancelExport();
    expect(exchange.store.getState().maskPreview).toBeNull();
  });
});

describe('export dialog: engine files streamed to main', () => {
  it('each file is encoded, sent and written before the next is encoded; the bytes are the CLI’s', async () => {
    const { session, folder } = harness();
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('unreal');
    exchange.exports.setEngineOptions({ masks: true, normalMap: true });
    const { plan } = exchange.exports.plan('unreal');
    const options = exchange.exports.engineExportOptions('unreal');
    expect(await exchange.confirmExport()).toBe(true);
    expect(folder.made).toBe(plan!.files.length);
    expect(folder.inFlightMax).toBe(1);
    // Pieces came file by file, each file's last piece before the next file's first, every planned file once.
    const order = folder.pieces.filter((p) => p.last).map((p) => p.fileName);
    expect([...order].sort()).toEqual(plan!.files.map((f) => f.name).sort());
    expect(folder.pieces.map((p) => p.fileName)).toEqual(folder.pieces.map((p) => p.fileName).sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    // The estimate went with the folder request, naming the export.
    expect(folder.requests[0].memory).toEqual({
      bytes: engineExportMemory(plan!, session.editor.document.field),
      what: describeEngineExport(plan!, options.masks!.layers.length),
    });
    // What the CLI writes for the same map and options (streamEngineExport with the same compressor).
    const expected = streamEngineExport(session.editor.document.field, options, {});
    for (const file of expected.files) expect(folder.written.get(file.name), file.name).toEqual(file.bytes);
  });

  it('a file main cannot write stops the encode: no file after it is made, the handle is finished, the error shown', async () => {
    const { session, folder } = harness();
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('unreal');
    exchange.exports.setEngineOptions({ masks: true });
    folder.failAt = 1;
    expect(await exchange.confirmExport()).toBe(false);
    expect(exchange.exports.plan('unreal').plan!.files.length).toBeGreaterThan(2);
    expect(folder.made).toBe(2);
    expect(folder.finished).toEqual(['h-1']);
    const second = [...new Set(folder.pieces.map((p) => p.fileName))][1];
    expect(exchange.store.getState().error).toBe(
      `Could not export: file:writeExportChunk failed: could not write ${second}: the disk is full; nothing was written`,
    );
    expect(exchange.store.getState()).toMatchObject({ exportOpen: true, exportBusy: false });
  });

  it('an export main refuses for memory shows main’s message and encodes nothing', async () => {
    const { session, folder } = harness();
    folder.refuse =
      'the Unreal Engine 5 export (8129 × 8129) needs about 3.1 GB of memory and 1.2 GB is available: choose a smaller resolution, or close other ' +
      'programs and export again; nothing was written';
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('unreal');
    expect(await exchange.confirmExport()).toBe(false);
    expect(folder.made).toBe(0);
    expect(folder.pieces).toEqual([]);
    expect(exchange.store.getState().error).toBe(folder.refuse);
  });

  it('sendExportFile cuts a file into ordered pieces, the last one marked; an empty file is one empty last piece', async () => {
    const pieces: WriteExportChunkRequest[] = [];
    const api = { writeExportChunk: async (request: WriteExportChunkRequest) => (pieces.push(request), { written: request.last ? 1 : 0 }) };
    const bytes = Uint8Array.from({ length: 17 }, (_, k) => k);
    expect(await sendExportFile(api, 'h', 'a.png', bytes, 7)).toEqual({ written: 1 });
    expect(pieces.map((p) => [p.offset, p.bytes.byteLength, p.last])).toEqual([
      [0, 7, false],
      [7, 7, false],
      [14, 3, true],
    ]);
    expect(pieces.flatMap((p) => [...p.bytes])).toEqual([...bytes]);
    pieces.length = 0;
    await sendExportFile(api, 'h', 'e.json', new Uint8Array(0), 7);
    expect(pieces.map((p) => [p.offset, p.bytes.byteLength, p.last])).toEqual([[0, 0, true]]);
  });
});

describe('export dialog: plain files', () => {
  it('EXR and normal maps are formats of their own; tiles go to a folder', async () => {
    const { session, folder } = harness(bumpy(33, 17, 1));
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.setExportOptions({ format: 'exr' });
    expect(await exchange.confirmExport()).toBe(true);
    expect(folder.saved.at(-1)).toMatchObject({ defaultName: 'terrain.exr', filters: [{ extensions: ['exr'] }] });

    await session.commands.execute('file.exportHeightmap');
    exchange.setExportOptions({ format: 'normal', normalGreen: 'down' });
    expect(await exchange.confirmExport()).toBe(true);
    expect(folder.saved.at(-1)).toMatchObject({ title: 'Export Normal Map', defaultName: 'terrain_normal.png' });
    expect(decodePng(folder.saved.at(-1)!.bytes, 'n.png', { channel: 'g' }).colourType).toBe(2);

    await session.commands.execute('file.exportHeightmap');
    exchange.setExportOptions({ format: 'r16', tiles: true, tileSize: 17, tileOverlap: 1 });
    expect(exchange.exports.tileNames(exchange.store.getState().exportOptions).names).toEqual(['terrain_x0_y0.r16', 'terrain_x1_y0.r16']);
    expect(await exchange.confirmExport()).toBe(true);
    expect([...folder.written.keys()]).toEqual(['terrain_x0_y0.r16', 'terrain_x1_y0.r16']);
    expect(folder.written.get('terrain_x1_y0.r16')!.length).toBe(17 * 17 * 2);
  });
});

/** The closed-form pit lake (shared/hydrology/testing/pit.ts) under an automatic water layer, as a session's document. */
function pitSession(): { session: EditorSession; folder: Folder; pit: ReturnType<typeof tiltedPit> } {
  const pit = tiltedPit();
  const { width, depth, cellSize } = pit.grid;
  const stack: Layer[] = [
    { id: 'heights-1', name: 'Pit', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: pit.heights },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params: { ...DEFAULT_WATER_PARAMS, riverArea: 1e12, minLakeArea: 10 } },
  ];
  const field = createHeightfield(width, depth, cellSize, evaluateStack(stack, pit.grid)!);
  const { session, folder } = harness(field);
  session.editor.replaceDocument(createDocument(field, stack));
  return { session, folder, pit };
}

describe('export dialog: the water files', () => {
  it('Terrain3D with Water and a lake mask: the water files at the map’s vertices and the lake painted where the pit is', async () => {
    const { session, folder, pit } = pitSession();
    const { width } = pit.grid;
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('godot-terrain3d');
    exchange.exports.setEngineOptions({
      water: true,
      masks: true,
      maskSet: {
        layers: [
          { name: 'ground', rules: [] },
          { name: 'lake', rules: [{ source: 'water', min: 0.01 }] },
        ],
      },
    });
    expect(exchange.exports.maskSources()).toEqual(expect.arrayContaining(['water', 'shore']));
    expect(exchange.exports.plan('godot-terrain3d').problem).toBeNull();
    expect(await exchange.confirmExport()).toBe(true);
    expect([...folder.written.keys()]).toEqual(
      expect.arrayContaining(['terrain_water_depth.exr', 'terrain_flow.png', 'terrain_water.glb', 'terrain_rivers.json', 'terrain_lake.png']),
    );
    expect(decodePng(folder.written.get('terrain_flow.png')!, 'f.png', { channel: 'r' }).width).toBe(width);
    const lake = decodePng(folder.written.get('terrain_lake.png')!, 'l.png');
    let painted = 0;
    for (const sample of lake.samples) if (sample === 255) painted++;
    expect(painted).toBe(11 * 11);
  });

  it('depth, contributing area and flow map are plain files of a document with water; without water they are refused in one line', async () => {
    const { session, folder, pit } = pitSession();
    const { width, depth } = pit.grid;
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    expect(exchange.exports.hasWater()).toBe(true);
    expect(exchange.exports.hasAutomaticWater()).toBe(true);
    exchange.setExportOptions({ format: 'water-depth' });
    expect(await exchange.confirmExport()).toBe(true);
    expect(folder.saved.at(-1)).toMatchObject({ title: 'Export Water', defaultName: 'terrain_water_depth.r32', filters: [{ extensions: ['r32'] }] });
    const depthFile = new Float32Array(folder.saved.at(-1)!.bytes.slice().buffer);
    for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) expect(depthFile[j * width + i]).toBeCloseTo(pit.depthAt(i, j), 5);

    await session.commands.execute('file.exportHeightmap');
    exchange.setExportOptions({ format: 'water-flow' });
    expect(await exchange.confirmExport()).toBe(true);
    expect(folder.saved.at(-1)).toMatchObject({ defaultName: 'terrain_flow.png' });
    const red = decodePng(folder.saved.at(-1)!.bytes, 'f.png', { channel: 'r' });
    expect([red.width, red.height, red.colourType]).toEqual([width, depth, 2]);
    // Upslope of the pit the plane drains straight towards −x: R = 0.5 − 0.5 → 0.
    expect(red.samples[10 * width + 60]).toBe(0);

    await session.commands.execute('file.exportHeightmap');
    exchange.setExportOptions({ format: 'water-area' });
    expect(await exchange.confirmExport()).toBe(true);
    expect(folder.saved.at(-1)).toMatchObject({ defaultName: 'terrain_contributing_area.r32' });

    // A document without water: the entry is refused with one line, nothing saved.
    const dry = harness(bumpy(33, 17, 1), undefined, () => createInProcessCodecs());
    await dry.session.commands.execute('file.exportHeightmap');
    expect(dry.session.exchange.exports.hasWater()).toBe(false);
    expect(dry.session.exchange.exports.hasAutomaticWater()).toBe(false);
    dry.session.exchange.setExportOptions({ format: 'water-flow' });
    expect(await dry.session.exchange.confirmExport()).toBe(false);
    expect(dry.session.exchange.store.getState().error).toMatch(/^terrain_flow\.png: the terrain has no water \(add automatic water or draw a river/);
    expect(dry.folder.saved).toEqual([]);
  });

  it('River centrelines of a document with a pit lake and a drawn river: the lake’s network (none: lakes only), then the drawn river', async () => {
    const { session, folder, pit } = pitSession();
    // The pit lies at the map's centre; the river runs across the plane north of it, from x = −30 to 30 m.
    const river: Layer = {
      id: 'river-1',
      name: 'Brook',
      enabled: true,
      opacity: 1,
      kind: 'river',
      params: riverParams(
        [
          { x: 30, z: -40 },
          { x: -30, z: -40 },
        ],
        { width: 3, depth: 1 },
      ),
    };
    const stack = [...session.editor.document.stack, river];
    session.editor.replaceDocument(
      createDocument(createHeightfield(pit.grid.width, pit.grid.depth, pit.grid.cellSize, evaluateStack(stack, pit.grid)!), stack),
    );
    await session.commands.execute('file.exportHeightmap');
    session.exchange.setExportOptions({ format: 'river-centrelines' });
    expect(await session.exchange.confirmExport()).toBe(true);
    expect(folder.saved.at(-1)).toMatchObject({ defaultName: 'terrain_rivers.json', filters: [{ extensions: ['json'] }] });
    type Rivers = { rivers: { name: string; source: string; layer: string; points: { x: number; z: number }[] }[] };
    const json = JSON.parse(new TextDecoder().decode(folder.saved.at(-1)!.bytes)) as Rivers & { engines: Record<string, Rivers> };
    expect(json.rivers.map(({ name, source, layer }) => ({ name, source, layer }))).toEqual([{ name: 'Brook', source: 'drawn', layer: 'river-1' }]);
    const { points } = json.rivers[0];
    expect([points[0].x, points[0].z, points.at(-1)!.x, points.at(-1)!.z]).toEqual([30, -40, -30, -40]);
    expect(Object.keys(json.engines)).toEqual(['unreal', 'unity', 'godot-terrain3d', 'godot-hterrain']);
  });
});

/** A promise and its resolve, to hold a step of a fake main until the test lets it go. */
function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe('export dialog: cancel while an export runs', () => {
  /**
   * A fake main whose second file's first piece waits: a cancel for the handle then ends the session
   * (as exportDirectoryService does), so the waiting piece is refused; `answer` is what main says.
   */
  function cancellable(answer: CancelExportResult['status'] = 'cancelled') {
    const cancels: string[] = [];
    const waiting = gate();
    const reached = gate();
    return {
      cancels,
      reached: reached.promise,
      tweak: (api: FaultlineApi, folder: Folder) => {
        const write = api.writeExportChunk;
        api.writeExportChunk = async (request) => {
          if (folder.written.size === 1 && request.offset === 0) {
            reached.open();
            await waiting.promise;
            if (answer === 'cancelled') throw new Error('file:writeExportChunk failed: this export has ended; export again');
          }
          return write(request);
        };
        api.cancelExport = async ({ job }) => {
          cancels.push(job);
          waiting.open();
          return { status: answer };
        };
      },
    };
  }

  it('engine export: Cancel (or Escape) stops the encode and main’s session, and says "Export cancelled" with nothing written', async () => {
    const main = cancellable();
    const { session, folder } = harness(undefined, main.tweak);
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('unreal');
    exchange.exports.setEngineOptions({ masks: true, normalMap: true });
    const total = exchange.exports.plan('unreal').plan!.files.length;
    const running = exchange.confirmExport();
    await main.reached;
    expect(exchange.store.getState()).toMatchObject({ exportBusy: true, exportStep: { done: 1, total } });
    expect(exchange.exports.isRunning).toBe(true);
    const start = performance.now();
    // The dialog's Cancel and Escape both come here while an export runs.
    exchange.cancelExport();
    expect(await running).toBe(false);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(main.cancels).toEqual(['h-1']);
    expect(folder.finished).toEqual(['h-1']);
    // No file after the one in flight was made; only the first was whole in main when it ended.
    expect(folder.made).toBe(2);
    expect([...folder.written.keys()]).toHaveLength(1);
    expect(exchange.store.getState()).toMatchObject({
      exportOpen: true,
      exportBusy: false,
      exportProgress: null,
      exportStep: null,
      exportStatus: EXPORT_CANCELLED,
      error: null,
      notice: null,
    });
    expect(exchange.exports.isRunning).toBe(false);
    // With nothing running, the same Cancel closes the dialog.
    exchange.cancelExport();
    expect(exchange.store.getState().exportOpen).toBe(false);
  });

  it('a cancel that meets the last file being put in place: main says it finished, and so does the dialog', async () => {
    const main = cancellable('finished');
    const { session } = harness(undefined, main.tweak);
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.exports.setTarget('unreal');
    const running = exchange.confirmExport();
    await main.reached;
    exchange.cancelExport();
    expect(await running).toBe(true);
    expect(exchange.store.getState()).toMatchObject({ exportOpen: false, exportStatus: null, notice: 'Exported 2 files to exports' });
  });

  it('a heightmap main encodes: the cancel names the job main was given, and main’s "cancelled" ends it quietly', async () => {
    const cancels: string[] = [];
    const { session, folder } = harness(undefined, (api) => {
      const jobs = new Map<string, () => void>();
      api.exportHeightmap = async (request) => {
        expect(request.job).toMatch(/^[a-z0-9-]{1,64}$/);
        await new Promise<void>((resolve) => jobs.set(request.job!, resolve));
        return { status: 'cancelled' };
      };
      api.cancelExport = async ({ job }) => {
        cancels.push(job);
        jobs.get(job)?.();
        return { status: jobs.has(job) ? 'cancelled' : 'unknown' };
      };
    });
    const exchange = session.exchange;
    await session.commands.execute('file.exportHeightmap');
    exchange.setExportOptions({ format: 'exr' });
    const running = exchange.confirmExport();
    await expect.poll(() => exchange.exports.isRunning && exchange.store.getState().exportBusy).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    exchange.cancelExport();
    expect(await running).toBe(false);
    expect(cancels).toHaveLength(1);
    expect(folder.saved).toEqual([]);
    expect(exchange.store.getState()).toMatchObject({ exportOpen: true, exportBusy: false, exportStatus: EXPORT_CANCELLED, error: null });
  });

  it('a mesh being encoded in the codec worker: the encode is stopped, no save dialog is asked for', async () => {
    const { session, folder } = harness(undefined, undefined, () => ({
      ...createInProcessCodecs(),
      // A long encode: it ends only when its signal aborts (the worker is terminated).
      encode: (_request, signal) => new Promise((resolve) => signal?.addEventListener('abort', () => resolve(CODEC_CANCELLED))),
    }));
    const exchange = session.exchange;
    await session.commands.execute('file.exportMesh');
    expect(exchange.store.getState().exportOptions.format).toBe('glb');
    const running = exchange.confirmExport();
    expect(exchange.store.getState()).toMatchObject({ exportBusy: true, exportProgress: 'Encoding terrain.glb…' });
    exchange.cancelExport();
    expect(await running).toBe(false);
    expect(folder.saved).toEqual([]);
    expect(exchange.store.getState()).toMatchObject({ exportOpen: true, exportBusy: false, exportStatus: EXPORT_CANCELLED, error: null });
  });
});

describe('export dialog: exports refused for memory before they start', () => {
  it('a mesh: main’s answer is shown and nothing is encoded; tiles send their estimate with the folder request', async () => {
    const asked: { bytes: number; what: string }[] = [];
    let encoded = 0;
    const { session, folder } = harness(
      bumpy(129, 129, 2),
      (api) => {
        api.checkExportMemory = async (request) => {
          asked.push(request);
          return { status: 'refused', message: `${request.what} needs about 9.9 GB of memory and 0.1 GB is available: …; nothing was written` };
        };
      },
      () => ({ ...createInProcessCodecs(), encode: async () => (encoded++, { ok: true, value: new Uint8Array(1) }) }),
    );
    const exchange = session.exchange;
    await session.commands.execute('file.exportMesh');
    expect(await exchange.confirmExport()).toBe(false);
    expect(asked).toEqual([
      { bytes: fileExportMemory({ format: 'glb', map: { width: 129, depth: 129 }, inWindow: true }), what: 'the Binary glTF mesh (.glb) export (129 × 129)' },
    ]);
    expect(encoded).toBe(0);
    expect(folder.saved).toEqual([]);
    expect(exchange.store.getState()).toMatchObject({
      error: 'the Binary glTF mesh (.glb) export (129 × 129) needs about 9.9 GB of memory and 0.1 GB is available: …; nothing was written',
      exportBusy: false,
    });

    await session.commands.execute('file.exportHeightmap');
    exchange.setExportOptions({ format: 'r16', tiles: true, tileSize: 65, tileOverlap: 1 });
    expect(await exchange.confirmExport()).toBe(true);
    const shape = { format: 'r16', map: { width: 129, depth: 129 }, tile: { width: 65, depth: 65 }, inWindow: true };
    expect(folder.requests.at(-1)!.memory).toEqual({ bytes: fileExportMemory(shape), what: 'the RAW 16-bit (.r16) export (129 × 129 in tiles of 65 × 65)' });
  });
});
