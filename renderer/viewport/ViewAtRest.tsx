import { useEffect, useRef } from 'react';
import { addAfterEffect, addEffect, advance, useFrame, useStore } from '@react-three/fiber';
import { ViewRest, VIEW_REST_AFTER_MS } from '../../app/view/viewRest';
import { watchDriveActive } from '../../app/drive/driveFeature';
import { useSession } from '../session';
import { ViewStill } from './viewStill';

/**
 * Lets the 3D view's GPU context go while the editor is at rest (app/view/viewRest.ts decides when),
 * as a desktop app does with an idle GPU view: the last frame, drawn once more, stays on screen as a
 * still image of the same pixels (viewStill.ts) and the context is lost (WEBGL_lose_context), which
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
 * took, from the request to the first frame drawn.
 */
export function ViewAtRest({ wrapper }: { wrapper: React.RefObject<HTMLDivElement | null> }) {
  const store = useStore();
  const session = useSession();
  const drewFrame = useRef(false);
  const capturing = useRef(false);
  useEffect(() => {
    const { gl } = store.getState();
    const canvas = gl.domElement;
    const lose = gl.getContext().getExtension('WEBGL_lose_context');
    const element = wrapper.current;
    if (!lose || !element) return undefined;
    const still = new ViewStill(canvas);
    let wokenAt = 0;
    const rest = new ViewRest(
      {
        capture: () => {
          const state = store.getState();
          if (gl.getContext().isContextLost()) return false;
          // The frame again, and its pixels copied in the same task (before the drawing buffer goes).
          capturing.current = true;
          try {
            advance(performance.now(), false, state);
          } finally {
            capturing.current = false;
          }
          return still.capture();
        },
        release: () => lose.loseContext(),
        restore: () => {
          wokenAt = performance.now();
          lose.restoreContext();
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
      VIEW_REST_AFTER_MS,
    );
    element.dataset.viewRest = rest.phase;
    // three.js's own listeners (added when the renderer was made) run first: it has set itself up again.
    const onLost = () => rest.lost();
    const onRestored = () => rest.restored();
    canvas.addEventListener('webglcontextlost', onLost);
    canvas.addEventListener('webglcontextrestored', onRestored);
    // A frame asked for while the context is away is held here, before the root would draw it.
    const offBefore = addEffect(() => {
      const state = store.getState();
      if (state.internal.frames > 0 && !rest.frameRequested()) state.internal.frames = 0;
    });
    const offAfter = addAfterEffect(() => {
      if (!drewFrame.current) return;
      drewFrame.current = false;
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
    if (!capturing.current) drewFrame.current = true;
  });
  return null;
}
