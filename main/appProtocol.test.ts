import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_INDEX_URL, appProtocolResponse } from './appProtocol';
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy';

describe('the app protocol (renderer files with isolation headers)', () => {
  let dir = '';
  let root = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'faultline-protocol-'));
    root = path.join(dir, 'renderer');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(path.join(root, 'assets', 'main.js'), 'export {};');
    await writeFile(path.join(dir, 'secret.txt'), 'not for the page');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves index.html and assets with COOP, COEP, the CSP and their types', async () => {
    const index = await appProtocolResponse(root, APP_INDEX_URL);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<title>x</title>');
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(index.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const script = await appProtocolResponse(root, 'faultline://app/assets/main.js?v=1');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await appProtocolResponse(root, 'faultline://app/')).status).toBe(200);
  });

  it('answers 404 or 400 for anything outside the renderer folder, another host, or a bad address', async () => {
    for (const url of [
      'faultline://app/../secret.txt',
      'faultline://app/%2e%2e/secret.txt',
      'faultline://app/assets/../../secret.txt',
      'faultline://other/index.html',
      'faultline://app/missing.js',
      'faultline://app/assets',
      'file:///etc/passwd',
    ]) {
      const response = await appProtocolResponse(root, url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('not for the page');
    }
    expect((await appProtocolResponse(root, 'faultline://app/%E0%A4%A')).status).toBe(400);
    expect((await appProtocolResponse(root, 'not a url')).status).toBe(400);
  });
});
