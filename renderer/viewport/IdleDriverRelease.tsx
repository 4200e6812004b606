import { useEffect, useRef } from 'react';
import { useFrame } from '@react-three/fiber';
import { createReleaseContext, IdleRelease, releaseDriverScratch } from './idleDriverRelease';

/**
 * Once the 3D view rests (no frame for a moment), asks the GL driver to let the last frames' working
 * data go (idleDriverRelease.ts: software GL keeps ~45 MB of it otherwise). Draws nothing visible,
 * touches nothing of the view's own context and requests no frame.
 */
export function IdleDriverRelease() {
  const idle = useRef<IdleRelease | null>(null);
  useEffect(() => {
    const gl = createReleaseContext();
    if (!gl) return undefined;
    const release = new IdleRelease(() => releaseDriverScratch(gl));
    idle.current = release;
    return () => {
      release.dispose();
      gl.getExtension('WEBGL_lose_context')?.loseContext();
      if (idle.current === release) idle.current = null;
    };
  }, []);
  useFrame(() => idle.current?.frameDrawn());
  return null;
}
