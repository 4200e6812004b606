import type { EditorSession } from '../../app/editorSession';
import { DriveSession } from '../../app/drive/driveSession';
import { bindDriveCommands } from '../../app/drive/commands';
import { createObstacleCache } from '../../app/drive/obstacles';

type ViewStart = () => { x: number; z: number; heading: number };

const drives = new WeakMap<EditorSession, DriveSession>();
const viewStarts = new WeakMap<EditorSession, ViewStart>();

/** The session's test drive, created (and its commands bound) on first use. */
export function driveSessionFor(session: EditorSession): DriveSession {
  let drive = drives.get(session);
  if (drive) return drive;
  const { editor } = session;
  drive = new DriveSession({
    field: () => editor.document.field,
    obstacles: createObstacleCache(
      () => editor.document.props,
      () => editor.store.getState().version,
    ),
  });
  drives.set(session, drive);
  bindDriveCommands(session.commands, drive, {
    viewStart: () => viewStarts.get(session)?.() ?? { x: 0, z: 0, heading: 0 },
  });
  // The toolbar and menu refresh their states on tool-store changes (see designSession.ts).
  const refreshCommandStates = () => session.tools.setState({});
  drive.store.subscribe((s, prev) => {
    if (s.mode !== prev.mode || s.settings.drivabilityOverlay !== prev.settings.drivabilityOverlay) refreshCommandStates();
  });
  refreshCommandStates();
  return drive;
}

/** The 3D view tells where a drive starts: the ground at the centre of its view. */
export function setDriveViewStart(session: EditorSession, start: ViewStart | null): void {
  if (start) viewStarts.set(session, start);
  else viewStarts.delete(session);
}

/** Calls `listener` with whether a drive or walk has the camera and keyboard, now and on every change. */
export function watchDriveActive(session: EditorSession, listener: (active: boolean) => void): () => void {
  const drive = driveSessionFor(session);
  listener(drive.mode !== 'off');
  return drive.store.subscribe((s, prev) => {
    if ((s.mode === 'off') !== (prev.mode === 'off')) listener(s.mode !== 'off');
  });
}
