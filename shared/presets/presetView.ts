/**
 * The view settings a preset's land is shown in: its climate (tree and snow lines, desert or temperate)
 * and its sea. One source for the editor's Run (app/editorSession.ts) and the project `faultline generate
 * --preset` saves (main/cli/cli.ts), so both open a preset alike.
 */
import { presetClimate, type PresetClimate } from './presetClimates';
import { presetSea, type PresetSea } from './presetSea';
import type { PresetId, PresetTarget } from './terrainPresets';

export type PresetView = PresetClimate & PresetSea;

export function presetView(id: PresetId, target: Pick<PresetTarget, 'width' | 'depth' | 'cellSize'>, heights: Float32Array): PresetView {
  return { ...presetClimate(id, target, heights), ...presetSea(id) };
}
