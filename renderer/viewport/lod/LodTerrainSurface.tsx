import { onRiverCover, surfaceCoverSettled } from '../../../app/document/surfaceCover';
import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import type { PerspectiveCamera } from 'three';
import type { LodOptions } from '../../../shared/lod/selectLod';
import { cameraFrustum } from './cameraFrustum';
import { terrainPointerHandlers } from '../terrainPointer';
import { useSession } from '../../session';
import { reportDrawn } from '../../readiness';
import { showTriangleCount } from './triangleCount';
import { backgroundTask, type BackgroundTask } from '../../backgroundTask';
import { OffThreadErrors, type OffThreadErrorsHandlers } from './offThreadErrors';
import type { StartChunkErrorsWorker } from '../../../app/lod/chunkErrorsJob';
import { useViewport } from '../viewportContext';
import { naturalLinesOf } from '../../../app/view/terrainColours';
import { drawnErosionMasks } from '../coverOverride';
import { overlaySlopeDeg } from '../../../app/drive/drivability';
import { ALL } from '../../../app/document/region';
import { WaterRebuilds } from '../look/waterRebuilds';

/** CPU time per slice of chunk-error refinement on the main thread: well inside a frame. */
const REFINE_SLICE_MS = 4;
/** CPU time per step of a whole-map change of the wet margin (gpuWet.ts: at least WET_SWEEP_ROWS rows a step). */
const WET_SLICE_MS = 4;

/** The worker for exact chunk errors, or null where none can start (the main thread refines then). */
function startOffThreadErrors(handlers: OffThreadErrorsHandlers, start: StartChunkErrorsWorker | null): OffThreadErrors | null {
  if (!start) return null;
  try {
    return new OffThreadErrors(handlers, start);
  } catch {
    return null;
  }
}

/**
 * The terrain of a large map, drawn with chunked level of detail. Levels follow the camera each
 * frame it moves; an edit uploads only its rectangle of heights to the GPU (geometry is rebuilt only
 * where levels change). Pointer events come from the group's exact-surface raycast, so tools see
 * the exact height wherever they point. The drivability tint is drawn by the same shader.
 */
