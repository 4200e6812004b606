/**
 * The generated hostile corpus (testing/hostileCorpus.ts) through the codecs: each file is read
 * within bounds or refused with one CodecError line that starts with its name — never another
 * exception (RangeError, stack overflow), never a non-finite height.
 */
import { describe, expect, it } from 'vitest';
import { zlibSync } from 'fflate';
import { CodecError } from './errors';
import { decodePng } from './png/decode';
import { importHeightmap, readHeightmapField } from './import-heightmap';
import { compileProject, parseProject, PROJECT_LIMITS } from './project';
import { compileObj } from './obj';
import { compileGlb } from './glb';
import { PNG_TEXT_LIMITS } from './png/text';
import { createHeightfield, firstNonFiniteHeight } from '../terrain/heightfield';
import { grayPng, hostileCorpus, mutatedCorpus, pngFileBytes, tEXt, type PngChunkSpec } from './testing/hostileCorpus';
import { extensionOf } from './registry';

async function read(bytes: Uint8Array, name: string): Promise<{ heights: Float32Array; text?: Record<string, string>; textOmitted?: number }> {
  if (extensionOf(name) === 'faultline') return { heights: parseProject(bytes, name).field.heights };
  const { decoded, field } = await readHeightmapField(bytes, name);
  return { heights: field.heights, text: decoded.metadata.text, textOmitted: decoded.metadata.textOmitted };
}

/** The outcome of reading: the value, or the CodecError's message; anything else fails the test. */
async function attempt(bytes: Uint8Array, name: string): Promise<Awaited<ReturnType<typeof read>> | string> {
  try {
    return await read(bytes, name);
  } catch (error) {
    if (error instanceof CodecError) return error.message;
    throw new Error(`${name}: expected a CodecError, got ${String(error)}`);
  }
}

describe('hostile corpus through the codecs', () => {
  for (const file of hostileCorpus()) {
    it(`${file.name}: ${file.about}`, { timeout: 20_000 }, async () => {
      const outcome = await attempt(file.bytes(), file.name);
      if (file.refusal) {
        expect(typeof outcome, JSON.stringify(outcome).slice(0, 200)).toBe('string');
        const message = outcome as string;
        expect(message.startsWith(`${file.name}: `)).toBe(true);
        expect(message.slice(file.name.length + 2)).toMatch(file.refusal);
        expect(message).not.toContain('\n');
        return;
      }
      expect(typeof outcome, String(outcome)).toBe('object');
      if (file.stackProblem) {
        // The stack is refused from its JSON alone: its data is never inflated; without the stack nothing of it is read.
        const project = parseProject(file.bytes(), file.name);
        expect(project.layerStatus).toMatchObject({ origin: 'heights', version: 2 });
        expect(project.layerStatus?.problem).toMatch(file.stackProblem);
        expect(parseProject(file.bytes(), file.name, { layers: false }).layerStatus).toBeUndefined();
      }
      const { heights, text, textOmitted } = outcome as Awaited<ReturnType<typeof read>>;
      expect(firstNonFiniteHeight(heights)).toBe(-1);
      // Text is bounded whatever the file holds: the scale keys and a short summary.
      expect(JSON.stringify(text ?? {}).length).toBeLessThan(32 * 1024);
      if (text) expect(text['faultline:heightMax']).toBeDefined();
      if (file.name === 'ztxt-bomb.png' || file.name === 'text-flood.png') expect(textOmitted).toBeGreaterThan(500);
    });
  }

  it('seeded mutations of valid files: each is read or refused with one line naming it', { timeout: 30_000 }, async () => {
    let refused = 0;
    for (const { name, bytes } of mutatedCorpus(7, 1500)) {
      const outcome = await attempt(bytes, name);
      if (typeof outcome === 'string') {
        refused++;
        expect(outcome.startsWith(`${name}: `), outcome).toBe(true);
        expect(outcome).not.toContain('\n');
      } else {
        expect(firstNonFiniteHeight(outcome.heights), name).toBe(-1);
      }
    }
    // The mutations do reach the readers' checks (and some files survive them).
    expect(refused).toBeGreaterThan(500);
    expect(refused).toBeLessThan(1500);
  });
});

