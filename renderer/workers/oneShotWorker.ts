/** What a one-shot answer needs of a worker (a browser Worker; a stand-in in tests). */
export interface OneShotPort<M> {
  onmessage: ((event: MessageEvent<M>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/**
 * A worker started for one answer: `result` settles once, with the first of the answer `onMessage` hands to `end`,
 * `failed` when the worker throws, or a cancel's value passed to `end`; the worker ends then, whichever came first.
 */
export function oneShotWorker<T, M>(
  worker: OneShotPort<M>,
  onMessage: (data: M, end: (value: T) => void) => void,
  failed: T,
): { result: Promise<T>; end: (value: T) => void } {
  let settle: (value: T) => void = () => undefined;
  let settled = false;
  const result = new Promise<T>((resolve) => {
    settle = resolve;
  });
  const end = (value: T) => {
    if (settled) return;
    settled = true;
    worker.terminate();
    settle(value);
  };
  worker.onmessage = (event) => onMessage(event.data, end);
  worker.onerror = (event) => {
    event.preventDefault();
    end(failed);
  };
  return { result, end };
}
