import { describe, expect, it } from 'vitest';
import { compileR32 } from '../../shared/codecs/raw';
import { parseProject } from '../../shared/codecs/project';
import { runFaultFormation } from '../../shared/fault/fastFormation';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { applyStep, hydraulicStep } from '../../shared/recipe/steps';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { applyStepThreaded } from '../services/erosionThreads';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

/** The runner index.ts gives the CLI: real worker threads. */
const stepRunner = { cores: 2, run: applyStepThreaded };

function input(): Uint8Array {
  const field = createHeightfield(257, 257, 1);
  runFaultFormation(field, { ...DEFAULT_RECIPE, seed: 2, iterations: 300 });
  return compileR32(field);
}

describe('faultline erode/generate --threads', () => {
  it('writes identical bytes with --threads 1, 2 and 4, those of the recorded step on one thread', async () => {
    const bytes = input();
    const outputs: Uint8Array[] = [];
    for (const threads of ['1', '2', '4']) {
      const io = { ...fakeCliIo({ inputs: { 'in.r32': bytes } }), stepRunner };
      const code = await runCli(['erode', 'in.r32', '--hydraulic', '200000', '--seed', '3', '--threads', threads, '--out', 'a.r32'], io);
      expect(io.err).toBe('');
      expect(code).toBe(0);
      outputs.push(io.files.get('a.r32')!);
    }
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
    const expected = createHeightfield(257, 257, 1, new Float32Array(bytes.slice().buffer));
    applyStep(expected, hydraulicStep({ droplets: 200_000, seed: 3 }), null);
    expect(new Float32Array(outputs[0].slice().buffer)).toEqual(expected.heights);
  });

  it('generate: a preset with erosion gives the same project on 1 and 3 threads, its hydraulic step recorded with version 3 (two scales)', async () => {
    const run = async (threads: string) => {
      const io = { ...fakeCliIo(), stepRunner };
      expect(await runCli(['generate', '--size', '129', '--preset', 'mountains', '--seed', '5', '--threads', threads, '--out', 't.faultline'], io)).toBe(0);
      return io.files.get('t.faultline')!;
    };
    const one = await run('1');
    expect(await run('3')).toEqual(one);
    const project = parseProject(one, 't.faultline');
    expect(project.history.find((step) => step.kind === 'hydraulic')?.version).toBe(3);
  });

  it('generate: Canyons and Mesas (fluvial layers, thermal layers with strata) give the same project on 1 and 3 threads', async () => {
    for (const preset of ['canyons', 'mesas']) {
      const run = async (threads: string) => {
        const io = { ...fakeCliIo(), stepRunner };
        expect(
          await runCli(
            ['generate', '--size', '129', '--cell-size', '2', '--preset', preset, '--seed', '29', '--threads', threads, '--quiet', '--out', 't.faultline'],
            io,
          ),
        ).toBe(0);
        return io.files.get('t.faultline')!;
      };
      const one = await run('1');
      expect(await run('3'), preset).toEqual(one);
      expect(parseProject(one, 't.faultline').layers?.some((layer) => layer.kind === 'fluvial')).toBe(true);
    }
  }, 180_000);

  it('refuses a bad --threads with one line', async () => {
    for (const args of [
      ['erode', 'in.r32', '--hydraulic', '10', '--threads', '0', '--out', 'o.r32'],
      ['generate', '--size', '33', '--threads', 'many', '--out', 'o.r32'],
    ]) {
      const io = fakeCliIo({ inputs: { 'in.r32': input() } });
      expect(await runCli(args, io)).toBe(2);
      expect(io.err).toMatch(/--threads/);
      expect(io.files.size).toBe(0);
    }
  });
});
