import type { Page } from '@playwright/test';

/**
 * The page's large ArrayBuffers and who holds them, from a heap snapshot (DevTools protocol): each
 * backing store of at least `minMb`, with the property path of the nearest retainers (object field →
 * typed array → buffer), e.g. "64.0 MB surface ← water". Names the renderer's holders at rest
 * without a probe build. A snapshot forces a collection, so take it after the memory readings.
 */
export async function arrayBufferHolders(page: Page, minMb = 1): Promise<string> {
  const session = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    await session.detach();
  }
  return describeHolders(JSON.parse(chunks.join('')) as HeapSnapshot, minMb * 1024 * 1024);
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

function describeHolders(heap: HeapSnapshot, minBytes: number): string {
  const { meta } = heap.snapshot;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const [nameAt, sizeAt, edgeCountAt, typeAt] = ['name', 'self_size', 'edge_count', 'type'].map((f) => meta.node_fields.indexOf(f));
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
  const edgeTypes = meta.edge_types[0];
  const nodeTypes = meta.node_types[0];
  const { nodes, edges, strings } = heap;
  const nodeCount = nodes.length / nodeFields;
  // Reverse edges: for each node, who points at it and by which name.
  const retainers: { from: number; name: string }[][] = Array.from({ length: nodeCount }, () => []);
  let edge = 0;
  for (let n = 0; n < nodeCount; n++) {
    const count = nodes[n * nodeFields + edgeCountAt];
    for (let e = 0; e < count; e++, edge += edgeFields) {
      const kind = edgeTypes[edges[edge + edgeTypeAt]];
      if (kind === 'weak' || kind === 'shortcut') continue;
      const raw = edges[edge + edgeNameAt];
      const name = kind === 'element' || kind === 'hidden' ? `[${raw}]` : strings[raw];
      retainers[edges[edge + toAt] / nodeFields].push({ from: n, name });
    }
  }
  const nodeName = (n: number) => strings[nodes[n * nodeFields + nameAt]];
  const isSystem = (n: number) => nodeTypes[nodes[n * nodeFields + typeAt]] === 'hidden' || nodeName(n).startsWith('system /');
  /** Up to three named steps towards the roots, skipping V8's internal links. */
  const path = (start: number): string => {
    const steps: string[] = [];
    let at = start;
    const seen = new Set<number>([at]);
    while (steps.length < 4) {
      const next = retainers[at].find((r) => !seen.has(r.from) && !isSystem(r.from)) ?? retainers[at].find((r) => !seen.has(r.from));
      if (!next) break;
      if (!next.name.startsWith('[') || steps.length === 0) steps.push(`${next.name} (${nodeName(next.from)})`);
      seen.add(next.from);
      at = next.from;
    }
    return steps.join(' ← ');
  };
  const found: { bytes: number; text: string }[] = [];
  for (let n = 0; n < nodeCount; n++) {
    const bytes = nodes[n * nodeFields + sizeAt];
    if (bytes < minBytes || nodeName(n) !== 'system / JSArrayBufferData') continue;
    found.push({ bytes, text: `${(bytes / 1024 / 1024).toFixed(1)} MiB ${path(n)}` });
  }
  found.sort((a, b) => b.bytes - a.bytes);
  const total = found.reduce((sum, f) => sum + f.bytes, 0);
  return `${(total / 1024 / 1024).toFixed(0)} MiB in ${found.length} buffers: ${found.map((f) => f.text).join('; ')}`;
}
