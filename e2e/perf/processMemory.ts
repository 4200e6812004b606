import { readdir, readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';

/**
 * Process memory of a Chromium instance on Linux, read from /proc: every process of the browser's
 * tree (browser, zygotes, renderers, GPU, utilities) with
 * - its private memory footprint (RssAnon + VmSwap from /proc/<pid>/status): what Chromium's and
 *   Electron's task managers call a process's memory, and what the OS must find for it;
 * - its proportional set size (Pss: every mapped page, shared library code included, split between
 *   the processes that map it, so the sum is not inflated) and its Rss.
 */

export type ChromiumProcessType = 'browser' | 'renderer' | 'gpu' | 'utility' | 'zygote' | 'other';

export interface ProcessMemory {
  pid: number;
  type: ChromiumProcessType;
  /** Chromium's `--utility-sub-type` (e.g. network.mojom.NetworkService), when there is one. */
  subType?: string;
  pssMb: number;
  rssMb: number;
  /** Private + proportional anonymous memory (heaps, typed arrays, GPU buffers in software GL). */
  pssAnonMb: number;
  /** Private memory footprint: resident anonymous memory plus swap (RssAnon + VmSwap). */
  privateMb: number;
  /**
   * A process of Chromium's own browser that an app window does not have (chromeOnlyProcess: the
   * `--top-chrome-webui` renderer behind the omnibox popup, the on-device AI model service;
   * Electron runs neither), or one the measurement started (the tracing service of a memory-infra dump).
   */
  browserUiOnly: boolean;
}

export interface BrowserMemory {
  processes: ProcessMemory[];
  totalPssMb: number;
  totalRssMb: number;
  /** Private memory footprint summed over every process. */
  totalPrivateMb: number;
  /** Private memory footprint of the processes an Electron app runs too (all but `browserUiOnly` ones). */
  appPrivateMb: number;
  /** Pss summed per process type. */
  pssMbByType: Partial<Record<ChromiumProcessType, number>>;
  /** How the browser process was found: the DevTools protocol, or the test process's children. */
  foundBy: 'cdp' | 'process-tree';
}

const KIB_PER_MB = 1024;

/** Fields in kB of /proc/<pid>/smaps_rollup or /proc/<pid>/status ("Pss:   1234 kB"). */
export function parseKilobyteFields(text: string): Map<string, number> {
  const fields = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\w+):\s+(\d+) kB$/.exec(line.trim());
    if (match) fields.set(match[1], Number(match[2]));
  }
  return fields;
}

/** The parent pid from /proc/<pid>/stat; the command name may hold spaces and parentheses. */
export function parentPidFromStat(stat: string): number {
  const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state, ppid, …
  return Number(afterName[1]);
}

/** Chromium's process type from its command line (`--type=…`; none for the browser process). */
export function chromiumTypeFromArgs(args: readonly string[]): { type: ChromiumProcessType; subType?: string } {
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const subType = flag('utility-sub-type');
  switch (flag('type')) {
    case undefined:
      return { type: 'browser' };
    case 'renderer':
      return { type: 'renderer' };
    case 'gpu-process':
      return { type: 'gpu' };
    case 'utility':
      return subType ? { type: 'utility', subType } : { type: 'utility' };
    case 'zygote':
      return { type: 'zygote' };
    default:
      return { type: 'other' };
  }
}

/**
 * Whether a process belongs to Chromium the browser, not to the page an app shows: the renderer of
 * its own interface (`--top-chrome-webui`) and the on-device AI model service, which Chromium starts
 * at some point of a session (≈ 16 MB private) and Electron does not have; and the tracing service,
 * which Chromium starts for a memory-infra dump (`memoryInfra.ts`, ≈ 16 MB): the measurement's, not the app's.
 */
export function chromeOnlyProcess(args: readonly string[]): boolean {
  return (
    args.includes('--top-chrome-webui') ||
    args.includes('--utility-sub-type=on_device_model.mojom.OnDeviceModelService') ||
    args.includes('--utility-sub-type=tracing.mojom.TracingService')
  );
}

/** Every pid whose parent chain reaches `root`, `root` included. */
export function descendantsOf(root: number, parentOf: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parentOf) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** Parent of every live process (processes that exit while being read are skipped). */
async function parentMap(): Promise<Map<number, number>> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (stat) parents.set(Number(entry), parentPidFromStat(stat));
  }
  return parents;
}

/**
 * A process's arguments. Chromium's child processes rewrite their title, leaving one space-joined
 * string in /proc/<pid>/cmdline: split that on spaces too (flags never hold spaces we need).
 */
const commandLine = async (pid: number): Promise<string[] | null> => {
  const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  return raw === null ? null : raw.split(/[\0 ]/).filter((a) => a.length > 0);
};

/** The browser's pid as Chromium reports it through a browser-level DevTools session. */
async function browserPidFromCdp(browser: Browser): Promise<number | null> {
  try {
    const session = await browser.newBrowserCDPSession();
    try {
      const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
      return info.processInfo.find((p) => p.type === 'browser')?.id ?? null;
    } finally {
      await session.detach();
    }
  } catch {
    return null;
  }
}

