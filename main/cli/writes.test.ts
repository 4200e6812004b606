/**
 * The real CLI process (main/cli/index.ts bundled as dist/cli has it; testing/cliProcess.ts) on disk: its writes keep an existing file's
 * permissions and clean up temps an earlier killed write left; a hostile input is one line on
 * stderr, never a stack trace, and nothing is written.
 */
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostileCorpus } from '../../shared/codecs/testing/hostileCorpus';
import { execCli } from './testing/cliProcess';

const DEAD_PID = 2 ** 22 + 1;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'faultline-cli-writes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) =>
  execCli(args).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe('the CLI on disk', () => {
  it.runIf(process.platform !== 'win32')(
    "keeps an output file's mode and removes its stale temps; a hostile input writes nothing and prints one line",
    { timeout: 60_000 },
    async () => {
      const input = join(dir, 'in.r32');
      await writeFile(input, new Uint8Array(new Float32Array(16).map((_, k) => k).buffer));
      const output = join(dir, 'out.r32');
      await writeFile(output, 'old');
      await chmod(output, 0o600);
      // What killed writes left: the CLI's old 8-hex names and atomicWrite's 12-hex names.
      const stale = [`.out.r32.${DEAD_PID}.0123abcd.tmp`, `.out.r32.${DEAD_PID}.0123456789ab.tmp`];
      for (const name of stale) await writeFile(join(dir, name), 'partial');
      const done = await cli('export', input, '--out', output);
      expect(done, done.stderr).toMatchObject({ code: 0 });
      expect((await stat(output)).mode & 0o777).toBe(0o600);
      expect((await readFile(output)).length).toBe(64);
      expect((await readdir(dir)).sort()).toEqual(['in.r32', 'out.r32']);

      const bomb = hostileCorpus().find((f) => f.name === 'deep-view.faultline')!;
      await writeFile(join(dir, bomb.name), bomb.bytes());
      for (const command of [
        ['info', join(dir, bomb.name)],
        ['export', join(dir, bomb.name), '--out', join(dir, 'x.obj')],
      ]) {
        const refused = await cli(...command);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/^faultline (info|export): deep-view\.faultline: project data nests deeper than 32 levels\n$/);
        expect(refused.stdout).toBe('');
      }
      expect((await readdir(dir)).sort()).toEqual(['deep-view.faultline', 'in.r32', 'out.r32']);
    },
  );

  it(
    'a multi-file export, erode or generate with one target blocked writes nothing, keeps the old files and names the target',
    { timeout: 120_000 },
    async () => {
      const input = join(dir, 'in.r32');
      await writeFile(input, new Uint8Array(new Float32Array(65 * 65).map((_, k) => (k % 65) + Math.floor(k / 65)).buffer));
      await writeFile(join(dir, 'rules.json'), JSON.stringify({ layers: [{ name: 'grass' }, { name: 'snow', rules: [{ source: 'height', min: 100 }] }] }));
      const out = join(dir, 'o');
      await mkdir(join(out, 'in_snow.png'), { recursive: true });
      await writeFile(join(out, 'in.png'), 'old heightmap');
      const blocked = await cli('export', input, '--preset', 'unreal', '--masks', join(dir, 'rules.json'), '--out', out);
      expect(blocked.code).toBe(1);
      expect(blocked.stderr).toContain(join(out, 'in_snow.png'));
      expect(blocked.stderr).not.toMatch(/\.tmp/);
      expect((await readdir(out)).sort()).toEqual(['in.png', 'in_snow.png']);
      expect(await readFile(join(out, 'in.png'), 'utf8')).toBe('old heightmap');

      const eroded = await cli('erode', input, '--thermal', '2', '--out', join(dir, 'a.r32'), '--out', join(dir, 'missing', 'b.r32'));
      expect(eroded.code).toBe(1);
      expect(eroded.stderr).toMatch(/missing\/b\.r32/);
      expect(eroded.stderr).not.toMatch(/\.tmp/);
      const generated = await cli(
        'generate',
        '--size',
        '33',
        '--cell-size',
        '1',
        '--out',
        join(dir, 'g.r32'),
        '--emit-lines',
        join(dir, 'missing', 'lines.json'),
      );
      expect(generated.code).toBe(1);
      expect(generated.stderr).toMatch(/missing\/lines\.json/);
      expect((await readdir(dir)).sort()).toEqual(['in.r32', 'o', 'rules.json']);
    },
  );

  it('layers with several --out and one blocked writes none of them, names the target and never a temporary (issue 38)', { timeout: 60_000 }, async () => {
    const project = join(dir, 'p.faultline');
    expect((await cli('generate', '--size', '33', '--seed', '3', '--out', project)).code).toBe(0);
    await writeFile(join(dir, 'keep.r32'), 'old');
    const edited = await cli(
      'layers',
      project,
      '--set',
      'faults.seed=5',
      '--out',
      join(dir, 'keep.r32'),
      '--out',
      join(dir, 'e.png'),
      '--out',
      join(dir, 'missing', 'e.faultline'),
    );
    expect(edited.code).toBe(1);
    expect(edited.stderr).toMatch(/^faultline layers: .*missing\/e\.faultline/);
    expect(edited.stderr).not.toMatch(/\.tmp/);
    expect((await readdir(dir)).sort()).toEqual(['keep.r32', 'p.faultline']);
    expect(await readFile(join(dir, 'keep.r32'), 'utf8')).toBe('old');
  });
});
