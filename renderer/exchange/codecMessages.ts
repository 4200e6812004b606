import type { HeightmapImportOptions } from '../../shared/codecs/import-heightmap';
import type { EncodeRequest, FilesRequest, MaskPreviewRequest } from '../../app/exchange/codecOps';

/**
 * One job for the codec worker; the answer is a CodecOutcome of the matching type. `streamFiles`
 * answers with one FileStep per file instead: the worker encodes the next file only when sent `next`.
 */
export type CodecWorkerRequest =
  | { op: 'inspect'; bytes: Uint8Array; fileName: string; options: HeightmapImportOptions }
  | { op: 'decode'; bytes: Uint8Array; fileName: string; options: HeightmapImportOptions }
  | { op: 'encode'; request: EncodeRequest }
  | { op: 'streamFiles'; request: FilesRequest }
  | { op: 'next' }
  | { op: 'maskPreview'; request: MaskPreviewRequest };
