/**
 * Node worker threads kept for several runs (starting a worker costs tens of milliseconds): each run
 * posts one task to one worker and waits for its answer, `{ type: 'done', … }` or `{ type: 'failed', message }`.
 */
import { startWorker, type WorkerSource } from './workerSource';

export type WorkerAnswer<Done> = ({ type: 'done' } & Done) | { type: 'failed'; message: string };

export interface WorkerPool<Task, Result> {
  readonly threads: number;
  /** Runs one task on worker `index`; resolves its answer's result, rejects with its error. */
  run(index: number, task: Task): Promise<Result>;
  close(): Promise<void>;
}

/**
 * `threads` workers from `source`; `what` names them in an exit error ("a flood worker"), `result`
 * takes the result out of a 'done' answer.
 */
export function createWorkerPool<Task, Done, Result>(
  threads: number,
  source: WorkerSource,
  what: string,
  result: (answer: Done) => Result,
): WorkerPool<Task, Result> {
  const workers = Array.from({ length: threads }, () => {
    const worker = startWorker(source);
    // An idle pool does not keep the process alive.
    worker.unref();
    return worker;
  });
  return {
    threads,
    run: (index, task) =>
      new Promise<Result>((resolve, reject) => {
        const worker = workers[index];
        const cleanup = (): void => {
          worker.off('message', onMessage);
          worker.off('error', reject);
          worker.off('exit', onExit);
        };
        const onMessage = (answer: WorkerAnswer<Done>): void => {
          cleanup();
          if (answer.type === 'done') resolve(result(answer));
          else reject(new Error(answer.message));
        };
        const onExit = (code: number): void => {
          cleanup();
          reject(new Error(`${what} stopped (exit code ${code})`));
        };
        worker.on('message', onMessage);
        worker.once('error', reject);
        worker.on('exit', onExit);
        worker.postMessage(task);
      }),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
