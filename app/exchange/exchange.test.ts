import { describe, expect, it } from 'vitest';
import { zlibSync } from 'fflate';
import { decodePng } from '../../shared/codecs/png/decode';
import { compilePngHeightmap } from '../../shared/codecs/png-heightmap';
import { parseR16 } from '../../shared/codecs/raw';
import { assemblePng, chunk, ihdr } from '../../shared/codecs/testing/png-fixtures';
import type { FaultlineApi } from '../../shared/ipc/api';
import type { OpenHeightmapResult, SaveBytesRequest } from '../../shared/ipc/contract';
import { snapProp, type Prop } from '../../shared/props/prop';
import { createHeightfield, heightRange, type Heightfield } from '../../shared/terrain/heightfield';
import { createMemoryFaultlineApi } from '../platform/memoryApi';
import { fakeMainHeightmapExport } from './testing/mainHeightmapExport';
import { createDocument } from '../document/document';
import { faultsLayer } from '../../shared/layers/migrate';
import { createEditorSession, type EditorSession } from '../editorSession';
import { yawPitchRollQuaternion } from './propNodes';
import type { ExportOptions } from './exchangeState';
import { documentBaseName } from './exchange';

interface Harness {
  session: EditorSession;
  saved: SaveBytesRequest[];
  opens: OpenHeightmapResult[];
}

/** A deterministic bumpy map with heights from about −30 to +50 m. */
function bumpy(width: number, depth: number, cellSize: number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) field.heights[j * width + i] = 40 * Math.sin(i * 0.37) * Math.cos(j * 0.21) + 10 + ((i * 7 + j * 13) % 5) * 0.01;
  }
  return field;
}

function harness(field = bumpy(33, 21, 2)): Harness {
  const saved: SaveBytesRequest[] = [];
  const opens: OpenHeightmapResult[] = [];
  const api: FaultlineApi = {
    ...createMemoryFaultlineApi(),
    saveBytesAs: async (request) => {
      saved.push(request);
      return { saved: true, fileName: request.defaultName };
    },
    openHeightmap: async () => opens.shift() ?? { status: 'cancelled' },
    exportHeightmap: fakeMainHeightmapExport(saved),
  };
  const session = createEditorSession({
    api,
    document: createDocument(field, [faultsLayer({ seed: 1, iterations: 5, lineMethod: 'normal', decay: { disp0: 1, dispN: 1, n: 0 } })]),
  });
  return { session, saved, opens };
}

async function exportWith(h: Harness, patch: Partial<ExportOptions>, kind: 'heightmap' | 'mesh' = 'heightmap'): Promise<Uint8Array> {
  const exchange = h.session.exchange;
  await h.session.commands.execute(kind === 'heightmap' ? 'file.exportHeightmap' : 'file.exportMesh');
  expect(exchange.store.getState().exportOpen).toBe(true);
  exchange.setExportOptions(patch);
  expect(await exchange.confirmExport()).toBe(true);
  expect(exchange.store.getState().error).toBeNull();
  return h.saved.at(-1)!.bytes;
}

async function importBytes(h: Harness, fileName: string, bytes: Uint8Array, patch: Record<string, unknown> = {}): Promise<boolean> {
  const exchange = h.session.exchange;
  h.opens.push({ status: 'opened', fileName, bytes });
  await h.session.commands.execute('file.import');
  if (!exchange.store.getState().importDialog) return false;
  await exchange.setImportOptions(patch);
  return exchange.confirmImport();
}

function maxDifference(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let k = 0; k < a.length; k++) worst = Math.max(worst, Math.abs(a[k] - b[k]));
  return worst;
}

