import { describe, expect, it } from 'vitest';
import { CLIMATE_LOOKS } from '../../shared/ground/climate';
import { decodePng } from '../../shared/codecs/png/decode';
import { compilePngHeightmap } from '../../shared/codecs/png-heightmap';
import { compileR32 } from '../../shared/codecs/raw';
import { compileProject } from '../../shared/codecs/project';
import { createHeightfield, heightRange, type Heightfield } from '../../shared/terrain/heightfield';
import { erosionCoverBytes } from '../../shared/erosion/cover';
import { hydraulicErosion } from '../../shared/erosion/hydraulic';
import { DEFAULT_HYDRAULIC } from '../../shared/erosion/params';
import { DEFAULT_FLUVIAL } from '../../shared/erosion/fluvialParams';
import type { Layer } from '../../shared/layers/types';
import { parseMaskSet } from '../../shared/export/masks';
import { buildEngineExport } from '../../shared/export/engineExport';
import { runCli } from './cli';
import type { CliIo } from './io';

interface FakeIo extends CliIo {
  out: string;
  err: string;
  files: Map<string, Uint8Array>;
  folders: string[];
}

function fakeIo(initial: Record<string, Uint8Array> = {}): FakeIo {
  const io: FakeIo = {
    out: '',
    err: '',
    files: new Map(Object.entries(initial)),
    folders: [],
    stdout: (s) => void (io.out += s),
    stderr: (s) => void (io.err += s),
    writeFile: async (path, data) => void io.files.set(path, data.slice()),
    readFile: async (path) => {
      const bytes = io.files.get(path);
      if (!bytes) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
      return bytes;
    },
    makeDirectory: async (path) => void io.folders.push(path),
  };
  return io;
}

