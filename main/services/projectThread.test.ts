import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodecError } from '../../shared/codecs/errors';
import { compileProject, parseProject, type ProjectDocument } from '../../shared/codecs/project';
import type { ProjectPayload } from '../../shared/ipc/projectContract';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { payloadFromDocument } from './projectCodecIo';
import { inProcessProjectCodec, projectCodecThread } from './projectThread';
import { turnsDuring } from './testing/eventLoopTurns';

const SIDE = 257;
let folder: string;

/** A project with its heights and two heights layers (about 0.8 MB of bulk bytes). */
function document(): ProjectDocument {
  const field = createHeightfield(SIDE, SIDE, 2);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k / 500) * 40;
  const layer = (id: string, scale: number) => ({
    id,
    name: id,
    enabled: true,
    opacity: 1,
    kind: 'heights' as const,
    params: {},
    heights: field.heights.map((h) => h * scale),
  });
  const layers = [layer('a', 1), layer('b', 1)];
  field.heights.set(layers[1].heights);
  return { field, recipe: null, history: [], props: [], view: {}, layers };
}

const copyOf = (payload: ProjectPayload): ProjectPayload => ({
  ...payload,
  heights: payload.heights.slice(),
  ...(payload.layers ? { layers: { ...payload.layers, data: payload.layers.data.slice() } } : {}),
});

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'faultline-project-thread-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("project open and save off main's event loop", () => {
  it(
    "encodes a save in a worker thread: the same bytes, the payload's bulk bytes moved there (not copied), main's loop turning meanwhile",
    { timeout: 30_000 },
    async () => {
      const payload = payloadFromDocument(document());
      const expected = await inProcessProjectCodec.encode(copyOf(payload), 'p.faultline');
      // On this thread the whole encode happens before the first turn of the loop.
      expect((await turnsDuring(() => inProcessProjectCodec.encode(copyOf(payload), 'p.faultline'))).turns).toBe(0);
      const sent = copyOf(payload);
      let bytes: Uint8Array | undefined;
      const { turns } = await turnsDuring(async () => (bytes = await projectCodecThread().encode(sent, 'p.faultline')));
      expect(turns).toBeGreaterThan(0);
      expect(bytes).toEqual(expected);
      // Moved: main's copies are detached.
      expect(sent.heights.byteLength).toBe(0);
      expect(sent.layers!.data.byteLength).toBe(0);
    },
  );

  it('reads a project in a worker thread: the same payload as on this thread; a bad file is the same CodecError', { timeout: 30_000 }, async () => {
    const file = path.join(folder, 'p.faultline');
    await writeFile(file, compileProject(document(), { compress: true }));
    const inThread = await projectCodecThread().read(file);
    const here = await inProcessProjectCodec.read(file);
    expect(inThread).toEqual(here);
    expect(inThread.layers?.origin).toBe('saved');
    const bad = path.join(folder, 'bad.faultline');
    await writeFile(bad, new TextEncoder().encode('FAULTLINE but not a project'));
    const refused = await projectCodecThread()
      .read(bad)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CodecError);
    expect((refused as Error).message).toBe(await inProcessProjectCodec.read(bad).catch((error: Error) => error.message));
  });

  it("an opened stack's layer data goes on as it was read (one array for every blob, no copy)", () => {
    const read = parseProject(compileProject(document(), { compress: true }), 'p.faultline');
    const payload = payloadFromDocument(read);
    const layer = read.layers![0];
    expect(layer.kind).toBe('heights');
    if (layer.kind !== 'heights') return;
    expect(payload.layers!.data.buffer).toBe(layer.heights.buffer);
    expect(payload.heights.buffer).toBe(read.field.heights.buffer);
  });
});
