import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blockingFindings, blockingUnscanned, readScanReport } from './electronegativity-report.mjs';
import { scanFolder, stageForScan } from './electronegativity.mjs';

const finding = (issue: string, severity: string) => ({
  issue,
  severity,
  confidence: 'FIRM',
  file: '/x/main.js',
  location: '3:75',
  description: `about ${issue}`,
});

describe('electronegativity report', () => {
  it('fails only on HIGH findings', () => {
    const { findings } = readScanReport(
      JSON.stringify({
        findings: [finding('CSP_GLOBAL_CHECK', 'MEDIUM'), finding('CONTEXT_ISOLATION_JS_CHECK', 'HIGH'), finding('SANDBOX_JS_CHECK', 'INFORMATIONAL')],
        failedFiles: [],
      }),
    );
    expect(findings.map((f) => [f.issue, f.severity])).toEqual([
      ['CSP_GLOBAL_CHECK', 'MEDIUM'],
      ['CONTEXT_ISOLATION_JS_CHECK', 'HIGH'],
      ['SANDBOX_JS_CHECK', 'INFORMATIONAL'],
    ]);
    expect(findings[1].file).toBe('/x/main.js');
    expect(blockingFindings(findings).map((f) => f.issue)).toEqual(['CONTEXT_ISOLATION_JS_CHECK']);
    expect(blockingFindings(findings.filter((f) => f.severity !== 'HIGH'))).toEqual([]);
  });

  it('refuses a malformed report instead of passing silently', () => {
    expect(() => readScanReport('{"issues":[]}')).toThrow(/no findings\/failedFiles/);
    expect(() => readScanReport(JSON.stringify({ findings: [finding('X', 'SEVERE')], failedFiles: [] }))).toThrow(/malformed finding/);
    expect(readScanReport('{"findings":[],"failedFiles":[]}')).toEqual({ findings: [], unscanned: [] });
  });

  it('blocks on an unscanned main or preload file, not on the renderer bundle', () => {
    const unscanned = [
      '/tmp/s/renderer/assets/index-zH3ixvY-.js: Unknown node type StaticBlock.',
      '/tmp/s/main/preload.js: Unexpected token',
      '/tmp/s/main/main.js: Unknown node type StaticBlock.',
    ];
    expect(readScanReport(JSON.stringify({ findings: [], failedFiles: unscanned })).unscanned).toEqual(unscanned);
    expect(blockingUnscanned(unscanned)).toEqual(unscanned.slice(1));
  });
});

describe('electronegativity scan of built output', () => {
  const folders: string[] = [];
  const tempFolder = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'faultline-eng-test-'));
    folders.push(folder);
    return folder;
  };
  afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

  /** Writes a fake dist/ with one main bundle (as .cjs, like our build) and returns the staged scan folder. */
  const stagedApp = (mainSource: string) => {
    const built = tempFolder();
    mkdirSync(path.join(built, 'main'));
    writeFileSync(path.join(built, 'main', 'main.cjs'), mainSource);
    const scan = tempFolder();
    expect(stageForScan(built, scan)).toEqual([path.join('main', 'main.js')]);
    return scan;
  };

  it('reports HIGH for an insecure window and none for a hardened one', async () => {
    const insecure = stagedApp(`const { app, BrowserWindow } = require('electron');
app.whenReady().then(() => {
  const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });
  win.loadFile('index.html');
});`);
    const hardened = stagedApp(`const { app, BrowserWindow, session } = require('electron');
app.on('web-contents-created', (_e, contents) => {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});
app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_c, _p, callback) => callback(false));
  const win = new BrowserWindow({ webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false } });
  win.loadFile('index.html');
});`);
    const [bad, good] = await Promise.all([scanFolder(insecure), scanFolder(hardened)]);
    expect(blockingFindings(bad.findings).map((f) => f.issue)).toContain('CONTEXT_ISOLATION_JS_CHECK');
    expect(blockingFindings(good.findings)).toEqual([]);
    expect([bad.unscanned, good.unscanned]).toEqual([[], []]);
    // The staged copy is what gets scanned: the file the finding names must be the .js copy.
    expect(readFileSync(path.join(insecure, 'main', 'main.js'), 'utf8')).toMatch(/nodeIntegration: true/);
  });
});
