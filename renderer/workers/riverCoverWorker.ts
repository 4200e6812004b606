/// <reference lib="webworker" />
/**
 * Finds the drawn erosion cover (the channel pass, then beside the rivers: app/document/riverCoverJob.ts) off the main
 * thread, keeping its copy of the map between asks: each ask is answered, in order, with the whole cover.
 */
import { CoverJob, type FromRiverCoverWorker, type ToRiverCoverWorker } from '../../app/document/riverCoverJob';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const job = new CoverJob();

scope.onmessage = (event: MessageEvent<ToRiverCoverWorker>) => {
  const answer: FromRiverCoverWorker = job.take(event.data);
  scope.postMessage(answer, [answer.flow.buffer, answer.deposition.buffer]);
};
