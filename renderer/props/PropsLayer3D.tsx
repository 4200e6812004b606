import { useEffect, useMemo } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { type PerspectiveCamera, Vector2 } from 'three';
import type { PropsController } from '../../app/props/propsController';
import { useSession } from '../session';
import { propSeed } from '../../shared/props/propMeshes';
import { PropInstances, type PropLightingUniforms } from './propInstances';

/** Indices in the layer of the selected props. */
function selectedIndices(controller: PropsController): Set<number> {
  const indices = new Set<number>();
  for (const id of controller.selection.getState().ids) {
    const k = controller.layer.indexOf(id);
    if (k !== undefined) indices.add(k);
  }
  return indices;
}

/** Each prop's variation seed, from its id (layer order): stable when it is moved, turned or scaled. */
function seeds(controller: PropsController): Uint32Array {
  return Uint32Array.from(controller.layer.list, (prop) => propSeed(prop.id));
}

/** The props in the 3D viewport: instanced meshes driven imperatively by the props controller, lit with the terrain's lighting. */
export function PropsLayer3D({ lighting, drawing }: { lighting: PropLightingUniforms; drawing?: { readonly drawingCamera: PerspectiveCamera | null } }) {
  const session = useSession();
  const controller = session.props.controller;
  const invalidate = useThree((s) => s.invalidate);
  const instances = useMemo(() => {
    const made = new PropInstances();
    made.shareTerrainLighting(lighting);
    return made;
  }, [lighting]);

  useEffect(() => {
    instances.setGround(() => session.editor.document.field);
    instances.rebuild(controller.layer.layer, selectedIndices(controller), seeds(controller));
    invalidate();
    const unsubscribePlacement = controller.onPlacementChange((change) => {
      if (change.kind === 'rebuild') instances.rebuild(controller.layer.layer, selectedIndices(controller), seeds(controller));
      else if (change.kind === 'update') instances.update(controller.layer.layer, change.indices);
      invalidate();
    });
    const unsubscribeSelection = controller.selection.subscribe(() => {
      instances.highlight(controller.layer.layer, selectedIndices(controller));
      invalidate();
    });
    return () => {
      unsubscribePlacement();
      unsubscribeSelection();
    };
  }, [session, controller, instances, invalidate]);

  useEffect(() => () => instances.dispose(), [instances]);

  // A prop's shadow reaches 1 / tan(sun elevation) of its height beyond it (capped): props that far outside the view still cast into it.
  useEffect(() => {
    const apply = (elevationDeg: number) => instances.setShadowReach(Math.min(4, 1 / Math.tan((Math.max(elevationDeg, 5) * Math.PI) / 180)));
    apply(session.view.getState().settings.sunElevationDeg);
    return session.view.subscribe((s) => apply(s.settings.sunElevationDeg));
  }, [session, instances]);

  // Levels of detail for the camera that draws this frame (the drive camera while driving; nothing
  // is done when neither it nor the props changed).
  const buffer = useMemo(() => new Vector2(), []);
  useFrame(({ camera, gl }) => {
    instances.prepare(drawing?.drawingCamera ?? (camera as PerspectiveCamera), gl.getDrawingBufferSize(buffer).y);
  });

  return <primitive object={instances.group} />;
}
