import { describe, expect, it } from 'vitest';
import { parseProject } from '../../shared/codecs/project';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { FluvialLayer } from '../../shared/layers/types';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

const bits = (a: Float32Array | null | undefined) => (a ? new Uint32Array(a.slice().buffer) : null);

describe('the fluvial layer from the CLI', () => {
  it('generate --preset canyons writes a stack with its fluvial layer, and layers --set fluvial-1.time=… re-evaluates it', async () => {
    const io = fakeCliIo();
    expect(await runCli(['generate', '--size', '65', '--preset', 'canyons', '--seed', '4', '--out', 'c.faultline'], io)).toBe(0);
    const doc = parseProject(io.files.get('c.faultline')!, 'c.faultline');
    const fluvial = doc.layers!.find((layer): layer is FluvialLayer => layer.kind === 'fluvial');
    expect(fluvial?.id).toBe('fluvial-1');
    expect(fluvial!.params.strata?.beds.length).toBeGreaterThan(1);
    // Saved with the heights its stack gives, bit for bit.
    expect(bits(evaluateStack(doc.layers!, doc.field))).toEqual(bits(doc.field.heights));

    const edit = fakeCliIo({ inputs: { 'c.faultline': io.files.get('c.faultline')! } });
    expect(await runCli(['layers', 'c.faultline', '--set', 'fluvial-1.time=0', '--out', 'd.faultline'], edit)).toBe(0);
    expect(edit.err).toBe('');
    const edited = parseProject(edit.files.get('d.faultline')!, 'd.faultline');
    expect(edited.layers!.find((layer) => layer.id === 'fluvial-1')!.params).toMatchObject({ time: 0 });
    // No time: the layer passes the heights below it through, so the stack is that without it.
    const without = edited.layers!.filter((layer) => layer.id !== 'fluvial-1');
    expect(bits(edited.field.heights)).toEqual(bits(evaluateStack(without, edited.field)));
    expect(bits(edited.field.heights)).not.toEqual(bits(doc.field.heights));

    const bad = fakeCliIo({ inputs: { 'c.faultline': io.files.get('c.faultline')! } });
    expect(await runCli(['layers', 'c.faultline', '--set', 'fluvial-1.m=-1', '--out', 'e.faultline'], bad)).not.toBe(0);
    expect(bad.err).toMatch(/fluvial m must be a number from 0 to 2/);
    expect(bad.files.has('e.faultline')).toBe(false);
  }, 60_000);
});
