import { describe, expect, it } from 'vitest';
import { MAX_STACK_DATA_BYTES, type Layer, type StampLayer } from '../../shared/layers/types';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from './inProcessTransport';
import { TerrainJobs } from './terrainJobs';

describe("the one limit of a stack's data, at edit time", () => {
  it('an edit that would take the layers past 1 GiB of data is refused when made (so every stack can be saved); the document is unchanged', async () => {
    const editor = new Editor(createDocument(createHeightfield(65, 65, 2)));
    const jobs = new TerrainJobs(editor, createInProcessTransport());
    // The largest stamp image (4097²), one array shared by every stamp: the stack counts 64 MiB a stamp.
    const side = 4097;
    const image = { width: side, depth: side, values: new Float32Array(side * side) };
    const stamp = (n: number): StampLayer => ({
      id: `s${n}`,
      name: `Stamp ${n}`,
      enabled: true,
      opacity: 1,
      kind: 'stamp',
      params: { x: 0, z: 0, rotationDeg: 0, size: 40, height: 5, blend: 'add', falloff: 0.2 },
      image,
    });
    const fits = Math.floor(MAX_STACK_DATA_BYTES / image.values.byteLength); // 15 stamps
    const allowed: Layer[] = Array.from({ length: fits }, (_, n) => stamp(n));
    expect(await jobs.applyStack(allowed, 'Stamps')).toBe('done');
    const before = editor.document;
    expect(await jobs.applyStack([...allowed, stamp(fits)], 'Stamp')).toBe('failed');
    expect(jobs.store.getState().lastMessage).toMatch(
      /^Stamp: the layers would store 1,024\.\d+ MiB of masks, sculpting, stamp images and heights layers, more than the 1,024 MiB a stack may hold/,
    );
    expect(editor.document).toBe(before);
  });
});
