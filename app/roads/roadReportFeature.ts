/**
 * The editor's road drive, report and exports: "Drive this road", the report overlay toggle,
 * "Smooth road profile" (one undo entry through TerrainJobs.applyStack) and the exports (report CSV
 * and JSON, centreline JSON, surface GLB), each through main's save dialog (`saveBytesAs`: the
 * renderer sends bytes and a suggested name, never a path).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { applyLayer } from '../../shared/layers/evaluate';
import { wholeRect, type Layer, type LayerSize, type RoadLayer } from '../../shared/layers/types';
import { ROAD_EXPORT_FORMATS, type RoadExportKind } from '../../shared/roads/exportFormats';
import { smoothProfile } from '../../shared/roads/profile';
import type { RoadParams } from '../../shared/roads/params';
import { fixCrests, roadReport } from '../../shared/roads/report';
import { fitRoad } from '../../shared/roads/fittedRoad';
import type { SaveBytesRequest } from '../../shared/ipc/contract';
import type { DriveSession } from '../drive/driveSession';
import type { JobResult, TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import type { SessionCore } from '../sessionTypes';
import { createRoadDrive, type RoadDrive } from './roadDrive';
import { createRoadReportModel, type RoadReportModel } from './roadReportModel';

export type { RoadExportKind } from '../../shared/roads/exportFormats';

export interface RoadFeatureState {
  /** The last road command's outcome for the user (null: nothing to say). */
  readonly message: string | null;
}

export interface RoadReportFeature {
  readonly reports: RoadReportModel;
  readonly roadDrive: RoadDrive;
  readonly store: StoreApi<RoadFeatureState>;
  /** The save request for an export of the report's road (null without one); exported for tests. */
  exportRequest(kind: RoadExportKind): SaveBytesRequest | null;
  exportRoad(kind: RoadExportKind): Promise<void>;
  /** Smooths the road's profile (fixCrests, else one smoothProfile step): one undo entry. */
  smoothProfile(): Promise<JobResult | 'none'>;
  dispose(): void;
}

/** A file name from a road's name: letters, digits, dash and underscore only. */
export const safeFileStem = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'road';

export function createRoadReportFeature(core: SessionCore, layers: LayersModel, jobs: TerrainJobs, drive: DriveSession): RoadReportFeature {
  const { editor, commands, api } = core;
  const reports = createRoadReportModel(editor, layers);
  const roadDrive = createRoadDrive(drive, reports);
  const store = createStore<RoadFeatureState>(() => ({ message: null }));
  const say = (message: string | null) => store.setState({ message });
  const hasRoad = () => reports.road() !== null;

  const exportRequest = (kind: RoadExportKind): SaveBytesRequest | null => {
    const road = reports.road();
    if (!road) return null;
    reports.refresh();
    const fitted = reports.fitted();
    const report = reports.store.getState().report;
    if (!fitted) return null;
    const format = ROAD_EXPORT_FORMATS[kind];
    const bytes = format.encode({ name: road.name, fitted, report, shaped: editor.document.field });
    return (
      bytes && {
        title: format.title,
        defaultName: `${safeFileStem(road.name)}${format.suffix}`,
        filters: [{ ...format.filter, extensions: [...format.filter.extensions] }],
        bytes,
      }
    );
  };

  const exportRoad = async (kind: RoadExportKind): Promise<void> => {
    let request: SaveBytesRequest | null;
    try {
      request = exportRequest(kind);
    } catch (error) {
      say(`Road export failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (!request) {
      say('There is no road to export.');
      return;
    }
    try {
      const result = await api.saveBytesAs(request);
      say(result.saved ? `Saved ${result.fileName ?? request.defaultName}` : null);
    } catch (error) {
      say(`Road export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const smooth = async (): Promise<JobResult | 'none'> => {
    const road = reports.road();
    if (!road) {
      say('There is no road to smooth.');
      return 'none';
    }
    const stack = editor.document.stack;
    const index = stack.indexOf(road);
    const { width, depth, cellSize } = editor.document.field;
    const size: LayerSize = { width, depth, cellSize };
    // What the road receives: the enabled layers below it, evaluated in a worker (they may be whole-map).
    const belowStack: Layer[] = stack.slice(0, index).filter((layer) => layer.enabled);
    const below = belowStack.length === 0 ? new Float32Array(width * depth) : await jobs.evaluateOnly(belowStack, 'Smoothing the road profile');
    if (!below) return 'cancelled';
    const shapedOf = (params: RoadParams): Float32Array => {
      const out = new Float32Array(below.length);
      applyLayer({ ...road, params }, below, out, size, wholeRect(size), { below: belowStack });
      return out;
    };
    let next: RoadParams;
    try {
      const hadCrest = roadReport(fitRoad(road.params, below, size), shapedOf(road.params), size).segments.some((s) => s.flags.includes('crest'));
      next = hadCrest ? fixCrests(road.params, below, size, shapedOf) : smoothProfile(road.params);
    } catch (error) {
      say(`Smooth road profile: ${error instanceof Error ? error.message : String(error)}`);
      return 'failed';
    }
    const current = editor.document.stack;
    const at = current.findIndex((layer) => layer.id === road.id);
    if (at < 0) return 'cancelled';
    const layer: RoadLayer = { ...road, params: next };
    const nextStack = current.map((l, k) => (k === at ? layer : l));
    const result = await jobs.applyStack(nextStack, `Smooth road profile (${road.name})`);
    if (result === 'done') {
      reports.refresh();
      const flagged = reports.store.getState().report?.segments.filter((s) => s.flags.length > 0).length ?? 0;
      say(
        `${road.name}: vertical curves ${road.params.verticalCurve} m → ${next.verticalCurve} m; ${flagged} segment${flagged === 1 ? '' : 's'} still flagged`,
      );
    } else if (result === 'failed' || result === 'busy') say(jobs.store.getState().lastMessage ?? 'Smooth road profile did not run');
    return result;
  };

  const exportBinding = (kind: RoadExportKind) => ({ run: () => exportRoad(kind), enabled: hasRoad });
  const unbinders = [
    commands.bind('road.drive', {
      run: () => say(roadDrive.start()),
      enabled: hasRoad,
    }),
    commands.bind('road.reportOverlay', {
      run: () => reports.setOverlay(!reports.store.getState().overlay),
      pressed: () => reports.store.getState().overlay,
    }),
    commands.bind('road.smoothProfile', { run: async () => void (await smooth()), enabled: () => hasRoad() && !jobs.isRunning }),
    commands.bind('road.exportReport', exportBinding('reportCsv')),
    commands.bind('road.exportReportJson', exportBinding('reportJson')),
    commands.bind('road.exportCentreline', exportBinding('centreline')),
    commands.bind('road.exportSurface', exportBinding('surface')),
    commands.watch(editor.store),
    commands.watch(reports.store),
    // A message about the terrain as it was (a smoothing, then an undo) would mislead: edits clear it.
    editor.store.subscribe((s, prev) => {
      if (s.version !== prev.version && store.getState().message !== null) say(null);
    }),
    commands.watch(jobs.store),
  ];

  return {
    reports,
    roadDrive,
    store,
    exportRequest,
    exportRoad,
    smoothProfile: smooth,
    dispose() {
      unbinders.forEach((unbind) => unbind());
      roadDrive.dispose();
      reports.dispose();
    },
  };
}
