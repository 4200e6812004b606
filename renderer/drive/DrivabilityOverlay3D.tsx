import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { BufferAttribute, BufferGeometry, Color, Group, Mesh, MeshBasicMaterial, Points, PointsMaterial } from 'three';
import { MARK_COLOURS, type DriveMark } from '../../app/drive/driveMarks';
import { buildGridIndices, writePositions } from '../../shared/terrain/mesh';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { overlaySlopeChanged, overlaySlopeDeg, steepVertexMask } from '../../app/drive/drivability';
import { useSession } from '../session';
import { drawsWithLod } from '../viewport/lod/lodOverride';
import { depthTestedOverlay } from '../viewport/look/overlayDepth';
import { DRIVABILITY_TINT, DRIVABILITY_TINT_OPACITY, linearRgb } from '../../app/palette/overlayPalette';

/** Linear RGB and opacity of the tint on ground too steep to climb: the palette's, as the 2D panel and the LOD surface draw it. */
export const TINT = [...linearRgb(DRIVABILITY_TINT), DRIVABILITY_TINT_OPACITY] as const;

/** The drive marks' material: depth-tested (hidden behind hills and under the car), drawn on their ground (overlayDepth.ts). */
export function createDriveMarksMaterial(): PointsMaterial {
  return depthTestedOverlay(new PointsMaterial({ size: 7, sizeAttenuation: false, vertexColors: true, toneMapped: false }));
}

/**
 * Tints the terrain where it is steeper than the car's maximum climbable slope: a transparent copy of
 * the terrain's exact triangles drawn just in front of it, opaque only at vertices touching a steep
 * triangle. Built only while the overlay is on, and only for maps drawn at full resolution: the
 * level-of-detail surface of large maps draws the same tint in its own shader. With it, the last
 * physics drive's marks: where the car left the ground and where a wheel bottomed out.
 */
export function DrivabilityOverlay3D() {
  const session = useSession();
  const drive = session.drive;
  const invalidate = useThree((s) => s.invalidate);
  const mesh = useMemo(() => {
    const material = new MeshBasicMaterial({
      vertexColors: true,
      toneMapped: false,
      transparent: true,
      depthWrite: false,
      polygonOffset: true,
      polygonOffsetFactor: -1,
      polygonOffsetUnits: -4,
    });
    const object = new Mesh(new BufferGeometry(), material);
    object.visible = false;
    object.frustumCulled = false;
    object.renderOrder = 5;
    object.raycast = () => undefined;
    return object;
  }, []);
  const marks = useMemo(() => {
    const points = new Points(new BufferGeometry(), createDriveMarksMaterial());
    points.visible = false;
    points.frustumCulled = false;
    points.renderOrder = 6;
    points.raycast = () => undefined;
    return points;
  }, []);
  const group = useMemo(() => {
    const g = new Group();
    g.add(mesh, marks);
    return g;
  }, [mesh, marks]);

  useEffect(() => {
    const { editor } = session;
    let dims = '';
    let mask = new Uint8Array(0);
    const update = () => {
      const { drivabilityOverlay } = drive.settings;
      const field = editor.document.field;
      const show = drivabilityOverlay && !drawsWithLod(field);
      mesh.visible = show;
      if (show) {
        const nextDims = `${field.width}x${field.depth}`;
        if (nextDims !== dims) {
          dims = nextDims;
          mask = new Uint8Array(field.width * field.depth);
          mesh.geometry.dispose();
          mesh.geometry = allocate(field);
        }
        writeOverlay(field, overlaySlopeDeg(drive.settings), mask, mesh.geometry);
      }
      invalidate();
    };
    const updateMarks = () => {
      marks.visible = drive.settings.drivabilityOverlay && drive.marks.marks.length > 0;
      if (marks.visible) writeMarks(drive.marks.marks, marks);
      invalidate();
    };
    update();
    updateMarks();
    const unsubscribeDrive = drive.store.subscribe((s, prev) => {
      if (overlaySlopeChanged(s.settings, prev.settings)) update();
      if (s.settings.drivabilityOverlay !== prev.settings.drivabilityOverlay || s.marksVersion !== prev.marksVersion) updateMarks();
    });
    const unsubscribeEditor = editor.store.subscribe((s, prev) => {
      if (s.version !== prev.version && drive.settings.drivabilityOverlay) update();
    });
    return () => {
      unsubscribeDrive();
      unsubscribeEditor();
      mesh.geometry.dispose();
      (mesh.material as MeshBasicMaterial).dispose();
      marks.geometry.dispose();
      (marks.material as PointsMaterial).dispose();
    };
  }, [session, drive, mesh, marks, invalidate]);

  return <primitive object={group} />;
}

/** The drive's marks as points a little above the ground where they happened (depth-tested, pulled towards the camera). */
function writeMarks(list: readonly DriveMark[], points: Points): void {
  const positions = new Float32Array(list.length * 3);
  const colours = new Float32Array(list.length * 3);
  const colourOf = Object.fromEntries(Object.entries(MARK_COLOURS).map(([kind, hex]) => [kind, new Color(hex)])) as Record<DriveMark['kind'], Color>;
  list.forEach((mark, k) => {
    positions[k * 3] = mark.x;
    positions[k * 3 + 1] = mark.y + 0.5;
    positions[k * 3 + 2] = mark.z;
    colourOf[mark.kind].toArray(colours, k * 3);
  });
  points.geometry.dispose();
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('color', new BufferAttribute(colours, 3));
  points.geometry = geometry;
}

function allocate(field: Heightfield): BufferGeometry {
  const count = field.width * field.depth;
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(count * 3), 3));
  // Four components: three.js then blends with per-vertex alpha.
  geometry.setAttribute('color', new BufferAttribute(new Float32Array(count * 4), 4));
  geometry.setIndex(new BufferAttribute(buildGridIndices(field.width, field.depth), 1));
  return geometry;
}

function writeOverlay(field: Heightfield, maxSlopeDeg: number, mask: Uint8Array, geometry: BufferGeometry): void {
  const positions = geometry.getAttribute('position') as BufferAttribute;
  const colours = geometry.getAttribute('color') as BufferAttribute;
  writePositions(field, positions.array as Float32Array);
  steepVertexMask(field, maxSlopeDeg, mask);
  const rgba = colours.array as Float32Array;
  for (let k = 0; k < mask.length; k++) {
    rgba[k * 4] = TINT[0];
    rgba[k * 4 + 1] = TINT[1];
    rgba[k * 4 + 2] = TINT[2];
    rgba[k * 4 + 3] = mask[k] ? TINT[3] : 0;
  }
  positions.needsUpdate = true;
  colours.needsUpdate = true;
  geometry.computeBoundingSphere();
}
