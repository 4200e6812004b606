import { askBuffers, type CoverAnswer, type CoverLink, type FromRiverCoverWorker, type RiverCoverRunner } from '../../app/document/riverCoverJob';

/** What the link needs of a worker (a browser Worker; a stand-in in tests). */
export interface CoverWorkerPort {
  onmessage: ((event: MessageEvent<FromRiverCoverWorker>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
  terminate(): void;
}

const startCoverWorker = (): CoverWorkerPort => new Worker(new URL('./riverCoverWorker.ts', import.meta.url), { type: 'module', name: 'river-cover' });

/**
 * The drawn cover found in a worker of its own (passed to the session by renderer/main.tsx), which keeps its copy of
 * the map between asks: answers come in order. A whole-map ask while others are under way ends that worker and starts
 * another (their answers are no longer wanted); a worker that fails answers null and the link is no longer synced, so
 * the next ask is the whole map. The ask's arrays are copies made for it (surfaceCover.ts): they are moved, not copied again.
 *
 * The worker's copy is 9 bytes a vertex (151 MB at 4097²): once no ask has come for `idleMs` (the 3D view's rest delay,
 * when the view lets its own memory go) the worker ends, and the next ask sends the whole map again.
 */
export function coverWorkerRunner(idleMs: number, startWorker: () => CoverWorkerPort = startCoverWorker): RiverCoverRunner {
  return (): CoverLink => {
    let worker: CoverWorkerPort | null = null;
    let synced = false;
    let idleTimer: ReturnType<typeof setTimeout> | null = null;
    /** The runs under way, oldest first. */
    let waiting: { resolve: (answer: CoverAnswer | null) => void; wanted: boolean }[] = [];
    const stopIdleTimer = () => {
      if (idleTimer !== null) clearTimeout(idleTimer);
      idleTimer = null;
    };
    const stop = () => {
      stopIdleTimer();
      worker?.terminate();
      worker = null;
      synced = false;
      const ended = waiting;
      waiting = [];
      for (const run of ended) run.resolve(null);
    };
    const start = () => {
      const made = startWorker();
      made.onmessage = (event) => {
        const run = waiting.shift();
        run?.resolve(run.wanted ? event.data : null);
        if (waiting.length === 0 && worker === made) {
          stopIdleTimer();
          idleTimer = setTimeout(stop, idleMs);
        }
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
        stopIdleTimer();
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
}
