import type { FaultlineApi } from '../shared/ipc/api';
import { presetView } from '../shared/presets/presetView';
import { COMMANDS, isCommandId } from '../shared/commands';
import type { ViewSettings } from '../shared/ipc/contract';
import { CommandRegistry } from './commands/commands';
import { createDefaultDocument, type TerrainDocument } from './document/document';
import { NO_LAYER_STACK } from '../shared/codecs/project';
import { Editor } from './document/editor';
import { createToolStore } from './tools/toolStore';
import { InputRouter } from './tools/inputRouter';
import { createHoverStore, createViewStore } from './view/viewStore';
import { bindCommands } from './commands/bindCommands';
import { DisposableStore } from './disposable';
import { createProjectController, type ProjectController, type ProjectStartOptions } from './project/projectController';
import { bindDesignCommands, createTerrainDesign, type TerrainDesign } from './terrainDesign';
import type { TerrainJobTransport } from './jobs/protocol';
import { createInProcessTransport } from './jobs/inProcessTransport';
import { createPropsFeature, type PropsFeature } from './props/propsFeature';
import { createRoadsFeature, type RoadsFeature } from './roads/roadsFeature';
import { createRiversFeature, type RiversFeature } from './rivers/riversFeature';
import { createDriveFeature, type DriveViewStart } from './drive/driveFeature';
import { driveSettingsFromSaved, savedDriveSettings } from './drive/settings';
import { naturalLinesOf } from './view/terrainColours';
import type { DriveSession } from './drive/driveSession';
import { createExchangeFeature } from './exchange/exchangeFeature';
import type { Exchange } from './exchange/exchange';
import { createInProcessCodecs, type ExchangeCodecs } from './exchange/codecOps';
import type { StartChunkErrorsWorker } from './lod/chunkErrorsJob';
import type { StartLightingWorker } from './lighting/lightingMessages';
import type { RouteRunner } from './roads/routeRunner';
import type { WaterFeaturesRunner } from './water/featuresRunner';
import type { RiverCoverRunner } from './document/riverCoverJob';
import { findRiverCoverWith } from './document/surfaceCover';
import { createFileDrop, type WindowDroppedFile } from './platform/fileDrop';
import { followActiveTask } from './panelTabs';
import { createViewEvents } from './view/viewEvents';
import type { SessionCore } from './sessionTypes';
import { createRoadReportFeature, type RoadReportFeature } from './roads/roadReportFeature';
import { createWaterFeature, type WaterFeature } from './water/waterFeature';

/**
 * Everything the UI works with, created once at startup: the editor, its stores, every feature, and
 * every command bound. Views only read it; `dispose` tears it all down.
 */
export interface EditorSession extends SessionCore {
  /** Files: new, open, save, recovery. */
  readonly project: ProjectController;
  /** Background terrain jobs, the generate form, the sculpt and fault tools. */
  readonly design: TerrainDesign;
  readonly props: PropsFeature;
  /** Roads: the road tool and the Roads tab's model. */
  readonly roads: RoadsFeature;
  /** Drawn rivers: the river tool (the road tool drawing river layers). */
  readonly rivers: RiversFeature;
  readonly drive: DriveSession;
  /** Drive this road, the road report and its overlay, road exports and Smooth Road Profile. */
  readonly roadReport: RoadReportFeature;
  /** Automatic water: the Water section's model and commands. */
  readonly water: WaterFeature;
  /** Heightmap import, heightmap and mesh export. */
  readonly exchange: Exchange;
  /** A file dropped on the window goes here, and only here: project, heightmap, or a message. */
  openDroppedFile(file: WindowDroppedFile): Promise<void>;
  /** Starts the LOD chunk-errors worker; null where none can run (the main thread refines then). */
  readonly chunkErrorsWorker: StartChunkErrorsWorker | null;
  /** Starts the viewport's lighting worker; null where none can run (every job runs on the main thread). */
  readonly lightingWorker: StartLightingWorker | null;
  /**
   * Connects the session to the window once: the project's dirty reporting, recovery journal and
   * recovery offer, then the platform (saved view settings, menu states and commands). Later calls
   * return the first call's promise; `dispose` stops all of it.
   */
  start(options?: SessionStartOptions): Promise<void>;
  /** The 3D view tells where a drive starts (the ground at the centre of its view); null when it goes. */
  setDriveViewStart(start: DriveViewStart | null): void;
  /** Disposes every feature (newest first), unbinds every command and removes every store subscription made here. */
  dispose(): void;
}

