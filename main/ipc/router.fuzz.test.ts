/**
 * Seeded fuzzing of the IPC router over every request channel: thousands of malformed argument
 * lists (hostile values, mutations of valid calls) from the app's own window and from senders it
 * must not trust. Every call settles promptly; a refusal is a plain one-line Error from the router
 * or the service, never an internal TypeError, RangeError or stack overflow; an untrusted sender
 * reaches no service; nothing is written outside the user-data folder and no dialog path is used.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_IDS } from '../../shared/commands';
import { createRandom } from '../../shared/random';
import { DEFAULT_VIEW_SETTINGS, requestChannels, type RequestChannel } from '../../shared/ipc/contract';
import { compileProject } from '../../shared/codecs/project';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createMainServices, type MainServices } from '../services';
import { createScriptedDialogs, type ScriptedDialogs } from '../services/dialogs';
import { createIpcRouter, type IpcRouter } from './router';
import { createSenderPolicy } from './senderPolicy';

const INDEX_URL = 'file:///opt/Faultline/resources/app/dist/renderer/index.html';
const TRUSTED = { url: INDEX_URL };
const UNTRUSTED: unknown[] = [
  { url: 'https://evil.example/' },
  { url: `${INDEX_URL}.evil` },
  { url: 'file:///tmp/index.html' },
  { url: 'about:blank' },
  { url: 42 },
  {},
  null,
  undefined,
  'file:///opt/Faultline/resources/app/dist/renderer/index.html',
];
const CHANNELS = Object.keys(requestChannels) as RequestChannel[];
const SEED = 20240611;
/** Calls per channel from the app's window: hostile argument lists, and mutations of a valid call. */
const HOSTILE_CALLS = 200;
const MUTATED_CALLS = 200;
/** A call that takes longer than this is a stall. */
const SETTLE_MS = 5000;

/** What an internal error (rather than a refusal) looks like. */
const INTERNAL = new RegExp(
  [
    'Cannot read propert',
    'Cannot convert',
    'is not a function',
    'is not iterable',
    'is not a constructor',
    'undefined is not',
    'null is not',
    'Maximum call stack',
    'Invalid string length',
    'Invalid array length',
    'Invalid typed array length',
    'out of memory',
    String.raw`\n\s+at `,
  ].join('|'),
  'i',
);

let root: string;
let userData: string;
let existingProject: string;
let services: MainServices;
let dialogs: ScriptedDialogs;
let router: IpcRouter;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'faultline-fuzz-'));
  userData = path.join(root, 'userData');
  existingProject = path.join(root, 'existing.faultline');
  await writeFile(existingProject, compileProject({ field: createHeightfield(3, 3, 1), recipe: null, history: [], props: [], view: {} }));
  dialogs = createScriptedDialogs();
  services = createMainServices({ userDataDir: userData, appInfo: { name: 'F', version: '1', platform: 'linux', shell: 'electron' }, dialogs });
  router = createIpcRouter({ services, isTrustedSender: createSenderPolicy({ indexFileUrl: INDEX_URL }) });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// Large values are made once and shared: the fuzzer must be fast, not allocate per call.
const HUGE_BYTES = new Uint8Array(16 * 1024 * 1024 + 1);
const MANY_KEYS: Record<string, number> = {};
for (let k = 0; k < 20_000; k++) MANY_KEYS[`k${k}`] = k;
const DEEP: unknown = (() => {
  let value: unknown = {};
  for (let k = 0; k < 5_000; k++) value = { a: value, b: [value] };
  return value;
})();
const SPARSE: unknown[] = [];
SPARSE.length = 1_000_000;

function json(width = 2, depth = 2): string {
  return JSON.stringify({ width, depth, cellSize: 1, recipe: null, history: [], props: [], view: {} });
}

