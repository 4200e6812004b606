import { describe, expect, it } from 'vitest';
import { ByteWriter, encodeUtf8 } from './bytes';
import { crc32 } from './checksums';
import { CodecError } from './errors';
import { compileProject, parseProject, type ProjectDocument } from './project';
import { compileLayerEntries } from './projectLayers';
import { evaluateStack } from '../layers/evaluate';
import { everyKindStack, SIZE } from '../layers/testing/stacks';
import type { Layer } from '../layers/types';
import { stackProblem } from '../layers/validate';
import { createHeightfield } from '../terrain/heightfield';

let heights: Float32Array | null = null;
/** A project of everyKindStack() and its heights (evaluated once). */
function document(): ProjectDocument {
  heights ??= evaluateStack(everyKindStack(), SIZE)!;
  return {
    field: createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize, heights.slice()),
    recipe: null,
    history: [],
    props: [],
    view: {},
    layers: everyKindStack(),
  };
}

/** A v2 project with these LAYR / LBIN contents (the JSON and heights of a good one). */
function withLayerEntries(layersJson: string, data: Uint8Array): Uint8Array {
  const good = compileProject({ ...document(), layers: undefined });
  const out = new ByteWriter(good.length + layersJson.length * 3 + data.length + 64);
  out.bytes(good.subarray(0, 12));
  out.u32le(4);
  out.bytes(good.subarray(16));
  for (const [tag, bytes] of [
    ['LAYR', encodeUtf8(layersJson)],
    ['LBIN', data],
  ] as const) {
    out.ascii(tag);
    out.u32le(0);
    out.u32le(bytes.length);
    out.u32le(bytes.length);
    out.bytes(bytes);
    out.u32le(crc32(bytes));
  }
  return out.finish();
}

function validEntries(): { json: Record<string, unknown> & { layers: Record<string, unknown>[] }; data: Uint8Array } {
  const { json, data } = compileLayerEntries(everyKindStack());
  return { json: JSON.parse(new TextDecoder().decode(json)) as { layers: Record<string, unknown>[] }, data };
}

