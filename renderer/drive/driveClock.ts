/**
 * A test switch in the page address: `?driveClock=4` advances the test drive by four frames' time for
 * each frame drawn (each frame's time within MAX_FRAME_DT as always). The physics car and its autopilot
 * take fixed 1/120 s steps, so the drive is the same, only done in a quarter of the wall time: end-to-end
 * tests that drive a whole road pass it (e2e/fixtures.ts `driveClock`). The Electron shell never adds it
 * and nothing in the UI can; any value but 2–8 is ignored.
 */
export const MAX_DRIVE_CLOCK = 8;

export function driveClockOverride(search: string): number {
  const value = Number(new URLSearchParams(search).get('driveClock'));
  return Number.isInteger(value) && value >= 2 && value <= MAX_DRIVE_CLOCK ? value : 1;
}
