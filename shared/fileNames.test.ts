import { describe, expect, it } from 'vitest';
import { isReservedDeviceName, plainFileNameProblem } from './fileNames';

describe('plain file names', () => {
  it('knows the Windows device names in any case, with or without an extension', () => {
    for (const name of ['con', 'CON', 'Con.png', 'nul.tar.gz', 'aux', 'prn.txt', 'com1', 'COM9.r32', 'lpt3', 'com¹', 'conin$', 'CONOUT$.log', 'con .txt', 'con.']) {
      expect(isReservedDeviceName(name), name).toBe(true);
    }
    for (const name of ['console', 'icon', 'con_x', 'terrain_con.png', 'com', 'com10', 'lpt', 'nully.png', 'a.con']) {
      expect(isReservedDeviceName(name), name).toBe(false);
    }
  });

  it('refuses paths, folder references, drive letters and reserved names, and accepts plain names', () => {
    for (const name of ['', '.', '..', '../x', 'a/b', 'a\\b', 'C:\\Windows\\win.ini', 'C:x', 'a\u0000b', 'name.', 'name ', 'con', 'Aux.faultline']) {
      expect(plainFileNameProblem(name), JSON.stringify(name)).not.toBeNull();
    }
    for (const name of ['valley.faultline', 'Untitled', '.hidden', 'a b.png', 'tërrain 2.faultline']) {
      expect(plainFileNameProblem(name), name).toBeNull();
    }
    expect(plainFileNameProblem('x'.repeat(256))).toMatch(/longer than 255/);
  });
});
