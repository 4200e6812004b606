import type { CommandRegistry } from './commands/commands';
import type { PresetId } from '../shared/presets/terrainPresets';
import type { Editor } from './document/editor';
import { documentRecipe, faultsLayerOf } from './document/document';
import { createGenerateFormStore, RECIPE_FIELD_LABELS, validateGenerateForm, type GenerateFormStore } from './generate/generateFormStore';
import { recipeBoundsProblem } from '../shared/fault/recipeBounds';
import type { TerrainJobTransport } from './jobs/protocol';
import { stepProblem, type TerrainStep } from '../shared/recipe/steps';
import { TerrainJobs } from './jobs/terrainJobs';
import { createLayersModel, type LayersModel } from './layers/layersModel';
import { BRUSH_TOOL_ID, createBrushTool } from './tools/brushTool';
import { FAULT_TOOL_ID, createFaultTool } from './tools/faultTool';
import { createToolSettingsStore, type ToolSettingsStore } from './tools/toolSettings';
import type { ToolStore } from './tools/toolStore';
import type { Tool } from './tools/types';

export type DesignToolId = 'navigate' | 'brush' | 'fault';

/** The terrain-design loop: background fault jobs, the generate form, the sculpt and fault tools. */
export interface TerrainDesign {
  readonly jobs: TerrainJobs;
  readonly form: GenerateFormStore;
  readonly toolSettings: ToolSettingsStore;
  /** The layer stack's panel model (selection and layer operations). */
  readonly layers: LayersModel;
  selectTool(id: DesignToolId): void;
  /** Runs the form's recipe from flat ground; resolves to an error message, or null. */
  generate(): Promise<string | null>;
  runMore(): Promise<string | null>;
  /** Applies a filter or erosion step to the current terrain as a job; resolves to an error message, or null. */
  runStep(step: TerrainStep): Promise<string | null>;
}

/**
 * `onPresetRun`: told after a Run whose form is a preset's (not hand-edited), with the map's size
 * (the session sets the preset's climate in the View).
 */
export function createTerrainDesign(
  editor: Editor,
  tools: ToolStore,
  transport: TerrainJobTransport,
  onPresetRun?: (id: PresetId, size: { width: number; depth: number; cellSize: number }) => void,
): TerrainDesign {
  const jobs = new TerrainJobs(editor, transport);
  const form = createGenerateFormStore();
  const toolSettings = createToolSettingsStore();
  const layers = createLayersModel(editor, jobs);
  const byId: Record<Exclude<DesignToolId, 'navigate'>, Tool> = {
    brush: createBrushTool(editor, tools, toolSettings, jobs, layers),
    fault: createFaultTool(editor, tools, toolSettings, jobs, layers),
  };
  const recipe = documentRecipe(editor.document);
  // A document made by another recipe (an opened project) fills the form with it; the preset no longer describes it.
  if (recipe && JSON.stringify(recipe) !== JSON.stringify(form.getState().recipe)) form.setState({ recipe, presetId: 'custom' });
  const field = editor.document.field;
  form.setState({ width: field.width, depth: field.depth, cellSize: field.cellSize });

  const outcomeMessage = (result: string): string | null =>
    result === 'done' || result === 'cancelled' ? null : (jobs.store.getState().lastMessage ?? `The job did not run (${result})`);

  return {
    jobs,
    form,
    toolSettings,
    layers,
    selectTool(id) {
      const current = tools.getState().active;
      current?.cancel();
      tools.setState({ active: id === 'navigate' ? null : byId[id], overlay: { kind: 'none' } });
    },
    async generate() {
      const state = form.getState();
      const problem = validateGenerateForm(state);
      if (problem) return problem;
      tools.getState().active?.cancel();
      const message = outcomeMessage(
        await jobs.generate({ width: state.width, depth: state.depth, cellSize: state.cellSize, recipe: state.recipe, finishing: state.finishing }),
      );
      const note = jobs.takeNote();
      if (note && !message) jobs.store.setState({ lastMessage: note });
      if (!message && state.presetId !== 'custom') onPresetRun?.(state.presetId, { width: state.width, depth: state.depth, cellSize: state.cellSize });
      return message;
    },
    async runMore() {
      const count = form.getState().runMoreCount;
      if (!Number.isInteger(count) || count < 1) return 'Run more needs a whole number of iterations ≥ 1';
      const recipe = documentRecipe(editor.document);
      if (!recipe) return 'Nothing to continue: run a generation first';
      // The continued recipe keeps the same bounds as a new one (so "Run more" cannot reach 10¹⁵).
      const bounds = recipeBoundsProblem({ ...recipe, iterations: recipe.iterations + count });
      if (bounds) return `Run more ${count} would take the recipe beyond its bounds: ${RECIPE_FIELD_LABELS[bounds.field]} ${bounds.problem}`;
      tools.getState().active?.cancel();
      return outcomeMessage(await jobs.runMore(count));
    },
    async runStep(step) {
      const problem = stepProblem(step);
      if (problem) return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}`;
      tools.getState().active?.cancel();
      return outcomeMessage(await jobs.runStep(step));
    },
  };
}

/**
 * Binds the terrain and tool commands (menus, toolbar, shortcuts B / F / V); their states follow
 * the job store (and the tool store, for which tool is pressed). Returns the unbind. `otherModeActive` says whether a
 * mode outside the tools holds the view (Test Drive, Walk): then Navigate is not pressed, so only that mode's button is.
 */
export function bindDesignCommands(
  commands: CommandRegistry,
  editor: Editor,
  design: TerrainDesign,
  tools: ToolStore,
  otherModeActive: () => boolean = () => false,
): () => void {
  const idle = () => !design.jobs.isRunning;
  const activeTool = () => tools.getState().active?.id;
  const unbinders = [
    commands.bind('terrain.generate', { run: () => void design.generate(), enabled: idle }),
    commands.bind('terrain.runMore', { run: () => void design.runMore(), enabled: () => idle() && faultsLayerOf(editor.document) !== null }),
    commands.bind('terrain.cancelJob', { run: () => design.jobs.cancel(), enabled: () => design.jobs.isRunning }),
    commands.bind('tool.navigate', { run: () => design.selectTool('navigate'), pressed: () => activeTool() === undefined && !otherModeActive() }),
    commands.bind('tool.brush', { run: () => design.selectTool('brush'), pressed: () => activeTool() === BRUSH_TOOL_ID }),
    commands.bind('tool.fault', { run: () => design.selectTool('fault'), pressed: () => activeTool() === FAULT_TOOL_ID }),
    commands.watch(design.jobs.store),
  ];
  return () => unbinders.forEach((unbind) => unbind());
}
