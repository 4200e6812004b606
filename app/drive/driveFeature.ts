import type { CommandRegistry } from '../commands/commands';
import type { Editor } from '../document/editor';
import { bindDriveCommands } from './commands';
import { DriveSession } from './driveSession';
import { documentSurfaces } from './driveSurfaces';
import { surfaceCoverNow } from '../document/surfaceCover';
import { createObstacleCache } from './obstacles';
import { createWaterCache } from './driveWater';
import { createDeckedGround } from './driveDecks';
import { EDITOR_CAR_DYNAMICS } from './settings';

export type DriveViewStart = () => { x: number; z: number; heading: number };

/** The session's test drive: the drive itself, where it starts, and its bound commands. */
export interface DriveFeature {
  readonly drive: DriveSession;
  /** The 3D view tells where a drive starts (the ground at the centre of its view); null when it unmounts. */
  setViewStart(start: DriveViewStart | null): void;
  /** Leaves a drive or walk and unbinds the commands. */
  dispose(): void;
}

/** `snowLine`: the view's snow line, metres (the physics car's snow starts there). */
export function createDriveFeature(editor: Editor, commands: CommandRegistry, snowLine?: () => number): DriveFeature {
  // Bridges: the car drives on their decks, and the water under a deck is not the car's.
  const decked = createDeckedGround(
    () => editor.document.stack,
    () => editor.document.field,
  );
  const water = createWaterCache(
    () => editor.document.stack,
    () => editor.document.field,
  );
  const drive = new DriveSession({
    field: decked.field,
    surfaces: () => documentSurfaces(editor.document, snowLine?.(), surfaceCoverNow(editor)),
    obstacles: createObstacleCache(
      () => editor.document.props,
      () => editor.store.getState().version,
    ),
    water: () => decked.water(water()),
    settings: { model: EDITOR_CAR_DYNAMICS },
  });
  let viewStart: DriveViewStart | null = null;
  const unbind = bindDriveCommands(commands, drive, { viewStart: () => viewStart?.() ?? { x: 0, z: 0, heading: 0 } });
  return {
    drive,
    setViewStart(start) {
      viewStart = start;
    },
    dispose() {
      unbind();
      if (drive.mode !== 'off') drive.leave();
    },
  };
}

/** Calls `listener` with whether a drive or walk has the camera and keyboard, now and on every change. */
export function watchDriveActive(drive: DriveSession, listener: (active: boolean) => void): () => void {
  listener(drive.mode !== 'off');
  return drive.store.subscribe((s, prev) => {
    if ((s.mode === 'off') !== (prev.mode === 'off')) listener(s.mode !== 'off');
  });
}
