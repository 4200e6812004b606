import { useStore } from 'zustand';
import { usesLod } from '../../app/lod/lodTerrainModel';
import { useSession } from '../session';
import { TerrainSurface } from '../viewport/TerrainSurface';
import { LodTerrainSurface } from './LodTerrainSurface';

/** Full-resolution terrain up to 1025², level of detail above (a full mesh would not fit the GPU or the frame). */
export function TerrainByScale({ wrapper }: { wrapper: React.RefObject<HTMLDivElement | null> }) {
  const { editor } = useSession();
  const large = useStore(editor.store, (s) => usesLod({ width: s.width, depth: s.depth }));
  return large ? <LodTerrainSurface wrapper={wrapper} /> : <TerrainSurface wrapper={wrapper} />;
}
