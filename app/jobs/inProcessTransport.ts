import type { FaultJobOutcome, FaultJobTransport, JobHandle } from './protocol';
import { runFaultJob } from './runFaultJob';

/** Runs jobs on the calling thread (after the current task), for tests and headless use. */
export function createInProcessTransport(): FaultJobTransport {
  return {
    start(request, onProgress): JobHandle {
      let cancelled = false;
      const outcome = new Promise<FaultJobOutcome>((resolve) => {
        setTimeout(() => {
          try {
            const heights = cancelled ? null : runFaultJob(request, onProgress, () => cancelled);
            resolve(heights ? { status: 'done', heights } : { status: 'cancelled' });
          } catch (error) {
            resolve({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
          }
        }, 0);
      });
      return {
        outcome,
        cancel: () => {
          cancelled = true;
        },
      };
    },
  };
}