export interface SessionStartOptions extends ProjectStartOptions {
  /** Reports a platform call that failed (settings, menu states, a menu command); default console.warn. */
  onError?: (message: string, error: unknown) => void;
}

export interface SessionOptions {
  api: FaultlineApi;
  isMac?: boolean;
  /** Defaults to the embedded default terrain. */
  document?: TerrainDocument;
  /** Where terrain jobs run: a worker per job in the window; by default on the calling thread (tests, headless). */
  terrainJobs?: TerrainJobTransport;
  /** Makes the import/export codecs: worker-backed in the window; by default in-process. */
  createCodecs?: () => ExchangeCodecs;
  /** Starts the LOD chunk-errors worker; without it large maps refine their errors on the main thread. */
  chunkErrorsWorker?: StartChunkErrorsWorker;
  /** Starts the viewport's lighting worker; without it the lighting is computed on the main thread. */
  lightingWorker?: StartLightingWorker;
  /** Runs the road router (a worker in the window; on this thread when absent). */
  routeRunner?: RouteRunner;
  /** Finds the rivers and lakes of the water (a worker in the window; on this thread when absent). */
  waterFeaturesRunner?: WaterFeaturesRunner;
  /** Finds the erosion cover beside the rivers (a worker in the window; on this thread, at once, when absent). */
  riverCoverRunner?: RiverCoverRunner;
}

