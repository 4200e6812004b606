import { describe, expect, it } from 'vitest';
import { createChunkLayout } from '../../shared/lod/chunkLayout';
import { computeChunkErrors } from '../../shared/lod/chunkErrors';
import { syntheticTerrain } from '../../shared/lod/testing/syntheticTerrain';
import { ChunkErrorsAssembler } from './chunkErrorsJob';

describe('chunk errors in a worker', () => {
  const field = syntheticTerrain(300, 1.5, 0.5);
  const exact = computeChunkErrors(field, createChunkLayout(300, 300, 1.5)).errors;
  const begin = (generation: number) => ({ type: 'begin' as const, generation, width: 300, depth: 300, cellSize: 1.5 });
  const piece = (generation: number, start: number, end: number) => ({ type: 'piece' as const, generation, start, heights: field.heights.slice(start, end) });

  it('assembles the heights from pieces and answers with the exact errors once all have come', () => {
    const worker = new ChunkErrorsAssembler();
    expect(worker.receive(begin(3))).toBeNull();
    expect(worker.receive(piece(3, 0, 40_000))).toBeNull();
    const answer = worker.receive(piece(3, 40_000, 90_000));
    expect(answer?.type).toBe('errors');
    if (answer?.type !== 'errors') return;
    expect(answer.generation).toBe(3);
    expect(Array.from(answer.errors)).toEqual(Array.from(exact));
  });

  it('drops the pieces of a superseded change and refuses a piece outside the map', () => {
    const worker = new ChunkErrorsAssembler();
    worker.receive(begin(1));
    worker.receive(piece(1, 0, 50_000));
    worker.receive(begin(2));
    expect(worker.receive(piece(1, 50_000, 90_000))).toBeNull();
    worker.receive(piece(2, 0, 50_000));
    const answer = worker.receive(piece(2, 50_000, 90_000));
    expect(answer?.type === 'errors' && answer.generation === 2 && Array.from(answer.errors).every((e, k) => Object.is(e, exact[k]))).toBe(true);
    worker.receive(begin(4));
    expect(worker.receive(piece(4, 89_990, 90_000 + 5))).toBeNull();
    const outside = worker.receive({ type: 'piece', generation: 4, start: 89_995, heights: new Float32Array(10) });
    expect(outside).toEqual({ type: 'failed', generation: 4, message: 'piece [89995, 90005) is outside the 90000 heights' });
  });
});
