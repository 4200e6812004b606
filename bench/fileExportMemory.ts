/**
 * Peak memory of one plain file export (a heightmap, the normal map, or a mesh) in a fresh Node
 * process, so that RSS counts only that export: `node --import tsx bench/fileExportMemory.ts FORMAT SIDE`
 * (FORMAT an export entry of the dialog: png16, png8, r16, r32, exr, exr-none, normal, obj, glb)
 * builds a SIDE² map, exports it the way the window does and prints one JSON line: peak RSS (the
 * process's maxRSS), Node's own RSS before the map, the map's bytes, the file's bytes and the time.
 * Heightmaps go the way main takes them (file:exportHeightmap: the heights as the bytes main receives,
 * moved to the encoder's worker thread, the file moved back and written); the normal map and meshes
 * are the codec worker's encode (app/exchange/codecOps.ts encodeWith, the portable compressor).
 * The constants of shared/export/exportMemory.ts come from these figures.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportMemoryMap } from './exportMemoryFixture';
import { encodeHeightmapExport } from '../main/services/exportService';
import { float32LittleEndianBytes } from '../shared/codecs/bytes';
import { encodeWith, type ExportFormat } from '../app/exchange/codecOps';
import { createCodecRegistry } from '../shared/codecs/registry';
import { isHeightmapVariant } from '../shared/codecs/formats';

const MB = 1024 * 1024;
const [formatText, sideText] = process.argv.slice(2);
const format = (formatText === 'exr-none' ? 'exr' : formatText) as ExportFormat;
const side = Number(sideText);
const baseline = process.memoryUsage().rss;

async function main(): Promise<void> {
  const field = exportMemoryMap(side);
  const start = performance.now();
  let bytes: Uint8Array;
  const exrCompression = formatText === 'exr-none' ? 'none' : 'zip';
  if (isHeightmapVariant(format)) {
    // What main holds: the heights' bytes as they arrive (a view of the same buffer, moved to the encoder's thread).
    const heights = float32LittleEndianBytes(field.heights);
    bytes = await encodeHeightmapExport({
      title: 'bench',
      defaultName: `bench.${format}`,
      format,
      byteOrder: 'le',
      flip: false,
      exrCompression,
      heightfield: { width: side, depth: side, cellSize: 1, heights },
    });
  } else {
    bytes = encodeWith(createCodecRegistry(), {
      format,
      field,
      range: 'auto',
      byteOrder: 'le',
      flip: false,
      nodes: [],
      fileName: `bench.${format}`,
      exrCompression,
      normal: { space: 'tangent', green: 'up' },
    });
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'faultline-file-export-memory-'));
  try {
    writeFileSync(path.join(folder, 'out'), bytes);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const ms = performance.now() - start;
  const usage = process.resourceUsage();
  console.log(
    JSON.stringify({
      format: formatText,
      side,
      peak_rss_mb: Math.round((usage.maxRSS * 1024) / MB),
      node_baseline_rss_mb: Math.round(baseline / MB),
      map_mb: Math.round((side * side * 4) / MB),
      output_mb: Math.round(bytes.byteLength / MB),
      export_ms: Math.round(ms),
    }),
  );
}

void main();