export function createEditorSession(options: SessionOptions): EditorSession {
  const disposables = new DisposableStore();
  const editor = new Editor(options.document ?? createDefaultDocument());
  const commands = new CommandRegistry(options.isMac ?? false);
  // Last to go: every binding and state listener of the registry.
  disposables.add(() => commands.dispose());
  const tools = createToolStore();
  // A gesture in progress must not outlive its session.
  disposables.add(() => tools.getState().active?.cancel());
  const view = createViewStore();
  if (options.riverCoverRunner) disposables.add(findRiverCoverWith(editor, options.riverCoverRunner));
  const viewEvents = createViewEvents();
  const hover = createHoverStore();
  const api = options.api;
  const input = new InputRouter(editor, tools, hover);
  const core: SessionCore = { editor, commands, tools, view, viewEvents, hover, input, api };

  const project = createProjectController(core);
  disposables.add(bindCommands(core, project));

  // A preset's Run paints its land in the preset's climate (tree and snow lines, desert or temperate) and shows its sea, if any.
  const design = createTerrainDesign(editor, tools, options.terrainJobs ?? createInProcessTransport(), (id, size) => {
    view.setState((s) => ({ settings: { ...s.settings, ...presetView(id, size, editor.document.field.heights) } }));
    viewEvents.newTerrain.emit();
  });
  disposables.add(() => design.jobs.dispose());
  disposables.add(() => design.layers.dispose());
  // Navigate is pressed only when no tool and no drive or walk holds the view (the drive is made below).
  let driveActive = (): boolean => false;
  disposables.add(bindDesignCommands(commands, editor, design, tools, () => driveActive()));

  project.bindOpened((loaded, fileName) => {
    viewEvents.newTerrain.emit();
    if (loaded.layers.problem && loaded.layers.problem !== NO_LAYER_STACK && loaded.layers.origin === 'heights')
      project.reportError(
        `${fileName ?? 'The project'}: its layer stack could not be read (${loaded.layers.problem}); it opens as its saved heights, nothing of them is lost.`,
      );
    void design.jobs.checkOpened(loaded.layers.origin).then((message) => {
      if (message) project.reportError(`${fileName ?? 'The project'}: ${message}`);
    });
  });

  const props = disposables.add(createPropsFeature(core));
  const roads = disposables.add(createRoadsFeature(core, design, undefined, options.routeRunner));
  const rivers = disposables.add(createRiversFeature(core, design));
  const drive = disposables.add(createDriveFeature(editor, commands, () => view.getState().settings.snowLine));
  driveActive = () => drive.drive.mode !== 'off';
  project.bindDriveSettings({
    get: () => {
      const saved = savedDriveSettings(drive.drive.settings);
      return { ...saved, carSpec: { ...saved.carSpec } };
    },
    set: (saved) => drive.drive.setSettings(driveSettingsFromSaved(drive.drive.settings, saved)),
  });
  const roadReport = disposables.add(createRoadReportFeature(core, design.layers, design.jobs, drive.drive));
  const water = disposables.add(createWaterFeature(core, design, options.waterFeaturesRunner));
  const exchange = disposables.add(createExchangeFeature(core, (options.createCodecs ?? createInProcessCodecs)()));
  exchange.exchange.setSnowLineProvider(() => view.getState().settings.snowLine);
  exchange.exchange.setNaturalLinesProvider(() => naturalLinesOf(view.getState().settings, editor.document.stack));
  disposables.add(followActiveTask(view, tools, drive.drive));

  let started: Promise<void> | null = null;
  const session: EditorSession = {
    ...core,
    project,
    design,
    props,
    roads,
    rivers,
    drive: drive.drive,
    roadReport,
    water,
    exchange: exchange.exchange,
    openDroppedFile: createFileDrop({ project, exchange: exchange.exchange }),
    chunkErrorsWorker: options.chunkErrorsWorker ?? null,
    lightingWorker: options.lightingWorker ?? null,
    setDriveViewStart: (start) => drive.setViewStart(start),
    start: (startOptions = {}) => {
      started ??= (async () => {
        const { onError = (message: string, error: unknown) => console.warn(`${message}:`, error), ...projectOptions } = startOptions;
        disposables.add(project.start(projectOptions));
        // Added after a dispose, the disconnect runs at once (DisposableStore).
        disposables.add(await connectPlatform(session, onError));
      })();
      return started;
    },
    dispose: () => disposables.dispose(),
  };
  return session;
}

/** Enabled state of every described command (unbound ones are disabled), for main's menu. */
export function commandStates(session: EditorSession): Array<{ id: string; enabled: boolean }> {
  return COMMANDS.map((c) => ({ id: c.id, enabled: session.commands.isEnabled(c.id) }));
}

/**
 * Connects the session to the platform: loads the saved view settings, then persists every change
 * of them, keeps main's menu enabled states in step, and runs menu commands. Returns a disconnect.
 */
export async function connectPlatform(session: EditorSession, onError: (message: string, error: unknown) => void): Promise<() => void> {
  const { api, view, commands } = session;
  try {
    const settings = await api.getSettings();
    view.setState({ settings: settings.view });
  } catch (error) {
    onError('Could not load settings', error);
  }

  let persisted: ViewSettings = view.getState().settings;
  const persist = () => {
    const { settings } = view.getState();
    if (settings === persisted) return;
    persisted = settings;
    api.setViewSettings(settings).catch((error: unknown) => onError('Could not save view settings', error));
  };

  let sentStates = '';
  const sendStates = () => {
    const states = commandStates(session);
    const key = JSON.stringify(states);
    if (key === sentStates) return;
    sentStates = key;
    api.setCommandStates(states).catch((error: unknown) => onError('Could not update menu states', error));
  };

  const unsubscribers = [
    view.subscribe(persist),
    commands.subscribe(sendStates),
    api.onMenuCommand((id) => {
      if (!isCommandId(id)) return;
      commands.execute(id).catch((error: unknown) => onError(`Command ${id} failed`, error));
    }),
  ];
  sendStates();
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
