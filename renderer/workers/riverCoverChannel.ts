import type { FromRiverCoverWorker, RiverCoverAnswer, RiverCoverRunner } from '../../app/document/riverCoverJob';

/**
 * Finds the erosion cover beside the rivers in a worker of its own (passed to the session by renderer/main.tsx); cancel
 * ends it at once. The ask's arrays are copies made for it (surfaceCover.ts): they are moved, not copied again.
 */
export const workerRiverCoverRunner: RiverCoverRunner = (ask) => {
  const worker = new Worker(new URL('./riverCoverWorker.ts', import.meta.url), { type: 'module', name: 'river-cover' });
  let settle: (answer: RiverCoverAnswer | null) => void = () => undefined;
  let settled = false;
  const result = new Promise<RiverCoverAnswer | null>((resolve) => {
    settle = resolve;
  });
  const end = (value: RiverCoverAnswer | null) => {
    if (settled) return;
    settled = true;
    worker.terminate();
    settle(value);
  };
  worker.onmessage = (event: MessageEvent<FromRiverCoverWorker>) => end(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    end(null);
  };
  worker.postMessage(ask, [ask.flow.buffer, ask.surface.buffer, ask.kind.buffer, ask.heights.buffer]);
  return { result, cancel: () => end(null) };
};
