/**
 * Peak memory of one engine export in a fresh Node process (so RSS counts only this export):
 * `node --import tsx bench/engineExportMemory.ts PRESET SIDE LAYERS [TARGET]` builds a SIDE² map,
 * exports it with LAYERS mask layers (height, slope and curvature rules) and prints one JSON line:
 * peak RSS (the process's maxRSS), the map's own bytes, and the time. Used by engineExport.bench.ts.
 * The files go where the CLI puts them: each into its temporary file as soon as it is encoded
 * (main/services/fileSet.ts writeFileStream, in a temporary folder removed after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFileStream } from '../main/services/fileSet';
import { exportMemoryLayers, exportMemoryMap } from './exportMemoryFixture';
import type { EngineId } from '../shared/export/engines';
import type { MaskLayer, MaskSet } from '../shared/export/masks';
import { streamEngineExport } from '../shared/export/engineExport';
import { nativeDeflate } from '../main/services/nativeDeflate';

const MB = 1024 * 1024;
const [engineId, sideText, layersText, targetText] = process.argv.slice(2);
const side = Number(sideText);
const layerCount = Number(layersText);
const baseline = process.memoryUsage().rss;

const field = exportMemoryMap(side);
const layers: MaskLayer[] = exportMemoryLayers(layerCount);
const masks: MaskSet = { layers };
async function main(): Promise<void> {
  const start = performance.now();
  const { plan, files } = streamEngineExport(
    field,
    { engineId: engineId as EngineId, name: 'bench', masks, ...(targetText ? { size: Number(targetText) } : {}) },
    {},
    nativeDeflate,
  );
  const folder = mkdtempSync(path.join(tmpdir(), 'faultline-export-memory-'));
  let outputBytes = 0;
  try {
    await writeFileStream(
      plan.files.map((f) => path.join(folder, f.name)),
      (function* () {
        for (const file of files) {
          outputBytes += file.bytes.length;
          yield { path: path.join(folder, file.name), bytes: file.bytes };
        }
      })(),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const ms = performance.now() - start;
  const usage = process.resourceUsage();
  console.log(
    JSON.stringify({
      peak_rss_mb: Math.round((usage.maxRSS * 1024) / MB),
      node_baseline_rss_mb: Math.round(baseline / MB),
      map_mb: Math.round(field.heights.byteLength / MB),
      files: plan.files.length,
      output_mb: Math.round(outputBytes / MB),
      export_ms: Math.round(ms),
    }),
  );
}

void main();
