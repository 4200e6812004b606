/**
 * One file operation at a time, in the order they were asked for: Save chosen while an Open's last
 * step still runs saves the opened document afterwards. A command that asks the user (a dialog) and
 * is already running or waiting is not queued again: a menu fired twice shows one dialog.
 */

/** The file operations that run one at a time. */
export type FileCommand = 'new' | 'open' | 'showRecent' | 'openRecent' | 'openDropped' | 'save' | 'saveAs' | 'restoreRecovery' | 'discardRecovery';
/** Commands that show a dialog or a list: a repeat while one is pending is a double fire, not a second request. */
export const ASKS_THE_USER: ReadonlySet<FileCommand> = new Set(['new', 'open', 'showRecent', 'saveAs', 'restoreRecovery', 'discardRecovery']);
/** More file commands than this waiting is input gone wrong (a key held down): the rest are dropped. */
export const MAX_QUEUED_FILE_COMMANDS = 8;

export interface FileCommandQueueHooks {
  /** True when the first command is queued, false when the last one has ended. */
  setBusy(busy: boolean): void;
  /** A command's task threw: the command ends with its idle answer. */
  fail(error: unknown): void;
}

export interface FileCommandQueue {
  /**
   * Runs `task` after every command queued before it; `idle` is the answer when it is dropped (a
   * repeated dialog command, a full queue) or when it throws.
   */
  run<T>(command: FileCommand, task: () => Promise<T>, idle: T): Promise<T>;
}

export function createFileCommandQueue(hooks: FileCommandQueueHooks): FileCommandQueue {
  let queue: Promise<void> = Promise.resolve();
  const waiting = new Set<FileCommand>();
  let running: FileCommand | null = null;
  let outstanding = 0;
  return {
    run<T>(command: FileCommand, task: () => Promise<T>, idle: T): Promise<T> {
      if (ASKS_THE_USER.has(command) && (running === command || waiting.has(command))) return Promise.resolve(idle);
      if (outstanding >= MAX_QUEUED_FILE_COMMANDS) return Promise.resolve(idle);
      outstanding++;
      waiting.add(command);
      hooks.setBusy(true);
      const result = queue.then(async () => {
        waiting.delete(command);
        running = command;
        try {
          return await task();
        } catch (error) {
          hooks.fail(error);
          return idle;
        } finally {
          running = null;
          outstanding--;
          if (outstanding === 0) hooks.setBusy(false);
        }
      });
      queue = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
  };
}