describe('PNG text within bounds', () => {
  const png = (text: readonly PngChunkSpec[]) => grayPng(4, 4, text);

  it('keeps every faultline: key however many other text chunks come first, and counts what it leaves out', () => {
    const others = Array.from({ length: 40 }, (_, k) => tEXt(`note${k}`, `text ${k}`));
    const decoded = decodePng(png([...others, tEXt('faultline:heightMin', '-4'), tEXt('faultline:heightMax', '9')]), 'notes.png');
    expect(decoded.text['faultline:heightMin']).toBe('-4');
    expect(decoded.text['faultline:heightMax']).toBe('9');
    expect(Object.keys(decoded.text).filter((k) => k.startsWith('note'))).toHaveLength(PNG_TEXT_LIMITS.otherKeys);
    expect(decoded.textOmitted).toBe(40 - PNG_TEXT_LIMITS.otherKeys);
  });

  it('reads the first PNG_TEXT_LIMITS.chunks other text chunks and the last chunk of each scale key, wherever it is', () => {
    const notes = Array.from({ length: 200 }, (_, k) => tEXt('note', `${k}`));
    const decoded = decodePng(
      png([tEXt('faultline:heightMin', '1'), ...notes, tEXt('faultline:heightMin', '2'), tEXt('faultline:heightMax', '3')]),
      'many.png',
    );
    expect(decoded.text).toEqual({ note: String(PNG_TEXT_LIMITS.chunks - 1), 'faultline:heightMin': '2', 'faultline:heightMax': '3' });
    // The notes past the limit and the overridden heightMin were not read.
    expect(decoded.textOmitted).toBe(200 - PNG_TEXT_LIMITS.chunks + 1);
  });

  it('cuts a long text short (…), ignores a faultline: value that long, and never splits a UTF-8 character', () => {
    const max = PNG_TEXT_LIMITS.chars;
    const longUtf8 = new TextEncoder().encode('⛰'.repeat(max + 10));
    const itxt: PngChunkSpec = ['iTXt', new Uint8Array([...new TextEncoder().encode('Peaks'), 0, 1, 0, 0, 0, ...zlibSync(longUtf8)])];
    const exact: PngChunkSpec = ['iTXt', new Uint8Array([...new TextEncoder().encode('Exact'), 0, 0, 0, 0, 0, ...new TextEncoder().encode('é'.repeat(max))])];
    const decoded = decodePng(png([tEXt('Long', 'x'.repeat(max + 1)), itxt, exact, tEXt('faultline:cellSize', `1${'0'.repeat(max)}`)]), 'long.png');
    expect(decoded.text.Long).toBe(`${'x'.repeat(max)}…`);
    expect(decoded.text.Peaks).toBe(`${'⛰'.repeat(max)}…`);
    expect(decoded.text.Exact).toBe('é'.repeat(max));
    expect(decoded.text['faultline:cellSize']).toBeUndefined();
    expect(decoded.textOmitted).toBe(1);
  });

  it('a keyword "__proto__" is an own entry, not a prototype', () => {
    const decoded = decodePng(png([tEXt('__proto__', 'x')]), 'proto.png');
    expect(Object.getPrototypeOf(decoded.text)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(decoded.text, '__proto__')).toBe(true);
  });

  it('one-byte IDAT chunks decode to the same samples as one chunk', () => {
    const whole = decodePng(grayPng(33, 17, [], 1 << 20), 'whole.png');
    const confetti = decodePng(grayPng(33, 17, [], 1), 'confetti.png');
    expect(Array.from(confetti.samples)).toEqual(Array.from(whole.samples));
  });

  it('still refuses a damaged chunk anywhere, and an IDAT bomb split into tiny chunks', () => {
    const bomb = zlibSync(new Uint8Array(4 * 1024 * 1024), { level: 9 });
    const chunks: PngChunkSpec[] = [['IHDR', new Uint8Array([0, 0, 0, 4, 0, 0, 0, 4, 16, 0, 0, 0, 0])]];
    for (let at = 0; at < bomb.length; at += 3) chunks.push(['IDAT', bomb.subarray(at, at + 3)]);
    chunks.push(['IEND', new Uint8Array(0)]);
    expect(() => decodePng(pngFileBytes(chunks), 'split.png')).toThrow(/^split\.png: holds more image data than its 4 × 4 header declares$/);
  });
});

