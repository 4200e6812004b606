import { createStore } from 'zustand/vanilla';

/** What the UI shows about the running job (one at a time). */
export interface JobState {
  running: boolean;
  label: string;
  done: number;
  total: number;
  /** performance.now() when the job started; the progress bar appears only for jobs longer than ~200 ms. */
  startedAt: number;
  /** Outcome of the last finished job, for a status line. */
  lastOutcome: 'done' | 'cancelled' | 'failed' | null;
  lastMessage: string | null;
}

export const PROGRESS_DELAY_MS = 200;

export function createJobStore() {
  return createStore<JobState>(() => ({ running: false, label: '', done: 0, total: 0, startedAt: 0, lastOutcome: null, lastMessage: null }));
}
export type JobStore = ReturnType<typeof createJobStore>;
