// Runs @doyensec/electronegativity on the BUILT app (dist/main, plus dist/renderer when present) and
// fails on any HIGH finding: the tool itself exits 0 whatever it finds, so we read its findings
// (through scripts/electronegativity-child.cjs, which calls the tool's API and writes them as JSON).
//
// Usage: node scripts/electronegativity.mjs [folder with main/ and optional renderer/]   (default: dist)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blockingFindings, blockingUnscanned, formatFinding, readScanReport } from './electronegativity-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Copies the built files into a scan folder. Electronegativity only reads .js/.html/… files, so the
 * .cjs bundles are copied as .js; main and renderer go into one folder because its global checks
 * (CSP, navigation limits) look at the whole app at once.
 */
export function stageForScan(builtRoot, scanDir) {
  const mainDir = path.join(builtRoot, 'main');
  if (!existsSync(mainDir)) throw new Error(`${mainDir} does not exist: run \`npm run build:main\` first.`);
  const staged = [];
  for (const part of ['main', 'renderer']) {
    const source = path.join(builtRoot, part);
    if (!existsSync(source)) continue;
    for (const file of walk(source)) {
      if (file.endsWith('.map')) continue;
      const relative = path.relative(builtRoot, file).replace(/\.(cjs|mjs)$/, '.js');
      const target = path.join(scanDir, relative);
      cpSync(file, target);
      staged.push(relative);
    }
  }
  return staged;
}

function walk(folder) {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

function electronVersion() {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const declared = pkg.devDependencies?.electron ?? pkg.dependencies?.electron ?? '';
  return declared.replace(/^[^\d]*/, '') || undefined;
}

/** Runs the scanner on a folder and resolves to its findings and the files it could not parse. */
export async function scanFolder(folder) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'faultline-eng-out-'));
  const reportPath = path.join(outDir, 'report.json');
  const args = [path.join(root, 'scripts', 'electronegativity-child.cjs'), folder, reportPath];
  const version = electronVersion();
  if (version) args.push(version);
  try {
    // Offline, the tool's release-list and translation downloads fail softly; the scan itself is local.
    const result = await run(process.execPath, args);
    if (result.status !== 0 || !existsSync(reportPath)) {
      throw new Error(`electronegativity did not produce a report (exit ${result.status}):\n${result.output}`);
    }
    return readScanReport(readFileSync(reportPath, 'utf8'));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

async function main() {
  const builtRoot = path.resolve(root, process.argv[2] ?? 'dist');
  const scanDir = mkdtempSync(path.join(tmpdir(), 'faultline-eng-scan-'));
  try {
    const staged = stageForScan(builtRoot, scanDir);
    const hasRenderer = staged.some((file) => file.startsWith(`renderer${path.sep}`));
    console.log(
      `electronegativity: scanning ${staged.length} built file(s) from ${builtRoot}${hasRenderer ? '' : ' (no dist/renderer yet: main and preload only)'}`,
    );
    const report = await scanFolder(scanDir);
    const relative = (text) => text.split(scanDir + path.sep).join('');
    const findings = report.findings.map((f) => ({ ...f, file: relative(f.file) }));
    for (const finding of findings) console.log(`  ${formatFinding(finding)}`);
    for (const entry of report.unscanned) console.log(`  NOT SCANNED   ${relative(entry)}`);
    const blocking = blockingFindings(findings);
    const unscannedBlocking = blockingUnscanned(report.unscanned);
    if (blocking.length > 0 || unscannedBlocking.length > 0) {
      console.error(`electronegativity: ${blocking.length} HIGH finding(s), ${unscannedBlocking.length} main/preload file(s) not scanned — failing.`);
      process.exitCode = 1;
    } else {
      console.log(`electronegativity: ${findings.length} finding(s), none HIGH.`);
    }
  } catch (error) {
    console.error(`electronegativity: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    rmSync(scanDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
