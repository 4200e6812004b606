import { describe, expect, it } from 'vitest';
import { ASKS_THE_USER, createFileCommandQueue, MAX_QUEUED_FILE_COMMANDS, type FileCommand } from './fileCommandQueue';

/** A task that runs until the test lets it finish, recording when it started. */
function gate(log: string[], name: string, answer = name) {
  let release = (): void => undefined;
  const finished = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await finished;
      log.push(`end ${name}`);
      return answer;
    },
    release,
  };
}

function recordingQueue() {
  const busy: boolean[] = [];
  const failures: unknown[] = [];
  const queue = createFileCommandQueue({ setBusy: (b) => busy.push(b), fail: (e) => failures.push(e) });
  return { queue, busy, failures };
}

/** Lets every settled promise's reactions run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('file command queue', () => {
  it('runs commands one at a time, in the order asked, each after the one before has ended', async () => {
    const { queue } = recordingQueue();
    const log: string[] = [];
    const open = gate(log, 'open');
    const save = gate(log, 'save');
    const openRecent = gate(log, 'openRecent');
    const answers = [queue.run('open', open.task, 'idle'), queue.run('save', save.task, 'idle'), queue.run('openRecent', openRecent.task, 'idle')];
    await settle();
    expect(log).toEqual(['start open']);
    save.release(); // finishing a later task early does not let it jump the queue
    openRecent.release();
    await settle();
    expect(log).toEqual(['start open']);
    open.release();
    expect(await Promise.all(answers)).toEqual(['open', 'save', 'openRecent']);
    expect(log).toEqual(['start open', 'end open', 'start save', 'end save', 'start openRecent', 'end openRecent']);
  });

  it('a dialog command fired twice while it runs or waits shows one dialog; the repeat answers idle at once', async () => {
    const { queue } = recordingQueue();
    const log: string[] = [];
    const save = gate(log, 'save');
    const waitingOpen = gate(log, 'open');
    const running = queue.run('save', save.task, 'idle');
    const first = queue.run('open', waitingOpen.task, 'idle');
    // While waiting behind the save: the repeat is dropped, its task never runs.
    expect(await queue.run('open', async () => 'second open', 'idle')).toBe('idle');
    save.release();
    await settle();
    expect(log).toEqual(['start save', 'end save', 'start open']);
    // While running: dropped too.
    expect(await queue.run('open', async () => 'third open', 'idle')).toBe('idle');
    waitingOpen.release();
    expect(await running).toBe('save');
    expect(await first).toBe('open');
    // Once it has ended, the same command runs again.
    expect(await queue.run('open', async () => 'open again', 'idle')).toBe('open again');
  });

  it('commands that show no dialog (Save, an Open Recent pick, a drop) are each queued, even when repeated', async () => {
    const quiet: FileCommand[] = ['save', 'openRecent', 'openDropped'];
    expect(quiet.some((c) => ASKS_THE_USER.has(c))).toBe(false);
    const { queue } = recordingQueue();
    let saves = 0;
    const answers = await Promise.all([1, 2, 3].map(() => queue.run('save', async () => ++saves, 0)));
    expect(answers).toEqual([1, 2, 3]);
  });

  it(`keeps at most ${MAX_QUEUED_FILE_COMMANDS} commands running or waiting; the rest are dropped with their idle answer`, async () => {
    const { queue } = recordingQueue();
    const log: string[] = [];
    const first = gate(log, 'save 1', 'saved 1');
    const ran: number[] = [];
    const answers = [queue.run('save', first.task, 'idle')];
    for (let n = 2; n <= 10; n++)
      answers.push(
        queue.run(
          'save',
          async () => {
            ran.push(n);
            return `saved ${n}`;
          },
          'idle',
        ),
      );
    first.release();
    expect(await Promise.all(answers)).toEqual(['saved 1', 'saved 2', 'saved 3', 'saved 4', 'saved 5', 'saved 6', 'saved 7', 'saved 8', 'idle', 'idle']);
    expect(ran).toEqual([2, 3, 4, 5, 6, 7, 8]);
    // The queue has room again once they have ended.
    expect(await queue.run('save', async () => 'later', 'idle')).toBe('later');
  });

  it('is busy from the first command queued until the last has ended', async () => {
    const { queue, busy } = recordingQueue();
    const log: string[] = [];
    const open = gate(log, 'open');
    const save = gate(log, 'save');
    const answers = [queue.run('open', open.task, 'idle'), queue.run('save', save.task, 'idle')];
    expect(busy.at(-1)).toBe(true);
    open.release();
    await answers[0];
    await settle();
    expect(busy.includes(false)).toBe(false);
    save.release();
    await answers[1];
    expect(busy.at(-1)).toBe(false);
    expect(busy.filter((b) => !b)).toHaveLength(1);
  });

  it('a command that throws is reported and answers idle; the commands after it still run', async () => {
    const { queue, failures, busy } = recordingQueue();
    const broken = new Error('disk gone');
    const failing = queue.run(
      'save',
      async (): Promise<string> => {
        throw broken;
      },
      'idle',
    );
    const next = queue.run('open', async () => 'opened', 'idle');
    expect(await failing).toBe('idle');
    expect(await next).toBe('opened');
    expect(failures).toEqual([broken]);
    expect(busy.at(-1)).toBe(false);
  });
});
