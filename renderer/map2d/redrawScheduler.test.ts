import { describe, expect, it } from 'vitest';
import { RedrawScheduler, type RedrawClock } from './redrawScheduler';

/** Timers and tasks run only when the test says. */
function fakeClock() {
  const timers = new Map<number, { run: () => void; ms: number }>();
  let nextId = 1;
  let taskStep: (() => void) | null = null;
  let taskQueued = false;
  let disposed = false;
  const clock: RedrawClock = {
    setTimeout(run, ms) {
      timers.set(nextId, { run, ms });
      return nextId++;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
    task(step) {
      taskStep = step;
      return {
        schedule: () => {
          if (!disposed) taskQueued = true;
        },
        dispose: () => {
          disposed = true;
          taskQueued = false;
        },
      };
    },
  };
  return {
    clock,
    timers,
    get taskQueued() {
      return taskQueued;
    },
    runTask() {
      if (!taskQueued || !taskStep) throw new Error('no task queued');
      taskQueued = false;
      taskStep();
    },
    fireTimers() {
      const due = [...timers.entries()];
      timers.clear();
      for (const [, timer] of due) timer.run();
    },
  };
}

describe('RedrawScheduler', () => {
  it('runs slices back to back as tasks while there is work, then stops', () => {
    const fake = fakeClock();
    let work = 3;
    let slices = 0;
    const scheduler = new RedrawScheduler(
      () => (work > 0 ? 0 : null),
      () => {
        slices++;
        work--;
      },
      fake.clock,
    );
    scheduler.schedule();
    scheduler.schedule(); // coalesced
    expect(fake.taskQueued).toBe(true);
    while (fake.taskQueued) fake.runTask();
    expect(slices).toBe(3);
    expect(fake.timers.size).toBe(0);
  });

  it('waits for a pause before a recolour, and a whole-map change does not wait for it', () => {
    const fake = fakeClock();
    let delay: number | null = 250;
    let slices = 0;
    const scheduler = new RedrawScheduler(
      () => delay,
      () => {
        slices++;
        delay = null;
      },
      fake.clock,
    );
    scheduler.schedule();
    expect([...fake.timers.values()].map((t) => t.ms)).toEqual([250]);
    expect(fake.taskQueued).toBe(false);
    scheduler.schedule(); // still waiting: one timer
    expect(fake.timers.size).toBe(1);

    delay = 0;
    scheduler.schedule();
    expect(fake.timers.size).toBe(0);
    expect(fake.taskQueued).toBe(true);
    fake.runTask();
    expect(slices).toBe(1);

    // After the pause the recolour runs as slices.
    delay = 100;
    scheduler.schedule();
    delay = 0;
    fake.fireTimers();
    expect(fake.taskQueued).toBe(true);
  });

  it('does nothing once disposed', () => {
    const fake = fakeClock();
    let slices = 0;
    const scheduler = new RedrawScheduler(
      () => 50,
      () => slices++,
      fake.clock,
    );
    scheduler.schedule();
    scheduler.dispose();
    expect(fake.timers.size).toBe(0);
    scheduler.schedule();
    fake.fireTimers();
    expect(fake.taskQueued).toBe(false);
    expect(slices).toBe(0);
  });
});
