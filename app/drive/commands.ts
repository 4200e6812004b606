import type { CommandRegistry } from '../commands/commands';
import type { DriveSession } from './driveSession';

/** Where a drive or walk starts: the 3D view supplies the ground point at its centre and its heading. */
export interface DriveStartSource {
  viewStart(): { x: number; z: number; heading: number };
}

/**
 * Binds Test Drive (toggle; starts on the nearest drivable ground), its reset, Walk (toggle) and the
 * drivability overlay toggle; their states follow the drive's store. Returns the unbind.
 */
export function bindDriveCommands(commands: CommandRegistry, drive: DriveSession, source: DriveStartSource): () => void {
  const unbinders = [
    commands.bind('drive.toggle', {
      run: () => {
        if (drive.mode === 'drive') drive.leave();
        else drive.enterDriveNear(source.viewStart());
      },
      pressed: () => drive.mode === 'drive',
    }),
    commands.bind('drive.resetDrivable', {
      run: () => drive.resetOntoDrivableGround(),
      enabled: () => drive.mode === 'drive',
    }),
    commands.bind('drive.walk', {
      run: () => {
        if (drive.mode === 'walk') {
          drive.leave();
          return;
        }
        const { x, z, heading } = source.viewStart();
        drive.enterWalk({ x, z, yaw: heading });
      },
      pressed: () => drive.mode === 'walk',
    }),
    commands.bind('view.drivability', {
      run: () => drive.setSettings({ drivabilityOverlay: !drive.settings.drivabilityOverlay }),
      pressed: () => drive.settings.drivabilityOverlay,
    }),
    commands.watch(drive.store),
  ];
  return () => unbinders.forEach((unbind) => unbind());
}