describe('the layer stack in a project', () => {
  it('is saved and read back exactly, stored or compressed, and its evaluation is the saved heights', () => {
    const doc = document();
    for (const compress of [false, true]) {
      const read = parseProject(compileProject(doc, { compress }), 'stack.faultline');
      expect(read.layerStatus).toEqual({ origin: 'saved', problem: null, version: 2 });
      expect(read.layers).toEqual(doc.layers);
      expect(evaluateStack(read.layers!, read.field)).toEqual(doc.field.heights);
    }
  });

  it('a stack that is not valid is refused by the writer, naming the layer', () => {
    const stack = everyKindStack();
    stack[3] = { ...stack[3], params: { ...(stack[3].params as object), droplets: -1 } } as Layer;
    expect(() => compileProject({ ...document(), layers: stack })).toThrow(/cannot be saved: its layer 4 "erosion" \(hydraulic\): droplets/);
  });

  const cases: [string, (e: ReturnType<typeof validEntries>) => void, RegExp][] = [
    ['an unknown layer kind', (e) => void (e.json.layers[2].kind = 'pipe'), /layer 3 "Manual faults" \(pipe\): unknown layer kind "pipe"/],
    [
      'a parameter that is not a number',
      (e) => void ((e.json.layers[5].params as Record<string, unknown>).k = 'NaN'),
      /layer 6 "smooth" \(smooth\): smoothing strength/,
    ],
    [
      'an infinite parameter',
      (e) => void ((e.json.layers[0].params as Record<string, unknown>).seed = '__INF__'),
      /layer 1 "Faults" \(faults\): seed must be a number/,
    ],
    [
      'a painted mask of the wrong size',
      (e) => {
        const mask = e.json.layers[10].mask as { blob: number };
        const blobs = e.json.blobs as number[];
        const before = blobs.slice(0, mask.blob).reduce((a, b) => a + b, 0);
        blobs[mask.blob] -= 5;
        e.data = new Uint8Array([...e.data.subarray(0, before * 4), ...e.data.subarray((before + 5) * 4)]);
      },
      /layer 11 "hills" \(stamp\): painted mask holds 6882 values, it needs 6887/,
    ],
    ['100,000 layers', (e) => void (e.json.layers = Array.from({ length: 100_000 }, () => ({ kind: 'smooth' }))), /more than 256 layers/],
    [
      'a stamp image that is not a heightmap',
      (e) => {
        const blobs = e.json.blobs as number[];
        const image = (e.json.layers[8].data as { image: { blob: number } }).image;
        const at = blobs.slice(0, image.blob).reduce((a, b) => a + b, 0) + 3;
        new DataView(e.data.buffer).setFloat32(at * 4, Number.NaN, true);
      },
      /layer 9 "stamp" \(stamp\): image is not a heightmap: value 3 is NaN/,
    ],
    // Issue 38: a faults layer the recipe bounds refuse was read, and could then never be saved.
    [
      'a fractional seed',
      (e) => void ((e.json.layers[0].params as Record<string, unknown>).seed = -5.5),
      /layer 1 "Faults" \(faults\): seed is -5\.5, not a whole number from 0 to 4294967295/,
    ],
    [
      'a seed beyond 2³² − 1',
      (e) => void ((e.json.layers[0].params as Record<string, unknown>).seed = 4294967296),
      /layer 1 "Faults" \(faults\): seed is 4294967296/,
    ],
    [
      'decay.n of 10⁷',
      (e) => void ((e.json.layers[0].params as { decay: Record<string, unknown> }).decay.n = 1e7),
      /layer 1 "Faults" \(faults\): decay\.n is 10000000/,
    ],
    [
      'a displacement of 1e308',
      (e) => void ((e.json.layers[0].params as { decay: Record<string, unknown> }).decay.disp0 = 1e308),
      /layer 1 "Faults" \(faults\): decay\.disp0 is 1e\+308/,
    ],
    [
      'a name with an ANSI escape',
      (e) => void (e.json.layers[1].name = 'x\u001b[2J'),
      /^layer 2 "x\\u\{1b\}\[2J" \(heights\): name must not hold control characters/,
    ],
    ['an empty name', (e) => void (e.json.layers[1].name = ''), /^layer 2 "import" \(heights\): name must not be empty/],
    ['a duplicate id', (e) => void (e.json.layers[4].id = 'faults'), /layer 5 "talus" \(thermal\): id "faults" is used by another layer/],
    ['data the stack does not describe', (e) => void (e.data = e.data.subarray(4)), /^the layer data declares ([\d,]+) bytes, its stack needs ([\d,]+)$/],
    ['text that is not JSON', (e) => void (e.json = '{"layers": [' as unknown as typeof e.json), /not valid JSON/],
  ];
  for (const [what, spoil, message] of cases) {
    it(`${what}: the file opens as its saved heights, and the problem names the layer`, () => {
      const entries = validEntries();
      spoil(entries);
      // 1e999 is valid JSON that parses to Infinity.
      const text = (typeof entries.json === 'string' ? entries.json : JSON.stringify(entries.json)).replace('"__INF__"', '1e999');
      const started = performance.now();
      const read = parseProject(withLayerEntries(text, entries.data), 'bad.faultline');
      expect(performance.now() - started).toBeLessThan(5000);
      expect(read.layerStatus?.origin).toBe('heights');
      expect(read.layerStatus?.problem).toMatch(message);
      expect(read.layers!.map((layer) => layer.kind)).toEqual(['heights']);
      expect(read.field.heights).toEqual(document().field.heights);
      // What opens can be saved again (the window never holds a stack its save refuses).
      expect(parseProject(compileProject(read), 'again.faultline').layerStatus?.origin).toBe('saved');
    });
  }

  it('the writer refuses a stack whose LAYR JSON a reader would refuse (more than 32 MiB of params), naming the limit', { timeout: 30_000 }, () => {
    // 32 layers of 10,000 manual faults with full-precision coordinates: about 35 MB of JSON, each layer valid.
    const faults = Array.from({ length: 10_000 }, (_, k) => ({
      x1: -12.345678901234567 - k,
      z1: 23.45678901234567,
      x2: 34.56789012345678 + k,
      z2: -45.67890123456789,
      displacement: 0.1234567890123456,
    }));
    const stack: Layer[] = Array.from({ length: 32 }, (_, n) => ({
      id: `m${n}`,
      name: `Faults ${n}`,
      enabled: true,
      opacity: 1,
      kind: 'manualFaults',
      params: { faults },
    }));
    expect(stackProblem(stack, SIZE)).toBeNull();
    const field = createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize);
    expect(() => compileProject({ field, recipe: null, history: [], props: [], view: {}, layers: stack }, {}, 'big.faultline')).toThrow(
      /^big\.faultline: cannot be saved: the layer stack is [\d.]+ MiB, more than the 32\.0 MiB allowed$/,
    );
  });

  it('a v2 project without layers opens as its heights; damaged layer entries still fail like any damage', () => {
    const bare = parseProject(compileProject({ ...document(), layers: undefined }), 'bare.faultline');
    expect(bare.layerStatus).toMatchObject({ origin: 'heights', problem: 'it has no layer stack' });
    const bytes = compileProject(document());
    bytes[bytes.length - 10] ^= 1;
    expect(() => parseProject(bytes, 'crc.faultline')).toThrow(CodecError);
  });
});
