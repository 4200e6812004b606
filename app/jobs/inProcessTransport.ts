import type { TerrainJobOutcome, TerrainJobTransport, JobHandle } from './protocol';
import { runTerrainJob } from './runTerrainJob';

/** Runs jobs on the calling thread (after the current task), for tests and headless use. */
export function createInProcessTransport(): TerrainJobTransport {
  return {
    start(request, onProgress): JobHandle {
      let cancelled = false;
      const outcome = new Promise<TerrainJobOutcome>((resolve) => {
        setTimeout(() => {
          try {
            const result = cancelled ? null : runTerrainJob(request, onProgress, () => cancelled);
            resolve(result ? { status: 'done', ...result } : { status: 'cancelled' });
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
