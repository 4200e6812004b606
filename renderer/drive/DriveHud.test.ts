import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { DriveSession } from '../../app/drive/driveSession';
import { fieldFrom } from '../../shared/vehicle/testFields';
import { SessionProvider } from '../session';
import type { EditorSession } from '../../app/editorSession';
import { DriveHud } from './DriveHud';

const FRAME = 1 / 60;

/**
 * The HUD's markup for a drive's state as it is now: the drive's store is read as a server render reads
 * a store (its initial state), so the HUD is given a store that starts in that state.
 */
function hudMarkup(drive: DriveSession): string {
  const store = createStore(() => drive.store.getState());
  const session = { drive: Object.assign(Object.create(drive) as DriveSession, { store }) } as unknown as EditorSession;
  return renderToStaticMarkup(createElement(SessionProvider, { value: session }, createElement(DriveHud)));
}

describe('the drive HUD in water', () => {
  it('says "Flooded" with the water’s depth when the car stands in water deeper than it fords, and not when it fords it', () => {
    const flat = fieldFrom(129, 129, 1, () => 0);
    const deep = fieldFrom(129, 129, 1, () => 0.5); // the hatchback fords 0.3 m, the truck 0.9 m
    const drive = new DriveSession({ field: () => flat, water: () => deep });
    drive.enterDrive({ x: 0, z: 0, heading: 0 });
    drive.keyDown('KeyW');
    for (let t = 0; t < 1; t += FRAME) drive.frame(FRAME);
    expect(drive.store.getState().hud!.flooded).toBe(true);
    const flooded = hudMarkup(drive);
    expect(flooded).toMatch(/data-testid="drive-flooded"[^>]*>Flooded: (<!-- -->)?0\.50(<!-- -->)? m of water</);
    expect(flooded).toMatch(/data-testid="hud-water">0\.50(<!-- -->)? m</);
    // The truck fords it: the water is shown, the warning gone.
    drive.setSettings({ car: 'truck' });
    for (let t = 0; t < 0.5; t += FRAME) drive.frame(FRAME);
    const fording = hudMarkup(drive);
    expect(fording).not.toContain('Flooded');
    expect(fording).not.toContain('drive-flooded');
    expect(fording).toMatch(/data-testid="hud-water">0\.50(<!-- -->)? m</);
  });
});
