/// <reference lib="webworker" />
/** Computes exact LOD chunk errors after a whole-map change (see app/lod/chunkErrorsJob.ts). */
import { ChunkErrorsAssembler, type FromErrorsWorker, type ToErrorsWorker } from '../../app/lod/chunkErrorsJob';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const assembler = new ChunkErrorsAssembler();

scope.onmessage = (event: MessageEvent<ToErrorsWorker>) => {
  const answer: FromErrorsWorker | null = assembler.receive(event.data);
  if (answer?.type === 'errors') scope.postMessage(answer, [answer.errors.buffer]);
  else if (answer) scope.postMessage(answer);
};
