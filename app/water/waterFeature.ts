import type { ViewSettings } from '../../shared/ipc/contract';
import type { SessionCore } from '../sessionTypes';
import type { TerrainJobs } from '../jobs/terrainJobs';
import { createWaterModel, type WaterModel } from './waterModel';
import type { WaterFeaturesRunner } from './featuresRunner';

/** The water feature of a session: the Water section's model and its commands (add water, show water). */
export interface WaterFeature {
  readonly model: WaterModel;
  dispose(): void;
}

export function createWaterFeature(
  session: Pick<SessionCore, 'editor' | 'commands' | 'view'>,
  design: { jobs: TerrainJobs },
  featuresRunner?: WaterFeaturesRunner,
): WaterFeature {
  const { editor, commands, view } = session;
  const model = createWaterModel(editor, design.jobs, featuresRunner);
  const settings = () => view.getState().settings;
  const setView = (patch: Partial<ViewSettings>) => view.setState((s) => ({ settings: { ...s.settings, ...patch } }));
  const unbinders = [
    commands.bind('view.toggleWater', { run: () => setView({ showWater: !settings().showWater }), pressed: () => settings().showWater }),
    commands.bind('water.add', { run: () => void model.add(), enabled: () => !design.jobs.store.getState().running }),
  ];
  return {
    model,
    dispose() {
      unbinders.forEach((off) => off());
      model.dispose();
    },
  };
}
