import { describe, expect, it } from 'vitest';
import { compileR32 } from '../../shared/codecs/raw';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { runCli } from './cli';
import { ANNOUNCE_WORK, createCliProgress, faultStage } from './progress';
import { fakeCliIo, type FakeCliIo } from './testing/fakeCliIo';

/** A clock that moves 250 ms each time it is read: every run looks long. */
function withSlowClock(io: FakeCliIo): FakeCliIo {
  let t = 0;
  io.now = () => (t += 250);
  return io;
}

const input = () => {
  const field = createHeightfield(17, 17, 1);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = ((k * 7919) % 13) - (k % 17) * 0.3;
  return compileR32(field);
};

/** The percentages of the progress lines, in order. */
const percents = (err: string): number[] => [...err.matchAll(/: (\d+) % \(/g)].map((m) => Number(m[1]));

describe('progress of long CLI runs on stderr', () => {
  it('erode: the work first, then about one line per 5 % with time so far and left', async () => {
    const io = withSlowClock(fakeCliIo({ inputs: { 'in.r32': input() } }));
    expect(await runCli(['erode', 'in.r32', '--thermal', '40', '--hydraulic', '20000', '--out', 'o.r32'], io)).toBe(0);
    const lines = io.err.trimEnd().split('\n');
    expect(lines[0]).toBe('faultline erode: in.r32 (17×17): thermal erosion (40 × 35°), then hydraulic erosion (20,000 droplets)');
    const steps = percents(io.err);
    expect(lines).toHaveLength(steps.length + 1);
    expect(steps.length).toBeGreaterThanOrEqual(15);
    expect(steps.length).toBeLessThanOrEqual(21);
    for (let k = 1; k < steps.length; k++) expect(steps[k] - steps[k - 1]).toBeGreaterThanOrEqual(5);
    expect(steps.at(-1)).toBe(100);
    expect(lines[1]).toMatch(/^faultline erode: \d+ % \(\d+\.\d s, about \d+(\.\d)? s left\)$/);
    // stdout keeps only what pipelines read.
    expect(io.out).not.toMatch(/%/);
  });

  it('--quiet turns it off, and a quick run (a real clock) prints nothing', async () => {
    const quiet = withSlowClock(fakeCliIo({ inputs: { 'in.r32': input() } }));
    expect(await runCli(['erode', 'in.r32', '--hydraulic', '5000', '--quiet', '--out', 'o.r32'], quiet)).toBe(0);
    expect(quiet.err).toBe('');
    const quick = fakeCliIo({ inputs: { 'in.r32': input() } });
    expect(await runCli(['erode', 'in.r32', '--hydraulic', '500', '--out', 'o.r32'], quick)).toBe(0);
    expect(quick.err).toBe('');
  });

  it('generate: faults and finishing steps report as one run; --quiet silences it', async () => {
    const io = withSlowClock(fakeCliIo());
    expect(await runCli(['generate', '--size', '65', '--iterations', '300', '--out', 'g.r32'], io)).toBe(0);
    expect(io.err.split('\n')[0]).toMatch(
      /^faultline generate: 65×65: 300 fault iterations, smooth profile [\d.]+ m wide, then hydraulic erosion \([\d,]+ droplets\), then thermal erosion/,
    );
    expect(percents(io.err).at(-1)).toBe(100);
    const quiet = withSlowClock(fakeCliIo());
    expect(await runCli(['generate', '--size', '65', '--iterations', '300', '--quiet', '--out', 'g.r32'], quiet)).toBe(0);
    expect(quiet.err).toBe('');
    expect(quiet.files.get('g.r32')).toEqual(io.files.get('g.r32'));
  });

  it('says large work up front, before any progress (a smooth profile as wide as the map)', () => {
    const io = fakeCliIo();
    io.now = () => 0;
    const faults = faultStage(
      { seed: 1, iterations: 1_000_000, lineMethod: 'normal', decay: { disp0: 1, dispN: 1, n: 0 }, profile: { kind: 'smooth', width: 1e7 } },
      4097,
      4097,
      1,
    );
    expect(faults.work).toBeGreaterThan(ANNOUNCE_WORK);
    const progress = createCliProgress(io, 'generate', '4097×4097', [faults], false);
    expect(io.err).toBe('faultline generate: 4097×4097: 1,000,000 fault iterations, smooth profile 10000000 m wide\n');
    progress.stage(0)(1, 2); // no time has passed: no progress line yet
    expect(io.err.split('\n')).toHaveLength(2);
    const small = fakeCliIo();
    createCliProgress(
      small,
      'generate',
      '65×65',
      [faultStage({ seed: 1, iterations: 400, lineMethod: 'normal', decay: { disp0: 1, dispN: 1, n: 0 } }, 65, 65, 1)],
      false,
    );
    expect(small.err).toBe('');
  });
});
