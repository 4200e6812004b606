/// <reference lib="webworker" />
/** Computes terrain lighting (sun shadows, sky occlusion) for the viewport off the main thread. */
import { heightRange } from '../../shared/terrain/heightfield';
import { computeLightingPatch } from '../../shared/terrain/lighting';
import type { FromLightingWorker, ToLightingWorker } from '../../app/lighting/lightingMessages';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ToLightingWorker>) => {
  const job = event.data;
  try {
    const g = { width: job.width, depth: job.depth, spacing: job.spacing, heights: job.heights };
    const patch = computeLightingPatch(g, job.sun, job.sunRect, job.skyRect, job.mapEdge);
    const answer: FromLightingWorker = { id: job.id, type: 'patch', patch, range: job.range ? heightRange(job.heights) : null };
    const transfer = [patch.sun?.buffer, patch.sky?.buffer].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
    scope.postMessage(answer, transfer);
  } catch (error) {
    scope.postMessage({ id: job.id, type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies FromLightingWorker);
  }
};
