import { useEffect, useRef } from 'react';
import { Canvas } from '@react-three/fiber';
import { TerrainByScale } from './lod/TerrainByScale';
import { OrbitRig } from './OrbitRig';
import { ToolOverlay3D } from './ToolOverlay3D';
import { IdleDriverRelease } from './IdleDriverRelease';
import { ViewAtRest } from './ViewAtRest';
import { CanvasSizeGuard } from './CanvasSizeGuard';
import { RoadOverlay3D } from './RoadOverlay3D';
import { RoadPaint3D } from './RoadPaint3D';
import { WaterLayer3D } from './WaterLayer3D';
import { WaterSelection3D } from './WaterSelection3D';
import { DriveLayer } from '../drive/DriveLayer';
import { DriveHud } from '../drive/DriveHud';
import { PropsLayer3D } from '../props/PropsLayer3D';
import { useSession } from '../session';
import { useViewport } from './viewportContext';
import { watchDriveActive } from '../../app/drive/driveFeature';
import { ScaleBarDriver, SceneLighting, TerrainLightingDriver, WaterPlane } from './look/SceneLook';

/**
 * The 3D viewport: renders on demand (invalidate on every change), never continuously. Sky, sun,
 * fog and water come from the view settings; the terrain's shadows and occlusion from its heights.
 * At rest it shows its last frame as a still image and lets its GPU context go (ViewAtRest.tsx); its
 * drawing buffer is kept between frames so that the frame on screen can be copied then, without a redraw.
 */
export function Viewport3D() {
  const wrapper = useRef<HTMLDivElement>(null);
  const scaleBar = useRef<HTMLDivElement>(null);
  const { drive } = useSession();
  const { lighting } = useViewport();
  // The scale bar measures the orbit view: a drive or walk has its own camera, and no use for it.
  useEffect(
    () =>
      watchDriveActive(drive, (active) => {
        if (scaleBar.current) scaleBar.current.hidden = active;
      }),
    [drive],
  );
  return (
    <div className="viewport-3d" data-testid="viewport-3d" ref={wrapper}>
      <Canvas
        frameloop="demand"
        camera={{ fov: 50, near: 0.5, far: 20000, position: [0, 300, 400] }}
        gl={{ antialias: true, preserveDrawingBuffer: true }}
        shadows="percentage"
        dpr={[1, 2]}
      >
        <TerrainLightingDriver wrapper={wrapper} />
        <SceneLighting />
        <TerrainByScale wrapper={wrapper} />
        <WaterPlane />
        <WaterLayer3D />
        <WaterSelection3D />
        <ToolOverlay3D />
        <RoadPaint3D />
        <RoadOverlay3D />
        <PropsLayer3D lighting={lighting.uniforms} drawing={lighting} />
        <OrbitRig />
        <DriveLayer drawing={lighting} />
        <ScaleBarDriver bar={scaleBar} />
        <IdleDriverRelease />
        <ViewAtRest wrapper={wrapper} />
        <CanvasSizeGuard />
      </Canvas>
      <div className="scale-bar" data-testid="scale-bar" ref={scaleBar} aria-label="Scale">
        <i />
        <span />
      </div>
      <DriveHud />
    </div>
  );
}
