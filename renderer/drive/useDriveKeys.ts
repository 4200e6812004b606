import { useEffect } from 'react';
import type { DriveSession } from '../../app/drive/driveSession';

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * Feeds the keyboard to the car or walker while a drive captures it (the app's shortcut dispatcher
 * stands aside meanwhile). Used keys are not passed on, so Space does not press a focused button.
 */
export function useDriveKeys(drive: DriveSession): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!drive.capturesKeys() || isTextEntry(e.target) || e.isComposing) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (drive.keyDown(e.code)) e.preventDefault();
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (drive.keyUp(e.code) && drive.capturesKeys()) e.preventDefault();
    };
    const onBlur = () => drive.releaseKeys();
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    // A focused toolbar button would otherwise take Space and Enter while driving.
    const unsubscribe = drive.store.subscribe((s, prev) => {
      if (s.mode !== 'off' && prev.mode === 'off' && document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
      unsubscribe();
    };
  }, [drive]);
}
