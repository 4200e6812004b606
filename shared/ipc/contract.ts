import { v, type Infer, type Validator } from './validate';
import { COMMAND_IDS } from '../commands';
import {
  droppedPathValidator,
  dropTokenValidator,
  projectSaveAsRequestValidator,
  projectSaveRequestValidator,
  recentIndexValidator,
  recoverySnapshotValidator,
  uploadIdValidator,
  MAX_UPLOAD_BYTES,
  UPLOAD_PIECE_MAX_BYTES,
  type OnWire,
  type ProjectOpenResult,
  type ProjectSaveAsRequest,
  type ProjectSaveRequest,
  type ProjectSaveResult,
  type RecentFileEntry,
  type RecoveryInfo,
  type RecoveryLoadResult,
  type RecoverySnapshot,
} from './projectContract';
import {
  chooseExportDirectoryRequestValidator,
  cancelExportRequestValidator,
  checkExportMemoryRequestValidator,
  type CheckExportMemoryRequest,
  type CheckExportMemoryResult,
  type CancelExportRequest,
  type CancelExportResult,
  exportHandleValidator,
  exportHeightmapRequestValidator,
  exportHeightmapTilesRequestValidator,
  type ChooseExportDirectoryRequest,
  type ExportHeightmapRequest,
  type ExportHeightmapTilesRequest,
  type HeightfieldOnWire,
  type ExportHeightmapResult,
  type ChooseExportDirectoryResult,
  type WriteExportFileResult,
  type WriteExportChunkRequest,
  writeExportChunkRequestValidator,
} from './exportContract';

/**
 * The IPC contract between renderer (through the preload) and main. Each channel names its
 * argument validator and its result type; the main-side router validates every argument with these
 * before a service sees it. Renderer code never sees channel names: it calls the preload's API.
 */

/** Fields that came after the first release: optional on the wire and on disk, filled from the defaults. */
const viewLookFields = {
  /** Compass bearing the sunlight comes from, degrees clockwise from north (−z, the top of the 2D panel). */
  sunAzimuthDeg: v.number({ min: 0, max: 360 }),
  /** Sun height above the horizon, degrees. */
  sunElevationDeg: v.number({ min: 1, max: 90 }),
  /** Terrain casts sun shadows on itself. */
  shadows: v.boolean(),
  /** Sky light is occluded by the surrounding terrain. */
  ambientOcclusion: v.boolean(),
  fog: v.boolean(),
  /** A water plane at seaLevel (metres). */
  water: v.boolean(),
  seaLevel: v.number({ min: -100_000, max: 100_000 }),
  /** Metric grid drawn on the terrain. */
  grid: v.boolean(),
  /** Rivers and lakes (the water layers' water) drawn in both views; `water` is the sea plane. */
  showWater: v.boolean(),
  /** Natural colours: heights (metres) above which the ground is alpine heath and scree, and snow. */
  treeLine: v.number({ min: -100_000, max: 100_000 }),
  snowLine: v.number({ min: -100_000, max: 100_000 }),
  /** Natural colours: the climate the ground materials and rock bands are painted in (shared/ground/climate.ts). */
  climate: v.literal('temperate', 'desert'),
  /** The side panel's task tab. */
  panelTab: v.literal('generate', 'layers', 'sculpt', 'roads', 'props', 'drive', 'view'),
};

const colourModeValidator = v.literal('height', 'slope', 'natural');
const map2dModeValidator = v.literal('grayscale', 'hypsometric', 'natural');

const fullViewSettingsValidator = v.object({
  colorMode: colourModeValidator,
  map2dMode: map2dModeValidator,
  wireframe: v.boolean(),
  ...viewLookFields,
});
export type ViewSettings = Infer<typeof fullViewSettingsValidator>;

export const DEFAULT_VIEW_SETTINGS: ViewSettings = {
  colorMode: 'natural',
  map2dMode: 'hypsometric',
  wireframe: false,
  sunAzimuthDeg: 235,
  sunElevationDeg: 40,
  shadows: true,
  ambientOcclusion: true,
  fog: true,
  water: false,
  seaLevel: 0,
  grid: false,
  showWater: true,
  treeLine: 200,
  snowLine: 350,
  climate: 'temperate',
  panelTab: 'generate',
};

