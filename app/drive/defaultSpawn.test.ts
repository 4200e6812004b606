import { describe, expect, it } from 'vitest';
import { buildPreset, DEFAULT_PRESET_ID } from '../../shared/presets/terrainPresets';
import { replayTerrain } from '../../shared/recipe/replay';
import { DriveSession } from './driveSession';

/**
 * What e2e/naturalTerrain.spec.ts does after Run with the default preset (seed 2026): Test Drive from
 * the view centre with the kinematic car and two seconds of full throttle, here from several view
 * headings and points (the spawn picks the spot and the heading; the view only breaks ties).
 */
describe('Test Drive on the default preset', () => {
  const size = { width: 257, depth: 257, cellSize: 2, seed: 2026 };
  const { recipe, finishing } = buildPreset(DEFAULT_PRESET_ID, size);
  const field = replayTerrain({ ...size, recipe, steps: finishing });

  it('the preset ends with the smoothing that keeps the car on its wheels', () => {
    expect(finishing.map((step) => step.kind)).toEqual(['hydraulic', 'thermal', 'smooth']);
  });

  it('spawns the kinematic car where it drives two seconds without a stop, from any view', () => {
    const starts = [0, Math.PI / 2, Math.PI, -Math.PI / 2, 0.7, -2.3].flatMap((heading) => [
      { x: 0, z: 0, heading },
      { x: 120, z: -80, heading },
      { x: -150, z: 140, heading },
    ]);
    for (const start of starts) {
      const drive = new DriveSession({ field: () => field, settings: { model: 'kinematic' } });
      drive.enterDriveNear(start);
      expect(drive.store.getState().spawn?.quality, JSON.stringify(start)).toBe('clear');
      drive.frame(1 / 60);
      const first = drive.store.getState().hud;
      drive.keyDown('ArrowUp');
      for (let k = 0; k < 120; k++) {
        drive.frame(1 / 60);
        expect(drive.store.getState().hud?.stoppedBy, JSON.stringify(start)).toBeUndefined();
      }
      const last = drive.store.getState().hud;
      expect(last?.stops).toBe(0);
      expect(Math.hypot((last?.x ?? 0) - (first?.x ?? 0), (last?.z ?? 0) - (first?.z ?? 0)), JSON.stringify(start)).toBeGreaterThan(3);
    }
  });
});
