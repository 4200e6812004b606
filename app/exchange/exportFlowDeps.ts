/** What the export dialog's parts (dialog state, mask preview, runner) take from the exchange feature. */
import type { GeoReference } from '../../shared/codecs/heightmap';
import type { FaultlineApi } from '../../shared/ipc/api';
import type { MaskSourceData } from '../../shared/export/masks';
import type { NaturalLines } from '../../shared/ground/naturalColours';
import type { Editor } from '../document/editor';
import type { ExchangeCodecs } from './codecOps';
import type { ExchangeStore } from './exchangeState';

export interface ExportFlowDeps {
  editor: Editor;
  api: FaultlineApi;
  store: ExchangeStore;
  codecs: () => ExchangeCodecs;
  /** The document's erosion results (flow, deposition per vertex), when it has any. */
  erosionMasks: () => MaskSourceData | null;
  /** The 3D view's snow line (metres): the starting snow mask begins there. */
  snowLine?: () => number | undefined;
  /** The 3D view's tree and snow lines (metres): the colour map is painted against them. */
  naturalLines?: () => NaturalLines | undefined;
  baseName: () => string;
  fail: (message: string) => void;
  /** The CRS and origin a GeoTIFF export writes: the imported GeoTIFF's while its map is the document's. */
  geoReference?: () => GeoReference | undefined;
}
