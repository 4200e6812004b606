import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellEnvironment } from './shellEnvironment';

describe('shell environment', () => {
  const env = { FAULTLINE_DEV_URL: 'http://127.0.0.1:5173', FAULTLINE_USER_DATA_DIR: 'profiles/test' };

  it('honours the dev server and a separate profile in unpackaged builds', () => {
    expect(shellEnvironment(env, false)).toEqual({ devUrl: 'http://127.0.0.1:5173', userDataDir: path.resolve('profiles/test') });
    expect(shellEnvironment({}, false)).toEqual({});
  });

  it('ignores both in a packaged app', () => {
    expect(shellEnvironment(env, true)).toEqual({});
  });
});

/** The `electronFuses:` block of electron-builder.yml as key → value (a flat block of booleans). */
function fusesOf(yaml: string): Record<string, string> {
  const lines = yaml.split('\n');
  const start = lines.findIndex((line) => /^electronFuses:\s*$/.test(line));
  const fuses: Record<string, string> = {};
  for (let k = start + 1; start >= 0 && k < lines.length && /^\s+\S/.test(lines[k]); k++) {
    const match = /^\s+(\w+):\s*(\S+)/.exec(lines[k]);
    if (match) fuses[match[1]] = match[2];
  }
  return fuses;
}

describe('packaged build', () => {
  it('flips the Electron fuses: no run-as-node, NODE_OPTIONS or --inspect; the app only from its asar, integrity checked', () => {
    const yaml = readFileSync(path.join(__dirname, '..', 'electron-builder.yml'), 'utf8');
    expect(yaml).toMatch(/^asar: true$/m);
    expect(fusesOf(yaml)).toMatchObject({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
    });
  });
});
