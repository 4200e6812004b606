/// <reference lib="webworker" />
/** Finds the erosion cover beside the rivers (app/document/riverCoverJob.ts) off the main thread. */
import { riverCoverAnswer, type FromRiverCoverWorker, type ToRiverCoverWorker } from '../../app/document/riverCoverJob';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ToRiverCoverWorker>) => {
  const answer: FromRiverCoverWorker = riverCoverAnswer(event.data);
  scope.postMessage(answer, answer.flow ? [answer.flow.buffer] : []);
};
