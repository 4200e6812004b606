/**
 * When the 3D view is at rest it shows its last frame as a still image and lets its GPU context go;
 * any input, frame request or visibility change brings the context back. This is the state machine
 * alone (no DOM, no GL): the view (renderer/viewport/ViewAtRest.tsx) tells it what happens and carries
 * out what it asks through `ViewRestPorts`.
 *
 * Phases:
 * - `live`: the context is there and frames are drawn; a timer runs from the last activity.
 * - `releasing`: the still image is up and the context has been asked to go; its loss is not yet
 *   reported (a restore asked before that report would be refused by the browser).
 * - `resting`: the still image stands in the view's place, the context is lost, no frame is drawn.
 * - `waking`: the context has been asked back; frames wait for it.
 * - `restored`: the context is back; the next frame is drawn and, once it is, the still image goes
 *   (in the same task, so the new frame and the image's removal reach the screen together).
 */
export type ViewRestPhase = 'live' | 'releasing' | 'resting' | 'waking' | 'restored';

/**
 * Quiet time after the view's last activity (input over it, a frame drawn, a job or a drive ending)
 * before it rests. A minute: the pauses of working (between strokes, reading the panel, thinking: seconds
 * to tens of seconds) never pay a wake, whose first frame at 4097² took about a second (0.6 s under load
 * since its terrain draws within a smaller triangle budget, renderer/viewport/lod/lodTerrainMeshes.ts);
 * the memory goes once the person has turned to other work, and at once when the window is hidden. Past
 * the GL driver's own idle release (1.5 s, idleDriverRelease.ts).
 */
export const VIEW_REST_AFTER_MS = 60_000;

/** How soon a capture that could not be made yet is tried again. */
export const VIEW_REST_RETRY_MS = 250;

/** What the machine asks of the view. */
export interface ViewRestPorts {
  /**
   * Keeps the frame on screen as a still image over the view; false when it cannot yet (the GPU has not
   * finished drawing it: reading it back now would stall the page), to be tried again shortly.
   */
  capture(): boolean;
  /** Asks for the GPU context to be lost (the still image stays); `lost()` follows. */
  release(): void;
  /** Asks for the GPU context back; `restored()` follows. */
  restore(): void;
  /** Requests a frame. */
  redraw(): void;
  /** Takes the still image away (a frame with the restored context has just been drawn). */
  reveal(): void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Reports each phase change (for tests and the page's data attribute). */
  phaseChanged?(phase: ViewRestPhase): void;
}

/** Why the view may not rest now: a running job, a drive (each of its frames is activity too). */
export type ViewRestBusy = 'job' | 'drive';

export class ViewRest {
  private current: ViewRestPhase = 'live';
  private timer: unknown = null;
  private readonly busy = new Set<ViewRestBusy>();
  private hidden = false;
  /** Activity seen while releasing, or while hidden at rest: wake once the loss is reported / the page shows. */
  private wakeWanted = false;
  private disposed = false;

  constructor(
    private readonly ports: ViewRestPorts,
    private readonly delayMs = VIEW_REST_AFTER_MS,
    private readonly retryMs = VIEW_REST_RETRY_MS,
  ) {
    this.arm();
  }

  get phase(): ViewRestPhase {
    return this.current;
  }

  /** Input over the view, a resize: rests later, or wakes now. */
  activity(): void {
    if (this.disposed) return;
    switch (this.current) {
      case 'live':
        this.arm();
        return;
      case 'releasing':
        this.wakeWanted = true;
        return;
      case 'resting':
        this.wake();
        return;
      default:
        return;
    }
  }

  /**
   * A frame is about to be drawn: whether it may be. While the context is away (or being asked back)
   * the frame is not drawn and counts as activity: whatever asked for it is drawn by the frame that
   * ends the wake.
   */
  frameRequested(): boolean {
    if (this.disposed) return true;
    if (this.current === 'live' || this.current === 'restored') return true;
    this.activity();
    return false;
  }

  /** A frame was drawn (not the capture's own). */
  frameDrawn(): void {
    if (this.disposed) return;
    if (this.current === 'restored') {
      this.ports.reveal();
      this.enter('live');
    }
    if (this.current === 'live') this.arm();
  }

  /** A job or a drive starts (true) or ends (false). */
  setBusy(reason: ViewRestBusy, on: boolean): void {
    if (this.disposed) return;
    if (on) {
      this.busy.add(reason);
      this.clear();
      this.activity();
    } else if (this.busy.delete(reason) && this.current === 'live') {
      this.arm();
    }
  }

  /** The page is hidden (true) or shown again (false): a hidden view rests at once; showing it wakes it only if something asked. */
  setHidden(hidden: boolean): void {
    if (this.disposed || hidden === this.hidden) return;
    this.hidden = hidden;
    if (hidden) {
      if (this.current === 'live') this.rest();
      return;
    }
    if (this.current === 'resting' && this.wakeWanted) this.wake();
    else if (this.current === 'live') this.arm();
  }

  /** The context's loss was reported. */
  lost(): void {
    if (this.disposed || this.current !== 'releasing') return;
    this.enter('resting');
    if (this.wakeWanted && !this.hidden) this.wake();
  }

  /** The context is back: draw. */
  restored(): void {
    if (this.disposed || this.current !== 'waking') return;
    this.enter('restored');
    this.ports.redraw();
  }

  dispose(): void {
    this.clear();
    this.disposed = true;
  }

  private wake(): void {
    this.wakeWanted = false;
    if (this.hidden) {
      // Nothing is drawn while the page is hidden: wake when it shows.
      this.wakeWanted = true;
      return;
    }
    this.enter('waking');
    this.ports.restore();
  }

  private rest(): void {
    this.clear();
    if (!this.ports.capture()) {
      this.arm(this.retryMs);
      return;
    }
    this.wakeWanted = false;
    this.enter('releasing');
    this.ports.release();
  }

  private arm(delayMs = this.delayMs): void {
    this.clear();
    if (this.current !== 'live' || !this.mayRest()) return;
    this.timer = this.ports.setTimer(() => {
      this.timer = null;
      if (this.disposed || this.current !== 'live' || !this.mayRest()) return;
      this.rest();
    }, delayMs);
  }

  /** A job or a drive keeps a shown view live; a hidden page rests whatever runs. */
  private mayRest(): boolean {
    return this.hidden || this.busy.size === 0;
  }

  private clear(): void {
    if (this.timer !== null) this.ports.clearTimer(this.timer);
    this.timer = null;
  }

  private enter(phase: ViewRestPhase): void {
    this.current = phase;
    this.ports.phaseChanged?.(phase);
  }
}
