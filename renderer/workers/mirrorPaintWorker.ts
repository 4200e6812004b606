/// <reference lib="webworker" />
/** Colours the lakes' mirror of the whole map (renderer/viewport/look/mirrorColours.ts) off the main thread. */
import { writeMirrorColours, type MirrorColourAsk } from '../viewport/look/mirrorColours';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<MirrorColourAsk>) => {
  const ask = event.data;
  const colours = new Uint8Array(4 * ask.width * ask.depth);
  writeMirrorColours(ask, colours);
  scope.postMessage(colours, [colours.buffer]);
};
