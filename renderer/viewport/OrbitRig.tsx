import { useEffect, useRef } from 'react';
import { useThree } from '@react-three/fiber';
import { MOUSE, type PerspectiveCamera } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { terrainExtent } from '../../shared/terrain/heightfield';
import { heightAt } from '../../shared/terrain/surface';
import { clampAboveSurface, defaultCameraPose, groundClearance } from '../../app/view/cameraPose';
import { featureCameraPose, viewOf } from '../../app/view/featureCamera';
import { useSession } from '../session';
import { watchDriveActive } from '../../app/drive/driveFeature';
import { useTerrainLighting } from './look/SceneLook';

/**
 * Orbit (left or middle drag, Alt+left drag in any tool), pan (right drag), zoom (wheel) around a
 * target, whatever tool is active: a tool takes a left press only where it paints or grabs a handle; on load, after a change of
 * map size, on Reset Camera, and on a new terrain while the view is still framed, the terrain is
 * framed to fill the view (see defaultCameraPose).
 * After every change the camera is kept above the exact surface.
 */
export function OrbitRig() {
  const session = useSession();
  const { editor, tools } = session;
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const domElement = useThree((s) => s.gl.domElement);
  const invalidate = useThree((s) => s.invalidate);
  const lighting = useTerrainLighting();
  const size = useThree((s) => s.size);
  // Set by the rig: frames the terrain again if the camera is still where framing put it.
  const reframeIfFramed = useRef<() => void>(() => undefined);

  useEffect(() => {
    const controls = new OrbitControls(camera, domElement);
    // The scale bar measures at the orbit target: share the live vector.
    const syncTarget = () => lighting.orbitTarget.copy(controls.target);
    controls.mouseButtons = { LEFT: MOUSE.ROTATE, MIDDLE: MOUSE.ROTATE, RIGHT: MOUSE.PAN };
    controls.maxPolarAngle = Math.PI * 0.495;

    const keepAboveGround = () => {
      const field = editor.document.field;
      if (clampAboveSurface(field, camera.position, groundClearance(field))) camera.lookAt(controls.target);
    };
    // True while the camera is where `frame` put it: a new terrain (a preset's Run, an open) is framed
    // anew until the user moves the view, so a preset is seen whole, not through the last one's framing.
    let framed = false;
    const frame = () => {
      framed = true;
      const field = editor.document.field;
      const pose = defaultCameraPose(field, camera.fov, camera.aspect);
      const { sizeX, sizeZ } = terrainExtent(field);
      const span = Math.max(sizeX, sizeZ);
      camera.near = Math.max(0.05, span / 5000);
      camera.far = span * 20;
      camera.updateProjectionMatrix();
      controls.maxDistance = span * 6;
      controls.target.set(pose.target.x, pose.target.y, pose.target.z);
      camera.position.set(pose.position.x, pose.position.y, pose.position.z);
      controls.update();
      // Picks read the camera's world matrix; a click before the next frame must see the new view.
      camera.updateMatrixWorld();
      syncTarget();
    };
    const onChange = () => {
      keepAboveGround();
      syncTarget();
      invalidate();
    };
    const applyToolMode = () => {
      // A tool that paints with the primary button takes it over; orbit stays on the other buttons.
      const captures = tools.getState().active?.capturesPrimaryDrag ?? false;
      controls.mouseButtons.LEFT = captures ? null : MOUSE.ROTATE;
    };
    // Decided per press, before OrbitControls sees it (a capturing listener on its own element runs
    // first): the tool takes it (a stroke, a handle) or the view orbits (Alt, or off a handle).
    const decidePress = (event: PointerEvent) => {
      if (event.button !== 0) return;
      controls.mouseButtons.LEFT = session.input.takesPress(event.altKey) ? null : MOUSE.ROTATE;
    };
    domElement.addEventListener('pointerdown', decidePress, { capture: true });

    frame();
    applyToolMode();
    controls.addEventListener('change', onChange);
    const userMoved = () => (framed = false);
    controls.addEventListener('start', userMoved);
    let dims = '';
    const dimsOf = () => {
      const f = editor.document.field;
      return `${f.width}x${f.depth}@${f.cellSize}`;
    };
    dims = dimsOf();
    const unsubscribeEditor = editor.store.subscribe((s, prev) => {
      if (s.version === prev.version) return;
      const next = dimsOf();
      if (next !== dims) {
        dims = next;
        frame();
      } else {
        keepAboveGround();
      }
      invalidate();
    });
    const unsubscribeView = session.viewEvents.resetCamera.on(() => {
      frame();
      invalidate();
    });
    const unsubscribeNewTerrain = session.viewEvents.newTerrain.on(() => reframeIfFramed.current());
    reframeIfFramed.current = () => {
      if (!framed) return;
      frame();
      invalidate();
    };
    const unsubscribeTools = tools.subscribe(applyToolMode);
    // A road report row clicked: look at its segment from behind and above, at the same distance.
    const unsubscribeRoad = session.roadReport.reports.store.subscribe((s, prev) => {
      if (s.focusVersion === prev.focusVersion || !s.focus) return;
      const { x, z, heading } = s.focus;
      const field = editor.document.field;
      const y = heightAt(field, x, z);
      const distance = Math.min(camera.position.distanceTo(controls.target), 120);
      framed = false;
      controls.target.set(x, Number.isFinite(y) ? y : 0, z);
      camera.position.set(x - Math.sin(heading) * distance * 0.7, controls.target.y + distance * 0.7, z - Math.cos(heading) * distance * 0.7);
      controls.update();
      onChange();
    });
    // A river or lake selected in the Water section: look at all of it, from the same bearing raised (or
    // turned) until no ridge hides its water (featureCameraPose: the lines to points on it clear the surface).
    // The orbit target is a point on its water (its anchor), so a wheel zoom afterwards closes in on water, not
    // on the middle of a winding river's bounds; the distance grows by the anchor's offset from that middle.
    const unsubscribeWater = session.water.model.store.subscribe((s, prev) => {
      if (s.focusVersion === prev.focusVersion || !s.focus) return;
      const { x, z, radius, samples, anchor } = s.focus;
      const field = editor.document.field;
      const { sizeX, sizeZ } = terrainExtent(field);
      const reach = radius + Math.hypot(anchor.x - x, anchor.z - z);
      const distance = Math.min(Math.max(sizeX, sizeZ) * 1.5, Math.max(40, reach * 2.6));
      const target = { x: anchor.x, y: anchor.y, z: anchor.z };
      const pose = featureCameraPose(field, target, samples, viewOf(camera.position, controls.target), distance);
      framed = false;
      controls.target.set(target.x, target.y, target.z);
      camera.position.set(pose.position.x, pose.position.y, pose.position.z);
      controls.update();
      onChange();
    });
    // A drive or walk has its own camera and mouse look: the orbit camera keeps its place meanwhile.
    const unsubscribeDrive = watchDriveActive(session.drive, (active) => {
      controls.enabled = !active;
    });
    invalidate();
    return () => {
      unsubscribeEditor();
      unsubscribeView();
      unsubscribeNewTerrain();
      unsubscribeTools();
      unsubscribeRoad();
      unsubscribeWater();
      unsubscribeDrive();
      domElement.removeEventListener('pointerdown', decidePress, { capture: true });
      controls.removeEventListener('change', onChange);
      controls.removeEventListener('start', userMoved);
      controls.dispose();
    };
  }, [camera, domElement, invalidate, session, editor, tools, lighting]);

  // A view that changes shape (the window, a splitter, the 2D map moving over the panel) keeps the
  // terrain filling it while the user has not moved the camera.
  useEffect(() => reframeIfFramed.current(), [size.width, size.height]);

  return null;
}
