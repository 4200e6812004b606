import { useEffect, useMemo, useRef } from 'react';
import type { PerspectiveCamera } from 'three';
import { useFrame, useThree } from '@react-three/fiber';
import { cameraFrustum } from './lod/cameraFrustum';
import { pageLodOverride } from './lod/lodOverride';
import { ALL, type DirtyRegion } from '../../app/document/region';
import type { FeatureIds } from '../../shared/hydrology/waterFeatures';
import { useSession } from '../session';
import { WaterView } from './look/waterView';
import { workerMirrorColourRunner } from '../workers/mirrorPaintChannel';
import { WaterRebuilds } from './look/waterRebuilds';
import { WaterBuildSlices } from './look/waterBuildSlices';
import { RiverStripWidth } from '../../app/water/riverStripWidth';
import { drawnRiverLines } from '../../shared/layers/drawnRiverLines';
import { useViewport } from './viewportContext';
import { sunLight } from './look/skyLook';
import { naturalLinesOf } from '../../app/view/terrainColours';

/** No error allowed, no budget: every block at full resolution. */
const EXACT_WATER_LOD = { maxPixelError: 0, triangleBudget: Infinity };

/**
 * Mounts the rivers and lakes (look/waterView.ts) in the 3D scene and keeps them in step with the
 * document (rebuilding the blocks an edit touched), Show Water and the Water section's selection;
 * each change asks for one frame. The blocks' levels of detail follow the camera (chosen before a
 * frame whose camera differs from the last; the blocks that change are built in the slices after it).
 * A whole map's water is measured and built in slices between frames (look/waterBuildSlices.ts).
 */