describe('heightmap export and re-import through the app', () => {
  it('16-bit PNG (the default): re-imports at the written scale, within one step of the range, as one undoable edit', async () => {
    const source = harness();
    const original = source.session.editor.document.field;
    const png = await exportWith(source, {});
    expect(source.saved[0]).toMatchObject({ defaultName: 'terrain.png', filters: [{ extensions: ['png'] }] });
    const decoded = decodePng(png, 'terrain.png');
    expect([decoded.width, decoded.height, decoded.bitDepth, decoded.colourType]).toEqual([33, 21, 16, 0]);

    // Import into a session holding a map of another size: the metadata alone restores the scale.
    const target = harness(bumpy(9, 9, 5));
    const before = target.session.editor.document.field;
    expect(await importBytes(target, 'terrain.png', png)).toBe(true);
    const { editor } = target.session;
    const imported = editor.document.field;
    expect([imported.width, imported.depth, imported.cellSize]).toEqual([33, 21, 2]);
    const { min, max } = heightRange(original.heights);
    expect(maxDifference(imported.heights, original.heights)).toBeLessThanOrEqual((max - min) / 65535);
    expect(editor.document.stack.map((layer) => layer.kind)).toEqual(['heights']);
    expect(editor.store.getState()).toMatchObject({ width: 33, depth: 21, undoLabel: 'Import terrain.png' });

    expect(editor.undo()).toBe(true);
    expect(editor.document.field).toBe(before);
    expect(editor.document.stack.map((layer) => layer.kind)).toEqual(['faults']);
    expect(editor.store.getState()).toMatchObject({ width: 9, depth: 9, cellSize: 5, canUndo: false });
  });

  it('the import dialog is pre-filled from the file metadata and shows kind, size and bit depth', async () => {
    const h = harness();
    const png = compilePngHeightmap(bumpy(17, 17, 0.5), { range: { min: -12.5, max: 80 } });
    h.opens.push({ status: 'opened', fileName: 'valley.png', bytes: png });
    await h.session.commands.execute('file.import');
    const dialog = h.session.exchange.store.getState().importDialog!;
    expect(dialog.summary).toMatchObject({ format: 'png', width: 17, depth: 17, bitDepth: 16, colourType: 0, heightMin: -12.5, heightMax: 80, cellSize: 0.5 });
    expect(dialog.options).toMatchObject({ min: -12.5, max: 80, cellSize: 0.5 });
  });

  it('user values win over the metadata once the dialog is confirmed', async () => {
    const h = harness();
    const png = compilePngHeightmap(bumpy(17, 17, 0.5), { range: { min: 0, max: 10 } });
    expect(await importBytes(h, 'scaled.png', png, { min: 100, max: 300, cellSize: 4 })).toBe(true);
    const field = h.session.editor.document.field;
    expect(field.cellSize).toBe(4);
    expect(heightRange(field.heights)).toEqual({ min: 100, max: 300 });
  });

  it('8-bit PNG and a fixed range: within one 8-bit step, heights outside the range clamp', async () => {
    const h = harness();
    const original = h.session.editor.document.field.heights.slice();
    const png = await exportWith(h, { format: 'png8', rangeMode: 'fixed', min: -20, max: 30 });
    expect(decodePng(png, 'a.png').bitDepth).toBe(8);
    expect(await importBytes(h, 'terrain.png', png)).toBe(true);
    const back = h.session.editor.document.field.heights;
    const clamped = original.map((v) => Math.min(30, Math.max(-20, v)));
    expect(maxDifference(back, clamped)).toBeLessThanOrEqual(50 / 255);
  });

  for (const byteOrder of ['le', 'be'] as const) {
    for (const flip of [false, true]) {
      it(`R16 ${byteOrder}${flip ? ', flipped' : ''}: round trip within one step with the same settings`, async () => {
        const h = harness();
        const original = h.session.editor.document.field.heights.slice();
        const { min, max } = heightRange(original);
        const raw = await exportWith(h, { format: 'r16', byteOrder, flip });
        expect(raw.length).toBe(33 * 21 * 2);
        expect(h.saved[0].defaultName).toBe('terrain.r16');
        // The file's first row is the map's last when flipped; its byte order decides the sample.
        const plain = parseR16(raw, 'x.r16', { width: 33, depth: 21, byteOrder });
        const firstFileRow = flip ? 20 : 0;
        const expectedSample = Math.round(((original[firstFileRow * 33] - min) / (max - min)) * 65535);
        expect(plain.samples[0]).toBe(expectedSample);

        expect(await importBytes(h, 'terrain.r16', raw, { width: 33, depth: 21, byteOrder, flip, min, max, cellSize: 2 })).toBe(true);
        expect(maxDifference(h.session.editor.document.field.heights, original)).toBeLessThanOrEqual((max - min) / 65535);
      });
    }
  }

  it('R16 read with the wrong byte order gives other heights', async () => {
    const h = harness();
    const original = h.session.editor.document.field.heights.slice();
    const { min, max } = heightRange(original);
    const raw = await exportWith(h, { format: 'r16', byteOrder: 'be', flip: false });
    expect(await importBytes(h, 'terrain.r16', raw, { width: 33, depth: 21, byteOrder: 'le', min, max })).toBe(true);
    expect(maxDifference(h.session.editor.document.field.heights, original)).toBeGreaterThan(1);
  });

  it('.r32: bit-exact both ways, flip included; square size inferred', async () => {
    const h = harness(bumpy(17, 17, 3));
    const original = h.session.editor.document.field.heights.slice();
    const raw = await exportWith(h, { format: 'r32', flip: true });
    h.opens.push({ status: 'opened', fileName: 'terrain.r32', bytes: raw });
    await h.session.commands.execute('file.import');
    const exchange = h.session.exchange;
    expect(exchange.store.getState().importDialog!.summary).toMatchObject({ format: 'r32', width: 17, depth: 17, bitDepth: 32 });
    await exchange.setImportOptions({ flip: true, cellSize: 3 });
    expect(await exchange.confirmImport()).toBe(true);
    expect(h.session.editor.document.field.heights).toEqual(original);
  });

  it('a RAW file whose size cannot be inferred keeps the dialog open until the size is given', async () => {
    const h = harness();
    const raw = await exportWith(h, { format: 'r16', byteOrder: 'le', flip: false });
    h.opens.push({ status: 'opened', fileName: 'strip.r16', bytes: raw });
    await h.session.commands.execute('file.import');
    const exchange = h.session.exchange;
    expect(exchange.store.getState().importDialog).toMatchObject({ summary: null, problem: expect.stringMatching(/^strip\.r16: .*not a square map/) });
    expect(await exchange.confirmImport()).toBe(false);
    await exchange.setImportOptions({ width: 33, depth: 21 });
    expect(exchange.store.getState().importDialog).toMatchObject({ problem: null, summary: { width: 33, depth: 21, bitDepth: 16 } });
    expect(await exchange.confirmImport()).toBe(true);
  });

  it('refuses a height range with min > max in the dialog without touching the document', async () => {
    const h = harness();
    const raw = await exportWith(h, { format: 'r16', byteOrder: 'le', flip: false });
    const version = h.session.editor.store.getState().version;
    expect(await importBytes(h, 'a.r16', raw, { width: 33, depth: 21, min: 5, max: 1 })).toBe(false);
    expect(h.session.exchange.store.getState().importDialog?.problem).toMatch(/minimum ≤ maximum/);
    expect(h.session.editor.store.getState().version).toBe(version);
  });
});

