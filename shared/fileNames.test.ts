import { describe, expect, it } from 'vitest';
import { collidingFileName, exportFileNameProblem, isReservedDeviceName, plainFileNameProblem, quotedFileName, toPlainFileName } from './fileNames';

describe('plain file names', () => {
  it('knows the Windows device names in any case, with or without an extension', () => {
    for (const name of [
      'con',
      'CON',
      'Con.png',
      'nul.tar.gz',
      'aux',
      'prn.txt',
      'com1',
      'COM9.r32',
      'lpt3',
      'com¹',
      'conin$',
      'CONOUT$.log',
      'con .txt',
      'con.',
    ]) {
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

  /** Names the issue 38 probe had accepted as suggested save names (right-to-left override, zero-width, lone surrogates…). */
  const HOSTILE = [
    'con.png',
    '..',
    'a.png.',
    'gnp\u202Eexe.png',
    'a\u200Bb.png',
    'a\u200Db.png',
    '\uFEFFa.png',
    'a\u2066b.png',
    'a\u061Cb.png',
    'a\uD800.png',
    '\uDC00b.png',
    'a\uDC00\uD800.png',
    'a\u007Fb.png',
    'a\u0085b.png',
  ];

  it('refuses reserved names, trailing dots, direction overrides, zero-width characters and lone surrogates', () => {
    for (const name of HOSTILE) expect(plainFileNameProblem(name), JSON.stringify(name)).not.toBeNull();
    expect(plainFileNameProblem('gnp\u202Eexe.png')).toMatch(/invisible character/);
    expect(plainFileNameProblem('a\uD800.png')).toMatch(/lone UTF-16 surrogate/);
    // Paired surrogates (an emoji) and accented letters are ordinary characters.
    for (const name of ['\u{1F3D4}.png', 'Gebirge-Süd.png', '山.faultline']) expect(plainFileNameProblem(name), name).toBeNull();
    expect(exportFileNameProblem('.hidden.png')).toMatch(/starts with a dot/);
  });

  it('quotes a refused name with its invisible characters escaped, never raw', () => {
    expect(quotedFileName('gnp\u202Eexe.png')).toBe('"gnp\\u202eexe.png"');
    expect(quotedFileName('a\u001b[2Jb')).toBe('"a\\u001b[2Jb"');
    expect(quotedFileName('a\uD800')).toBe('"a\\ud800"');
  });

  it('finds names that are one file on Windows and macOS: case, and composed or decomposed accents', () => {
    expect(collidingFileName(['A.png', 'b.png', 'a.png'])).toBe('a.png');
    expect(collidingFileName(['caf\u00e9.png', 'cafe\u0301.png'])).toBe('cafe\u0301.png');
    expect(collidingFileName(['a.png', 'a_1.png', 'b.png'])).toBeNull();
  });

  it('makes a plain file name out of any text (a suggestion never breaks the rule)', () => {
    for (const text of [...HOSTILE, '', '   ', '...', 'a/b\\c', 'CON', 'aux.v2', `${'x'.repeat(99)}\u{1F3D4}`]) {
      const name = toPlainFileName(text, 'terrain', 100);
      expect(exportFileNameProblem(name, 100), `${JSON.stringify(text)} → ${JSON.stringify(name)}`).toBeNull();
    }
    expect(toPlainFileName('gnp\u202Eexe', 'x')).toBe('gnp_exe');
    expect(toPlainFileName('con', 'x')).toBe('_con');
    expect(toPlainFileName('..', 'terrain')).toBe('terrain');
    expect(toPlainFileName('Valley 2', 'x')).toBe('Valley 2');
  });
});
