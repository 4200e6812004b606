import { describe, expect, it } from 'vitest';
import { driveClockOverride } from './driveClock';

describe('driveClockOverride', () => {
  it('reads 2–8 frames of drive time per drawn frame from the page address', () => {
    expect(driveClockOverride('?driveClock=4')).toBe(4);
    expect(driveClockOverride('?startSize=65&driveClock=8')).toBe(8);
    expect(driveClockOverride('?driveClock=2')).toBe(2);
  });

  it('keeps the real clock for anything else', () => {
    for (const search of ['', '?driveClock', '?driveClock=1', '?driveClock=9', '?driveClock=2.5', '?driveClock=-4', '?driveClock=x', '?driveclock=4']) {
      expect(driveClockOverride(search)).toBe(1);
    }
  });
});
