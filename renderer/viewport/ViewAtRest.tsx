import { useEffect, useRef } from 'react';
import { addAfterEffect, addEffect, useFrame, useStore } from '@react-three/fiber';
import { ViewRest } from '../../app/view/viewRest';
import { viewRestDelay } from './viewRestDelay';
import { watchDriveActive } from '../../app/drive/driveFeature';
import { useSession } from '../session';
import { ViewStill } from './viewStill';
import { viewFrameFence, type FrameFence } from './idleDriverRelease';

/** How often a restore the browser has not answered is asked again. */
const RESTORE_RETRY_MS = 1000;

/**
 * Lets the 3D view's GPU context go while the editor is at rest (app/view/viewRest.ts decides when),
 * as a desktop app does with an idle GPU view: the last frame, once the GPU has drawn it, is copied from
 * the kept drawing buffer into a still image of the same pixels (viewStill.ts) and the context is lost
 * (WEBGL_lose_context), which
 * gives back what the GPU process holds for it (at 4097² ≈ 190 MB under software GL: the heights and
 * cover textures, the drawing buffers, the blocks' buffers; BENCHMARKS.md). Deleting the textures alone
 * freed nothing: the driver keeps the last draw's bindings.
 *
 * Any input over the view, a resize, a frame asked for by anything (a document change, a job's result,
 * a setting, a drive) or a job starting asks the context back; three.js then sets itself up again on
 * it and the parts of the scene that keep no CPU copy of their GPU data send it again (the LOD terrain
 * from the document, LodTerrainSurface.tsx; the water keeps its meshes' arrays for this). Frames asked
 * for meanwhile are held (not drawn on a lost context), and the still goes in the task that draws the
 * first frame on the restored context, so nothing flashes; input is never lost (the camera and the tools
 * take every event while the context is away; the frame that ends the wake draws their result).
 *
 * `data-view-rest` on the view's element says the phase; `data-view-restore-ms` how long the last wake
 * took, from the request to the first frame drawn (`data-view-context-ms` until the context was back,
 * `data-view-restore-frame-ms` the first frame's own task); `data-view-capture-ms` the last still's copy.
 */
export function ViewAtRest({ wrapper }: { wrapper: React.RefObject<HTMLDivElement | null> }) {
  const store = useStore();
  const session = useSession();
  const drewFrame = useRef(false);
  useEffect(() => {
    const { gl } = store.getState();
    const canvas = gl.domElement;
    const lose = gl.getContext().getExtension('WEBGL_lose_context');
    const element = wrapper.current;
    if (!lose || !element) return undefined;
    const still = new ViewStill(canvas);
    const context = gl.getContext();
    // A fence after the last frame: its pixels are read back only once the GPU has drawn them (a
    // read before would stall the page for as long as software GL takes to draw a large frame).
    let fence: FrameFence | null = null;
    const dropFence = () => {
      fence?.dispose();
      fence = null;
    };
    let wokenAt = 0;
    const rest = new ViewRest(
      {
        capture: () => {
          if (context.isContextLost()) return false;
          if (context instanceof WebGL2RenderingContext) {
            fence ??= viewFrameFence(context);
            if (fence && !fence.done()) return false;
          }
          dropFence();
          // The drawing buffer is kept between frames (preserveDrawingBuffer, Viewport3D.tsx): it holds the frame on screen.
          const start = performance.now();
          const captured = still.capture();
          element.dataset.viewCaptureMs = String(Math.round(performance.now() - start));
          return captured;
        },
        release: () => lose.loseContext(),
        restore: () => {
          wokenAt = performance.now();
          lose.restoreContext();
          // Asked again if the browser did not take the request (it refuses one it cannot serve yet).
          const retry = setInterval(() => {
            if (!context.isContextLost() || rest.phase !== 'waking') clearInterval(retry);
            else lose.restoreContext();
          }, RESTORE_RETRY_MS);
        },
        redraw: () => store.getState().invalidate(),
        reveal: () => {
          still.remove();
          element.dataset.viewRestoreMs = String(Math.round(performance.now() - wokenAt));
        },
        setTimer: (callback, ms) => setTimeout(callback, ms),
        clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        phaseChanged: (phase) => (element.dataset.viewRest = phase),
      },
      viewRestDelay(window.location.search),
    );
    element.dataset.viewRest = rest.phase;
    // three.js's own listeners (added when the renderer was made) run first: it has set itself up again.
    // The loss is taken in a task of its own: the browser allows a restore only once the event's
    // dispatch is over (and three.js has prevented its default), so a wake must not ask from inside it.
    const onLost = () => setTimeout(() => rest.lost(), 0);
    let restoredFrameStart = 0;
    const onRestored = () => {
      element.dataset.viewContextMs = String(Math.round(performance.now() - wokenAt));
      rest.restored();
    };
    canvas.addEventListener('webglcontextlost', onLost);
    canvas.addEventListener('webglcontextrestored', onRestored);
    // A frame asked for while the context is away is held here, before the root would draw it.
    const offBefore = addEffect(() => {
      const state = store.getState();
      if (state.internal.frames > 0 && !rest.frameRequested()) state.internal.frames = 0;
      else if (rest.phase === 'restored') restoredFrameStart = performance.now();
    });
    const offAfter = addAfterEffect(() => {
      if (!drewFrame.current) return;
      drewFrame.current = false;
      dropFence();
      // The first frame on the restored context: what it cost to send and build everything again and draw.
      if (rest.phase === 'restored') element.dataset.viewRestoreFrameMs = String(Math.round(performance.now() - restoredFrameStart));
      rest.frameDrawn();
    });
    const onInput = () => rest.activity();
    const inputs = ['pointerdown', 'pointermove', 'wheel'] as const;
    for (const type of inputs) element.addEventListener(type, onInput, { capture: true, passive: true });
    window.addEventListener('keydown', onInput, { capture: true });
    const onVisibility = () => rest.setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    const stopDrive = watchDriveActive(session.drive, (active) => rest.setBusy('drive', active));
    const jobs = session.design.jobs.store;
    rest.setBusy('job', jobs.getState().running);
    const stopJobs = jobs.subscribe((s, prev) => {
      if (s.running !== prev.running) rest.setBusy('job', s.running);
    });
    return () => {
      rest.dispose();
      dropFence();
      offBefore();
      offAfter();
      stopDrive();
      stopJobs();
      for (const type of inputs) element.removeEventListener(type, onInput, { capture: true });
      window.removeEventListener('keydown', onInput, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      canvas.removeEventListener('webglcontextlost', onLost);
      canvas.removeEventListener('webglcontextrestored', onRestored);
      // A view unmounted at rest takes its context back (the renderer is disposed with it or used again).
      if (gl.getContext().isContextLost()) lose.restoreContext();
      still.remove();
      delete element.dataset.viewRest;
    };
  }, [store, session, wrapper]);
  useFrame(() => {
    drewFrame.current = true;
  });
  return null;
}
