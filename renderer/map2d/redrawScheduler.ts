import { backgroundTask, type BackgroundTask } from '../backgroundTask';

/** The timers a scheduler uses; the browser's by default, fakes in tests. */
export interface RedrawClock {
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number): void;
  task(step: () => void): BackgroundTask;
}

const browserClock: RedrawClock = {
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  task: backgroundTask,
};

/**
 * When the 2D map image redraws: after a whole-map change at once, in slices; after a height-range
 * or mode change once changes have paused. `delay()` says which (0 now, ms to wait, null nothing to
 * do); `slice()` does one slice of about 8 ms of pixel work. Slices run as tasks of their own, not
 * one per animation frame: frames can be slow (software rendering, a busy 3D view) and the redraw
 * would crawl; input and frames still come between.
 */
export class RedrawScheduler {
  private timer = 0;
  private queued = false;
  private readonly task: BackgroundTask;

  constructor(
    private readonly delay: () => number | null,
    slice: () => void,
    private readonly clock: RedrawClock = browserClock,
  ) {
    this.task = clock.task(() => {
      this.queued = false;
      slice();
      this.schedule();
    });
  }

  schedule(): void {
    if (this.queued) return;
    const delay = this.delay();
    // A whole-map change does not wait for a recolour's pause.
    if (this.timer && delay === 0) {
      this.clock.clearTimeout(this.timer);
      this.timer = 0;
    }
    if (this.timer || delay === null) return;
    if (delay > 0) {
      this.timer = this.clock.setTimeout(() => {
        this.timer = 0;
        this.schedule();
      }, delay);
      return;
    }
    this.queued = true;
    this.task.schedule();
  }

  dispose(): void {
    this.task.dispose();
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = 0;
  }
}
