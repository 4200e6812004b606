import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMainServices } from './index';
import { createScriptedDialogs } from './dialogs';
import { RECOVERY_FOLDER } from './recoveryService';
import { removeStaleTemps, STALE_TEMP_AGE_MS } from './staleTemps';

/** No process can have this pid (Linux's pid_max is at most 2²², other systems stay lower). */
const DEAD_PID = 2 ** 22 + 1;
/** A process that surely runs while the test does. */
const LIVE_PID = process.ppid;

let userData: string;
beforeEach(async () => {
  userData = await mkdtemp(path.join(tmpdir(), 'faultline-stale-'));
});
afterEach(async () => {
  await rm(userData, { recursive: true, force: true });
});

describe('stale temp files', () => {
  it("are removed from the user-data folder and the recovery journal's folder when main starts", async () => {
    const recovery = path.join(userData, RECOVERY_FOLDER);
    await mkdir(recovery);
    const stale = [
      path.join(recovery, `.current.faultline.${DEAD_PID}.0123456789ab.tmp`),
      path.join(recovery, `.current.json.${DEAD_PID}.0a1b2c3d4e5f.tmp`),
      path.join(userData, `.settings.json.${DEAD_PID}.aaaaaaaaaaaa.tmp`),
      path.join(userData, `recent-files.json.bak.${DEAD_PID}.bbbbbbbbbbbb.tmp`),
    ];
    const kept = [
      path.join(recovery, 'current.faultline'),
      path.join(recovery, `.current.faultline.${LIVE_PID}.cccccccccccc.tmp`),
      path.join(recovery, `.current.faultline.${process.pid}.dddddddddddd.tmp`),
      path.join(recovery, `.other.faultline.${DEAD_PID}.eeeeeeeeeeee.tmp`),
      path.join(recovery, `.current.faultline.${DEAD_PID}.not-hex.tmp`),
    ];
    for (const file of [...stale, ...kept]) await writeFile(file, 'x');
    const services = createMainServices({
      userDataDir: userData,
      dialogs: createScriptedDialogs(),
      appInfo: { name: 'F', version: '1', platform: 'linux', shell: 'electron' },
    });
    expect(await services.startupCleanup).toBe(stale.length);
    expect((await readdir(recovery)).sort()).toEqual(
      kept
        .filter((f) => f.startsWith(recovery))
        .map((f) => path.basename(f))
        .sort(),
    );
    expect(await readdir(userData)).toEqual([RECOVERY_FOLDER]);
  });

  it('removes a temp of a running pid only once it is older than a day (the pid was reused)', async () => {
    const target = path.join(userData, 'map.png');
    const fresh = path.join(userData, `.map.png.${LIVE_PID}.0123456789ab.tmp`);
    const old = path.join(userData, `.map.png.${LIVE_PID}.ba9876543210.tmp`);
    await writeFile(fresh, 'x');
    await writeFile(old, 'x');
    const dayAgo = (Date.now() - STALE_TEMP_AGE_MS - 60_000) / 1000;
    await utimes(old, dayAgo, dayAgo);
    expect(await removeStaleTemps(target)).toBe(1);
    expect(await readdir(userData)).toEqual([path.basename(fresh)]);
    expect(await removeStaleTemps(path.join(userData, 'missing', 'x.png'))).toBe(0);
  });
});
