import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEditorSession, connectPlatform } from '../app/editorSession';
import { App } from './App';
import { SessionProvider } from './session';
import { isMacPlatform, resolveFaultlineApi } from './platform';
import { filterThreeConsole } from './threeConsole';
import { createWorkerTransport, erosionThreadsOverride } from './workers/workerTransport';
import { createWorkerCodecs } from './exchange/workerCodecs';
import { startChunkErrorsWorker } from './lod/offThreadErrors';

filterThreeConsole();

// One session for the page's lifetime: the embedded default terrain, every feature and command.
// Terrain jobs, codecs and LOD chunk errors run in workers, which only the window can start.
const session = createEditorSession({
  api: resolveFaultlineApi(),
  isMac: isMacPlatform(),
  terrainJobs: createWorkerTransport({ threads: erosionThreadsOverride(window.location.search) }),
  createCodecs: () => createWorkerCodecs(),
  ...(typeof Worker === 'function' ? { chunkErrorsWorker: startChunkErrorsWorker } : {}),
});
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
