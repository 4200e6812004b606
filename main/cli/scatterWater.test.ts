import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';
import { flatMapWithRiver } from './testing/riverProject';

// A flat map with a drawn river along x = 0: its bed, 6 m wide, is under water for |x| ≤ 3 m at least (testing/riverProject.ts).
const project = flatMapWithRiver();

async function scatter(extra: string[]): Promise<{ x: number }[]> {
  const io = fakeCliIo({ inputs: { 'map.faultline': project } });
  expect(await runCli(['scatter', 'map.faultline', '--type', 'rock', '--count', '400', '--seed', '3', '--spacing', '0', ...extra, '--out', 'p.json'], io)).toBe(
    0,
  );
  return JSON.parse(new TextDecoder().decode(io.files.get('p.json'))) as { x: number }[];
}

describe('faultline scatter and water', () => {
  it('keeps props out of the water by default, and lets them in with --allow-water', async () => {
    const dry = await scatter([]);
    expect(dry).toHaveLength(400);
    expect(dry.filter((p) => Math.abs(p.x) <= 3)).toHaveLength(0);
    const wet = await scatter(['--allow-water']);
    // Uniform over 128 m of x: about 6 / 128 of 400 props fall on the bed.
    expect(wet.filter((p) => Math.abs(p.x) <= 3).length).toBeGreaterThan(5);
  });
});
