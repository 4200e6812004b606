import type { Sliced } from '../../shared/codecs/sliced';

/** Longest a slice run may hold main's event loop before it lets other work in (ms). */
export const SLICE_BUDGET_MS = 15;

/** Lets everything queued on the event loop run (IPC, timers, I/O callbacks). */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs sliced work (shared/codecs/sliced.ts) on main's event loop without stalling it: between
 * slices, once `budgetMs` has passed since it last gave way, it waits for one turn of the loop.
 */
export async function runSlicedAsync<T>(work: Sliced<T>, budgetMs = SLICE_BUDGET_MS): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - since >= budgetMs) {
      await yieldToEventLoop();
      since = performance.now();
    }
  }
}
