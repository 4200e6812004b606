import { describe, expect, it } from 'vitest';
import { ChunkErrorsAssembler, type FromErrorsWorker, type StartChunkErrorsWorker, type ToErrorsWorker } from '../../../app/lod/chunkErrorsJob';
import { computeChunkErrors } from '../../../shared/lod/chunkErrors';
import { createChunkLayout } from '../../../shared/lod/chunkLayout';
import { createHeightfield } from '../../../shared/terrain/heightfield';
import { OffThreadErrors } from './offThreadErrors';

/** Workers as the window starts them, run here: each assembles the pieces and answers on a later task. */
function fakeWorkers() {
  const started: Array<{ terminated: boolean }> = [];
  const start: StartChunkErrorsWorker = (handlers) => {
    const assembler = new ChunkErrorsAssembler();
    const worker = { terminated: false };
    started.push(worker);
    return {
      post(message: ToErrorsWorker) {
        if (worker.terminated) throw new Error('posted to a terminated worker');
        const answer: FromErrorsWorker | null = assembler.receive(message);
        if (answer) setTimeout(() => !worker.terminated && handlers.onMessage(answer), 0);
      },
      terminate() {
        worker.terminated = true;
      },
    };
  };
  return { start, started };
}

const until = async (done: () => boolean) => {
  for (let n = 0; n < 500 && !done(); n++) await new Promise((resolve) => setTimeout(resolve, 2));
};

describe('chunk errors off the main thread', () => {
  it("ends the worker once the newest change's errors arrived (no assembled map left in an idle worker), and starts one for the next change", async () => {
    const field = createHeightfield(65, 65, 2);
    field.heights.forEach((_, k) => (field.heights[k] = Math.sin(k * 0.01) * 5));
    const expected = computeChunkErrors(field, createChunkLayout(65, 65, 2)).errors;
    const { start, started } = fakeWorkers();
    const received: number[] = [];
    const errors = new OffThreadErrors(
      {
        onErrors: (generation, values) => (received.push(generation), expect(Array.from(values)).toEqual(Array.from(expected))),
        onFailure: () => received.push(-1),
      },
      start,
    );
    expect(started).toHaveLength(1);
    errors.start(field, 1);
    await until(() => received.length === 1);
    expect(received).toEqual([1]);
    expect(started[0].terminated).toBe(true);
    errors.start(field, 2);
    expect(started).toHaveLength(2);
    await until(() => received.length === 2);
    expect(received).toEqual([1, 2]);
    expect(started[1].terminated).toBe(true);
    errors.dispose();
  });
});
