import { useRef } from 'react';
import { Canvas } from '@react-three/fiber';
import { TerrainByScale } from '../lod/TerrainByScale';
import { OrbitRig } from './OrbitRig';
import { ToolOverlay3D } from './ToolOverlay3D';
import { DriveLayer } from '../drive/DriveLayer';
import { DriveHud } from '../drive/DriveHud';
import { PropsLayer3D } from '../props/PropsLayer3D';

/** The 3D viewport: renders on demand (invalidate on every change), never continuously. */
export function Viewport3D() {
  const wrapper = useRef<HTMLDivElement>(null);
  return (
    <div className="viewport-3d" data-testid="viewport-3d" ref={wrapper}>
      <Canvas frameloop="demand" camera={{ fov: 50, near: 0.5, far: 20000, position: [0, 300, 400] }} gl={{ antialias: true }} dpr={[1, 2]}>
        <color attach="background" args={['#1b2029']} />
        <hemisphereLight args={['#dfe9ff', '#3a3326', 1.1]} />
        <directionalLight position={[-300, 500, -200]} intensity={1.9} />
        <TerrainByScale wrapper={wrapper} />
        <ToolOverlay3D />
        <PropsLayer3D />
        <OrbitRig />
        <DriveLayer />
      </Canvas>
      <DriveHud />
    </div>
  );
}
