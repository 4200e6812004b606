import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoverAsk, CoverAnswer, FromRiverCoverWorker } from '../../app/document/riverCoverJob';
import { coverWorkerRunner, type CoverWorkerPort } from './riverCoverChannel';

/** A worker stand-in that answers each ask after a tick and counts its ends. */
function fakeWorkers() {
  const started: { asks: CoverAsk[]; ended: boolean }[] = [];
  const start = (): CoverWorkerPort => {
    const record = { asks: [] as CoverAsk[], ended: false };
    started.push(record);
    const port: CoverWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage(message) {
        record.asks.push(message as CoverAsk);
        setTimeout(() => {
          if (record.ended) return;
          const answer: CoverAnswer = { flow: new Uint8Array(1), deposition: new Uint8Array(1) } as CoverAnswer;
          port.onmessage?.({ data: answer } as MessageEvent<FromRiverCoverWorker>);
        }, 1);
      },
      terminate() {
        record.ended = true;
      },
    };
    return port;
  };
  return { started, start };
}

const patch = () => ({
  rect: { i0: 0, j0: 0, i1: 1, j1: 1 },
  heights: new Float32Array(1),
  surface: null,
  kind: null,
  flow: new Uint8Array(1),
  deposition: new Uint8Array(1),
});
const whole = (): CoverAsk => ({ kind: 'whole', width: 1, depth: 1, cellSize: 1, patch: patch() });
const rect = (): CoverAsk => ({ kind: 'rect', patch: patch() });

describe('the drawn cover worker lets its copy of the map go when no ask comes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the worker between asks closer than the idle time, ends it after, and the next ask must be whole', async () => {
    const workers = fakeWorkers();
    const link = coverWorkerRunner(5_000, workers.start)();
    const first = link.ask(whole()).result;
    await vi.advanceTimersByTimeAsync(2);
    expect(await first).not.toBeNull();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(link.synced).toBe(true);
    const second = link.ask(rect()).result;
    await vi.advanceTimersByTimeAsync(2);
    expect(await second).not.toBeNull();
    // The idle time counts from the last answer, not the first ask.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(workers.started[0]!.ended).toBe(false);
    expect(link.synced).toBe(true);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(workers.started[0]!.ended).toBe(true);
    expect(link.synced).toBe(false);
    // A whole ask starts a new worker that holds the map again.
    const third = link.ask(whole()).result;
    await vi.advanceTimersByTimeAsync(2);
    expect(await third).not.toBeNull();
    expect(workers.started).toHaveLength(2);
    expect(link.synced).toBe(true);
    link.dispose();
  });

  it('does not end a worker that still has asks under way', async () => {
    const workers = fakeWorkers();
    const link = coverWorkerRunner(5, workers.start)();
    const a = link.ask(whole()).result;
    const b = link.ask(rect()).result;
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await a).not.toBeNull();
    expect(await b).not.toBeNull();
    expect(workers.started[0]!.ended).toBe(false);
    await vi.advanceTimersByTimeAsync(6);
    expect(workers.started[0]!.ended).toBe(true);
  });
});
