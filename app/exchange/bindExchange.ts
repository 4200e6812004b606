import type { EditorSession } from '../editorSession';
import { createInProcessCodecs } from './codecOps';
import { Exchange } from './exchange';

const exchanges = new WeakMap<EditorSession, Exchange>();

/** The session's import/export flows (created on first use with in-process codecs; the window swaps in a worker). */
export function exchangeFor(session: EditorSession): Exchange {
  let exchange = exchanges.get(session);
  if (!exchange) {
    exchange = new Exchange({ editor: session.editor, api: session.api, tools: session.tools, codecs: createInProcessCodecs() });
    // Mask rules may use where the document's last hydraulic erosion ran water and left sediment.
    exchange.setErosionMasksProvider(() => session.editor.document.erosionMasks);
    exchanges.set(session, exchange);
  }
  return exchange;
}

/** File ▸ Import Heightmap…, Export Heightmap…, Export Mesh…. */
export function bindExchangeCommands(session: EditorSession): void {
  const exchange = exchangeFor(session);
  const idle = () => {
    const s = exchange.store.getState();
    return s.importDialog === null && !s.exportOpen;
  };
  session.commands.bind('file.import', { run: () => exchange.beginImport(), enabled: idle });
  session.commands.bind('file.exportHeightmap', { run: () => exchange.beginExport('heightmap'), enabled: idle });
  session.commands.bind('file.exportMesh', { run: () => exchange.beginExport('mesh'), enabled: idle });
}