const storedViewSettingsValidator = v.object({
  colorMode: colourModeValidator,
  map2dMode: map2dModeValidator,
  wireframe: v.boolean(),
  sunAzimuthDeg: v.optional(viewLookFields.sunAzimuthDeg),
  sunElevationDeg: v.optional(viewLookFields.sunElevationDeg),
  shadows: v.optional(viewLookFields.shadows),
  ambientOcclusion: v.optional(viewLookFields.ambientOcclusion),
  fog: v.optional(viewLookFields.fog),
  water: v.optional(viewLookFields.water),
  seaLevel: v.optional(viewLookFields.seaLevel),
  grid: v.optional(viewLookFields.grid),
  showWater: v.optional(viewLookFields.showWater),
  treeLine: v.optional(viewLookFields.treeLine),
  snowLine: v.optional(viewLookFields.snowLine),
  climate: v.optional(viewLookFields.climate),
  panelTab: v.optional(viewLookFields.panelTab),
});

/**
 * View settings as sent or stored: every field is checked strictly and unknown ones are refused,
 * but the look fields may be missing (settings and projects written before they existed); those
 * take their defaults.
 */
export const viewSettingsValidator: Validator<ViewSettings> = (value, path) => {
  const stored = storedViewSettingsValidator(value, path);
  const d = DEFAULT_VIEW_SETTINGS;
  return fullViewSettingsValidator(
    {
      colorMode: stored.colorMode,
      map2dMode: stored.map2dMode,
      wireframe: stored.wireframe,
      sunAzimuthDeg: stored.sunAzimuthDeg ?? d.sunAzimuthDeg,
      sunElevationDeg: stored.sunElevationDeg ?? d.sunElevationDeg,
      shadows: stored.shadows ?? d.shadows,
      ambientOcclusion: stored.ambientOcclusion ?? d.ambientOcclusion,
      fog: stored.fog ?? d.fog,
      water: stored.water ?? d.water,
      seaLevel: stored.seaLevel ?? d.seaLevel,
      grid: stored.grid ?? d.grid,
      showWater: stored.showWater ?? d.showWater,
      treeLine: stored.treeLine ?? d.treeLine,
      snowLine: stored.snowLine ?? d.snowLine,
      climate: stored.climate ?? d.climate,
      panelTab: stored.panelTab ?? d.panelTab,
    },
    path,
  );
};

export const userSettingsValidator = v.object({
  view: viewSettingsValidator,
});
export type UserSettings = Infer<typeof userSettingsValidator>;
export const DEFAULT_USER_SETTINGS: UserSettings = { view: DEFAULT_VIEW_SETTINGS };

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** Where the renderer is running: inside Electron, or a browser bridged to main's services (tests). */
  shell: 'electron' | 'browser-bridge';
}

const commandState = v.object({
  id: v.string({ maxLength: 64 }),
  enabled: v.boolean(),
});

const fileFilter = v.object({
  name: v.string({ maxLength: 80 }),
  extensions: v.array(v.string({ maxLength: 16, pattern: /^[A-Za-z0-9]+$/ }), 16),
});

/** The largest single payload the renderer may hand to main (an 8193² float32 map is 256 MiB). */
export const MAX_IPC_BYTES = 1024 * 1024 * 1024;

export const saveBytesRequestValidator = v.object({
  title: v.string({ maxLength: 120 }),
  /** A suggested file name only: no folders, nothing that could steer where main writes. */
  defaultName: v.fileName(),
  filters: v.array(fileFilter, 16),
  bytes: v.bytes(MAX_IPC_BYTES),
});
export type SaveBytesRequest = Infer<typeof saveBytesRequestValidator>;
export interface SaveBytesResult {
  saved: boolean;
  /** Name (not path) of the file written. */
  fileName?: string;
}

