import { onRiverCover, surfaceCoverSettled } from '../../app/document/surfaceCover';
import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import type { Mesh, MeshLambertMaterial } from 'three';
import { terrainPointerHandlers } from './terrainPointer';
import { useSession } from '../session';
import { reportDrawn } from '../readiness';
import { TerrainGeometry } from './terrainGeometry';
import { drawsWithLod } from './lod/lodOverride';
import { drawnErosionMasks } from './coverOverride';
import { useTerrainLighting } from './look/SceneLook';
import { followTerrainVariant, patchTerrainShader } from './look/terrainShader';
import { naturalLinesOf, sameNaturalLines } from '../../app/view/terrainColours';
import { wetGroundBytes } from '../../app/water/wetGround';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';

/**
 * The terrain mesh. Geometry and material are driven imperatively from the stores (never React
 * state) so that a document edit touches only buffers, not the React tree.
 */
export function TerrainSurface({ wrapper }: { wrapper: React.RefObject<HTMLDivElement | null> }) {
  const session = useSession();
  const { editor, view } = session;
  const meshRef = useRef<Mesh>(null);
  const materialRef = useRef<MeshLambertMaterial>(null);
  const invalidate = useThree((s) => s.invalidate);
  const pendingDrawn = useRef<number | null>(null);
  const lighting = useTerrainLighting();

  useEffect(() => {
    const mesh = meshRef.current;
    const material = materialRef.current;
    if (!mesh || !material) return;
    // Shadows, occlusion, water tint and grid: the same shader code as the LOD material's.
    material.onBeforeCompile = (shader) => patchTerrainShader(shader, lighting.uniforms);
    followTerrainVariant(material, lighting.uniforms, 'faultline-terrain-full');
    material.needsUpdate = true;
    const terrain = new TerrainGeometry();
    // The wet ground beside the water, found again when the document (not a gesture's preview) or its water changes.
    // It is the ground's, so Show Water leaves it (the water's own pixels are all that toggle).
    let wetFor: { water: WaterSurface | null; documentVersion: number } | null = null;
    const syncWet = () => {
      const { documentVersion } = editor.store.getState();
      const { water, field } = editor.document;
      if (wetFor && wetFor.water === water && wetFor.documentVersion === documentVersion) return;
      wetFor = { water, documentVersion };
      terrain.setWet(wetGroundBytes(field, water, field.heights), field.width * field.depth);
    };
    const syncDocument = () => {
      // A map too large for a full mesh is about to be drawn by the LOD surface instead (this
      // component unmounts): building its full mesh first would cost seconds and gigabytes.
      if (drawsWithLod(editor.document.field)) return;
      const { version, lastChange } = editor.store.getState();
      const { field } = editor.document;
      terrain.setErosion(drawnErosionMasks(editor), field.width, field.depth);
      // The lines carry the document's rock beds (its layers' strata): an edit to them recolours the bands.
      colourLines = naturalLinesOf(view.getState().settings, editor.document.stack);
      terrain.sync(editor.document.field, lastChange, colourMode, colourLines);
      syncWet();
      mesh.geometry = terrain.geometry;
      pendingDrawn.current = version;
      invalidate();
    };
    // Erosion results set without an edit (an opened project's, once its stack is checked).
    const syncResults = () => {
      if (drawsWithLod(editor.document.field)) return;
      const { field } = editor.document;
      terrain.setErosion(drawnErosionMasks(editor), field.width, field.depth);
      terrain.recolour(field, colourMode);
      syncWet();
      invalidate();
    };
    const syncView = () => {
      const { settings } = view.getState();
      if (material.wireframe !== settings.wireframe) {
        material.wireframe = settings.wireframe;
        material.needsUpdate = true;
      }
      const lines = naturalLinesOf(settings, editor.document.stack);
      if (settings.colorMode !== colourMode || (colourMode === 'natural' && !sameNaturalLines(lines, colourLines))) {
        colourMode = settings.colorMode;
        colourLines = lines;
        terrain.recolour(editor.document.field, colourMode, lines);
      }
      syncWet();
      invalidate();
    };
    terrain.setErosion(drawnErosionMasks(editor), editor.document.field.width, editor.document.field.depth);
    terrain.sync(editor.document.field, { kind: 'all' }, view.getState().settings.colorMode, naturalLinesOf(view.getState().settings, editor.document.stack));
    syncWet();
    mesh.geometry = terrain.geometry;
    material.wireframe = view.getState().settings.wireframe;
    pendingDrawn.current = editor.store.getState().version;
    invalidate();
    let lastSettings = view.getState().settings;
    let colourMode = lastSettings.colorMode;
    let colourLines = naturalLinesOf(lastSettings, editor.document.stack);
    // The cover beside the rivers, found off the thread after an edit (app/document/surfaceCover.ts).
    const unsubscribeCover = onRiverCover(editor, syncResults);
    const unsubscribeEditor = editor.store.subscribe((s, prev) => {
      if (s.version !== prev.version) syncDocument();
      else if (s.resultsVersion !== prev.resultsVersion) syncResults();
    });
    const unsubscribeView = view.subscribe((s) => {
      if (s.settings === lastSettings) return;
      lastSettings = s.settings;
      syncView();
    });
    return () => {
      unsubscribeEditor();
      unsubscribeCover();
      unsubscribeView();
      terrain.dispose();
    };
  }, [editor, view, invalidate, lighting]);

  // After the frame that drew a new version, tell the readiness tracker (next animation frame). The
  // lighting follows on its own (data-lighting on the wrapper).
  useFrame(() => {
    const version = pendingDrawn.current;
    // Not drawn until drawn with this version's cover beside the rivers (found off the thread: onRiverCover redraws).
    if (version === null || !surfaceCoverSettled(editor)) return;
    pendingDrawn.current = null;
    requestAnimationFrame(() => reportDrawn('3d', version, wrapper.current));
  });

  const { onPointerMove, onPointerDown, onPointerUp, onPointerOut } = terrainPointerHandlers(session);

  return (
    <mesh ref={meshRef} receiveShadow onPointerMove={onPointerMove} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerOut={onPointerOut}>
      <meshLambertMaterial ref={materialRef} vertexColors />
    </mesh>
  );
}
