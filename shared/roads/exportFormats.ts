/**
 * The files a road exports, one object per format (as the heightmap codecs are): the report as CSV or
 * JSON, the centreline JSON and the road surface GLB. The window's Roads tab and `faultline road` both
 * write them through this table, so a format's bytes, file name and dialog filter have one home.
 */
import { encodeUtf8 } from '../codecs/bytes';
import type { Heightfield } from '../terrain/heightfield';
import { deckMeshes } from './bridge';
import { centrelineJson } from './export';
import type { FittedRoad } from './fittedRoad';
import { reportCsv, reportJson, type RoadReport } from './report';
import { buildRibbon, ribbonGlb } from './ribbon';

export type RoadExportKind = 'reportCsv' | 'reportJson' | 'centreline' | 'surface';

/** What a road's exports are made from: its name and, as each format needs, its report, or its model and the heights with the road (its surface). */
export interface RoadExportInput {
  readonly name: string;
  readonly report?: RoadReport | null;
  readonly fitted?: FittedRoad;
  readonly shaped?: Pick<Heightfield, 'width' | 'depth' | 'cellSize' | 'heights'>;
}

export interface RoadExportFormat {
  readonly kind: RoadExportKind;
  /** The save dialog's title. */
  readonly title: string;
  /** Appended to the road's file stem: `Road 1-report.csv`. */
  readonly suffix: string;
  readonly filter: { readonly name: string; readonly extensions: readonly string[] };
  /** The file's bytes; null when the input lacks what the format needs (no report yet, no model). */
  encode(input: RoadExportInput): Uint8Array | null;
}

const text = (s: string): Uint8Array => encodeUtf8(s);

export const ROAD_EXPORT_FORMATS: Readonly<Record<RoadExportKind, RoadExportFormat>> = {
  reportCsv: {
    kind: 'reportCsv',
    title: 'Export Road Report',
    suffix: '-report.csv',
    filter: { name: 'CSV', extensions: ['csv'] },
    encode: ({ report }) => (report ? text(reportCsv(report)) : null),
  },
  reportJson: {
    kind: 'reportJson',
    title: 'Export Road Report',
    suffix: '-report.json',
    filter: { name: 'JSON', extensions: ['json'] },
    encode: ({ report, name }) => (report ? text(`${JSON.stringify(reportJson(report, name), null, 2)}\n`) : null),
  },
  centreline: {
    kind: 'centreline',
    title: 'Export Road Centreline',
    suffix: '-centreline.json',
    filter: { name: 'JSON', extensions: ['json'] },
    encode: ({ fitted, shaped, name }) => (fitted && shaped ? text(`${JSON.stringify(centrelineJson(fitted, shaped.heights, shaped, name))}\n`) : null),
  },
  surface: {
    kind: 'surface',
    title: 'Export Road Surface',
    suffix: '.glb',
    filter: { name: 'glTF binary', extensions: ['glb'] },
    encode: ({ fitted, shaped, name }) => (fitted && shaped ? ribbonGlb(buildRibbon(fitted, shaped.heights, shaped), name, deckMeshes(fitted, name)) : null),
  },
};

/** The report's format for a file name: CSV for `.csv`, else JSON (the CLI's `--report`). */
export const reportFormatFor = (fileName: string): RoadExportFormat =>
  fileName.toLowerCase().endsWith('.csv') ? ROAD_EXPORT_FORMATS.reportCsv : ROAD_EXPORT_FORMATS.reportJson;
