import type { FromFeaturesWorker, WaterFeaturesRunner } from '../../app/water/featuresRunner';
import type { WaterFeatures } from '../../shared/hydrology/waterFeatures';
import { oneShotWorker } from './oneShotWorker';

/** Finds each water's rivers and lakes in a worker of its own (passed to the session by renderer/main.tsx); cancel ends it at once. */
export const workerFeaturesRunner: WaterFeaturesRunner = (ask, onProgress) => {
  const worker = new Worker(new URL('./waterFeaturesWorker.ts', import.meta.url), { type: 'module', name: 'water-features' });
  const { result, end } = oneShotWorker<WaterFeatures | null, FromFeaturesWorker>(
    worker,
    (data, done) => (data.type === 'progress' ? onProgress(data.fraction) : done(data.features)),
    null,
  );
  // Copies: the document keeps its own arrays.
  const surface = ask.surface.slice();
  const kind = ask.kind.slice();
  const heights = ask.heights.slice();
  worker.postMessage({ ...ask, surface, kind, heights }, [surface.buffer, kind.buffer, heights.buffer]);
  return { result, cancel: () => end(null) };
};