describe('hostile heightmaps through the import flow', () => {
  const EMPTY = new Uint8Array(0);
  const goodPng = compilePngHeightmap(bumpy(9, 9, 1));
  const badCrc = goodPng.slice();
  badCrc[29] ^= 0x55; // the IHDR chunk's stored CRC (8 signature + 8 header + 13 data bytes precede it)
  const cases: [string, Uint8Array, RegExp][] = [
    ['truncated.png', goodPng.subarray(0, goodPng.length - 20), /^truncated\.png: /],
    ['badcrc.png', badCrc, /^badcrc\.png: .*CRC/],
    [
      'absurd.png',
      assemblePng([ihdr(100000, 100000, 16, 0), chunk('IDAT', zlibSync(EMPTY)), chunk('IEND', EMPTY)]),
      /^absurd\.png: PNG declares 100000 × 100000 pixels, larger than the 8193 × 8193 maximum$/,
    ],
    ['notpng.png', new TextEncoder().encode('hello, I am not an image'), /^notpng\.png: /],
    ['nan.r32', new Uint8Array(new Float32Array([1, 2, NaN, 4]).buffer), /^nan\.r32: sample 2 .* is NaN/],
  ];
  for (const [name, bytes, message] of cases) {
    it(`${name}: a clear error naming the file, the document unchanged`, async () => {
      const h = harness();
      const { editor } = h.session;
      const field = editor.document.field;
      const heights = field.heights.slice();
      const version = editor.store.getState().version;
      const imported = await importBytes(h, name, bytes);
      const state = h.session.exchange.store.getState();
      if (name.endsWith('.png')) {
        expect(imported).toBe(false);
        expect(state.error).toMatch(message);
        expect(state.importDialog).toBeNull();
      } else {
        // RAW: the dialog stays to let the user fix the size or byte order, showing the problem.
        expect(state.importDialog?.problem).toMatch(message);
      }
      expect(editor.document.field).toBe(field);
      expect(field.heights).toEqual(heights);
      expect(editor.store.getState()).toMatchObject({ version, canUndo: false });
    });
  }

  it('main refusing the file (too large) shows its message and changes nothing', async () => {
    const h = harness();
    h.opens.push({ status: 'refused', fileName: 'huge.png', message: 'huge.png: is 900 MiB, larger than the 768 MiB a heightmap file may have' });
    await h.session.commands.execute('file.import');
    expect(h.session.exchange.store.getState().error).toMatch(/^huge\.png: is 900 MiB/);
    expect(h.session.editor.store.getState().version).toBe(0);
  });

  it('drops: heightmaps are handled, oversized ones refused unread, projects left to their own handler', async () => {
    const h = harness();
    const exchange = h.session.exchange;
    let reads = 0;
    const file = (name: string, bytes: Uint8Array, size = bytes.length) => ({ name, size, bytes: async () => (reads++, bytes) });
    expect(await exchange.importDroppedFile(file('map.faultline', new Uint8Array(4)))).toBe(false);
    expect(await exchange.importDroppedFile(file('huge.r16', new Uint8Array(4), 2 ** 31))).toBe(true);
    expect(exchange.store.getState().error).toMatch(/^huge\.r16: is 2048 MiB, larger than/);
    expect(reads).toBe(0);
    expect(await exchange.importDroppedFile(file('Dropped.PNG', goodPng))).toBe(true);
    expect(exchange.store.getState().importDialog?.summary).toMatchObject({ width: 9, depth: 9 });
    expect(await exchange.confirmImport()).toBe(true);
    expect(h.session.editor.document.field.width).toBe(9);
  });
});