/** One valid call per channel that has arguments, to mutate. */
function validArgs(channel: RequestChannel): unknown[] {
  const payload = { json: json(), heights: new Uint8Array(16) };
  switch (channel) {
    case 'file:saveBytesAs':
      return [{ title: 'Export', defaultName: 'a.csv', filters: [{ name: 'CSV', extensions: ['csv'] }], bytes: new Uint8Array(8) }];
    case 'settings:setView':
      return [{ ...DEFAULT_VIEW_SETTINGS }];
    case 'project:openRecent':
      return [0];
    case 'project:registerDrop':
      return [existingProject];
    case 'project:openDropped':
      return ['0000-token'];
    case 'project:save':
      return [{ handle: 'some-handle', payload }];
    case 'project:saveAs':
      return [{ defaultName: 'a', payload }];
    case 'project:setDirty':
      return [true];
    case 'recovery:write':
      return [{ fileName: 'a.faultline', payload }];
    case 'file:exportHeightmap':
      return [
        {
          title: 'Export Heightmap',
          defaultName: 'a.png',
          format: 'png16',
          byteOrder: 'le',
          flip: false,
          exrCompression: 'zip',
          heightfield: { width: 2, depth: 2, cellSize: 1, heights: new Uint8Array(16) },
          job: 'export-1',
        },
      ];
    case 'file:exportHeightmapTiles':
      return [
        {
          handle: 'some-handle',
          fileName: 'a.r16',
          format: 'r16',
          byteOrder: 'le',
          flip: false,
          exrCompression: 'zip',
          tiles: { size: 2, overlap: 0 },
          heightfield: { width: 2, depth: 2, cellSize: 1, heights: new Uint8Array(16) },
        },
      ];
    case 'file:writeExportChunk':
      return [{ handle: 'some-handle', fileName: 'a.png', offset: 0, bytes: new Uint8Array(4), last: true }];
    case 'file:cancelExport':
      return [{ job: 'some-handle' }];
    case 'file:checkExportMemory':
      return [{ bytes: 1024, what: 'the PNG 16-bit grayscale export (3 × 3)' }];
    case 'upload:begin':
      return [16];
    case 'upload:append':
      return ['some-upload', 0, new Uint8Array(4)];
    case 'commands:setState':
      return [[{ id: COMMAND_IDS[0], enabled: true }]];
    default:
      return [];
  }
}

type Next = () => number;

function hostileValue(next: Next, depth = 0): unknown {
  const pick = Math.floor(next() * 40);
  const int = (n: number) => Math.floor(next() * n);
  switch (pick) {
    case 0:
      return undefined;
    case 1:
      return null;
    case 2:
      return next() < 0.5;
    case 3:
      return [0, -0, NaN, Infinity, -Infinity, -1, 2 ** 53, 1e308, 4.5, 2 ** 31, -(2 ** 31), 99][int(12)];
    case 4:
      return BigInt(int(1000)) * 10n ** 20n;
    case 5:
      return ['', 'a', '/etc/passwd', '../../x.faultline', '__proto__', 'constructor', 'toString', 'C:\\Windows\\x', 'a\u0000b', '⛰'.repeat(3)][int(10)];
    case 6:
      return 'x'.repeat([256, 4097, 70_000][int(3)]);
    case 7:
      return new Uint8Array(int(64));
    case 8:
      return HUGE_BYTES;
    case 9:
      return new [Int8Array, Uint16Array, Int32Array, Float32Array, Float64Array, BigInt64Array, Uint8ClampedArray][int(7)](int(32));
    case 10:
      return new DataView(new ArrayBuffer(int(64)));
    case 11:
      return new ArrayBuffer(int(64));
    case 12:
      return new Array(int(4) + 1);
    case 13:
      return SPARSE;
    case 14:
      return [];
    case 15:
      return {};
    case 16:
      return Object.create(null) as object;
    case 17:
      return JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown;
    case 18:
      return { toString: 'x', valueOf: 1, hasOwnProperty: null };
    case 19:
      return MANY_KEYS;
    case 20:
      return DEEP;
    case 21:
      return new Map([['a', 1]]);
    case 22:
      return new Set([1]);
    case 23:
      return new Date(0);
    case 24:
      return /x/;
    case 25:
      return new Error('boom');
    case 26:
      return { json: 'x'.repeat(10), heights: new Uint8Array(3) };
    case 27:
      return { json: '['.repeat(100_000), heights: new Uint8Array(16) };
    case 28:
      return { payload: { json: json(8193, 8193), heightsUpload: 'nope' } };
    case 29:
      return { handle: 'h', payload: { json: json(), heights: new Uint8Array(16), heightsUpload: 'u' } };
    // Heightfield payloads (file:exportHeightmap, file:exportHeightmapTiles): an upload that does not exist, heights that are not
    // the map's, both or neither, sizes and cell sizes out of range.
    case 30:
      return { heightfield: { width: 8193, depth: 8193, cellSize: 1, heightsUpload: 'nope' } };
    case 31:
      return [
        { width: 3, depth: 2, cellSize: 1, heights: HUGE_BYTES },
        { width: 2, depth: 2, cellSize: 1, heights: new Uint8Array(16), heightsUpload: 'u' },
        { width: 2, depth: 2, cellSize: 1 },
        { width: 2, depth: 2, cellSize: [0, -1, NaN, 1e308][int(4)], heights: new Uint8Array(16) },
        { width: [1, 8194, 2.5, -2][int(4)], depth: 2, cellSize: 1, heights: new Uint8Array(16) },
        { width: 2, depth: 2, cellSize: 1, heights: new Uint8Array(15) },
      ][int(6)];
    default:
      if (depth > 2) return int(10);
      return next() < 0.5
        ? Array.from({ length: int(4) }, () => hostileValue(next, depth + 1))
        : Object.fromEntries(
            Array.from({ length: int(4) }, (_, k) => [
              ['id', 'enabled', 'payload', 'json', 'handle', 'bytes', 'x', '__proto__'][int(8)] + (k ? '' : ''),
              hostileValue(next, depth + 1),
            ]),
          );
  }
}

