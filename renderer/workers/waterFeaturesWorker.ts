/// <reference lib="webworker" />
/** Finds the rivers and lakes of the water (app/water/featuresRunner.ts) off the main thread: progress, then the features. */
import { featuresOf, type FromFeaturesWorker, type ToFeaturesWorker } from '../../app/water/featuresRunner';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ToFeaturesWorker>) => {
  let last = -1;
  const features = featuresOf(event.data, (fraction) => {
    // At most one message per percent.
    const percent = Math.floor(fraction * 100);
    if (percent === last) return;
    last = percent;
    scope.postMessage({ type: 'progress', fraction } satisfies FromFeaturesWorker);
  });
  scope.postMessage({ type: 'done', features } satisfies FromFeaturesWorker, [features.featureOf.buffer]);
};
