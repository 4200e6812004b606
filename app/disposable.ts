/** Something that holds resources (subscriptions, bindings, workers) until it is disposed. */
export interface Disposable {
  dispose(): void;
}

/** Collects clean-ups and runs them once, newest first (what was set up last is torn down first). */
export class DisposableStore implements Disposable {
  private readonly cleanups: Array<() => void> = [];
  private disposed = false;

  /** Registers a clean-up (an unsubscribe, an unbind, a feature's dispose); returns it for chaining. */
  add<T extends (() => void) | Disposable>(cleanup: T): T {
    const item: (() => void) | Disposable = cleanup;
    const run = isDisposable(item) ? () => item.dispose() : item;
    // Added after dispose: nothing will run it later, so run it now.
    if (this.disposed) run();
    else this.cleanups.push(run);
    return cleanup;
  }

  /** Clean-ups still waiting to run. */
  get size(): number {
    return this.cleanups.length;
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    while (this.cleanups.length > 0) this.cleanups.pop()?.();
  }
}

function isDisposable(value: (() => void) | Disposable): value is Disposable {
  return typeof value !== 'function';
}
