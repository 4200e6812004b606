import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { BufferAttribute, BufferGeometry, Color, DoubleSide, Mesh, MeshBasicMaterial } from 'three';
import { STATUS_COLOURS, type SegmentStatus } from '../../app/roads/roadReportStatus';
import type { FittedRoad } from '../../shared/roads/fittedRoad';
import type { RoadOverlayPath } from '../../app/roads/roadReportModel';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { heightAt } from '../../shared/terrain/surface';
import { useSession } from '../session';

/** Height of the band above the exact surface, metres, and its width as a share of the road's. */
const LIFT = 0.12;
const WIDTH_SHARE = 0.5;
/** Most band cross-sections (a long road on a fine map is sampled more coarsely). */
const MAX_SECTIONS = 8000;

/**
 * The road report in the 3D view: a band along the road's centreline, on the exact surface (each
 * edge vertex a little above heightAt), coloured per 10 m segment — green ok, amber near a limit, red
 * flagged. Drawn while the overlay is on; a report row clicked moves the orbit camera (OrbitRig).
 */
export function RoadReportOverlay3D() {
  const session = useSession();
  const { reports } = session.roadReport;
  const invalidate = useThree((s) => s.invalidate);
  const mesh = useMemo(() => {
    const material = new MeshBasicMaterial({
      vertexColors: true,
      toneMapped: false,
      transparent: true,
      opacity: 0.85,
      depthWrite: false,
      side: DoubleSide,
      polygonOffset: true,
      polygonOffsetFactor: -2,
      polygonOffsetUnits: -8,
    });
    const object = new Mesh(new BufferGeometry(), material);
    object.visible = false;
    object.frustumCulled = false;
    object.renderOrder = 6;
    object.raycast = () => undefined;
    object.name = 'road-report-overlay';
    return object;
  }, []);

  useEffect(() => {
    const { editor } = session;
    const update = () => {
      const on = reports.store.getState().overlay;
      const path = on ? reports.overlayPath() : null;
      const fitted = on ? reports.fitted() : null;
      mesh.visible = path !== null && fitted !== null;
      if (path && fitted) {
        mesh.geometry.dispose();
        mesh.geometry = bandGeometry(editor.document.field, fitted, path);
      }
      invalidate();
    };
    update();
    const unsubscribers = [
      reports.store.subscribe((s, prev) => {
        if (s.report !== prev.report || s.overlay !== prev.overlay) update();
      }),
      editor.store.subscribe((s, prev) => {
        if (s.version !== prev.version) update();
      }),
    ];
    return () => {
      unsubscribers.forEach((u) => u());
      mesh.geometry.dispose();
      (mesh.material as MeshBasicMaterial).dispose();
    };
  }, [session, reports, mesh, invalidate]);

  return <primitive object={mesh} />;
}

function bandGeometry(field: Heightfield, fitted: FittedRoad, path: RoadOverlayPath): BufferGeometry {
  const { line } = fitted;
  const every = Math.max(1, Math.ceil(line.n / MAX_SECTIONS));
  const stations: number[] = [];
  for (let k = 0; k < line.n - 1; k += every) stations.push(k);
  stations.push(line.n - 1);
  const positions = new Float32Array(stations.length * 2 * 3);
  const colours = new Float32Array(stations.length * 2 * 3);
  const colourOf = Object.fromEntries(Object.entries(STATUS_COLOURS).map(([status, hex]) => [status, new Color(hex)])) as Record<SegmentStatus, Color>;
  stations.forEach((k, n) => {
    const half = (line.width[k] * WIDTH_SHARE) / 2;
    // Left of travel is (tz, −tx).
    const lx = line.tz[k];
    const lz = -line.tx[k];
    for (const [side, sign] of [
      [0, 1],
      [1, -1],
    ] as const) {
      const x = path.x[k] + sign * lx * half;
      const z = path.z[k] + sign * lz * half;
      const y = heightAt(field, x, z);
      const at = (n * 2 + side) * 3;
      positions[at] = x;
      positions[at + 1] = (Number.isFinite(y) ? y : heightAt(field, path.x[k], path.z[k])) + LIFT;
      positions[at + 2] = z;
      colourOf[path.status[k]].toArray(colours, at);
    }
  });
  const index = new Uint32Array((stations.length - 1) * 6);
  for (let n = 0; n < stations.length - 1; n++) {
    const a = n * 2;
    index.set([a, a + 1, a + 2, a + 1, a + 3, a + 2], n * 6);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('color', new BufferAttribute(colours, 3));
  geometry.setIndex(new BufferAttribute(index, 1));
  geometry.computeBoundingSphere();
  return geometry;
}