export function WaterLayer3D() {
  const { editor, view, water } = useSession();
  const { lighting } = useViewport();
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const canvas = useThree((s) => s.gl.domElement);
  // `?lod=exact` (lodOverride.ts) draws the water at full resolution too, to compare with.
  // Its meshes keep their arrays: the view lets its GPU context go at rest (ViewAtRest.tsx), and a
  // whole map's water takes seconds to build again, the arrays a few milliseconds to send.
  // The mirror's whole-map colours are found in a worker (a 257² paint, ~150 ms under load at 4097²).
  const waterView = useMemo(
    () => new WaterView(pageLodOverride().options ? EXACT_WATER_LOD : {}, true, typeof Worker === 'undefined' ? null : workerMirrorColourRunner),
    [],
  );
  const buildRef = useRef<() => void>(() => undefined);
  const lastCamera = useRef('');
  useFrame(({ camera, size }) => {
    waterView.setLit(lighting.uniforms.terrainLighting.value !== null);
    waterView.setViewportHeight(size.height * Math.min(2, window.devicePixelRatio || 1));
    const perspective = camera as PerspectiveCamera;
    const p = camera.position;
    const q = camera.quaternion;
    const key =
      `${p.x.toFixed(2)},${p.y.toFixed(2)},${p.z.toFixed(2)},${q.x.toFixed(4)},${q.y.toFixed(4)},${q.z.toFixed(4)},${q.w.toFixed(4)},` +
      `${perspective.fov},${perspective.aspect},${size.height}`;
    if (key === lastCamera.current) return;
    lastCamera.current = key;
    const moved = waterView.setCamera({
      position: { x: p.x, y: p.y, z: p.z },
      fovYDegrees: perspective.fov ?? 50,
      viewportHeight: size.height * Math.min(2, window.devicePixelRatio || 1),
      frustum: cameraFrustum(perspective),
    });
    if (moved) buildRef.current();
  });
  useEffect(() => {
    scene.add(waterView.group);
    let shown = editor.document.water;
    let featureOf: FeatureIds | null = null;
    const stripWidth = new RiverStripWidth();
    const rebuild = (region: DirtyRegion) => {
      const doc = editor.document;
      const whole = doc.water !== shown || region.kind === 'all';
      // Feature ids (for the selection tint) only while something is selected (finding them is a
      // whole-map pass), found again after a whole change; an edit in a rectangle under the same water
      // (a stroke, a drag step) keeps the last ones, so it costs its blocks only.
      if (whole) featureOf = doc.water ? water.model.featureIds() : null;
      const drawn = drawnRiverLines(doc.stack, doc.field.cellSize);
      colours();
      waterView.update(doc.field, doc.water, doc.field.heights, featureOf, whole ? ALL : region, stripWidth.of(doc.stack), drawn);
      shown = doc.water;
      waterView.setSelected(water.model.store.getState().selectedId);
      build();
      invalidate();
    };
    // Blocks are built a slice at a time (a rectangle's few at once, a large map's over many slices).
    const slices = new WaterBuildSlices(waterView, invalidate, undefined, (running) => {
      canvas.dataset.waterBuilding = String(running);
      // For the memory report (e2e/performance.spec.ts): what the kept mesh arrays cost the page.
      if (!running) canvas.dataset.waterArrayBytes = String(waterView.arrayBytes());
    });
    const rebuilds = new WaterRebuilds();
    const build = () => slices.run();
    buildRef.current = build;
    const show = () => {
      waterView.group.visible = view.getState().settings.showWater;
      invalidate();
    };
    // The mirror's colours found off the thread: drawn once they are in (`data-mirror-paint` for the tests' photographs).
    waterView.onPaint = (pending) => {
      canvas.dataset.mirrorPaint = pending ? 'pending' : 'ready';
      if (!pending) invalidate();
    };
    // The sky and sun it mirrors: the scene's (SceneLook.tsx), and the terrain's horizon from its lighting.
    waterView.shareLighting(lighting.uniforms);
    // The mirrored land coloured as the terrain (its mode, and the natural colours' lines and the stack's rock beds).
    const colours = () => {
      const { settings } = view.getState();
      waterView.setGroundColours(settings.colorMode, naturalLinesOf(settings, editor.document.stack));
    };
    const sun = () => {
      waterView.setSun(sunLight(view.getState().settings));
      invalidate();
    };
    rebuild(ALL);
    show();
    sun();
    const unsubscribers = [
      editor.store.subscribe((s, prev) => {
        if (s.version === prev.version) {
          if (s.resultsVersion !== prev.resultsVersion) rebuild(ALL);
          return;
        }
        const region = rebuilds.changed(s.lastChange, s.preview, editor.document.water === shown);
        if (region) rebuild(region);
      }),
      view.subscribe((s, prev) => {
        if (s.settings.showWater !== prev.settings.showWater) show();
        if (s.settings.sunAzimuthDeg !== prev.settings.sunAzimuthDeg || s.settings.sunElevationDeg !== prev.settings.sunElevationDeg) sun();
        if (s.settings !== prev.settings) {
          colours();
          invalidate();
        }
      }),
      water.model.store.subscribe((s, prev) => {
        // Features found (in a worker) while something is selected: the blocks again, with their ids.
        if (s.featuresVersion !== prev.featuresVersion && s.selectedId !== null && featureOf === null) rebuild(ALL);
        if (s.selectedId === prev.selectedId) return;
        // The blocks were built without ids: once more with them.
        if (s.selectedId !== null && featureOf === null) rebuild(ALL);
        // Nothing selected: the model lets its ids go, and so does this view (its blocks need none).
        if (s.selectedId === null && featureOf !== null) {
          featureOf = null;
          waterView.dropFeatureIds();
        }
        waterView.setSelected(s.selectedId);
        invalidate();
      }),
    ];
    return () => {
      buildRef.current = () => undefined;
      slices.dispose();
      unsubscribers.forEach((off) => off());
      scene.remove(waterView.group);
    };
  }, [waterView, scene, canvas, editor, view, water, invalidate, lighting]);
  useEffect(() => () => waterView.dispose(), [waterView]);
  return null;
}
