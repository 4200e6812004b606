import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useSession } from '../../session';
import { TerrainSurface } from '../TerrainSurface';
import { LodTerrainSurface } from './LodTerrainSurface';
import { showTriangleCount } from './triangleCount';
import { drawsWithLod, pageLodOverride } from './lodOverride';

/** Full-resolution terrain up to 1025², level of detail above (a full mesh would not fit the GPU or the frame). */
export function TerrainByScale({ wrapper }: { wrapper: React.RefObject<HTMLDivElement | null> }) {
  const { editor } = useSession();
  const large = useStore(editor.store, (s) => drawsWithLod({ width: s.width, depth: s.depth }));
  const width = useStore(editor.store, (s) => s.width);
  const depth = useStore(editor.store, (s) => s.depth);
  // The full mesh draws every cell as two triangles; the LOD surface reports its own count per selection.
  useEffect(() => {
    if (!large) showTriangleCount(wrapper.current, 2 * (width - 1) * (depth - 1));
  }, [large, width, depth, wrapper]);
  return large ? <LodTerrainSurface wrapper={wrapper} options={pageLodOverride().options} /> : <TerrainSurface wrapper={wrapper} />;
}
