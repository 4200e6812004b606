import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createDefaultDocument } from '../app/document/document';
import { defaultDocumentFromBaked } from '../app/document/bakedTerrain';
import bakedDefaultTerrain from 'virtual:faultline-default-terrain';
import { createEditorSession } from '../app/editorSession';
import { App } from './App';
import { SessionProvider } from './session';
import { isMacPlatform, resolveFaultlineApi } from './platform';
import { filterThreeConsole } from './threeConsole';
import { createWorkerTransport, erosionThreadsOverride } from './workers/workerTransport';
import { startSizeOverride } from './startSize';
import { createWorkerCodecs } from './exchange/workerCodecs';
import { startChunkErrorsWorker } from './viewport/lod/offThreadErrors';
import { startLightingWorker } from './workers/lightingChannel';
import { workerRouteRunner } from './workers/routeChannel';
import { workerFeaturesRunner } from './workers/waterFeaturesChannel';
import { coverWorkerRunner } from './workers/riverCoverChannel';
import { viewRestDelay } from './viewport/viewRestDelay';
import { createViewportController } from './viewport/viewportController';
import { ViewportProvider } from './viewport/viewportContext';

filterThreeConsole();

// One session for the page's lifetime: the default terrain, baked into the bundle by the build (the same
// heights as evaluating it, without the wait), every feature and command.
// Terrain jobs, codecs, LOD chunk errors and lighting run in workers, which only the window can start.
const startSize = startSizeOverride(window.location.search);
const session = createEditorSession({
  api: resolveFaultlineApi(),
  document: startSize ? createDefaultDocument(startSize) : defaultDocumentFromBaked(bakedDefaultTerrain),
  isMac: isMacPlatform(),
  terrainJobs: createWorkerTransport({ threads: erosionThreadsOverride(window.location.search) }),
  createCodecs: () => createWorkerCodecs(),
  ...(typeof Worker === 'function'
    ? {
        chunkErrorsWorker: startChunkErrorsWorker,
        lightingWorker: startLightingWorker,
        routeRunner: workerRouteRunner,
        waterFeaturesRunner: workerFeaturesRunner,
        riverCoverRunner: coverWorkerRunner(viewRestDelay(window.location.search)),
      }
    : {}),
});
// The 3D view's models (lighting, LOD meshes) live beside the session, outside React: the view
// starts and stops them in effects, and only this page's end disposes them.
const viewport = createViewportController(session);
void session.start({ whenIdle });
window.addEventListener('pagehide', (event) => {
  if (event.persisted) return;
  viewport.dispose();
  session.dispose();
});

/** Runs a task when the page is idle, so journal snapshots never compete with input or drawing. */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 0);
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks #root');
createRoot(rootElement).render(
  <StrictMode>
    <SessionProvider value={session}>
      <ViewportProvider value={viewport}>
        <App />
      </ViewportProvider>
    </SessionProvider>
  </StrictMode>,
);
