import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEditorSession, connectPlatform } from '../app/editorSession';
import { App } from './App';
import { SessionProvider } from './session';
import { isMacPlatform, resolveFaultlineApi } from './platform';
import { filterThreeConsole } from './threeConsole';

filterThreeConsole();

// One session for the page's lifetime: the embedded default terrain, its commands and stores.
const session = createEditorSession({ api: resolveFaultlineApi(), isMac: isMacPlatform() });
void connectPlatform(session, (message, error) => console.warn(`${message}:`, error));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks #root');
createRoot(rootElement).render(
  <StrictMode>
    <SessionProvider value={session}>
      <App />
    </SessionProvider>
  </StrictMode>,
);
