import { useEffect, useMemo, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { PerspectiveCamera, Vector3 } from 'three';
import { useStore } from 'zustand';
import { terrainExtent } from '../../shared/terrain/heightfield';
import { carStartFromView } from '../../app/drive/viewCentre';
import { physicsWheelLayout } from '../../app/drive/physicsPose';
import { useSession } from '../session';
import { useCarMesh } from './CarMesh';
import { driveClockOverride } from './driveClock';
import { DrivabilityOverlay3D } from './DrivabilityOverlay3D';
import { RoadReportOverlay3D } from '../roads/RoadReportOverlay3D';

/** Frames of drive time per drawn frame: 1 but in end-to-end tests (`?driveClock=N`). */
const DRIVE_CLOCK = typeof window === 'undefined' ? 1 : driveClockOverride(window.location.search);

/**
 * Everything the test drive adds to the 3D scene: the car, its own camera (the orbit camera keeps its
 * place meanwhile), the per-frame step and the drivability tint.
 * The canvas renders on demand, so each drive frame asks for the next one.
 */
/** Where the drive camera is told to the rest of the view (the sun's shadow map and the props' levels of detail follow it). */
export interface DrawingView {
  drawingCamera: PerspectiveCamera | null;
  readonly drawingFocus: Vector3;
}

export function DriveLayer({ drawing }: { drawing?: DrawingView }) {
  const session = useSession();
  const drive = session.drive;
  const mode = useStore(drive.store, (s) => s.mode);
  const physics = useStore(drive.store, (s) => s.settings.model === 'physics');
  const spec = useStore(drive.store, (s) => s.settings.carSpec);
  const length = useStore(drive.store, (s) => (physics ? s.settings.carSpec.length : s.settings.length));
  const width = useStore(drive.store, (s) => (physics ? s.settings.carSpec.width : s.settings.width));
  const hood = useStore(drive.store, (s) => s.settings.camera === 'hood');
  const layout = useMemo(() => (physics ? physicsWheelLayout(spec) : undefined), [physics, spec]);
  const car = useCarMesh(length, width, layout);
  const invalidate = useThree((s) => s.invalidate);
  const setEvents = useThree((s) => s.setEvents);
  const domElement = useThree((s) => s.gl.domElement);
  const orbitCamera = useThree((s) => s.camera);
  const driveCamera = useMemo(() => new PerspectiveCamera(60, 1, 0.05, 20000), []);
  const lastFrame = useRef<number | null>(null);

  // Where a drive starts: the ground at the centre of the orbit view.
  useEffect(() => {
    const direction = new Vector3();
    session.setDriveViewStart(() => {
      orbitCamera.getWorldDirection(direction);
      return carStartFromView(session.editor.document.field, orbitCamera.position, direction, drive.settings);
    });
    return () => session.setDriveViewStart(null);
  }, [session, drive, orbitCamera]);

  // While driving or walking, pointer picking (hover, painting tools) is off: the view is not the orbit camera's.
  useEffect(() => {
    const active = mode !== 'off';
    setEvents({ enabled: !active });
    if (active) {
      const { sizeX, sizeZ } = terrainExtent(session.editor.document.field);
      driveCamera.far = Math.max(sizeX, sizeZ) * 20;
      lastFrame.current = null;
    }
    invalidate();
  }, [mode, session, setEvents, invalidate, driveCamera]);

  useEffect(() => () => car.dispose(), [car]);

  // Mouse look while walking: drag with any button.
  useEffect(() => {
    if (mode !== 'walk') return;
    let dragging = false;
    const down = (e: PointerEvent) => {
      dragging = true;
      domElement.setPointerCapture(e.pointerId);
    };
    const move = (e: PointerEvent) => {
      if (!dragging) return;
      drive.look(e.movementX, e.movementY);
      invalidate();
    };
    const up = (e: PointerEvent) => {
      dragging = false;
      if (domElement.hasPointerCapture(e.pointerId)) domElement.releasePointerCapture(e.pointerId);
    };
    domElement.addEventListener('pointerdown', down);
    domElement.addEventListener('pointermove', move);
    domElement.addEventListener('pointerup', up);
    domElement.addEventListener('pointercancel', up);
    return () => {
      domElement.removeEventListener('pointerdown', down);
      domElement.removeEventListener('pointermove', move);
      domElement.removeEventListener('pointerup', up);
      domElement.removeEventListener('pointercancel', up);
    };
  }, [mode, drive, domElement, invalidate]);

  useFrame((state) => {
    if (drive.mode === 'off') {
      car.object.visible = false;
      if (drawing) drawing.drawingCamera = null;
      return;
    }
    const now = performance.now();
    const dt = lastFrame.current === null ? 0 : (now - lastFrame.current) / 1000;
    lastFrame.current = now;
    for (let i = 0; i < DRIVE_CLOCK; i++) drive.frame(dt);
    const pose = drive.pose;
    car.object.visible = pose !== null && !(drive.mode === 'drive' && hood);
    if (pose) car.place(pose, drive.wheels, drive.input.steer, drive.carState.speed, dt * DRIVE_CLOCK);
    const view = drive.camera();
    if (view) {
      driveCamera.aspect = state.size.width / Math.max(1, state.size.height);
      driveCamera.updateProjectionMatrix();
      driveCamera.position.set(view.eye.x, view.eye.y, view.eye.z);
      driveCamera.lookAt(view.target.x, view.target.y, view.target.z);
      driveCamera.updateMatrixWorld();
      if (drawing) {
        drawing.drawingCamera = driveCamera;
        // The car (its pose), else what the walker looks at.
        if (pose) drawing.drawingFocus.set(pose.position.x, pose.position.y, pose.position.z);
        else drawing.drawingFocus.set(view.target.x, view.target.y, view.target.z);
      }
    }
    invalidate();
  });

  return (
    <>
      <primitive object={car.object} />
      <DrivabilityOverlay3D />
      <RoadReportOverlay3D />
      {mode !== 'off' && <DriveRender camera={driveCamera} />}
    </>
  );
}

/**
 * Renders the scene through the drive camera. A frame callback with a positive priority takes over
 * rendering from R3F, so this is mounted only while driving; the orbit camera is never touched.
 */
function DriveRender({ camera }: { camera: PerspectiveCamera }) {
  useFrame(({ gl, scene }) => gl.render(scene, camera), 1);
  return null;
}
