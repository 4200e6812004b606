import type { FaultlineApi } from '../../shared/ipc/api';
import {
  UPLOAD_PIECE_MAX_BYTES,
  type LayersPayload,
  type ProjectPayload,
  type WireLayersPayload,
  type WireProjectPayload,
} from '../../shared/ipc/projectContract';
import type { TerrainDocument } from '../document/document';
import { heightBytes, layersPayloadOf, projectJsonOf, type SavedView } from './mapping';

/** Heights in one upload piece. */
const PIECE_HEIGHTS = UPLOAD_PIECE_MAX_BYTES / 4;

type UploadApi = Pick<FaultlineApi, 'beginUpload' | 'appendUpload'>;

/**
 * Sends `count` heights to main in pieces (`piece(start, end)` gives the bytes of [start, end)) and
 * returns the upload's id, or null as soon as `keepGoing` says no. Each piece is one bounded IPC
 * message and the event loop runs between pieces, so frames and input are never held up for long.
 */
async function uploadHeights(
  api: UploadApi,
  count: number,
  piece: (start: number, end: number) => Uint8Array,
  keepGoing: () => boolean,
): Promise<string | null> {
  const id = await api.beginUpload(count * 4);
  for (let start = 0; start < count; start += PIECE_HEIGHTS) {
    if (!keepGoing()) return null;
    await api.appendUpload(id, start * 4, piece(start, Math.min(count, start + PIECE_HEIGHTS)));
  }
  return keepGoing() ? id : null;
}

/** A stack as sent: its data inline when it fits one piece, else uploaded first; null when `keepGoing` stopped it. */
async function sendableLayers(api: UploadApi, layers: LayersPayload, keepGoing: () => boolean = () => true): Promise<WireLayersPayload | null> {
  const { data, ...rest } = layers;
  if (data.byteLength <= UPLOAD_PIECE_MAX_BYTES) return layers;
  const id = await uploadHeights(api, data.byteLength / 4, (start, end) => data.subarray(start * 4, end * 4), keepGoing);
  return id === null ? null : { ...rest, dataUpload: id };
}

/** Heights as sent: inline when they fit one piece, else uploaded first (they are a private copy already). */
export async function sendableHeights(api: UploadApi, heights: Uint8Array): Promise<{ heights: Uint8Array } | { heightsUpload: string }> {
  if (heights.byteLength <= UPLOAD_PIECE_MAX_BYTES) return { heights };
  const id = await uploadHeights(
    api,
    heights.byteLength / 4,
    (start, end) => heights.subarray(start * 4, end * 4),
    () => true,
  );
  if (id === null) throw new Error('the upload of the heights stopped');
  return { heightsUpload: id };
}

/** A payload as sent: inline when its heights fit one piece, else uploaded first (it is a private copy already); the stack the same. */
export async function sendablePayload(api: UploadApi, payload: ProjectPayload): Promise<WireProjectPayload> {
  const layers = payload.layers ? await sendableLayers(api, payload.layers) : null;
  return { json: payload.json, ...(await sendableHeights(api, payload.heights)), ...(layers ? { layers } : {}) };
}

/**
 * The document as it is now, for the recovery journal, without a whole-map copy: the heights go in
 * pieces copied from the live document. Edits may come between pieces; `unchanged` tells whether the
 * document is still the version the journal started from, and when it is not, this gives up (null)
 * rather than send a mix of two versions: the change has a journal of its own coming.
 */
export async function journalPayload(api: UploadApi, doc: TerrainDocument, view: SavedView, unchanged: () => boolean): Promise<WireProjectPayload | null> {
  const json = projectJsonOf(doc, view);
  const { heights } = doc.field;
  // The stack is compiled now (its blobs copied), the heights sent in pieces from the live document.
  const layers = await sendableLayers(api, layersPayloadOf(doc), unchanged);
  if (!layers) return null;
  if (heights.byteLength <= UPLOAD_PIECE_MAX_BYTES) return { json, heights: heightBytes(heights), layers };
  const id = await uploadHeights(api, heights.length, (start, end) => heightBytes(heights, start, end), unchanged);
  return id === null ? null : { json, heightsUpload: id, layers };
}
