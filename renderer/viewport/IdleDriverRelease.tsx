import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { createReleaseContext, IdleRelease, IDLE_RELEASE_AFTER_MS, releaseDriverScratch, releaseOnContextLoss, viewFrameFence } from './idleDriverRelease';

/**
 * Once the 3D view rests (no frame for a moment), asks the GL driver to let the last frames' working
 * data go (idleDriverRelease.ts: software GL keeps ~45 MB a frame of it otherwise, 250–300 MB after a
 * stroke at 4097²). The release's own context is lost after each release and restored for the next
 * (a driver context made for the release and let go after it is what freed the stroke's data when
 * measured; one kept between releases did not), on one canvas (a new canvas each time cost the page
 * tens of MB). It waits for the GPU to finish the view's last frame (a fence in the view's context,
 * polled): before that, the frame's data cannot be recycled. It runs again once the view's context is lost
 * at rest (ViewAtRest.tsx): the loss alone leaves the driver's data of the view's last frames and drawing
 * buffers. Draws nothing visible, touches no draw state of the view's own context, requests no frame.
 */
export function IdleDriverRelease() {
  const idle = useRef<IdleRelease | null>(null);
  const view = useThree((state) => state.gl);
  useEffect(() => {
    const gl = createReleaseContext();
    if (!gl) return undefined;
    const canvas = gl.canvas as HTMLCanvasElement;
    const lose = gl.getExtension('WEBGL_lose_context');
    let lost = false;
    let waiting = false;
    const run = () => {
      const start = performance.now();
      releaseDriverScratch(gl);
      // For the memory figures (e2e/performance.spec.ts): whether the view's last frame data was given back,
      // and how long the last release held the page (its passes are waited for).
      view.domElement.dataset.driverReleaseMs = (performance.now() - start).toFixed(0);
      view.domElement.dataset.driverRelease = 'released';
      if (!lose) return;
      lose.loseContext();
      lost = true;
    };
    // Without preventDefault a lost context cannot be restored.
    const onLost = (event: Event) => event.preventDefault();
    const onRestored = () => {
      lost = false;
      if (!waiting) return;
      waiting = false;
      run();
    };
    canvas.addEventListener('webglcontextlost', onLost);
    canvas.addEventListener('webglcontextrestored', onRestored);
    const viewContext = view.getContext();
    const fence = () => (viewContext instanceof WebGL2RenderingContext ? viewFrameFence(viewContext) : null);
    const release = new IdleRelease(
      () => {
        if (!lost) run();
        else if (!waiting && lose) {
          waiting = true;
          lose.restoreContext();
        }
      },
      IDLE_RELEASE_AFTER_MS,
      fence,
    );
    idle.current = release;
    // The view resting (its context lost) leaves its last frames' driver data until a later pass: release again then.
    const stopLossWatch = releaseOnContextLoss(
      view.domElement,
      {
        contextLost: () => {
          view.domElement.dataset.driverRelease = 'pending';
          release.contextLost();
        },
      },
      () => viewContext.isContextLost(),
    );
    return () => {
      stopLossWatch();
      release.dispose();
      canvas.removeEventListener('webglcontextlost', onLost);
      canvas.removeEventListener('webglcontextrestored', onRestored);
      if (!lost) lose?.loseContext();
      if (idle.current === release) idle.current = null;
    };
  }, [view]);
  useFrame(() => {
    view.domElement.dataset.driverRelease = 'pending';
    idle.current?.frameDrawn();
  });
  return null;
}