/** A copy of `value` with one place (chosen by `next`) replaced, removed, or given an extra key. */
function mutate(value: unknown, next: Next, depth = 0): unknown {
  const dive = next() < 0.6 && depth < 6;
  if (Array.isArray(value)) {
    const copy = value.slice();
    if (copy.length === 0 || next() < 0.15) {
      copy.push(hostileValue(next));
      return copy;
    }
    const k = Math.floor(next() * copy.length);
    if (next() < 0.1) delete copy[k];
    else copy[k] = dive ? mutate(copy[k], next, depth + 1) : hostileValue(next);
    return copy;
  }
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const roll = next();
    if (keys.length === 0 || roll < 0.15) copy[['extra', 'path', '__proto__', 'constructor', 'valueOf'][Math.floor(next() * 5)]] = hostileValue(next);
    else if (roll < 0.25) delete copy[keys[Math.floor(next() * keys.length)]];
    else {
      const key = keys[Math.floor(next() * keys.length)];
      copy[key] = dive ? mutate(copy[key], next, depth + 1) : hostileValue(next);
    }
    return copy;
  }
  return hostileValue(next);
}

/** Settles the call or fails the test as a stall; a synchronous throw fails it too. */
async function settle(sender: unknown, channel: unknown, args: unknown): Promise<{ ok: true } | { ok: false; error: unknown }> {
  let call: Promise<unknown>;
  try {
    call = router.handle(sender as { url: string }, channel, args);
  } catch (error) {
    throw new Error(`router.handle threw synchronously on ${String(channel)}: ${String(error)}`);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stall = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${String(channel)} did not settle within ${SETTLE_MS} ms`)), SETTLE_MS);
  });
  try {
    await Promise.race([call, stall]);
    return { ok: true };
  } catch (error) {
    if (error instanceof Error && error.message.includes('did not settle')) throw error;
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}

function describeArgs(args: unknown): string {
  try {
    return (
      JSON.stringify(args, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : ArrayBuffer.isView(v) ? `<${v.constructor.name} ${v.byteLength}>` : v))?.slice(
        0,
        300,
      ) ?? String(args)
    );
  } catch {
    return '<unprintable>';
  }
}

describe('IPC router under fuzzing', () => {
  it('every channel, malformed calls from the app window: each settles with a result or a plain refusal', { timeout: 60_000 }, async () => {
    const random = createRandom(SEED);
    const next: Next = () => random.next();
    let refused = 0;
    let answered = 0;
    for (const channel of CHANNELS) {
      const calls: unknown[] = [];
      for (let k = 0; k < HOSTILE_CALLS; k++) {
        const roll = next();
        if (roll < 0.05) calls.push([null, 'x', {}, undefined, 7][Math.floor(next() * 5)]);
        else calls.push(Array.from({ length: Math.floor(next() * 4) }, () => hostileValue(next)));
      }
      for (let k = 0; k < MUTATED_CALLS; k++) calls.push(mutate(validArgs(channel), next));
      for (const args of calls) {
        const outcome = await settle(TRUSTED, channel, args);
        if (outcome.ok) {
          answered++;
          continue;
        }
        refused++;
        const { error } = outcome;
        const message = error instanceof Error ? error.message : `<not an Error: ${String(error)}>`;
        const plain =
          error instanceof Error && new RegExp(`^(IPC refused: |${channel} failed: )`).test(message) && !INTERNAL.test(message) && message.length < 2000;
        // The call is described only when it failed: describing each one would cost more than the calls.
        if (!plain) expect.fail(`${channel} ${describeArgs(args)} → ${message}`);
      }
    }
    // Both outcomes happen: the fuzzer reaches the services, not only the validators.
    expect(refused).toBeGreaterThan(CHANNELS.length * HOSTILE_CALLS * 0.5);
    expect(answered).toBeGreaterThan(CHANNELS.length);
    // No dialog was answered (none was queued), so nothing was written outside the user-data folder.
    expect((await readdir(root)).sort()).toEqual(['existing.faultline', 'userData']);
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('file:cancelExport names a job, never a path: anything else is refused, an unknown job is "unknown", a job id cannot hijack another export', async () => {
    for (const job of ['../x', '/etc/passwd', 'C:\\Windows', 'a/b', 'A-B', 'x'.repeat(65), '', 'a b', 'a\u0000b', 7, null]) {
      const outcome = await settle(TRUSTED, 'file:cancelExport', [{ job }]);
      expect(outcome.ok, `job ${describeArgs(job)}`).toBe(false);
      if (!outcome.ok) expect((outcome.error as Error).message).toMatch(/^IPC refused: file:cancelExport argument 1\.job: /);
    }
    // A path-like key beside the job, or a second argument, is refused too.
    for (const args of [[{ job: 'x', path: '/tmp' }], [{ job: 'x' }, '/tmp'], ['x'], [{}]]) {
      const outcome = await settle(TRUSTED, 'file:cancelExport', args);
      expect(outcome.ok, describeArgs(args)).toBe(false);
    }
    expect(await router.handle({ url: INDEX_URL }, 'file:cancelExport', [{ job: 'never-started' }])).toEqual({ status: 'unknown' });
  });

  it('a save or journal whose layer stack no reader would open is refused naming the layer, nothing written (issue 38)', { timeout: 30_000 }, async () => {
    const layer = (params: Record<string, unknown>, name = 'Faults') => ({
      id: 'faults',
      kind: 'faults',
      name,
      enabled: true,
      opacity: 1,
      params: { seed: 5, iterations: 10, lineMethod: 'normal', decay: { disp0: 1, dispN: 1, n: 5 }, ...params },
    });
    const cases: [unknown, RegExp][] = [
      [layer({ seed: -5.5 }), /layer 1 "Faults" \(faults\): seed is -5\.5, not a whole number from 0 to 4294967295$/],
      [layer({ seed: 4294967296 }), /layer 1 "Faults" \(faults\): seed is 4294967296/],
      [layer({ decay: { disp0: 1e308, dispN: 1, n: 5 } }), /layer 1 "Faults" \(faults\): decay\.disp0 is 1e\+308/],
      [layer({}, 'red\u001b[31m'), /layer 1 "red\\u\{1b\}\[31m" \(faults\): name must not hold control characters/],
      [layer({}, ''), /layer 1 "faults" \(faults\): name must not be empty/],
    ];
    const target = path.join(root, 'stack.faultline');
    for (const [bad, problem] of cases) {
      const payload = { json: json(), heights: new Uint8Array(16), layers: { json: JSON.stringify({ layers: [bad], blobs: [] }), data: new Uint8Array(0) } };
      dialogs.queueSave(target);
      const saved = (await router.handle(TRUSTED, 'project:saveAs', [{ defaultName: 'stack', payload }])) as { status: string; message?: string };
      expect(saved.status).toBe('error');
      expect(saved.message).toMatch(/^stack\.faultline: cannot be saved: /);
      expect(saved.message).toMatch(problem);
      expect(saved.message).not.toMatch(INTERNAL);
      const journal = await router.handle(TRUSTED, 'recovery:write', [{ payload }]).then(
        () => 'written',
        (error: Error) => error.message,
      );
      expect(journal).toMatch(problem);
    }
    expect((await readdir(root)).filter((name) => name.startsWith('stack'))).toEqual([]);
  });

  it('senders other than the app window reach no service, whatever they send', { timeout: 30_000 }, async () => {
    const random = createRandom(SEED + 1);
    const next: Next = () => random.next();
    const shownBefore = dialogs.shown.length;
    const before = (await readdir(userData).catch(() => [])).sort();
    for (const channel of [...CHANNELS, 'fs:writeFile', '__proto__', 'constructor', 42, null]) {
      for (const sender of UNTRUSTED) {
        for (const args of [
          [],
          channel === 'project:registerDrop' ? [existingProject] : [hostileValue(next)],
          typeof channel === 'string' ? validArgs(channel as RequestChannel) : [],
          'not a list',
        ]) {
          const outcome = await settle(sender, channel, args);
          expect(outcome.ok, `${String(channel)} from ${describeArgs(sender)}`).toBe(false);
          if (!outcome.ok) expect((outcome.error as Error).message).toMatch(/^IPC refused: sender .* is not the Faultline window$/);
        }
      }
    }
    expect(dialogs.shown.length).toBe(shownBefore);
    expect((await readdir(userData).catch(() => [])).sort()).toEqual(before);
  });
});
