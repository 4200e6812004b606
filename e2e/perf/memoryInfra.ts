import type { Browser, CDPSession } from '@playwright/test';

/**
 * Chromium's own account of a process's memory (memory-infra, what chrome://tracing's memory dumps
 * show): one detailed dump over every process of the browser, read through the DevTools protocol.
 * Each allocator dump is a path ("gpu/gl/textures/…", "malloc", "partition_alloc/…", "skia/…",
 * "gpu/shared_images/…") with a size in bytes; a parent's size includes its children's.
 */

export interface AllocatorDump {
  name: string;
  /** Bytes (the dump's `size` attribute). */
  size: number;
}

export interface ProcessDump {
  pid: number;
  allocators: AllocatorDump[];
}

export interface TraceEvent {
  ph?: string;
  pid?: number;
  args?: { dumps?: { allocators?: Record<string, { attrs?: Record<string, { value?: string | number }> }> } };
}

/** The `size` attribute of an allocator dump (hex string in the trace), 0 when it has none. */
export function allocatorSize(attrs: Record<string, { value?: string | number }> | undefined): number {
  const value = attrs?.size?.value;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number.parseInt(value, 16) || 0;
  return 0;
}

/** The memory dumps of a trace's events, per process (the last dump of a process wins). */
export function processDumps(events: readonly TraceEvent[]): ProcessDump[] {
  const byPid = new Map<number, ProcessDump>();
  for (const event of events) {
    const allocators = event.args?.dumps?.allocators;
    if (event.ph !== 'v' || event.pid === undefined || !allocators) continue;
    byPid.set(event.pid, { pid: event.pid, allocators: Object.entries(allocators).map(([name, dump]) => ({ name, size: allocatorSize(dump.attrs) })) });
  }
  return [...byPid.values()];
}

async function readStream(session: CDPSession, handle: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk = (await session.send('IO.read', { handle })) as { data: string; eof: boolean; base64Encoded?: boolean };
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await session.send('IO.close', { handle });
  return text;
}

/** One detailed memory dump of every process of `browser`. */
export async function requestMemoryDumps(browser: Browser): Promise<ProcessDump[]> {
  const session = await browser.newBrowserCDPSession();
  try {
    await session.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      // No periodic dumps: only the one requested below (the protocol types this dictionary as strings).
      traceConfig: {
        includedCategories: ['disabled-by-default-memory-infra'],
        excludedCategories: ['*'],
        memoryDumpConfig: { triggers: [] } as unknown as Record<string, string>,
      },
    });
    const dumped = (await session.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' })) as { success: boolean };
    const complete = new Promise<string>((resolve) => session.once('Tracing.tracingComplete', (event: { stream?: string }) => resolve(event.stream ?? '')));
    await session.send('Tracing.end');
    const stream = await complete;
    if (!dumped.success || !stream) return [];
    const parsed = JSON.parse(await readStream(session, stream)) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    return processDumps(Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []));
  } finally {
    await session.detach();
  }
}

/** Allocators of at least `minMb`, at most `depth` path segments deep, largest first: "name 12.3". */
export function formatAllocators(dump: ProcessDump, minMb = 1, depth = 3): string {
  return dump.allocators
    .filter((a) => a.size >= minMb * 1024 * 1024 && a.name.split('/').length <= depth)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((a) => `${a.name} ${(a.size / (1024 * 1024)).toFixed(1)}`)
    .join('; ');
}
