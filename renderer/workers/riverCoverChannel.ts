import { askBuffers, type CoverAnswer, type CoverLink, type FromRiverCoverWorker, type RiverCoverRunner } from '../../app/document/riverCoverJob';

/**
 * The drawn cover found in a worker of its own (passed to the session by renderer/main.tsx), which keeps its copy of
 * the map between asks: answers come in order. A whole-map ask while others are under way ends that worker and starts
 * another (their answers are no longer wanted); a worker that fails answers null and the link is no longer synced, so
 * the next ask is the whole map. The ask's arrays are copies made for it (surfaceCover.ts): they are moved, not copied again.
 */
export const workerRiverCoverRunner: RiverCoverRunner = (): CoverLink => {
  let worker: Worker | null = null;
  let synced = false;
  /** The runs under way, oldest first. */
  let waiting: { resolve: (answer: CoverAnswer | null) => void; wanted: boolean }[] = [];
  const stop = () => {
    worker?.terminate();
    worker = null;
    synced = false;
    const ended = waiting;
    waiting = [];
    for (const run of ended) run.resolve(null);
  };
  const start = () => {
    const made = new Worker(new URL('./riverCoverWorker.ts', import.meta.url), { type: 'module', name: 'river-cover' });
    made.onmessage = (event: MessageEvent<FromRiverCoverWorker>) => {
      const run = waiting.shift();
      run?.resolve(run.wanted ? event.data : null);
    };
    made.onerror = (event) => {
      event.preventDefault();
      stop();
    };
    worker = made;
  };
  return {
    get synced() {
      return synced;
    },
    ask(ask) {
      if (ask.kind === 'whole') {
        if (waiting.length > 0) stop();
        if (!worker) start();
        synced = true;
      }
      let resolve: (answer: CoverAnswer | null) => void = () => undefined;
      const result = new Promise<CoverAnswer | null>((r) => (resolve = r));
      if (!worker) {
        resolve(null);
        return { result, cancel: () => undefined };
      }
      const run = { resolve, wanted: true };
      waiting.push(run);
      worker.postMessage(ask, askBuffers(ask));
      return {
        result,
        cancel: () => {
          run.wanted = false;
        },
      };
    },
    dispose: stop,
  };
};
