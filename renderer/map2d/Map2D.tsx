import { useEffect, useRef } from 'react';
import { useSession } from '../session';
import { Map2DController } from './Map2DController';

/** The 2D heightmap panel: a canvas that a Map2DController draws and drives (nothing goes through React state). */
export function Map2D() {
  const session = useSession();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const controller = new Map2DController(session);
    if (!controller.attach(canvas)) return;
    return () => controller.dispose();
  }, [session]);

  return (
    <div className="map-2d">
      <canvas ref={canvasRef} data-testid="map-2d" />
    </div>
  );
}
