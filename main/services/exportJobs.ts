/**
 * Exports main is running for the window, by the name the window knows them by (a folder export's
 * handle, or the job id it gave a single heightmap export), so that file:cancelExport can stop them:
 * each gets an AbortSignal its encoder listens to. Bounded: a window runs one export at a time, so a
 * few at once is plenty, and an id already running is refused (it could not be told apart).
 */
export const MAX_RUNNING_EXPORTS = 8;

/** Why an export stopped when it was cancelled (the window says "Export cancelled", not an error). */
export class ExportCancelledError extends Error {
  override name = 'ExportCancelledError';
  constructor() {
    super('the export was cancelled; nothing was written');
  }
}

export interface ExportJob {
  readonly signal: AbortSignal;
  /** The job is over (done, failed or cancelled): its id may be used again. */
  end(): void;
}

export interface ExportJobs {
  /**
   * Registers job `id`; throws when it is running already or too many are. A job cancelled just
   * before its request arrived (the two crossed) starts aborted.
   */
  start(id: string): ExportJob;
  /** Stops job `id`: true when it was running (else it is remembered, in case its request is on the way). */
  abort(id: string): boolean;
  readonly running: number;
}

/** Ids cancelled before they started, remembered (the newest few) so that their late request stops at once. */
const REMEMBERED_EARLY_CANCELS = 16;

export function createExportJobs(maxRunning = MAX_RUNNING_EXPORTS): ExportJobs {
  const jobs = new Map<string, AbortController>();
  const early: string[] = [];
  return {
    get running() {
      return jobs.size;
    },
    start(id) {
      if (jobs.has(id)) throw new Error('an export with this id is running already');
      if (jobs.size >= maxRunning) throw new Error(`${maxRunning} exports are running already; wait for one to end`);
      const controller = new AbortController();
      const cancelledEarly = early.indexOf(id);
      if (cancelledEarly >= 0) {
        early.splice(cancelledEarly, 1);
        controller.abort(new ExportCancelledError());
      }
      jobs.set(id, controller);
      return {
        signal: controller.signal,
        end() {
          if (jobs.get(id) === controller) jobs.delete(id);
        },
      };
    },
    abort(id) {
      const controller = jobs.get(id);
      if (!controller) {
        if (!early.includes(id)) early.push(id);
        if (early.length > REMEMBERED_EARLY_CANCELS) early.shift();
        return false;
      }
      jobs.delete(id);
      controller.abort(new ExportCancelledError());
      return true;
    },
  };
}
