import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../../shared/codecs/project';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createScriptedDialogs } from './dialogs';
import { createProjectService } from './projectService';
import { createRecentFiles } from './recentFiles';

const KILLS = 24;
const SIDE = 513; // ~1 MiB per save: big enough that kills land inside writes, not only between them

let folder: string;
let childScript: string;
let versions: Uint8Array[];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'faultline-kill-'));
  // Bundled once so that each child starts in milliseconds (no TypeScript loader per spawn).
  childScript = path.join(folder, 'saveLoopChild.cjs');
  await build({
    entryPoints: [path.join(__dirname, 'testing/saveLoopChild.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: childScript,
    logLevel: 'silent',
  });
  versions = [1, 2].map((seed) => {
    const field = createHeightfield(SIDE, SIDE, 1);
    for (let k = 0; k < field.heights.length; k++) field.heights[k] = seed * 1000 + Math.sin(k * 0.001 * seed) * 50;
    return compileProject({ field, recipe: null, history: [], props: [], view: { seed } });
  });
  for (const [n, bytes] of versions.entries()) await writeFile(path.join(folder, `version${n}.bin`), bytes);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Starts the save loop, lets it save for a random moment, then SIGKILLs it. */
function runAndKill(target: string, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, target, path.join(folder, 'version0.bin'), path.join(folder, 'version1.bin')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.on('error', reject);
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`save loop ended by itself (${code}): ${stderr}`))));
  });
}

/** Which version the file holds: 0 or 1; anything else (partial, mixed, unreadable) fails. */
async function whichVersion(filePath: string): Promise<number> {
  const bytes = new Uint8Array(await readFile(filePath));
  parseProject(bytes, path.basename(filePath)); // must decode completely
  const index = versions.findIndex((v) => v.length === bytes.length && Buffer.compare(Buffer.from(v), Buffer.from(bytes)) === 0);
  if (index < 0) throw new Error(`${filePath} decodes but is neither version`);
  return index;
}

describe('saving while the process is killed', () => {
  it('leaves the target as exactly the old or the new complete version every time', { timeout: 30_000 }, async () => {
    const target = path.join(folder, 'terrain.faultline');
    await writeFile(target, versions[1]);
    const seen = new Set<number>();
    const started = Date.now();
    let kills = 0;
    // Bounded: at least KILLS kills, and no more than ~15 s in total.
    while (kills < KILLS && Date.now() - started < 15_000) {
      await runAndKill(target, Math.floor(Math.random() * 40));
      kills++;
      seen.add(await whichVersion(target));
      const names = await readdir(folder);
      if (names.includes('terrain.faultline.bak')) await whichVersion(path.join(folder, 'terrain.faultline.bak'));
      // Leftover temp files from the killed save never carry the target's name.
      expect(
        names.filter((n) => n.startsWith('terrain.faultline') && n !== 'terrain.faultline' && n !== 'terrain.faultline.bak').every((n) => n.endsWith('.tmp')),
      ).toBe(true);
    }
    expect(kills).toBeGreaterThanOrEqual(20);
    // Both versions were found at some point: the kills really landed during the save loop.
    expect(seen.size).toBe(2);

    // The next real save cleans up what the killed processes left behind.
    const dialogs = createScriptedDialogs();
    const service = createProjectService({ dialogs, recent: createRecentFiles(folder) });
    dialogs.queueSave(target);
    const field = createHeightfield(3, 3, 1);
    const result = await service.saveAs({
      defaultName: 'terrain.faultline',
      payload: {
        json: JSON.stringify({ width: 3, depth: 3, cellSize: 1, recipe: null, history: [], props: [], view: {} }),
        heights: new Uint8Array(field.heights.buffer),
      },
    });
    expect(result.status).toBe('saved');
    const left = (await readdir(folder)).filter((n) => n.endsWith('.tmp'));
    expect(left).toEqual([]);
  });
});
