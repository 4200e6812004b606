import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { CommandId } from '../shared/commands';
import type { CommandState } from '../app/commands/commands';
import type { EditorSession } from '../app/editorSession';

const SessionContext = createContext<EditorSession | null>(null);

export const SessionProvider = SessionContext.Provider;

export function useSession(): EditorSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <SessionProvider>');
  return session;
}

/** A command's enabled and pressed state; re-renders only when that command's state changes. */
export function useCommandState(id: CommandId): CommandState {
  const { commands } = useSession();
  const subscribe = useCallback((listener: () => void) => commands.subscribeState(id, listener), [commands, id]);
  const snapshot = useCallback(() => commands.state(id), [commands, id]);
  return useSyncExternalStore(subscribe, snapshot);
}
