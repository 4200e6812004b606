import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import type { ProjectPayload } from '../../shared/ipc/projectContract';
import { createRecoveryService, RECOVERY_FOLDER, RECOVERY_INFO, RECOVERY_PROJECT } from './recoveryService';

let userData: string;
beforeEach(async () => {
  userData = await mkdtemp(path.join(tmpdir(), 'faultline-recovery-'));
});
afterEach(async () => {
  await rm(userData, { recursive: true, force: true });
});

function payload(value: number): ProjectPayload {
  const field = createHeightfield(5, 4, 2);
  field.heights.fill(value);
  field.heights[3] = -0;
  return {
    json: JSON.stringify({ width: 5, depth: 4, cellSize: 2, recipe: null, history: [], props: [], view: { wireframe: true } }),
    heights: new Uint8Array(field.heights.buffer),
  };
}

describe('recovery journal', () => {
  it('has nothing to offer at first', async () => {
    const service = createRecoveryService(userData);
    expect(await service.check()).toBeNull();
    expect(await service.load()).toEqual({ status: 'none' });
  });

  it('keeps the latest snapshot with its original name and time, for the next start', async () => {
    const writer = createRecoveryService(userData, () => 1234);
    await writer.write({ fileName: 'valley.faultline', payload: payload(1) });
    await writer.write({ fileName: 'valley.faultline', payload: payload(7.5) });
    const nextStart = createRecoveryService(userData);
    expect(await nextStart.check()).toEqual({ fileName: 'valley.faultline', savedAt: 1234 });
    const loaded = await nextStart.load();
    if (loaded.status !== 'loaded') throw new Error(`not loaded: ${JSON.stringify(loaded)}`);
    expect(new Uint8Array(loaded.payload.heights)).toEqual(payload(7.5).heights);
    expect(JSON.parse(loaded.payload.json)).toMatchObject({ width: 5, depth: 4, view: { wireframe: true } });
  });

  it('an untitled document is recorded with a null name; clear removes the journal', async () => {
    const service = createRecoveryService(userData, () => 99);
    await service.write({ payload: payload(2) });
    expect(await service.check()).toEqual({ fileName: null, savedAt: 99 });
    await service.clear();
    expect(await service.check()).toBeNull();
    expect(await readdir(path.join(userData, RECOVERY_FOLDER))).toEqual([]);
  });

  it('a write queued before a clear never lands after it', async () => {
    const service = createRecoveryService(userData);
    const writing = service.write({ payload: payload(3) });
    const clearing = service.clear();
    await Promise.all([writing, clearing]);
    expect(await service.check()).toBeNull();
  });

  it('refuses an invalid snapshot and keeps the previous journal', async () => {
    const service = createRecoveryService(userData, () => 5);
    await service.write({ payload: payload(4) });
    await expect(service.write({ payload: { json: payload(4).json, heights: new Uint8Array(8) } })).rejects.toThrow(/current\.faultline: cannot be saved/);
    const loaded = await service.load();
    expect(loaded.status).toBe('loaded');
  });

  it('a damaged journal is reported, not crashed on; a damaged info file means no offer', async () => {
    const service = createRecoveryService(userData, () => 5);
    await service.write({ payload: payload(4) });
    await writeFile(path.join(userData, RECOVERY_FOLDER, RECOVERY_PROJECT), 'garbage');
    expect(await service.load()).toMatchObject({ status: 'error', message: expect.stringMatching(/current\.faultline: is not a Faultline project/) });
    await writeFile(path.join(userData, RECOVERY_FOLDER, RECOVERY_INFO), '{"savedAt": "yesterday"}');
    expect(await service.check()).toBeNull();
  });
});