/**
 * Fallback when the protocol cannot say: the Chromium process without `--type=` among this test
 * process's descendants (Playwright launches the browser as a child; other runs' browsers are not ours).
 */
async function browserPidFromTree(parents: ReadonlyMap<number, number>): Promise<number | null> {
  for (const pid of descendantsOf(process.pid, parents)) {
    if (pid === process.pid) continue;
    const args = await commandLine(pid);
    if (args && /chrom/i.test(args[0] ?? '') && args.includes('--remote-debugging-pipe') && chromiumTypeFromArgs(args).type === 'browser') return pid;
  }
  return null;
}

/** Private memory footprint in MB from /proc/<pid>/status fields, as Chromium computes it on Linux. */
export function privateFootprintMb(status: ReadonlyMap<string, number>): number {
  return ((status.get('RssAnon') ?? 0) + (status.get('VmSwap') ?? 0)) / KIB_PER_MB;
}

async function processMemory(pid: number): Promise<ProcessMemory | null> {
  const read = (file: string) => readFile(`/proc/${pid}/${file}`, 'utf8').catch(() => null);
  const [args, rollup, status] = await Promise.all([commandLine(pid), read('smaps_rollup'), read('status')]);
  if (!args || rollup === null || status === null) return null;
  const fields = parseKilobyteFields(rollup);
  return {
    pid,
    ...chromiumTypeFromArgs(args),
    pssMb: (fields.get('Pss') ?? 0) / KIB_PER_MB,
    rssMb: (fields.get('Rss') ?? 0) / KIB_PER_MB,
    pssAnonMb: (fields.get('Pss_Anon') ?? 0) / KIB_PER_MB,
    privateMb: privateFootprintMb(parseKilobyteFields(status)),
    browserUiOnly: chromeOnlyProcess(args),
  };
}

/** Why process memory cannot be read here, or null when it can. */
export function processMemoryUnsupportedReason(): string | null {
  if (process.platform !== 'linux') return `process memory is read from /proc/<pid>/smaps_rollup, which only Linux has (this is ${process.platform})`;
  return null;
}

/** Memory of every process in `browser`'s process tree (Linux only: see processMemoryUnsupportedReason). */
export async function readBrowserMemory(browser: Browser): Promise<BrowserMemory> {
  const parents = await parentMap();
  const fromCdp = await browserPidFromCdp(browser);
  const browserPid = fromCdp ?? (await browserPidFromTree(parents));
  if (browserPid === null)
    throw new Error(
      'could not find the Chromium browser process of this test (neither SystemInfo.getProcessInfo nor a --remote-debugging-pipe child of the test process)',
    );
  const processes = (await Promise.all(descendantsOf(browserPid, parents).map(processMemory))).filter((p): p is ProcessMemory => p !== null);
  return { ...summarizeProcesses(processes), foundBy: fromCdp !== null ? 'cdp' : 'process-tree' };
}

/** Totals of a set of process readings. */
export function summarizeProcesses(processes: ProcessMemory[]): Omit<BrowserMemory, 'foundBy'> {
  const sum = (list: ProcessMemory[], of: (p: ProcessMemory) => number) => list.reduce((total, p) => total + of(p), 0);
  const pssMbByType: Partial<Record<ChromiumProcessType, number>> = {};
  for (const p of processes) pssMbByType[p.type] = (pssMbByType[p.type] ?? 0) + p.pssMb;
  return {
    processes,
    totalPssMb: sum(processes, (p) => p.pssMb),
    totalRssMb: sum(processes, (p) => p.rssMb),
    totalPrivateMb: sum(processes, (p) => p.privateMb),
    appPrivateMb: sum(
      processes.filter((p) => !p.browserUiOnly),
      (p) => p.privateMb,
    ),
    pssMbByType,
  };
}

/** One line: the app's private footprint, total Pss and Rss, then Pss per process type. */
export function formatBrowserMemory(memory: BrowserMemory): string {
  const byType = Object.entries(memory.pssMbByType)
    .map(([type, mb]) => `${type} ${mb.toFixed(0)}`)
    .join(', ');
  const uiOnly = memory.processes.filter((p) => p.browserUiOnly).length;
  return (
    `private footprint ${memory.appPrivateMb.toFixed(0)} MB over the ${memory.processes.length - uiOnly} processes an app runs` +
    (uiOnly > 0 ? ` (${memory.totalPrivateMb.toFixed(0)} MB with Chromium's own ${uiOnly} process${uiOnly > 1 ? 'es' : ''}, not in an app)` : '') +
    `; Pss ${memory.totalPssMb.toFixed(0)} MB (Rss sum ${memory.totalRssMb.toFixed(0)} MB) over ${memory.processes.length} Chromium processes [Pss ` +
    `MB: ${byType}]`
  );
}
