import { describe, expect, it } from 'vitest';
import { decodePng } from '../../shared/codecs/png/decode';
import { compileR32 } from '../../shared/codecs/raw';
import { STOCK_CARS } from '../../shared/vehicle/physics/cars';
import { carSlopeLimits } from '../../shared/vehicle/physics/drivability';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { runCli } from './cli';
import { fakeCliIo } from './testing/fakeCliIo';

const tanDeg = (d: number): number => Math.tan((d * Math.PI) / 180);

describe('faultline drivability', () => {
  it("writes the car's 8-bit map (flat 255, too steep 0) and a JSON summary of its limits and shares", async () => {
    const limit = carSlopeLimits(STOCK_CARS.truck).limitDeg;
    // West half flat, east half a slope 5° steeper than the truck's limit.
    const field = fieldFrom(33, 33, 1, (x) => (x > 0 ? tanDeg(limit + 5) * x : 0));
    const io = fakeCliIo({ inputs: { 'm.r32': compileR32(field) } });
    const code = await runCli(['drivability', 'm.r32', '--car', 'truck', '--out', 'mask.png', '--summary', 's.json'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const png = decodePng(io.files.get('mask.png')!, 'mask.png');
    expect([png.width, png.height, png.maxSample]).toEqual([33, 33, 255]);
    expect(png.samples[8 * 33 + 0]).toBe(255);
    expect(png.samples[8 * 33 + 32]).toBe(0);
    const summary = JSON.parse(new TextDecoder().decode(io.files.get('s.json'))) as {
      car: string;
      limitsDeg: { impassableAbove: number; tip: number };
      impassable: number;
      easy: number;
    };
    expect(summary.car).toBe('truck');
    expect(summary.limitsDeg.impassableAbove).toBeCloseTo(limit, 2);
    expect(summary.limitsDeg.tip).toBeCloseTo((Math.atan(2 / (2 * 0.92)) * 180) / Math.PI, 2);
    // Columns 16 (the crease) to 32 touch the slope: 17 of 33.
    expect(summary.impassable).toBeCloseTo(17 / 33, 3);
    expect(summary.easy).toBeCloseTo(16 / 33, 3);
    expect(io.out).toMatch(/^wrote mask\.png \(33 × 33, truck: impassable above [\d.]+°; 51\.5 % impassable, 0\.0 % hard, 48\.5 % easy\)\nwrote s\.json\n$/);
  });

  it('bad arguments: an unknown car, a mask that is not PNG', async () => {
    const io = fakeCliIo();
    expect(await runCli(['drivability', 'm.r32', '--car', 'bus', '--out', 'mask.png'], io)).toBe(2);
    expect(io.err).toMatch(/--car must be hatchback, 4x4, truck, got "bus"/);
    expect(await runCli(['drivability', 'm.r32', '--out', 'mask.jpg'], io)).toBe(2);
    expect(io.err).toMatch(/must be a \.png file/);
    expect(io.files.size).toBe(0);
  });
});
