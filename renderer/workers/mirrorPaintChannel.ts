import type { MirrorColourAsk, MirrorColourRun, MirrorColourRunner } from '../viewport/look/mirrorColours';
import { oneShotWorker } from './oneShotWorker';

/**
 * Colours the lakes' mirror of the whole map in a worker of its own (passed to the 3D water by WaterLayer3D.tsx);
 * cancel ends it at once. The ask's arrays are copies made for it: they are moved, not copied again.
 */
export const workerMirrorColourRunner: MirrorColourRunner = (ask: MirrorColourAsk): MirrorColourRun => {
  const worker = new Worker(new URL('./mirrorPaintWorker.ts', import.meta.url), { type: 'module', name: 'mirror-paint' });
  const { result, end } = oneShotWorker<Uint8Array | null, Uint8Array>(worker, (colours, done) => done(colours), null);
  worker.postMessage(ask, [ask.heights.buffer, ask.normals.buffer]);
  return { result, cancel: () => end(null) };
};
