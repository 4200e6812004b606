import { spawn } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecordName } from './fileSetJournal';
import { removeStaleTemps } from './staleTemps';
import { whichFileSetVersion } from './testing/fileSetVersions';

const KILLS = 24;
/** Two folders (the record lives in the first, a ref in the second), eight targets each. */
const FILES_PER_FOLDER = 8;

let root: string;
let childScript: string;
let folders: string[];
let targets: string[];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'faultline-set-kill-'));
  // Bundled once so that each child starts in milliseconds (no TypeScript loader per spawn).
  childScript = path.join(root, 'fileSetLoopChild.cjs');
  await build({
    entryPoints: [path.join(__dirname, 'testing/fileSetLoopChild.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: childScript,
    logLevel: 'silent',
  });
  folders = [path.join(root, 'a'), path.join(root, 'b')];
  for (const folder of folders) await mkdir(folder);
  targets = folders.flatMap((folder) => Array.from({ length: FILES_PER_FOLDER }, (_, k) => path.join(folder, `tile_${k}.png`)));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/**
 * Starts the write loop and SIGKILLs it: `delayMs` after its first set, or (`inCommit`) `delayMs`
 * after a commit begins in the first folder (its intent record appears or a target is replaced), so
 * that many kills land among the renames.
 */
function runAndKill(delayMs: number, inCommit: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, ...targets], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let watcher: FSWatcher | null = null;
    const kill = () => {
      watcher?.close();
      watcher = null;
      setTimeout(() => child.kill('SIGKILL'), delayMs);
    };
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => {
      if (!inCommit) return kill();
      watcher = watch(folders[0], (_event, name) => {
        // The intent record, or a target being replaced: the set is being put in place.
        if (watcher && name && (isRecordName(name) || /^tile_\d+\.png$/.test(name))) kill();
      });
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      watcher?.close();
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`write loop ended by itself (${code}): ${stderr}`));
    });
  });
}

/** The version of every target, in order (null: missing or neither version). */
async function versionsOnDisk(): Promise<(number | null)[]> {
  return Promise.all(
    targets.map(async (target, k) => {
      const bytes = await readFile(target).catch(() => null);
      return bytes ? whichFileSetVersion(new Uint8Array(bytes), k) : null;
    }),
  );
}

const hiddenIn = async (folder: string) => (await readdir(folder)).filter((name) => name.startsWith('.'));

describe('a file set written while the process is killed', () => {
  it('leaves every target present, and after the next run all old or all new', { timeout: 40_000 }, async () => {
    const seen = new Set<number>();
    const started = Date.now();
    let kills = 0;
    let midCommit = 0;
    // Bounded: at least KILLS kills, and no more than ~20 s in total.
    while (kills < KILLS && Date.now() - started < 20_000) {
      // Every other kill at a random moment of the loop, the rest a few milliseconds into a commit.
      const inCommit = kills % 2 === 1;
      await runAndKill(Math.floor(Math.random() * (inCommit ? 6 : 60)), inCommit);
      kills++;
      // Even before any recovery no target is missing: an old one stays until its new one replaces it.
      const before = await versionsOnDisk();
      expect(before, `kill ${kills}: a target is missing or partial`).not.toContain(null);
      const records = (await Promise.all(folders.map(hiddenIn))).flat().filter(isRecordName);
      if (records.length > 0) midCommit++;
      // The next run (a write to one of the folders, alternately) finishes what the kill interrupted.
      await removeStaleTemps(targets[kills % 2 === 0 ? 0 : targets.length - 1]);
      const after = await versionsOnDisk();
      expect(new Set(after).size, `kill ${kills}: targets mixed after recovery: ${after.join(',')}`).toBe(1);
      expect(after[0]).not.toBeNull();
      seen.add(after[0]!);
      // No record is left (a ref whose record was never written waits for the next run in its own folder).
      for (const folder of folders) expect((await hiddenIn(folder)).filter((name) => isRecordName(name) && name.endsWith('.json'))).toEqual([]);
    }
    expect(kills).toBeGreaterThanOrEqual(20);
    // The kills landed in the write loop (both versions ended up in place) and inside commits.
    expect(seen.size).toBe(2);
    expect(midCommit).toBeGreaterThan(0);

    // A final clean-up leaves no temporary or aside copy behind.
    for (const target of targets) await removeStaleTemps(target);
    for (const folder of folders) expect(await hiddenIn(folder)).toEqual([]);
  });
});
