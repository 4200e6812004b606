/// <reference lib="webworker" />
/**
 * One thread of a parallel erosion step in a cross-origin isolated window (started by the terrain
 * worker through sharePool.ts): for each share, runs it on the shared heights and answers whether it
 * finished, or the error's message. Lives as long as the terrain worker that started it.
 */
import { runShare, type ParallelShare } from '../../shared/erosion/parallel';
import type { ShareAnswer } from './sharePool';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ParallelShare>) => {
  let answer: ShareAnswer;
  try {
    answer = { type: 'done', finished: runShare(event.data) };
  } catch (error) {
    answer = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(answer);
};
