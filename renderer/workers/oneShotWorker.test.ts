import { describe, expect, it } from 'vitest';
import { oneShotWorker, type OneShotPort } from './oneShotWorker';

function standIn() {
  const port: OneShotPort<number> & { ended: number } = {
    onmessage: null,
    onerror: null,
    ended: 0,
    terminate() {
      this.ended++;
    },
  };
  const message = (data: number) => port.onmessage?.({ data } as MessageEvent<number>);
  const error = () => {
    let prevented = false;
    port.onerror?.({ preventDefault: () => (prevented = true) } as unknown as ErrorEvent);
    return prevented;
  };
  return { port, message, error };
}

describe('a worker started for one answer', () => {
  it('settles with its answer once and ends the worker; later messages, errors and cancels change nothing', async () => {
    const { port, message, error } = standIn();
    const seen: number[] = [];
    const { result, end } = oneShotWorker<number | null, number>(port, (data, done) => (data < 0 ? seen.push(data) : done(data)), null);
    message(-1);
    expect(port.ended).toBe(0);
    message(7);
    message(9);
    error();
    end(null);
    expect(await result).toBe(7);
    expect(seen).toEqual([-1]);
    expect(port.ended).toBe(1);
  });

  it('settles with the failed value when the worker throws (the error not left to the console), and with a cancel’s value', async () => {
    const thrown = standIn();
    const failed = oneShotWorker<string, number>(thrown.port, (data, done) => done(String(data)), 'failed');
    expect(thrown.error()).toBe(true);
    expect(await failed.result).toBe('failed');
    expect(thrown.port.ended).toBe(1);
    const cancelled = standIn();
    const run = oneShotWorker<string, number>(cancelled.port, (data, done) => done(String(data)), 'failed');
    run.end('cancelled');
    cancelled.message(3);
    expect(await run.result).toBe('cancelled');
    expect(cancelled.port.ended).toBe(1);
  });
});
