/**
 * The longest stall of main's event loop while file:exportHeightmap encodes an 8193² map, per format
 * (issue 17: it was 1.2–4.9 s; the target is ≤ 100 ms). A setImmediate ticker runs beside the encode
 * and records the longest gap between its turns; `stall_ms` is the longest over the timed samples.
 * Project open and save (issue 38: 7.6 s saving a 320 MiB project) are measured the same way, through
 * the project service, in its worker thread and, as the baseline, on main's own thread.
 */
import { performance as nodePerformance } from 'node:perf_hooks';
import type { Benchmark } from './harness';
import { float32LittleEndianBytes } from '../shared/codecs/bytes';
import { createHeightfield } from '../shared/terrain/heightfield';
import type { ExportHeightmapRequest, HeightmapExportFormat } from '../shared/ipc/exportContract';
import { HEIGHTMAP_EXPORT_VARIANTS } from '../shared/codecs/formats';
import { encodeHeightmapExport } from '../main/services/exportService';
import { heightmapWorkerSource } from '../main/services/heightmapEncode';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileProject } from '../shared/codecs/project';
import type { ProjectPayload } from '../shared/ipc/projectContract';
import type { HeightsLayer } from '../shared/layers/types';
import { createScriptedDialogs } from '../main/services/dialogs';
import { payloadFromDocument } from '../main/services/projectCodecIo';
import { createProjectService } from '../main/services/projectService';
import { inProcessProjectCodec, projectCodecThread, projectWorkerSource, type ProjectCodec } from '../main/services/projectThread';
import { createRecentFiles } from '../main/services/recentFiles';

const SIZE = Number(process.env.FAULTLINE_STALL_BENCH_SIZE ?? 8193);

let heightfield: ExportHeightmapRequest['heightfield'] | null = null;
function request(format: HeightmapExportFormat): ExportHeightmapRequest {
  if (!heightfield) {
    const field = createHeightfield(SIZE, SIZE, 1);
    for (let j = 0, k = 0; j < SIZE; j++)
      for (let i = 0; i < SIZE; i++, k++) field.heights[k] = 120 * Math.sin(i / 300) * Math.cos(j / 210) + ((i * 31 + j * 17) % 97) * 0.05;
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
function idle(name = 'export-stall-idle'): Benchmark {
  let worst = 0;
  return {
    name,
    samples: 2,
    warmup: 0,
    run: async () => {
      worst = Math.max(worst, await longestStall(() => new Promise((resolve) => setTimeout(resolve, 3000))));
    },
    measure: () => ({ stall_ms: Math.round(worst * 10) / 10 }),
  };
}

const PROJECT_SIZE = Number(process.env.FAULTLINE_PROJECT_STALL_SIZE ?? 4097);
/** Heights layers of the project besides its heights: 4097² × 5 maps ≈ 320 MiB, the project. */
const PROJECT_LAYERS = 4;

interface ProjectFixture {
  folder: string;
  file: string;
  payload: ProjectPayload;
}
let projectFixture: ProjectFixture | null = null;
/** A 4097² project of its heights and four heights layers, as a payload and as a file on disk (made once). */
function project(): ProjectFixture {
  if (projectFixture) return projectFixture;
  const field = createHeightfield(PROJECT_SIZE, PROJECT_SIZE, 1);
  for (let j = 0, k = 0; j < PROJECT_SIZE; j++)
    for (let i = 0; i < PROJECT_SIZE; i++, k++) field.heights[k] = 120 * Math.sin(i / 300) * Math.cos(j / 210) + ((i * 31 + j * 17) % 97) * 0.05;
  const layers: HeightsLayer[] = Array.from({ length: PROJECT_LAYERS }, (_, n) => ({
    id: `h${n}`,
    name: `Heights ${n + 1}`,
    enabled: true,
    opacity: 1,
    kind: 'heights',
    params: {},
    heights: field.heights.map((h) => h + n),
  }));
  field.heights.set(layers[PROJECT_LAYERS - 1].heights);
  const doc = { field, recipe: null, history: [], props: [], view: {}, layers };
  const folder = mkdtempSync(path.join(tmpdir(), 'faultline-project-stall-'));
  const file = path.join(folder, 'big.faultline');
  // Written synchronously once, before any ticker.
  const bytes = compileProject(doc);
  writeFileSync(file, bytes);
  projectFixture = { folder, file, payload: payloadFromDocument(doc) };
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  return projectFixture;
}

/** The project service with `codec`, its dialogs answering with `target`. */
function serviceFor(codec: ProjectCodec, fixture: ProjectFixture) {
  const dialogs = createScriptedDialogs();
  const service = createProjectService({ dialogs, recent: createRecentFiles(fixture.folder), codec });
  return { dialogs, service };
}

/**
 * One open or save through the project service; what `measure` makes of it: `stall_ms`, the longest
 * gap of a ticker beside it, or `busy_ms`, the time main's event loop was busy (eventLoopUtilization,
 * no ticker: a ticker keeps the loop busy), which bounds any stall and does not grow when other
 * processes take the CPU.
 */
function projectOperation(operation: 'open' | 'save', where: 'thread' | 'main', measure: 'stall' | 'busy'): Benchmark {
  let worst = 0;
  return {
    name: `project-${operation}-${measure}-${where}`,
    size: PROJECT_SIZE,
    samples: 2,
    warmup: 0,
    setup: () => (projectWorkerSource(), project()),
    run: async (state) => {
      const fixture = state as ProjectFixture;
      const { dialogs, service } = serviceFor(where === 'thread' ? projectCodecThread() : inProcessProjectCodec, fixture);
      let work: () => Promise<void>;
      if (operation === 'open') {
        dialogs.queueOpen(fixture.file);
        work = async () => {
          const result = await service.open();
          if (result.status !== 'opened') throw new Error(`open failed: ${result.status === 'error' ? result.message : result.status}`);
        };
      } else {
        // Each save gets its own copy of the payload (made before the measure starts), as each IPC request brings one.
        const { payload } = fixture;
        const request = {
          defaultName: 'saved',
          payload: { ...payload, heights: payload.heights.slice(), layers: payload.layers && { ...payload.layers, data: payload.layers.data.slice() } },
        };
        dialogs.queueSave(path.join(fixture.folder, `saved-${where}.faultline`));
        work = async () => {
          const result = await service.saveAs(request);
          if (result.status !== 'saved') throw new Error(`save failed: ${result.status === 'error' ? result.message : result.status}`);
        };
      }
      if (measure === 'stall') {
        worst = Math.max(worst, await longestStall(work));
        return;
      }
      const before = nodePerformance.eventLoopUtilization();
      await work();
      worst = Math.max(worst, nodePerformance.eventLoopUtilization(before).active);
    },
    measure: () => ({ [`${measure}_ms`]: Math.round(worst * 10) / 10 }),
  };
}

const projectBenchmarks: Benchmark[] = [idle('project-stall-idle')];
for (const operation of ['save', 'open'] as const) {
  for (const measure of ['stall', 'busy'] as const)
    for (const where of ['main', 'thread'] as const) projectBenchmarks.push(projectOperation(operation, where, measure));
}

export const benchmarks: Benchmark[] = [idle(), ...HEIGHTMAP_EXPORT_VARIANTS.map(stall), ...HEIGHTMAP_EXPORT_VARIANTS.map(busy), ...projectBenchmarks];
