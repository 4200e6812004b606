import { describe, expect, it } from 'vitest';
import { ViewRest, type ViewRestPhase, type ViewRestPorts } from './viewRest';

/** Ports that record what the machine asks, with a clock moved by hand. */
function harness(options: { captures?: boolean } = {}) {
  const calls: string[] = [];
  const phases: ViewRestPhase[] = [];
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const ports: ViewRestPorts = {
    capture: () => {
      calls.push('capture');
      return options.captures ?? true;
    },
    release: () => calls.push('release'),
    restore: () => calls.push('restore'),
    redraw: () => calls.push('redraw'),
    reveal: () => calls.push('reveal'),
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimer: (handle) => timers.delete(handle as number),
    phaseChanged: (phase) => phases.push(phase),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = end;
  };
  const rest = new ViewRest(ports, 1000, 250);
  return { rest, calls, phases, advance, pendingTimers: () => timers.size };
}

/** Runs the machine to rest: the delay passes, the loss is reported. */
function toRest(h: ReturnType<typeof harness>) {
  h.advance(1000);
  h.rest.lost();
}

describe('ViewRest', () => {
  it('rests after the delay with no activity: captures the frame, then releases the context', () => {
    const h = harness();
    h.advance(999);
    expect(h.calls).toEqual([]);
    h.advance(1);
    expect(h.calls).toEqual(['capture', 'release']);
    expect(h.rest.phase).toBe('releasing');
    h.rest.lost();
    expect(h.rest.phase).toBe('resting');
    expect(h.pendingTimers()).toBe(0);
  });

  it('each activity or drawn frame while live starts the delay again', () => {
    const h = harness();
    h.advance(800);
    h.rest.activity();
    h.advance(800);
    h.rest.frameDrawn();
    h.advance(800);
    expect(h.calls).toEqual([]);
    h.advance(200);
    expect(h.calls).toEqual(['capture', 'release']);
  });

  it('never rests while a job runs or a drive is on, and counts from when the last one ends', () => {
    const h = harness();
    h.rest.setBusy('job', true);
    h.rest.setBusy('drive', true);
    h.advance(5000);
    h.rest.setBusy('job', false);
    h.advance(5000);
    expect(h.calls).toEqual([]);
    h.rest.setBusy('drive', false);
    h.advance(999);
    expect(h.calls).toEqual([]);
    h.advance(1);
    expect(h.calls).toEqual(['capture', 'release']);
  });

  it('input at rest asks for the context back; the still image goes only after the first frame drawn with it', () => {
    const h = harness();
    toRest(h);
    h.calls.length = 0;
    h.rest.activity();
    expect(h.calls).toEqual(['restore']);
    expect(h.rest.phase).toBe('waking');
    // More input while waking asks nothing more, and no frame may be drawn yet.
    h.rest.activity();
    expect(h.rest.frameRequested()).toBe(false);
    expect(h.calls).toEqual(['restore']);
    h.rest.restored();
    expect(h.calls).toEqual(['restore', 'redraw']);
    expect(h.rest.frameRequested()).toBe(true);
    h.rest.frameDrawn();
    expect(h.calls).toEqual(['restore', 'redraw', 'reveal']);
    expect(h.rest.phase).toBe('live');
    // And it rests again after another quiet delay.
    h.advance(1000);
    expect(h.calls.slice(-2)).toEqual(['capture', 'release']);
  });

  it('a frame asked for at rest (a document change, a job ending, a resize) is held and wakes the view', () => {
    const h = harness();
    toRest(h);
    expect(h.rest.frameRequested()).toBe(false);
    expect(h.rest.phase).toBe('waking');
    expect(h.calls.at(-1)).toBe('restore');
  });

  it('a job starting at rest wakes the view', () => {
    const h = harness();
    toRest(h);
    h.rest.setBusy('job', true);
    expect(h.rest.phase).toBe('waking');
  });

  it('input between the release and its loss being reported wakes the view as soon as the loss is reported', () => {
    const h = harness();
    h.advance(1000);
    expect(h.rest.phase).toBe('releasing');
    h.rest.activity();
    expect(h.calls).toEqual(['capture', 'release']);
    h.rest.lost();
    expect(h.calls).toEqual(['capture', 'release', 'restore']);
    expect(h.rest.phase).toBe('waking');
  });

  it('a frame that cannot be captured yet (the GPU still drawing it) is tried again shortly, and activity meanwhile starts the delay again', () => {
    const h = harness({ captures: false });
    h.advance(1000);
    expect(h.calls).toEqual(['capture']);
    expect(h.rest.phase).toBe('live');
    h.advance(249);
    expect(h.calls).toEqual(['capture']);
    h.advance(1);
    expect(h.calls).toEqual(['capture', 'capture']);
    h.rest.activity();
    h.advance(999);
    expect(h.calls).toEqual(['capture', 'capture']);
    h.advance(1);
    expect(h.calls).toEqual(['capture', 'capture', 'capture']);
  });

  it('a hidden page rests at once (even with a job running) and wakes when shown only if something asked meanwhile', () => {
    const h = harness();
    h.rest.setBusy('job', true);
    h.rest.setHidden(true);
    expect(h.calls).toEqual(['capture', 'release']);
    h.rest.lost();
    // The job ends and its result asks for a frame while hidden: nothing is restored yet.
    h.rest.setBusy('job', false);
    expect(h.rest.frameRequested()).toBe(false);
    expect(h.calls).toEqual(['capture', 'release']);
    h.rest.setHidden(false);
    expect(h.calls).toEqual(['capture', 'release', 'restore']);

    const quiet = harness();
    quiet.rest.setHidden(true);
    quiet.rest.lost();
    quiet.rest.setHidden(false);
    expect(quiet.rest.phase).toBe('resting');
    expect(quiet.calls).toEqual(['capture', 'release']);
  });

  it('reports every phase, and a disposed machine asks nothing', () => {
    const h = harness();
    toRest(h);
    h.rest.activity();
    h.rest.restored();
    h.rest.frameDrawn();
    expect(h.phases).toEqual(['releasing', 'resting', 'waking', 'restored', 'live']);
    h.rest.dispose();
    h.calls.length = 0;
    h.advance(5000);
    h.rest.activity();
    expect(h.calls).toEqual([]);
    expect(h.pendingTimers()).toBe(0);
  });
});