/**
 * The largest heightmap file main reads for an import: above the largest valid PNG of an 8193² map
 * (16-bit RGBA stored without compression is about 537 MB), well below what the window could hold twice.
 */
export const MAX_HEIGHTMAP_FILE_BYTES = 768 * 1024 * 1024;

/** What main answers when asked to pick and read a heightmap file to import. */
export type OpenHeightmapResult =
  | { status: 'cancelled' }
  | { status: 'opened'; fileName: string; bytes: Uint8Array }
  /** The file could not be read or is refused before parsing (too large, unreadable); message names it. */
  | { status: 'refused'; fileName: string; message: string };

/** Request channels: renderer → main, answered with a result. */
export const requestChannels = {
  'app:getInfo': { args: [] as Validator<unknown>[] },
  'settings:get': { args: [] as Validator<unknown>[] },
  'file:saveBytesAs': { args: [saveBytesRequestValidator] as Validator<unknown>[] },
  'file:openHeightmap': { args: [] as Validator<unknown>[] },
  'settings:setView': { args: [viewSettingsValidator] as Validator<unknown>[] },
  'project:open': { args: [] as Validator<unknown>[] },
  'project:openRecent': { args: [recentIndexValidator] as Validator<unknown>[] },
  'project:registerDrop': { args: [droppedPathValidator] as Validator<unknown>[] },
  'project:openDropped': { args: [dropTokenValidator] as Validator<unknown>[] },
  'project:listRecent': { args: [] as Validator<unknown>[] },
  'project:save': { args: [projectSaveRequestValidator] as Validator<unknown>[] },
  'project:saveAs': { args: [projectSaveAsRequestValidator] as Validator<unknown>[] },
  'project:setDirty': { args: [v.boolean()] as Validator<unknown>[] },
  'project:closeWindow': { args: [] as Validator<unknown>[] },
  'recovery:write': { args: [recoverySnapshotValidator] as Validator<unknown>[] },
  'upload:begin': { args: [v.number({ integer: true, min: 0, max: MAX_UPLOAD_BYTES })] as Validator<unknown>[] },
  'upload:append': {
    args: [uploadIdValidator, v.number({ integer: true, min: 0, max: MAX_UPLOAD_BYTES }), v.bytes(UPLOAD_PIECE_MAX_BYTES)] as Validator<unknown>[],
  },
  'recovery:check': { args: [] as Validator<unknown>[] },
  'recovery:load': { args: [] as Validator<unknown>[] },
  'recovery:clear': { args: [] as Validator<unknown>[] },
  'file:chooseExportDirectory': { args: [chooseExportDirectoryRequestValidator] as Validator<unknown>[] },
  'file:writeExportChunk': { args: [writeExportChunkRequestValidator] as Validator<unknown>[] },
  'file:finishExport': { args: [exportHandleValidator] as Validator<unknown>[] },
  'file:exportHeightmap': { args: [exportHeightmapRequestValidator] as Validator<unknown>[] },
  'file:exportHeightmapTiles': { args: [exportHeightmapTilesRequestValidator] as Validator<unknown>[] },
  'file:cancelExport': { args: [cancelExportRequestValidator] as Validator<unknown>[] },
  'file:checkExportMemory': { args: [checkExportMemoryRequestValidator] as Validator<unknown>[] },
  'commands:setState': {
    args: [
      ((value: unknown, path?: string) => {
        const states = v.array(commandState, 256)(value, path);
        for (const s of states) {
          if (!COMMAND_IDS.includes(s.id)) throw new Error(`${path ?? 'value'}: unknown command ${s.id}`);
        }
        return states;
      }) as Validator<unknown>,
    ],
  },
} as const;

export type RequestChannel = keyof typeof requestChannels;

