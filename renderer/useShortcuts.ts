import { useEffect } from 'react';
import { useSession } from './session';

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** Dispatches keyboard shortcuts through the command registry; typing in a field is left alone. */
export function useShortcuts(): void {
  const session = useSession();
  const { commands, tools, view } = session;
  useEffect(() => {
    const drive = session.drive;
    const onKeyDown = (e: KeyboardEvent) => {
      // While driving or walking the keyboard belongs to the car (renderer/drive/useDriveKeys.ts).
      if (drive.capturesKeys()) return;
      // An open dialog takes Escape first (renderer/ui/Modal.tsx), so here it is only the tool's.
      if (e.key === 'Escape') {
        tools.getState().active?.cancel();
        return;
      }
      if (isTextEntry(e.target) || e.isComposing) return;
      // The active tool's own keys first (the road tool's Delete, Backspace and Enter).
      if (!e.ctrlKey && !e.metaKey && !e.altKey && tools.getState().active?.onKeyDown?.(e.key)) {
        e.preventDefault();
        return;
      }
      const command = commands.findByChord(e);
      if (!command) return;
      e.preventDefault();
      void commands.execute(command.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [session, commands, tools, view]);
}
