import { describe, expect, it } from 'vitest';
import { CLICK_SLOP_PX, PressTravel, toolTakesPress } from './press';
import type { Tool } from './types';

describe('PressTravel (click or drag)', () => {
  it('a press released where it went down is a click', () => {
    expect(new PressTravel(100, 50).isClickAt(100, 50)).toBe(true);
  });

  it('a press that wandered a few pixels is still a click', () => {
    const press = new PressTravel(100, 50);
    press.moveTo(102, 51);
    expect(press.isClickAt(100 + CLICK_SLOP_PX * 0.6, 50 + CLICK_SLOP_PX * 0.6)).toBe(true);
  });

  it('a press released beyond the slop is a drag', () => {
    expect(new PressTravel(100, 50).isClickAt(100 + CLICK_SLOP_PX + 1, 50)).toBe(false);
  });

  it('a drag that comes back to where it started is still a drag (it orbited on the way)', () => {
    const press = new PressTravel(100, 50);
    press.moveTo(160, 90);
    press.moveTo(101, 50);
    expect(press.isClickAt(100, 50)).toBe(false);
  });
});

describe('toolTakesPress', () => {
  const base = { id: 't', label: 'T', cancel: () => undefined };
  it('no tool (Navigate): the view navigates', () => {
    expect(toolTakesPress(null, false)).toBe(false);
  });
  it('a painting tool takes every primary press except with Alt (Alt+left orbits in every tool)', () => {
    const brush: Tool = { ...base, capturesPrimaryDrag: true };
    expect(toolTakesPress(brush, false)).toBe(true);
    expect(toolTakesPress(brush, true)).toBe(false);
  });
  it('a tool that grabs handles takes a press only on one', () => {
    let onHandle = false;
    const road: Tool = { ...base, capturesPrimaryDrag: true, pressGrabs: () => onHandle };
    expect(toolTakesPress(road, false)).toBe(false);
    onHandle = true;
    expect(toolTakesPress(road, false)).toBe(true);
    // Alt+click on a point deletes it: the press is the tool's.
    expect(toolTakesPress(road, true)).toBe(true);
  });
});