describe('heights beyond float32', () => {
  it('a range beyond float32 is refused, from the file or from the caller; one the caller overrides is fine', () => {
    const bytes = grayPng(4, 4, [tEXt('faultline:heightMin', '0'), tEXt('faultline:heightMax', '1e39')]);
    expect(() => importHeightmap(bytes, 'big.png')).toThrow(/^big\.png: faultline:heightMax metadata 1e39 is beyond/);
    const field = importHeightmap(bytes, 'big.png', { min: -1, max: 1, preferFileMetadata: false }).field;
    expect(firstNonFiniteHeight(field.heights)).toBe(-1);
    expect(() => importHeightmap(grayPng(4, 4), 'given.png', { min: 0, max: 1e300 })).toThrow(/^given\.png: height range 0\.\.1e\+300 is beyond ±3\.4028e\+38/);
    // The largest float32 itself is still a finite height.
    const edge = importHeightmap(grayPng(4, 4), 'edge.png', { min: -3.4028234663852886e38, max: 3.4028234663852886e38 }).field;
    expect(firstNonFiniteHeight(edge.heights)).toBe(-1);
  });

  it('no writer writes a non-finite height', () => {
    const field = createHeightfield(2, 2, 1, new Float32Array([0, 1, Infinity, 2]));
    expect(() => compileObj(field, undefined, 'x.obj')).toThrow(/^x\.obj: cannot be written: height 2 \(column 0, row 1\) is Infinity$/);
    expect(() => compileGlb(field, {}, 'x.glb')).toThrow(/^x\.glb: cannot be written: height 2/);
    expect(() => createHeightfield(8193, 2, 1e35)).toThrow(/wider than float32 coordinates/);
  });
});

describe('project limits on write', () => {
  const base = () => ({ field: createHeightfield(2, 2, 1), recipe: null, history: [], props: [], view: {} });

  it('refuses to write more props or history steps than a reader accepts', () => {
    const props = Array.from({ length: PROJECT_LIMITS.props + 1 }, () => ({}));
    expect(() => compileProject({ ...base(), props }, {}, 'many.faultline')).toThrow(
      /^many\.faultline: cannot be saved: it has 250,001 props; a project holds at most 250,000 props$/,
    );
    const history = Array.from({ length: PROJECT_LIMITS.historySteps + 1 }, () => ({}));
    expect(() => compileProject({ ...base(), history }, {}, 'long.faultline')).toThrow(/20,001 history steps/);
  });

  it('refuses data nested too deeply (or beyond the stack) with a message naming the file, not a RangeError', () => {
    let deep: Record<string, unknown> = {};
    for (let k = 0; k < 40; k++) deep = { a: deep };
    expect(() => compileProject({ ...base(), view: deep as never }, {}, 'deep.faultline')).toThrow(
      /^deep\.faultline: cannot be saved: project data nests deeper than 32 levels$/,
    );
    let abyss: unknown[] = [];
    for (let k = 0; k < 200_000; k++) abyss = [abyss];
    expect(() => compileProject({ ...base(), view: { a: abyss } as never }, {}, 'abyss.faultline')).toThrow(
      /^abyss\.faultline: cannot be saved: its project data cannot be written as JSON/,
    );
  });

  it('writes and reads back a project at the limits', () => {
    const props = Array.from({ length: 2000 }, (_, k) => ({ id: `p${k}`, type: 'rock', x: k, z: -k, yaw: 0.5, scale: 1 }));
    let nested: Record<string, unknown> = { leaf: true };
    for (let k = 0; k < PROJECT_LIMITS.depth - 2; k++) nested = { a: nested };
    const doc = parseProject(compileProject({ ...base(), props, view: nested as never }, {}, 'ok.faultline'), 'ok.faultline');
    expect(doc.props).toHaveLength(2000);
  });
});
