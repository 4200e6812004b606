import { describe, expect, it } from 'vitest';
import {
  DRIVE_MARK_COLOURS,
  GROUND_SAMPLES,
  OVERLAY_ACTIVE,
  OVERLAY_CASING,
  OVERLAY_HANDLE,
  OVERLAY_HANDLE_ACTIVE,
  OVERLAY_INACTIVE,
  REPORT_STATUS_COLOURS,
  contrastRatio,
  relativeLuminance,
} from './overlayPalette';

// WCAG 2.1, 1.4.11 (non-text contrast): a graphical object needs 3:1 against what is next to it.
const NON_TEXT_CONTRAST = 3;
const OVERLAYS = {
  active: OVERLAY_ACTIVE,
  inactive: OVERLAY_INACTIVE,
  handle: OVERLAY_HANDLE,
  handleActive: OVERLAY_HANDLE_ACTIVE,
  ...Object.fromEntries(Object.entries(REPORT_STATUS_COLOURS).map(([k, v]) => [`status ${k}`, v])),
  ...Object.fromEntries(Object.entries(DRIVE_MARK_COLOURS).map(([k, v]) => [`mark ${k}`, v])),
};

describe('the overlay palette', () => {
  it('computes WCAG 2 luminance and contrast as published (white/black 21:1, #777 on white 4.48:1)', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 12);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 12);
    // The WCAG understanding document's example: #777777 on white is 4.48:1.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('every overlay colour stands 3:1 off its casing, and line or casing stands 3:1 off every ground', () => {
    for (const [name, colour] of Object.entries(OVERLAYS)) {
      expect(contrastRatio(colour, OVERLAY_CASING), name).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
      for (const [ground, sample] of Object.entries(GROUND_SAMPLES)) {
        const separation = Math.max(contrastRatio(colour, sample), contrastRatio(OVERLAY_CASING, sample));
        expect(separation, `${name} on ${ground}`).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
      }
    }
  });

  it('tells the report’s statuses and the drive’s marks apart by lightness too, not by hue alone', () => {
    const { ok, near, flagged } = REPORT_STATUS_COLOURS;
    // Red against green is the pair colour-blind eyes confuse: it must differ in lightness as well.
    expect(contrastRatio(ok, flagged)).toBeGreaterThanOrEqual(1.4);
    expect(contrastRatio(near, flagged)).toBeGreaterThanOrEqual(1.4);
    expect(contrastRatio(DRIVE_MARK_COLOURS.airborne, DRIVE_MARK_COLOURS.bottomed)).toBeGreaterThanOrEqual(1.4);
  });
});
