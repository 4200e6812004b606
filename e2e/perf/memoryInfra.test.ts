import { describe, expect, it } from 'vitest';
import { allocatorSize, formatAllocators, processDumps, type TraceEvent } from './memoryInfra';

describe('memory-infra dumps', () => {
  it('reads sizes given as hex strings or numbers, 0 without one', () => {
    expect(allocatorSize({ size: { value: '4000000' } })).toBe(0x4000000);
    expect(allocatorSize({ size: { value: 1234 } })).toBe(1234);
    expect(allocatorSize({ other: { value: '10' } })).toBe(0);
    expect(allocatorSize(undefined)).toBe(0);
  });

  it('keeps the last memory dump of each process and skips other events', () => {
    const events: TraceEvent[] = [
      { ph: 'X', pid: 1, args: {} },
      { ph: 'v', pid: 1, args: { dumps: { allocators: { malloc: { attrs: { size: { value: '100000' } } } } } } },
      {
        ph: 'v',
        pid: 1,
        args: { dumps: { allocators: { malloc: { attrs: { size: { value: '200000' } } }, 'gpu/shared_images': { attrs: { size: { value: '300000' } } } } } },
      },
      { ph: 'v', pid: 2, args: { dumps: { allocators: { skia: { attrs: { size: { value: '10' } } } } } } },
      { ph: 'v', args: { dumps: { allocators: { lost: { attrs: { size: { value: '10' } } } } } } },
    ];
    const dumps = processDumps(events);
    expect(dumps.map((d) => d.pid)).toEqual([1, 2]);
    expect(dumps[0].allocators).toEqual([
      { name: 'malloc', size: 0x200000 },
      { name: 'gpu/shared_images', size: 0x300000 },
    ]);
    expect(formatAllocators(dumps[0], 2)).toBe('gpu/shared_images 3.0; malloc 2.0');
  });
});