function terrain(width: number, depth: number, cellSize: number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) field.heights[j * width + i] = 20 + 15 * Math.sin(i / 7) * Math.cos(j / 5);
  return field;
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('faultline export --preset', () => {
  it('unreal: writes the PNG and NAME.unreal.json into DIR and prints the values to type', async () => {
    const field = terrain(129, 129, 2);
    const io = fakeIo({ 'in/map.png': compilePngHeightmap(field) });
    expect(await runCli(['export', 'in/map.png', '--preset', 'unreal', '--out', 'out/ue/'], io)).toBe(0);
    expect(io.err).toBe('');
    expect(io.folders).toEqual(['out/ue/']);
    expect([...io.files.keys()].filter((k) => k.startsWith('out/'))).toEqual(['out/ue/map.png', 'out/ue/map.unreal.json']);
    const info = JSON.parse(text(io.files.get('out/ue/map.unreal.json'))) as Record<string, number>;
    // Heights of the input PNG are 16-bit samples of its own range; the export range is that of the decoded map.
    expect(info.size).toBe(127);
    expect(info.scaleX).toBeCloseTo((256 * 100) / 126, 9);
    expect(io.out).toContain('Unreal Engine 5 import values:');
    expect(io.out).toMatch(/Scale Z: [\d.]+ cm/);
    expect(decodePng(io.files.get('out/ue/map.png')!, 'map.png').width).toBe(127);
  });

  it('unity with masks from a rules file and synthetic erosion flow', async () => {
    const field = terrain(65, 65, 1);
    const flow = createHeightfield(65, 65, 1);
    for (let j = 0; j < 65; j++) flow.heights[j * 65 + 32] = 10; // a river down the middle column
    const rules = { layers: [{ name: 'ground' }, { name: 'river', rules: [{ source: 'flow', min: 0.5 }] }] };
    const io = fakeIo({ 'm.r32': compileR32(field), 'rules.json': new TextEncoder().encode(JSON.stringify(rules)), 'flow.r32': compileR32(flow) });
    const code = await runCli(['export', 'm.r32', '--preset', 'unity', '--out', 'u', '--name', 'isle', '--masks', 'rules.json', '--flow', 'flow.r32'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    expect([...io.files.keys()].filter((k) => k.startsWith('u/'))).toEqual(['u/isle.raw', 'u/isle_splat0.png', 'u/isle.unity.json']);
    const river = decodePng(io.files.get('u/isle_splat0.png')!, 's.png', { channel: 'g' });
    expect([river.width, river.height]).toEqual([64, 64]);
    // Alphamap texels straddle the river column (x = 31.5 … 32.5 of 64): they are half river.
    expect(river.samples[10 * 64 + 31]).toBeGreaterThan(100);
    expect(river.samples[10 * 64 + 5]).toBe(0);
    const info = JSON.parse(text(io.files.get('u/isle.unity.json'))) as Record<string, number>;
    const { max } = heightRange(field.heights);
    // Unity reads a sample as s / 65536 of the height (TerrainWizards.cs): the top sample 65535 is the map's max.
    expect(info.positionY + (65535 / 65536) * info.height).toBeCloseTo(max, 6);
    expect(info.alphamapResolution).toBe(64);
    // The "wrote" line gives each file's own size: the alphamap is 64², not the heightmap's 65².
    expect(io.out).toContain('wrote u/isle_splat0.png (64×64, splatmap ground+river)');
    expect(io.out).toContain('wrote u/isle.raw (65×65, heightmap)');
  });

  it('erosion results from --flow/--deposition give the masks the editor exports from its bytes (resampled and cropped)', async () => {
    const field = terrain(65, 65, 1);
    const eroded = createHeightfield(65, 65, 1, field.heights.slice());
    const masks = { flow: new Float32Array(65 * 65), deposition: new Float32Array(65 * 65) };
    expect(hydraulicErosion(eroded, { ...DEFAULT_HYDRAULIC, droplets: 3000, seed: 5 }, { masks })).toBe(true);
    const rules = {
      layers: [
        { name: 'grass' },
        { name: 'wet', rules: [{ source: 'flow', min: 0.3, softness: 0.2 }] },
        { name: 'sediment', rules: [{ source: 'deposition', min: 0.1, softness: 0.06 }] },
      ],
    };
    const r32 = (values: Float32Array) => compileR32(createHeightfield(65, 65, 1, values));
    for (const fit of ['resample', 'crop'] as const) {
      const io = fakeIo({
        'm.r32': compileR32(eroded),
        'rules.json': new TextEncoder().encode(JSON.stringify(rules)),
        'f.r32': r32(masks.flow),
        'd.r32': r32(masks.deposition),
      });
      const args = [
        'export',
        'm.r32',
        '--preset',
        'unreal',
        '--out',
        'o',
        '--name',
        't',
        '--masks',
        'rules.json',
        '--flow',
        'f.r32',
        '--deposition',
        'd.r32',
        '--fit',
        fit,
      ];
      expect(await runCli(fit === 'crop' ? [...args, '--resolution', '63'] : args, io)).toBe(0);
      const editor = buildEngineExport(
        eroded,
        { engineId: 'unreal', name: 't', fit, ...(fit === 'crop' && { size: 63 }), masks: parseMaskSet(rules, ['flow', 'deposition']) },
        erosionCoverBytes(masks),
      );
      for (const layer of ['wet', 'sediment']) {
        const name = `t_${layer}.png`;
        const cli = decodePng(io.files.get(`o/${name}`)!, name).samples;
        const app = decodePng(editor.files.find((file) => file.name === name)!.bytes, name).samples;
        expect(
          cli.some((v) => v > 0),
          `${fit} ${layer}`,
        ).toBe(true);
        expect(Array.from(cli), `${fit} ${layer}`).toEqual(Array.from(app));
      }
    }
  });

  it('writes nothing when one of the files cannot be written, and names that file', async () => {
    const field = terrain(65, 65, 1);
    const rules = { layers: [{ name: 'grass' }, { name: 'snow', rules: [{ source: 'height', min: 60 }] }] };
    const io = fakeIo({ 'in.r32': compileR32(field), 'rules.json': new TextEncoder().encode(JSON.stringify(rules)) });
    io.writeFiles = async (files) => {
      const blocked = files.find((f) => f.path === 'o/in_snow.png');
      if (blocked) throw new Error(`cannot write ${blocked.path}: a folder of that name is in the way`);
      for (const f of files) io.files.set(f.path, f.bytes);
    };
    expect(await runCli(['export', 'in.r32', '--preset', 'unreal', '--masks', 'rules.json', '--out', 'o'], io)).toBe(1);
    expect(io.err).toBe('faultline export: cannot write o/in_snow.png: a folder of that name is in the way\n');
    expect([...io.files.keys()].filter((k) => k.startsWith('o/'))).toEqual([]);
  });

  it('refuses up front an export the machine cannot hold: exit 1, the figure named, nothing created or written', async () => {
    const field = terrain(129, 129, 2);
    const rules = { layers: [{ name: 'grass' }, { name: 'rock', rules: [{ source: 'slope', min: 30 }] }] };
    const io = fakeIo({ 'in.r32': compileR32(field), 'rules.json': new TextEncoder().encode(JSON.stringify(rules)) });
    // 8129² resampled from a 129² map with 2 layers: 64 MiB + 4 × 129² + 9 × 8129² bytes ≈ 0.7 GB.
    io.availableMemory = () => 500e6;
    expect(await runCli(['export', 'in.r32', '--preset', 'unreal', '--resolution', '8129', '--masks', 'rules.json', '--out', 'o'], io)).toBe(1);
    expect(io.err).toBe(
      'faultline export: the Unreal Engine 5 export (8129 × 8129, 2 mask layers) needs about 0.7 GB of memory and 0.5 GB is available: choose a ' +
        'smaller resolution, or close other programs and export again; nothing was written\n',
    );
    expect(io.folders).toEqual([]);
    expect([...io.files.keys()].filter((k) => k.startsWith('o'))).toEqual([]);
    // The same export at the map's own size fits.
    expect(await runCli(['export', 'in.r32', '--preset', 'unreal', '--masks', 'rules.json', '--out', 'o'], io)).toBe(0);
  });

  it('refuses up front a heightmap, mesh or tiled export the machine cannot hold, with the engine refusal’s exit code and words', async () => {
    const io = fakeIo({ 'big.r32': compileR32(terrain(1025, 1025, 2)), 'in.r32': compileR32(terrain(65, 65, 2)) });
    // GLB: 64 MiB + (4 + 96) B × 1025² ≈ 0.2 GB.
    io.availableMemory = () => 100e6;
    expect(await runCli(['export', 'big.r32', '--out', 'big.glb'], io)).toBe(1);
    expect(io.err).toBe(
      'faultline export: the Binary glTF mesh (.glb) export (1025 × 1025) needs about 0.2 GB of memory and 0.1 GB is available: choose a smaller ' +
        'resolution, or close other programs and export again; nothing was written\n',
    );
    expect(io.files.has('big.glb')).toBe(false);
    io.err = '';
    // Tiles: the map, one tile cut and encoded, and every tile's file held until all are written.
    io.availableMemory = () => 10e6;
    expect(await runCli(['export', 'in.r32', '--out', 't.png', '--tile-size', '33'], io)).toBe(1);
    expect(io.err).toMatch(
      new RegExp(
        String.raw`^faultline export: the PNG 16-bit grayscale export \(65 × 65 in tiles of 33 × 33\) needs about 0\.1 GB of memory ` +
          String.raw`and 0\.1 GB is available: .*; nothing was written\n$`,
      ),
    );
    expect([...io.files.keys()].filter((k) => k.startsWith('t_'))).toEqual([]);
    // With the memory there, the same exports are written.
    io.availableMemory = () => 4e9;
    expect(await runCli(['export', 'in.r32', '--out', 't.png', '--tile-size', '33'], io)).toBe(0);
    expect(await runCli(['export', 'in.r32', '--out', 'small.glb'], io)).toBe(0);
    expect(io.files.has('small.glb')).toBe(true);
  });

  it('godot presets: EXR by default, R16 on request, HTerrain .raw', async () => {
    const field = terrain(40, 33, 1);
    const io = fakeIo({ 'g.r32': compileR32(field) });
    expect(await runCli(['export', 'g.r32', '--size', '40', '--depth', '33', '--preset', 'godot-terrain3d', '--out', 'g'], io)).toBe(0);
    expect(io.files.has('g/g.exr')).toBe(true);
    expect(await runCli(['export', 'g.r32', '--size', '40', '--depth', '33', '--preset', 'godot-hterrain', '--height-format', 'r16', '--out', 'h'], io)).toBe(
      0,
    );
    // HTerrain's smallest resolution is 65 (hterrain_data.gd): a 40 × 33 map goes up to it.
    expect(io.files.get('h/g.raw')?.length).toBe(65 * 65 * 2);
    expect(JSON.parse(text(io.files.get('h/g.hterrain.json'))).resolution).toBe(65);
  });

  it('refuses bad combinations before reading anything, and reports bad rule files', async () => {
    const io = fakeIo({
      'm.r32': compileR32(terrain(33, 33, 1)),
      'bad.json': new TextEncoder().encode('{"layers":[{"name":"x","rules":[{"source":"flow"}]}]}'),
    });
    const usage = async (args: string[], message: RegExp) => {
      io.err = '';
      expect(await runCli(['export', 'm.r32', ...args], io)).toBe(2);
      expect(io.err).toMatch(message);
    };
    await usage(['--preset', 'cryengine', '--out', 'd'], /--preset must be unreal or unity or godot-terrain3d or godot-hterrain/);
    await usage(['--preset', 'unreal', '--out', 'd', '--bits', '8'], /--bits is not used with --preset/);
    await usage(['--out', 'x.png', '--resolution', '127'], /--resolution needs --preset/);
    await usage(['--preset', 'unreal', '--out', 'd', '--height-format', 'exr'], /for the Godot presets/);
    await usage(['--out', 'x.r16', '--normal-map', 'tangent'], /writes a PNG/);
    await usage(['--preset', 'unreal', '--out', 'd', '--crop-origin', '1:1'], /needs --fit crop/);
    // Bad arguments exit 2, as the docs say: a size the engine does not take, a resolution or an overlap an engine ignores.
    await usage(['--preset', 'unity', '--out', 'd', '--resolution', '1000'], /--resolution: 1000 is not a size Unity 6 accepts/);
    await usage(['--preset', 'godot-hterrain', '--out', 'd', '--resolution', '33'], /--resolution: 33 is not a size .*\(65, 129/);
    await usage(['--preset', 'godot-terrain3d', '--out', 'd', '--resolution', '129'], /--resolution is not used with --preset godot-terrain3d/);
    await usage(['--preset', 'unreal', '--out', 'd', '--tile-size', '64', '--tile-overlap', '1'], /--tile-overlap is not used with --preset unreal/);
    io.err = '';
    expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--out', 'd', '--masks', 'bad.json'], io)).toBe(1);
    expect(io.err).toMatch(/^faultline export: bad\.json: layers\[0\]\.rules\[0\]\.source flow needs erosion results/);
    io.err = '';
    expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--out', 'd', '--resolution', '505', '--fit', 'crop'], io)).toBe(1);
    expect(io.err).toMatch(/does not fit/);
    expect([...io.files.keys()].some((k) => k.startsWith('d/'))).toBe(false);
  });
});

describe('faultline export --normalise', () => {
  /** A small deterministic generator (mulberry32), so the random rule set is the same every run. */
  function random(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** Six layers, each with one to three overlapping soft rules on the terrain's own sources. */
  function randomRules(seed: number) {
    const next = random(seed);
    const span: Record<string, [number, number]> = { height: [5, 35], slope: [0, 30], curvature: [-0.3, 0.3], aspect: [0, 360], cavity: [-0.5, 0.5] };
    const sources = Object.keys(span);
    return {
      layers: Array.from({ length: 6 }, (_, l) => ({
        name: `layer${l}`,
        rules:
          l === 0
            ? []
            : Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
                const source = sources[Math.floor(next() * sources.length)];
                const [lo, hi] = span[source];
                const a = lo + next() * (hi - lo);
                const b = lo + next() * (hi - lo);
                return {
                  source,
                  min: source === 'aspect' ? a : Math.min(a, b),
                  max: source === 'aspect' ? b : Math.max(a, b),
                  softness: next() * (hi - lo) * 0.3,
                };
              }),
      })),
    };
  }

  it('the weight maps of a random overlapping rule set sum to 255 at every pixel (Unreal layers, Unity splats)', async () => {
    const field = terrain(65, 65, 1);
    for (const seed of [1, 2, 3]) {
      const io = fakeIo({ 'm.r32': compileR32(field), 'rules.json': new TextEncoder().encode(JSON.stringify(randomRules(seed))) });
      expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--out', 'ue', '--name', 't', '--masks', 'rules.json', '--normalise'], io)).toBe(0);
      expect(io.out).toContain('weights normalised: the layers sum to 255 at every pixel');
      const layers = Array.from({ length: 6 }, (_, l) => decodePng(io.files.get(`ue/t_layer${l}.png`)!, 'w.png').samples);
      let partial = 0;
      for (let k = 0; k < layers[0].length; k++) {
        const values = layers.map((layer) => layer[k]);
        expect(values.reduce((a, b) => a + b, 0)).toBe(255);
        if (values.filter((v) => v > 0).length > 1) partial++;
      }
      // The rules overlap: many pixels are shared between layers, not one layer each.
      expect(partial).toBeGreaterThan(100);
      const unity = fakeIo({ 'm.r32': compileR32(field), 'rules.json': new TextEncoder().encode(JSON.stringify(randomRules(seed))) });
      expect(await runCli(['export', 'm.r32', '--preset', 'unity', '--out', 'u', '--name', 't', '--masks', 'rules.json', '--normalise'], unity)).toBe(0);
      const channels = ['u/t_splat0.png', 'u/t_splat1.png'].flatMap((name) =>
        (['r', 'g', 'b', 'a'] as const).map((channel) => decodePng(unity.files.get(name)!, 's.png', { channel }).samples),
      );
      for (let k = 0; k < channels[0].length; k++) expect(channels.reduce((sum, c) => sum + c[k], 0)).toBe(255);
    }
  });

  it('needs --masks and --preset', async () => {
    const io = fakeIo({ 'm.r32': compileR32(terrain(33, 33, 1)) });
    expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--out', 'd', '--normalise'], io)).toBe(2);
    expect(io.err).toMatch(/--normalise needs --masks/);
    io.err = '';
    expect(await runCli(['export', 'm.r32', '--out', 'x.png', '--normalise'], io)).toBe(2);
    expect(io.err).toMatch(/--normalise needs --preset/);
  });
});

describe('faultline export --colour-map', () => {
  // The temperate climate's grass and snow colours, sRGB (shared/ground/climate.ts).
  const MEADOW = [...CLIMATE_LOOKS.temperate.srgb.grass];
  const SNOW = [...CLIMATE_LOOKS.temperate.srgb.snow];
  const rgbAt = (bytes: Uint8Array, k: number) => (['r', 'g', 'b'] as const).map((channel) => decodePng(bytes, 'c.png', { channel }).samples[k]);

  it('writes the natural colours as an sRGB PNG at the map size, read against --tree-line/--snow-line', async () => {
    const flat = createHeightfield(17, 9, 1);
    flat.heights.fill(100);
    const io = fakeIo({ 'm.r32': compileR32(flat) });
    // The default lines (200 m, 350 m) put 100 m in the lowland greens (not the lowest stop): lines well above it give meadow.
    expect(
      await runCli(['export', 'm.r32', '--size', '17', '--depth', '9', '--out', 'c.png', '--colour-map', '--tree-line', '1000', '--snow-line', '1200'], io),
    ).toBe(0);
    expect(io.err).toBe('');
    const png = decodePng(io.files.get('c.png')!, 'c.png', { channel: 'r' });
    expect([png.width, png.height, png.bitDepth]).toEqual([17, 9, 8]);
    expect(rgbAt(io.files.get('c.png')!, 40)).toEqual(MEADOW);
    expect(io.out).toContain('sRGB colour map, tree line 1000 m, snow line 1200 m');
    // Lines below the ground: snow.
    expect(
      await runCli(['export', 'm.r32', '--size', '17', '--depth', '9', '--out', 's.png', '--colour-map', '--tree-line', '-50', '--snow-line', '0'], io),
    ).toBe(0);
    expect(rgbAt(io.files.get('s.png')!, 40)).toEqual(SNOW);
    // Tiles cut from the whole map's colours.
    expect(await runCli(['export', 'm.r32', '--size', '17', '--depth', '9', '--out', 't/c.png', '--colour-map', '--tile-size', '9'], io)).toBe(0);
    expect([...io.files.keys()].filter((k) => k.startsWith('t/'))).toEqual(['t/c_x0_y0.png', 't/c_x1_y0.png']);
  });

  it("reads a project's View tree and snow lines unless the options give them", async () => {
    const flat = createHeightfield(9, 9, 1);
    flat.heights.fill(100);
    // Lines below the ground in the project's view: snow.
    const project = compileProject({ field: flat, recipe: null, history: [], props: [], view: { treeLine: -50, snowLine: 0 } });
    const io = fakeIo({ 'm.faultline': project });
    expect(await runCli(['export', 'm.faultline', '--out', 'c.png', '--colour-map'], io)).toBe(0);
    expect(io.out).toContain('tree line -50 m, snow line 0 m');
    expect(rgbAt(io.files.get('c.png')!, 40)).toEqual(SNOW);
    expect(await runCli(['export', 'm.faultline', '--out', 'd.png', '--colour-map', '--tree-line', '1000', '--snow-line', '1200'], io)).toBe(0);
    expect(rgbAt(io.files.get('d.png')!, 40)).toEqual(MEADOW);
    // A desert project (a Canyons or Mesas Run sets it): flat ground is the desert's ochre, banded, never snow.
    const desert = compileProject({ field: flat, recipe: null, history: [], props: [], view: { treeLine: -50, snowLine: 0, climate: 'desert' } });
    const dio = fakeIo({ 'm.faultline': desert });
    expect(await runCli(['export', 'm.faultline', '--out', 'e.png', '--colour-map'], dio)).toBe(0);
    const [r, g, b] = rgbAt(dio.files.get('e.png')!, 40);
    const reds = [CLIMATE_LOOKS.desert.srgb.dirt, ...CLIMATE_LOOKS.desert.bands.beds.map((bed) => bed.srgb)];
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
    expect(r).toBeGreaterThanOrEqual(Math.min(...reds.map((c) => c[0])));
    expect(r).toBeLessThanOrEqual(Math.max(...reds.map((c) => c[0])));
  });

  it("paints rock in a project's own beds: its fluvial layer's strata, hard beds in the hard colour", async () => {
    // A 72° face (3 m per metre along x: all rock) from 52 to 148 m, in beds of 10 m shale and 10 m sandstone 20× as hard from 0 m.
    const face = createHeightfield(33, 3, 1);
    for (let j = 0; j < 3; j++) for (let i = 0; i < 33; i++) face.heights[j * 33 + i] = 100 + 3 * (i - 16);
    const strata = {
      beds: [
        { thickness: 10, hardness: 1 },
        { thickness: 10, hardness: 20 },
      ],
      base: 0,
      dipDeg: 0,
      dipAzimuthDeg: 0,
    };
    const layers: Layer[] = [
      { id: 'heights-1', name: 'Face', kind: 'heights', enabled: true, opacity: 1, params: {}, heights: face.heights.slice() },
      { id: 'fluvial-1', name: 'Fluvial', kind: 'fluvial', enabled: true, opacity: 1, params: { ...DEFAULT_FLUVIAL, strata } },
    ];
    const view = { treeLine: 2500, snowLine: 5000, climate: 'desert' };
    const io = fakeIo({ 'm.faultline': compileProject({ field: face, recipe: null, history: [], props: [], view, layers }) });
    expect(await runCli(['export', 'm.faultline', '--out', 'c.png', '--colour-map'], io)).toBe(0);
    const { soft, hard } = CLIMATE_LOOKS.desert.bedColours;
    // Vertex i is at 52 + 3i m, in the 20 m column at (52 + 3i) mod 20: i = 1 (15 m), 2 (18 m) sandstone;
    // i = 3 (1 m), 5 (7 m) shale; i = 8 (16 m) sandstone; i = 10 (2 m) shale.
    for (const [i, bed] of [
      [1, hard],
      [2, hard],
      [3, soft],
      [5, soft],
      [8, hard],
      [10, soft],
    ] as const)
      expect(rgbAt(io.files.get('c.png')!, 33 + i), `vertex ${i}`).toEqual([...bed]);
  });

  it('with --preset adds NAME_colour.png at the exported size, beside the heightmap', async () => {
    const io = fakeIo({ 'm.r32': compileR32(terrain(65, 65, 1)) });
    expect(await runCli(['export', 'm.r32', '--preset', 'unreal', '--out', 'ue', '--name', 't', '--colour-map', '--normal-map', 'tangent'], io)).toBe(0);
    expect(io.err).toBe('');
    const png = decodePng(io.files.get('ue/t_colour.png')!, 'c.png', { channel: 'g' });
    const heights = decodePng(io.files.get('ue/t.png')!, 'h.png');
    expect([png.width, png.height]).toEqual([heights.width, heights.height]);
    expect(io.out).toContain(`wrote ue/t_colour.png (${heights.width}×${heights.height}, colourmap)`);
  });

  it('refuses what it cannot do', async () => {
    const io = fakeIo({ 'm.r32': compileR32(terrain(33, 33, 1)) });
    const usage = async (args: string[], message: RegExp) => {
      io.err = '';
      expect(await runCli(['export', 'm.r32', ...args], io)).toBe(2);
      expect(io.err).toMatch(message);
    };
    await usage(['--out', 'c.r16', '--colour-map'], /--colour-map writes a PNG/);
    await usage(['--out', 'c.png', '--colour-map', '--normal-map', 'tangent'], /give one/);
    await usage(['--out', 'c.png', '--snow-line', '300'], /--snow-line needs --colour-map/);
  });
});

describe('faultline export: tiles, normal maps, EXR', () => {
  it('cuts tiles NAME_x{X}_y{Y} sharing edges, all in the whole map’s range', async () => {
    const field = terrain(9, 5, 1);
    const io = fakeIo({ 'm.r32': compileR32(field) });
    expect(await runCli(['export', 'm.r32', '--size', '9', '--depth', '5', '--out', 'tiles/part.png', '--tile-size', '5'], io)).toBe(0);
    expect([...io.files.keys()].filter((k) => k.startsWith('tiles/'))).toEqual(['tiles/part_x0_y0.png', 'tiles/part_x1_y0.png']);
    const left = decodePng(io.files.get('tiles/part_x0_y0.png')!, 'l.png');
    const right = decodePng(io.files.get('tiles/part_x1_y0.png')!, 'r.png');
    const { min, max } = heightRange(field.heights);
    expect([Number(left.text['faultline:heightMin']), Number(right.text['faultline:heightMax'])]).toEqual([min, max]);
    for (let j = 0; j < 5; j++) expect(right.samples[j * 5]).toBe(left.samples[j * 5 + 4]);
  });

  it('writes a normal map and an EXR', async () => {
    const field = terrain(17, 17, 1);
    const io = fakeIo({ 'm.r32': compileR32(field) });
    expect(await runCli(['export', 'm.r32', '--out', 'n.png', '--normal-map', 'tangent', '--normal-green', 'down'], io)).toBe(0);
    expect(decodePng(io.files.get('n.png')!, 'n.png', { channel: 'b' }).colourType).toBe(2);
    expect(io.out).toContain('tangent-space normal map, green down');
    expect(await runCli(['export', 'm.r32', '--out', 'h.exr', '--exr-compression', 'none'], io)).toBe(0);
    expect(io.files.get('h.exr')!.length).toBeGreaterThan(17 * 17 * 4);
  });

  it('documents every option in --help', async () => {
    const io = fakeIo();
    expect(await runCli(['export', '--help'], io)).toBe(0);
    for (const option of [
      '--preset',
      '--resolution',
      '--fit',
      '--crop-origin',
      '--height-format',
      '--masks',
      '--flow',
      '--deposition',
      '--normalise',
      '--colour-map',
      '--tree-line',
      '--snow-line',
      '--normal-map',
      '--normal-green',
      '--tile-size',
      '--tile-overlap',
      '--exr-compression',
      '.exr',
    ]) {
      expect(io.out).toContain(option);
    }
  });
});