/** What each channel's arguments and result are, for the typed preload API and the router. */
export interface RequestTypes {
  'app:getInfo': { args: []; result: AppInfo };
  'settings:get': { args: []; result: UserSettings };
  'file:saveBytesAs': { args: [SaveBytesRequest]; result: SaveBytesResult };
  'file:openHeightmap': { args: []; result: OpenHeightmapResult };
  'settings:setView': { args: [ViewSettings]; result: UserSettings };
  'project:open': { args: []; result: ProjectOpenResult };
  'project:openRecent': { args: [number]; result: ProjectOpenResult };
  /** Preload only: the path of a File the user dropped; returns a single-use token for project:openDropped. */
  'project:registerDrop': { args: [string]; result: string };
  /** Opens the dropped file a token from project:registerDrop names. */
  'project:openDropped': { args: [string]; result: ProjectOpenResult };
  'project:listRecent': { args: []; result: RecentFileEntry[] };
  'project:save': { args: [OnWire<ProjectSaveRequest>]; result: ProjectSaveResult };
  'project:saveAs': { args: [OnWire<ProjectSaveAsRequest>]; result: ProjectSaveResult };
  'project:setDirty': { args: [boolean]; result: void };
  'project:closeWindow': { args: []; result: void };
  'recovery:write': { args: [OnWire<RecoverySnapshot>]; result: void };
  /** Starts sending this many bytes in pieces; returns the upload's id, which a payload then names. */
  'upload:begin': { args: [number]; result: string };
  /** The next piece of an upload and the byte offset it starts at; returns the bytes received so far. */
  'upload:append': { args: [string, number, Uint8Array]; result: number };
  'recovery:check': { args: []; result: RecoveryInfo | null };
  'recovery:load': { args: []; result: RecoveryLoadResult };
  'recovery:clear': { args: []; result: void };
  /** Main shows a folder dialog (and asks before replacing files); the renderer gets a handle, never a path. */
  'file:chooseExportDirectory': { args: [ChooseExportDirectoryRequest]; result: ChooseExportDirectoryResult };
  /** One piece of one of the handle's named files (staged; all put in place after the last file's last piece). */
  'file:writeExportChunk': { args: [WriteExportChunkRequest]; result: WriteExportFileResult };
  /** Forgets the handle. */
  'file:finishExport': { args: [string]; result: void };
  /** Main encodes the map (node:zlib), shows its save dialog and writes the file atomically. */
  'file:exportHeightmap': { args: [HeightfieldOnWire<ExportHeightmapRequest>]; result: ExportHeightmapResult };
  /** Main cuts the map into tiles, encodes each and writes them through an export folder's handle (all or nothing). */
  'file:exportHeightmapTiles': { args: [HeightfieldOnWire<ExportHeightmapTilesRequest>]; result: WriteExportFileResult };
  /** Stops a running export the window started (its handle or job id), removing what it staged. */
  'file:cancelExport': { args: [CancelExportRequest]; result: CancelExportResult };
  /** Whether the machine has the memory an export the window is about to start needs (refused: why). */
  'file:checkExportMemory': { args: [CheckExportMemoryRequest]; result: CheckExportMemoryResult };
  'commands:setState': { args: [Array<{ id: string; enabled: boolean }>]; result: void };
}

/** Event channels: main → renderer. */
export interface EventTypes {
  /** A menu item was chosen: run this command. */
  'menu:command': { id: string };
  /** The user chose Save when closing a window with unsaved changes: save, then call project:closeWindow. */
  'project:saveBeforeClose': Record<string, never>;
}
export type EventChannel = keyof EventTypes;
export const EVENT_CHANNELS: readonly EventChannel[] = ['menu:command', 'project:saveBeforeClose'];

export function isRequestChannel(value: unknown): value is RequestChannel {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(requestChannels, value);
}

/** Validates the argument list of a request; throws ValidationError naming the channel and problem. */
export function validateRequestArgs(channel: RequestChannel, args: unknown[]): unknown[] {
  const validators = requestChannels[channel].args;
  if (args.length > validators.length) {
    throw new Error(`${channel}: expected ${validators.length} argument(s), got ${args.length}`);
  }
  return validators.map((validate, index) => validate(args[index], `${channel} argument ${index + 1}`));
}
