/** Every engine export, one object each: the lists, labels and checks elsewhere are derived from this. */
import type { EngineDefinition, EngineId } from './engine';
import { hterrain } from './hterrain';
import { terrain3d } from './terrain3d';
import { unity } from './unity';
import { unreal } from './unreal';

const ENGINES: Record<EngineId, EngineDefinition> = {
  unreal,
  unity,
  'godot-terrain3d': terrain3d,
  'godot-hterrain': hterrain,
};

/** The presets in the order the dialog and `--help` list them. */
export const ENGINE_IDS: readonly EngineId[] = Object.values(ENGINES).map((e) => e.id);

export function engineFor(engineId: EngineId): EngineDefinition {
  return ENGINES[engineId];
}
