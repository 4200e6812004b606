import { useEffect, useRef } from 'react';
import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import type { Mesh, MeshLambertMaterial } from 'three';
import { heightAt } from '../../shared/terrain/surface';
import type { ToolPointerEvent } from '../../app/tools/types';
import { useSession } from '../session';
import { reportDrawn } from '../readiness';
import { TerrainGeometry } from './terrainGeometry';

/**
 * The terrain mesh. Geometry and material are driven imperatively from the stores (never React
 * state) so that a document edit touches only buffers, not the React tree.
 */
export function TerrainSurface({ wrapper }: { wrapper: React.RefObject<HTMLDivElement | null> }) {
  const { editor, view, hover, tools } = useSession();
  const meshRef = useRef<Mesh>(null);
  const materialRef = useRef<MeshLambertMaterial>(null);
  const invalidate = useThree((s) => s.invalidate);
  const pendingDrawn = useRef<number | null>(null);

  useEffect(() => {
    const mesh = meshRef.current;
    const material = materialRef.current;
    if (!mesh || !material) return;
    const terrain = new TerrainGeometry();
    const syncDocument = () => {
      const { version, lastChange } = editor.store.getState();
      terrain.sync(editor.document.field, lastChange, colorMode);
      mesh.geometry = terrain.geometry;
      pendingDrawn.current = version;
      invalidate();
    };
    const syncView = () => {
      const { settings } = view.getState();
      if (material.wireframe !== settings.wireframe) {
        material.wireframe = settings.wireframe;
        material.needsUpdate = true;
      }
      if (settings.colorMode !== colorMode) {
        colorMode = settings.colorMode;
        terrain.recolor(editor.document.field, colorMode);
      }
      invalidate();
    };
    terrain.sync(editor.document.field, { kind: 'all' }, view.getState().settings.colorMode);
    mesh.geometry = terrain.geometry;
    material.wireframe = view.getState().settings.wireframe;
    pendingDrawn.current = editor.store.getState().version;
    invalidate();
    let lastSettings = view.getState().settings;
    let colorMode = lastSettings.colorMode;
    const unsubscribeEditor = editor.store.subscribe((s, prev) => {
      if (s.version !== prev.version) syncDocument();
    });
    const unsubscribeView = view.subscribe((s) => {
      if (s.settings === lastSettings) return;
      lastSettings = s.settings;
      syncView();
    });
    return () => {
      unsubscribeEditor();
      unsubscribeView();
      terrain.dispose();
    };
  }, [editor, view, invalidate]);

  // After the frame that drew a new version, tell the readiness tracker (next animation frame).
  useFrame(() => {
    const version = pendingDrawn.current;
    if (version === null) return;
    pendingDrawn.current = null;
    requestAnimationFrame(() => reportDrawn('3d', version, wrapper.current));
  });

  const toolEvent = (e: ThreeEvent<PointerEvent>): ToolPointerEvent | null => {
    const field = editor.document.field;
    const { x, z } = e.point;
    const y = heightAt(field, x, z);
    if (Number.isNaN(y)) return null;
    return { x, z, y, source: '3d', shiftKey: e.shiftKey, altKey: e.altKey, ctrlKey: e.ctrlKey };
  };

  const onPointerMove = (e: ThreeEvent<PointerEvent>) => {
    const event = toolEvent(e);
    hover.setState({ hover: event ? { x: event.x, z: event.z, h: event.y, source: '3d' } : null });
    const tool = tools.getState().active;
    if (!tool || !event) return;
    if (e.buttons & 1 && tool.capturesPrimaryDrag) tool.onPointerMove?.(event);
    else tool.onHover?.(event);
  };

  const onPointerDown = (e: ThreeEvent<PointerEvent>) => {
    const tool = tools.getState().active;
    const event = toolEvent(e);
    if (!tool || !event || e.button !== 0 || !tool.capturesPrimaryDrag) return;
    e.stopPropagation();
    (e.target as Element).setPointerCapture(e.pointerId);
    tool.onPointerDown?.(event);
  };

  const onPointerUp = (e: ThreeEvent<PointerEvent>) => {
    const tool = tools.getState().active;
    const event = toolEvent(e);
    if (!tool || !event || e.button !== 0 || !tool.capturesPrimaryDrag) return;
    tool.onPointerUp?.(event);
  };

  const onPointerOut = () => {
    hover.setState({ hover: null });
    tools.getState().active?.onHover?.(null);
  };

  return (
    <mesh ref={meshRef} onPointerMove={onPointerMove} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerOut={onPointerOut}>
      <meshLambertMaterial ref={materialRef} vertexColors />
    </mesh>
  );
}
