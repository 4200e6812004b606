import { describe, expect, it } from 'vitest';
import { backgroundTask } from './backgroundTask';

const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('backgroundTask', () => {
  it('runs once per schedule, coalescing schedules made while queued, and never after dispose', async () => {
    let runs = 0;
    const task = backgroundTask(() => runs++);
    task.schedule();
    task.schedule();
    expect(runs).toBe(0);
    await nextTasks();
    expect(runs).toBe(1);
    task.schedule();
    await nextTasks();
    expect(runs).toBe(2);
    task.schedule();
    task.dispose();
    await nextTasks();
    expect(runs).toBe(2);
  });

  it('a step may schedule the next one (a chain of slices)', async () => {
    let left = 5;
    const task = backgroundTask(() => {
      if (--left > 0) task.schedule();
    });
    task.schedule();
    await nextTasks();
    expect(left).toBe(0);
    task.dispose();
  });
});