describe('mesh export', () => {
  function parseGlb(bytes: Uint8Array): {
    json: { nodes: { name: string; translation?: number[]; rotation?: number[]; scale?: number[] }[]; accessors: { count: number }[] };
    total: number;
  } {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(view.getUint32(0, true)).toBe(0x46546c67);
    expect(view.getUint32(4, true)).toBe(2);
    const jsonLength = view.getUint32(12, true);
    return { json: JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))), total: view.getUint32(8, true) };
  }

  it('GLB: the terrain plus one node per prop, snapped onto the surface with the viewport orientation', async () => {
    const h = harness();
    const doc = h.session.editor.document;
    const props: Prop[] = [
      { id: 'p1', type: 'rock', x: 3.3, z: -7.1, yaw: 0.8, scale: 1.5 },
      { id: 'p2', type: 'conifer', x: -10, z: 4.25, yaw: -2, scale: 0.75, offsetY: 0.5 },
    ];
    doc.props.push(...props);
    const glb = await exportWith(h, {}, 'mesh');
    expect(h.saved[0]).toMatchObject({ title: 'Export Mesh', defaultName: 'terrain.glb' });
    const { json, total } = parseGlb(glb);
    expect(total).toBe(glb.length);
    expect(json.accessors[0].count).toBe(33 * 21);
    expect(json.nodes.map((n) => n.name)).toEqual(['terrain', 'rock.p1', 'conifer.p2']);
    props.forEach((prop, k) => {
      const node = json.nodes[k + 1];
      const placed = snapProp(doc.field, prop);
      expect(node.translation).toEqual([prop.x, placed.y, prop.z]);
      expect(node.scale).toEqual([prop.scale, prop.scale, prop.scale]);
      // The rotation turns +y into the snapped up vector: v' = q v q*.
      const [x, y, z, w] = node.rotation!;
      const up = [2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)];
      expect(up[0]).toBeCloseTo(placed.up.x, 6);
      expect(up[1]).toBeCloseTo(placed.up.y, 6);
      expect(up[2]).toBeCloseTo(placed.up.z, 6);
    });
  });

  it('yaw alone turns +z towards +x', () => {
    const [x, y, z, w] = yawPitchRollQuaternion(Math.PI / 2, 0, 0);
    // Rotating (0, 0, 1): x' = 2(xz + wy), z' = 1 − 2(x² + y²).
    expect(2 * (x * z + w * y)).toBeCloseTo(1, 12);
    expect(1 - 2 * (x * x + y * y)).toBeCloseTo(0, 12);
  });

  it('OBJ: every vertex at its exact height, named after the document', async () => {
    const h = harness(bumpy(5, 4, 1.5));
    h.session.editor.markSaved('Alps.faultline');
    const obj = new TextDecoder().decode(await exportWith(h, { format: 'obj' }, 'mesh'));
    expect(h.saved[0].defaultName).toBe('Alps.obj');
    const ys = obj
      .split('\n')
      .filter((l) => l.startsWith('v '))
      .map((l) => Math.fround(Number(l.split(' ')[2])));
    expect(Float32Array.from(ys)).toEqual(h.session.editor.document.field.heights);
    expect(obj.split('\n').filter((l) => l.startsWith('f '))).toHaveLength(2 * 4 * 3);
  });

  it('suggested names keep only a safe base name', () => {
    expect(documentBaseName(null)).toBe('terrain');
    expect(documentBaseName('/home/me/My map.v2.faultline')).toBe('My map.v2');
    expect(documentBaseName('a:b?.png')).toBe('a_b_');
  });
});