export function LodTerrainSurface({ wrapper, options }: { wrapper: React.RefObject<HTMLDivElement | null>; options?: LodOptions }) {
  const session = useSession();
  const { editor, view, chunkErrorsWorker } = session;
  const invalidate = useThree((s) => s.invalidate);
  const drive = session.drive;
  // Made once by the page's viewport controller (not here in render), held while mounted.
  const viewport = useViewport();
  const lod = viewport.lodMeshes();
  const pendingDrawn = useRef<number | null>(editor.store.getState().version);
  // A whole-map change of the wet margin is found a few rows a task between frames (each step's rows are sent at
  // the next frame); a frame that sees one under way starts the steps.
  const wetTask = useRef<BackgroundTask | null>(null);
  const lastCamera = useRef('');

  useEffect(() => {
    lod.setWireframe(view.getState().settings.wireframe);
    lod.setColourMode(view.getState().settings.colorMode, naturalLinesOf(view.getState().settings));
    lod.setErosion(drawnErosionMasks(editor));
    // The wet margin along the water (as the exact mesh's; Show Water leaves it, it is the ground's): found again
    // over an edit's rectangle when the gesture commits (its preview steps are gathered, as the water's own
    // blocks), over the whole map for another water.
    let wetWater = editor.document.water;
    const wetRebuilds = new WaterRebuilds();
    lod.setWater(wetWater, ALL);
    const steepTint = () => lod.setSteepTint(drive.settings.drivabilityOverlay ? overlaySlopeDeg(drive.settings) : null);
    steepTint();
    const unsubscribeDrive = drive.store.subscribe((s, prev) => {
      if (s.settings === prev.settings) return;
      steepTint();
      invalidate();
    });
    // After a whole-map change the exact chunk errors are computed by a worker (the heights go to it
    // in pieces between frames); where no worker can run, a few milliseconds at a time between
    // frames here. Levels are held while errors are pending (see LodTerrainMeshes.update): reselect
    // (and redraw) once they are exact.
    const errorsExact = () => {
      lastCamera.current = '';
      invalidate();
    };
    const sweepWet = backgroundTask(() => {
      if (lod.advanceWet(WET_SLICE_MS)) sweepWet.schedule();
      invalidate();
    });
    wetTask.current = sweepWet;
    const refineTask = backgroundTask(() => {
      lod.refineErrors(REFINE_SLICE_MS);
      if (lod.pendingChunks === 0) errorsExact();
      refineSoon();
    });
    let offThread: OffThreadErrors | null = null;
    let sentGeneration = -1;
    const refineSoon = () => {
      if (lod.pendingChunks === 0) return;
      if (!offThread) {
        refineTask.schedule();
        return;
      }
      const { generation, field } = lod.pendingErrorsOf;
      if (generation === sentGeneration) return;
      sentGeneration = generation;
      offThread.start(field, generation);
    };
    offThread = startOffThreadErrors(
      {
        onErrors: (generation, errors) => {
          if (lod.installErrors(generation, errors) && lod.pendingChunks === 0) errorsExact();
        },
        onFailure: () => {
          offThread?.dispose();
          offThread = null;
          refineSoon();
        },
      },
      chunkErrorsWorker,
    );
    refineSoon();
    // The cover beside the rivers, found off the thread after an edit (app/document/surfaceCover.ts).
    const unsubscribeCover = onRiverCover(editor, () => {
      lod.setErosion(drawnErosionMasks(editor));
      invalidate();
    });
    const unsubscribeEditor = editor.store.subscribe((s, prev) => {
      if (s.version === prev.version) {
        // Erosion results set without an edit (an opened project's, once its stack is checked).
        if (s.resultsVersion !== prev.resultsVersion) {
          lod.setErosion(drawnErosionMasks(editor));
          wetWater = editor.document.water;
          lod.setWater(wetWater, ALL);
          invalidate();
        }
        return;
      }
      lod.syncDocument(editor.document.field, s.lastChange);
      lod.setErosion(drawnErosionMasks(editor));
      const wetRegion = wetRebuilds.changed(s.lastChange, s.preview, editor.document.water === wetWater);
      if (wetRegion) {
        wetWater = editor.document.water;
        lod.setWater(wetWater, wetRegion);
      }
      lastCamera.current = '';
      pendingDrawn.current = s.version;
      invalidate();
      refineSoon();
    });
    const unsubscribeView = view.subscribe((s, prev) => {
      if (s.settings === prev.settings) return;
      lod.setWireframe(s.settings.wireframe);
      lod.setColourMode(s.settings.colorMode, naturalLinesOf(s.settings));
      lastCamera.current = '';
      invalidate();
    });
    invalidate();
    return () => {
      unsubscribeEditor();
      unsubscribeCover();
      unsubscribeView();
      unsubscribeDrive();
      refineTask.dispose();
      sweepWet.dispose();
      wetTask.current = null;
      offThread?.dispose();
    };
  }, [editor, view, drive, chunkErrorsWorker, lod, invalidate]);

  useEffect(() => viewport.holdLod(lod), [viewport, lod]);

  // The view's context lost at rest and restored (ViewAtRest.tsx): everything sent again at the next
  // frame, whose levels keep to the wake's triangle budget; the frame after it draws them in full.
  const canvas = useThree((s) => s.gl.domElement);
  useEffect(() => {
    const restored = () => {
      lod.contextRestored();
      lastCamera.current = '';
    };
    canvas.addEventListener('webglcontextrestored', restored);
    return () => canvas.removeEventListener('webglcontextrestored', restored);
  }, [canvas, lod]);

  // Reselect levels before a frame whose camera or viewport differs from the last selection.
  useFrame(({ camera, size, gl }) => {
    const perspective = camera as PerspectiveCamera;
    const p = camera.position;
    const q = camera.quaternion;
    const key =
      `${p.x.toFixed(2)},${p.y.toFixed(2)},${p.z.toFixed(2)},${q.x.toFixed(4)},${q.y.toFixed(4)},${q.z.toFixed(4)},${q.w.toFixed(4)},` +
      `${perspective.fov},${perspective.aspect},${size.height}`;
    if (key !== lastCamera.current) {
      lastCamera.current = key;
      lod.update(
        {
          position: p,
          fovYDegrees: perspective.fov ?? 50,
          viewportHeight: size.height * Math.min(2, window.devicePixelRatio || 1),
          frustum: cameraFrustum(perspective),
        },
        options,
      );
      showTriangleCount(wrapper.current, lod.triangles);
      if (lod.coarse) {
        // The first frame of a wake draws within the wake's budget: the next one selects in full.
        lastCamera.current = '';
        invalidate();
      }
    }
    lod.prepareFrame(gl);
    if (lod.wetSweeping) wetTask.current?.schedule();
    const version = pendingDrawn.current;
    // A version counts as drawn once its chunk errors are exact and the levels chosen from them are
    // on screen (the first frames after a whole-map change show it at held or coarse levels, as the
    // first frame of a wake), and with this version's cover beside the rivers (found off the thread: onRiverCover redraws).
    if (version === null || lod.pendingChunks > 0 || lod.coarse || !surfaceCoverSettled(editor)) return;
    pendingDrawn.current = null;
    requestAnimationFrame(() => reportDrawn('3d', version, wrapper.current));
  });

  const { onPointerMove, onPointerDown, onPointerUp, onPointerOut } = terrainPointerHandlers(session);

  return <primitive object={lod.group} onPointerMove={onPointerMove} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerOut={onPointerOut} />;
}
