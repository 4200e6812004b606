import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { createReleaseTarget, IdleRelease, releaseDriverScratch } from './idleDriverRelease';

/**
 * Once the 3D view rests (no frame for a moment), asks the GL driver to let the last frames' working
 * data go (idleDriverRelease.ts: software GL keeps ~45 MB of it otherwise). Draws nothing visible
 * and requests no frame.
 */
export function IdleDriverRelease() {
  const gl = useThree((s) => s.gl);
  const idle = useRef<IdleRelease | null>(null);
  useEffect(() => {
    const target = createReleaseTarget();
    const release = new IdleRelease(() => releaseDriverScratch(gl, target));
    idle.current = release;
    return () => {
      release.dispose();
      target.dispose();
      if (idle.current === release) idle.current = null;
    };
  }, [gl]);
  useFrame(() => idle.current?.frameDrawn());
  return null;
}
