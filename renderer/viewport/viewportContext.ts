import { createContext, useContext } from 'react';
import type { ViewportController } from './viewportController';

const ViewportContext = createContext<ViewportController | null>(null);

export const ViewportProvider = ViewportContext.Provider;

/** The page's ViewportController (renderer/main.tsx provides it beside the session). */
export function useViewport(): ViewportController {
  const viewport = useContext(ViewportContext);
  if (!viewport) throw new Error('useViewport outside <ViewportProvider>');
  return viewport;
}
