import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blockingFindings, parseCsv, parseElectronegativityCsv } from './electronegativity-report.mjs';
import { scanFolder, stageForScan } from './electronegativity.mjs';

const HEADER = 'issue, severity, confidence, filename, location, sample, description, url';

describe('electronegativity report', () => {
  it('parses quoted fields with commas, escaped quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""",\r\n"multi\nline",x\n')).toEqual([
      ['a', 'b, c', 'say "hi"', ''],
      ['multi\nline', 'x'],
    ]);
  });

  it('fails only on HIGH findings', () => {
    const csv = [
      HEADER,
      'CSP_GLOBAL_CHECK,"MEDIUM","CERTAIN","N/A","0:0",N/A,"No CSP, at all",https://example.invalid/1',
      'CONTEXT_ISOLATION_JS_CHECK,"HIGH","FIRM","/x/main.js","3:75","new BrowserWindow({ a: 1, b: 2 })","Review contextIsolation",https://example.invalid/2',
      'SANDBOX_JS_CHECK,"informational","FIRM","/x/main.js","3:14","x","Use sandbox",https://example.invalid/3',
    ].join('\n');
    const findings = parseElectronegativityCsv(csv);
    expect(findings.map((f) => [f.issue, f.severity])).toEqual([
      ['CSP_GLOBAL_CHECK', 'MEDIUM'],
      ['CONTEXT_ISOLATION_JS_CHECK', 'HIGH'],
      ['SANDBOX_JS_CHECK', 'INFORMATIONAL'],
    ]);
    expect(findings[1].file).toBe('/x/main.js');
    expect(blockingFindings(findings).map((f) => f.issue)).toEqual(['CONTEXT_ISOLATION_JS_CHECK']);
    expect(blockingFindings(findings.filter((f) => f.severity !== 'HIGH'))).toEqual([]);
  });

  it('refuses a report without the expected columns instead of passing silently', () => {
    expect(() => parseElectronegativityCsv('name,level\nX,HIGH\n')).toThrow(/no "issue" column/);
    expect(parseElectronegativityCsv(`${HEADER}\n`)).toEqual([]);
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
    expect(blockingFindings(bad).map((f) => f.issue)).toContain('CONTEXT_ISOLATION_JS_CHECK');
    expect(blockingFindings(good)).toEqual([]);
    // The staged copy is what gets scanned: the file the finding names must be the .js copy.
    expect(readFileSync(path.join(insecure, 'main', 'main.js'), 'utf8')).toMatch(/nodeIntegration: true/);
  });
});
