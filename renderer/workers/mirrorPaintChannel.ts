import type { MirrorColourAsk, MirrorColourRun, MirrorColourRunner } from '../viewport/look/mirrorColours';

/**
 * Colours the lakes' mirror of the whole map in a worker of its own (passed to the 3D water by WaterLayer3D.tsx);
 * cancel ends it at once. The ask's arrays are copies made for it: they are moved, not copied again.
 */
export const workerMirrorColourRunner: MirrorColourRunner = (ask: MirrorColourAsk): MirrorColourRun => {
  const worker = new Worker(new URL('./mirrorPaintWorker.ts', import.meta.url), { type: 'module', name: 'mirror-paint' });
  let settle: (colours: Uint8Array | null) => void = () => undefined;
  let settled = false;
  const result = new Promise<Uint8Array | null>((resolve) => {
    settle = resolve;
  });
  const end = (value: Uint8Array | null) => {
    if (settled) return;
    settled = true;
    worker.terminate();
    settle(value);
  };
  worker.onmessage = (event: MessageEvent<Uint8Array>) => end(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    end(null);
  };
  worker.postMessage(ask, [ask.heights.buffer, ask.normals.buffer]);
  return { result, cancel: () => end(null) };
};
