/**
 * The longest stall of main's event loop while file:exportHeightmap encodes an 8193² map, per format
 * (issue 17: it was 1.2–4.9 s; the target is ≤ 100 ms). A setImmediate ticker runs beside the encode
 * and records the longest gap between its turns; `stall_ms` is the longest over the timed samples.
 */
import { performance as nodePerformance } from 'node:perf_hooks';
import type { Benchmark } from './harness';
import { float32LittleEndianBytes } from '../shared/codecs/bytes';
import { createHeightfield } from '../shared/terrain/heightfield';
import type { ExportHeightmapRequest, HeightmapExportFormat } from '../shared/ipc/exportContract';
import { HEIGHTMAP_EXPORT_VARIANTS } from '../shared/codecs/formats';
import { encodeHeightmapExport } from '../main/services/exportService';
import { heightmapWorkerSource } from '../main/services/heightmapEncode';

const SIZE = Number(process.env.FAULTLINE_STALL_BENCH_SIZE ?? 8193);

let heightfield: ExportHeightmapRequest['heightfield'] | null = null;
function request(format: HeightmapExportFormat): ExportHeightmapRequest {
  if (!heightfield) {
    const field = createHeightfield(SIZE, SIZE, 1);
    for (let j = 0, k = 0; j < SIZE; j++) for (let i = 0; i < SIZE; i++, k++) field.heights[k] = 120 * Math.sin(i / 300) * Math.cos(j / 210) + ((i * 31 + j * 17) % 97) * 0.05;
    heightfield = { width: SIZE, depth: SIZE, cellSize: 1, heights: float32LittleEndianBytes(field.heights) };
  }
  return { title: 'Export', defaultName: `m.${format}`, format, byteOrder: 'le', flip: false, exrCompression: 'zip', heightfield };
}

/** Runs `work` with a ticker beside it; resolves to the longest gap between the ticker's turns (ms). */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  tick(); // the stretch from the last turn to the end counts too
  running = false;
  return longest;
}

function stall(format: HeightmapExportFormat): Benchmark {
  let worst = 0;
  return {
    name: `export-stall-${format}`,
    size: SIZE,
    samples: 2,
    warmup: 0,
    // The worker's code is bundled once from sources here (the built app has it as a file).
    setup: () => (heightmapWorkerSource(), request(format)),
    run: async (state) => {
      // Main moves the heights to its encoder thread (the request is spent): each run gets its own
      // copy, made before the ticker starts, as each IPC request brings one.
      const base = state as ExportHeightmapRequest;
      const request = { ...base, heightfield: { ...base.heightfield, heights: base.heightfield.heights.slice() } };
      worst = Math.max(worst, await longestStall(() => encodeHeightmapExport(request)));
    },
    measure: () => ({ stall_ms: Math.round(worst * 10) / 10 }),
  };
}

/**
 * How long main's event loop was busy (not waiting for I/O or the worker) during one export, from
 * `nodePerformance.eventLoopUtilization()` with no ticker running: no stall can be longer than this, and
 * unlike the ticker's gaps it does not grow when other processes take the CPU (`busy_ms`).
 */
function busy(format: HeightmapExportFormat): Benchmark {
  let active = 0;
  return {
    name: `export-busy-${format}`,
    size: SIZE,
    samples: 1,
    warmup: 0,
    setup: () => (heightmapWorkerSource(), request(format)),
    run: async (state) => {
      const base = state as ExportHeightmapRequest;
      const request = { ...base, heightfield: { ...base.heightfield, heights: base.heightfield.heights.slice() } };
      const before = nodePerformance.eventLoopUtilization();
      await encodeHeightmapExport(request);
      active = nodePerformance.eventLoopUtilization(before).active;
    },
    measure: () => ({ busy_ms: Math.round(active * 10) / 10 }),
  };
}

/**
 * The noise floor in the same run: the longest gap of the same ticker over 3 s of nothing but
 * timers. On a loaded machine the process itself is descheduled; a format's stall is judged against it.
 */
function idle(): Benchmark {
  let worst = 0;
  return {
    name: 'export-stall-idle',
    samples: 2,
    warmup: 0,
    run: async () => {
      worst = Math.max(worst, await longestStall(() => new Promise((resolve) => setTimeout(resolve, 3000))));
    },
    measure: () => ({ stall_ms: Math.round(worst * 10) / 10 }),
  };
}

export const benchmarks: Benchmark[] = [idle(), ...HEIGHTMAP_EXPORT_VARIANTS.map(stall), ...HEIGHTMAP_EXPORT_VARIANTS.map(busy)];
