import type { SessionCore } from '../sessionTypes';
import type { ExchangeCodecs } from './codecOps';
import { Exchange } from './exchange';
import { createMaskDataProvider } from '../roads/roadReportMasks';
import { surfaceCoverNow } from '../document/surfaceCover';

/** The session's import/export flows and their bound commands. */
export interface ExchangeFeature {
  readonly exchange: Exchange;
  /** Unbinds the commands and closes an open export dialog (stopping its pending mask preview). */
  dispose(): void;
}

/** Creates the import/export flows over the given codecs (a worker in the window, in-process in tests) and binds their commands. */
export function createExchangeFeature(session: Pick<SessionCore, 'editor' | 'api' | 'tools' | 'commands'>, codecs: ExchangeCodecs): ExchangeFeature {
  const exchange = new Exchange({ editor: session.editor, api: session.api, tools: session.tools, codecs });
  // Mask rules may use where the document's last hydraulic erosion ran water and left sediment (on the final
  // surface, as the view draws it: none where brush strokes above it moved the ground), and the road footprint.
  exchange.setErosionMasksProvider(createMaskDataProvider(() => ({ ...session.editor.document, erosionMasks: surfaceCoverNow(session.editor) })));
  const unbind = bindExchangeCommands(session, exchange);
  return {
    exchange,
    dispose() {
      unbind();
      if (exchange.store.getState().exportOpen) exchange.cancelExport();
    },
  };
}

/** File ▸ Import Heightmap…, Export Heightmap…, Export Mesh…; enabled while no exchange dialog is open. Returns the unbind. */
export function bindExchangeCommands(session: Pick<SessionCore, 'commands'>, exchange: Exchange): () => void {
  const { commands } = session;
  const idle = () => {
    const s = exchange.store.getState();
    return s.importDialog === null && !s.exportOpen;
  };
  const unbinders = [
    commands.bind('file.import', { run: () => exchange.beginImport(), enabled: idle }),
    commands.bind('file.exportHeightmap', { run: () => exchange.beginExport('heightmap'), enabled: idle }),
    commands.bind('file.exportMesh', { run: () => exchange.beginExport('mesh'), enabled: idle }),
    commands.watch(exchange.store),
  ];
  return () => unbinders.forEach((unbind) => unbind());
}
