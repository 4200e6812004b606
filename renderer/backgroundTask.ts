/**
 * Runs `step` as a task of its own each time `schedule` is called (coalesced while one is queued):
 * a MessageChannel task, not setTimeout (clamped to 4 ms when chained) nor an animation frame
 * (slow frames would slow the work). Input and frames still come between steps.
 */
export interface BackgroundTask {
  schedule(): void;
  dispose(): void;
}

export function backgroundTask(step: () => void): BackgroundTask {
  const channel = new MessageChannel();
  let queued = false;
  let disposed = false;
  channel.port1.onmessage = () => {
    queued = false;
    if (!disposed) step();
  };
  return {
    schedule() {
      if (queued || disposed) return;
      queued = true;
      channel.port2.postMessage(null);
    },
    dispose() {
      disposed = true;
      channel.port1.close();
    },
  };
}
