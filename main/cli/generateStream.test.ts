import { describe, expect, it } from 'vitest';
import { faultBatchSize } from '../../shared/fault/fastFormation';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { referenceFaultFormation } from '../../shared/fault/reference';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

const floats = (bytes: Uint8Array) => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

describe('faultline generate streams long runs', () => {
  it('several batches of lines: the reference bytes, and progress lines through every batch', async () => {
    const io = fakeCliIo();
    // A clock that moves 5 s each time it is read: every report comes late enough to be printed.
    let t = 0;
    io.now = () => (t += 5000);
    const iterations = 5 * faultBatchSize({ kind: 'step' }, 40, 1) + 11;
    const args = ['generate', '--preset', 'classic', '--size', '40', '--depth', '30', '--iterations', String(iterations), '--seed', '9'];
    expect(await runCli([...args, '--disp0', '2', '--dispn', '0.25', '--decay-iterations', '9000', '--lines', 'cross', '--out', 'g.r32'], io)).toBe(0);
    const expected = createHeightfield(40, 30, 1);
    const recipe: FaultRecipe = { seed: 9, iterations, lineMethod: 'cross', decay: { disp0: 2, dispN: 0.25, n: 9000 }, profile: { kind: 'step' } };
    referenceFaultFormation(expected, recipe);
    expect(floats(io.files.get('g.r32')!)).toEqual(expected.heights);
    // One line per 5 % reached: the batches report as they go (rows alone would give one line at the end).
    const percents = [...io.err.matchAll(/: (\d+) % \(/g)].map((m) => Number(m[1]));
    expect(percents.length).toBeGreaterThanOrEqual(5);
    for (let k = 1; k < percents.length; k++) expect(percents[k]).toBeGreaterThan(percents[k - 1]);
    expect(percents.at(-1)).toBe(100);
  });
});
