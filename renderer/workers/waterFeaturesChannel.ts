import type { FromFeaturesWorker, WaterFeaturesRunner } from '../../app/water/featuresRunner';
import type { WaterFeatures } from '../../shared/hydrology/waterFeatures';

/** Finds each water's rivers and lakes in a worker of its own (passed to the session by renderer/main.tsx); cancel ends it at once. */
export const workerFeaturesRunner: WaterFeaturesRunner = (ask, onProgress) => {
  const worker = new Worker(new URL('./waterFeaturesWorker.ts', import.meta.url), { type: 'module', name: 'water-features' });
  let settle: (features: WaterFeatures | null) => void = () => undefined;
  let settled = false;
  const result = new Promise<WaterFeatures | null>((resolve) => {
    settle = resolve;
  });
  const end = (value: WaterFeatures | null) => {
    if (settled) return;
    settled = true;
    worker.terminate();
    settle(value);
  };
  worker.onmessage = (event: MessageEvent<FromFeaturesWorker>) => {
    if (event.data.type === 'progress') onProgress(event.data.fraction);
    else end(event.data.features);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    end(null);
  };
  // Copies: the document keeps its own arrays.
  const surface = ask.surface.slice();
  const kind = ask.kind.slice();
  const heights = ask.heights.slice();
  worker.postMessage({ ...ask, surface, kind, heights }, [surface.buffer, kind.buffer, heights.buffer]);
  return { result, cancel: () => end(null) };
};
