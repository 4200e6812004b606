import { createContext, useContext, useEffect, useReducer } from 'react';
import type { EditorSession } from '../app/editorSession';

const SessionContext = createContext<EditorSession | null>(null);

export const SessionProvider = SessionContext.Provider;

export function useSession(): EditorSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <SessionProvider>');
  return session;
}

/** Re-renders whenever anything that decides command enabled/active states changes. */
export function useCommandStateTick(): void {
  const { editor, view, tools } = useSession();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const unsubscribers = [editor.store.subscribe(tick), view.subscribe(tick), tools.subscribe(tick)];
    // A change between the render and this subscription would otherwise be missed.
    tick();
    return () => unsubscribers.forEach((u) => u());
  }, [editor, view, tools]);
}
