import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_SETTINGS, userSettingsValidator, viewSettingsValidator } from './contract';

describe('view settings validation', () => {
  it('fills the lighting fields of settings written before they existed from the defaults', () => {
    const old = { colorMode: 'slope', map2dMode: 'grayscale', wireframe: true };
    expect(viewSettingsValidator(old)).toEqual({ ...DEFAULT_VIEW_SETTINGS, colorMode: 'slope', map2dMode: 'grayscale', wireframe: true });
    expect(userSettingsValidator({ view: old }).view.sunElevationDeg).toBe(DEFAULT_VIEW_SETTINGS.sunElevationDeg);
  });

  it('keeps every field it is given', () => {
    const full = {
      ...DEFAULT_VIEW_SETTINGS,
      sunAzimuthDeg: 12.5,
      sunElevationDeg: 80,
      shadows: false,
      ambientOcclusion: false,
      fog: false,
      water: true,
      seaLevel: -20,
      grid: true,
    };
    expect(viewSettingsValidator(full)).toEqual(full);
  });

  it('stays strict: wrong types, out-of-range values and unknown fields are refused, with the field named', () => {
    expect(() => viewSettingsValidator({ ...DEFAULT_VIEW_SETTINGS, sunAzimuthDeg: 361 }, 'view')).toThrow(/view\.sunAzimuthDeg: above 360/);
    expect(() => viewSettingsValidator({ ...DEFAULT_VIEW_SETTINGS, sunElevationDeg: 0 })).toThrow(/sunElevationDeg: below 1/);
    expect(() => viewSettingsValidator({ ...DEFAULT_VIEW_SETTINGS, seaLevel: Number.NaN })).toThrow(/seaLevel: expected a finite number/);
    expect(() => viewSettingsValidator({ ...DEFAULT_VIEW_SETTINGS, water: 1 })).toThrow(/water: expected a boolean/);
    expect(() => viewSettingsValidator({ ...DEFAULT_VIEW_SETTINGS, grid: null })).toThrow(/grid: expected a boolean/);
    expect(() => viewSettingsValidator({ ...DEFAULT_VIEW_SETTINGS, sky: 'blue' })).toThrow(/sky: unexpected property/);
    expect(() => viewSettingsValidator({ fog: true })).toThrow(/colorMode/);
  });
});
