/**
 * Every name the window may suggest or announce for a file main writes follows one rule
 * (shared/fileNames.ts), whichever channel carries it (issue 38: suggested save names accepted
 * `con.png`, `..`, `a.png.`, direction overrides, zero-width characters and lone surrogates).
 */
import { describe, expect, it } from 'vitest';
import { validateRequestArgs, type RequestChannel } from './contract';

const HOSTILE = ['con.png', 'CON.faultline', '..', 'a.png.', 'gnp\u202Eexe.png', 'a\u200Bb.png', '\uFEFFmap.png', 'a\uD800.png', '\uDC00.png', 'a\u0085.png'];

/** The request of each channel that carries a suggested name, with that name. */
const requests: Partial<Record<RequestChannel, (name: string) => unknown>> = {
  'file:saveBytesAs': (defaultName) => ({ title: 'Export', defaultName, filters: [], bytes: new Uint8Array(1) }),
  'project:saveAs': (defaultName) => ({ defaultName, payload: { json: '{}', heights: new Uint8Array(4) } }),
  'file:chooseExportDirectory': (name) => ({ title: 'Export', fileNames: ['ok.png', name] }),
};

describe('suggested and announced file names', () => {
  for (const [channel, request] of Object.entries(requests) as [RequestChannel, (name: string) => unknown][]) {
    it(`${channel} refuses what Windows reserves or drops, invisible characters and lone surrogates`, () => {
      expect(() => validateRequestArgs(channel, [request('valley.png')])).not.toThrow();
      for (const name of HOSTILE)
        expect(() => validateRequestArgs(channel, [request(name)]), JSON.stringify(name)).toThrow(
          /(reserves|folder reference|ends in a space or a dot|invisible|surrogate|not a plain file name)/,
        );
    });
  }

  it('an export never announces two names that are one file on Windows and macOS', () => {
    expect(() => validateRequestArgs('file:chooseExportDirectory', [{ title: 'Export', fileNames: ['Tile.png', 'b.png', 'tile.png'] }])).toThrow(
      /"tile\.png" is named twice \(names differing only in case/,
    );
    expect(() => validateRequestArgs('file:chooseExportDirectory', [{ title: 'Export', fileNames: ['Tile.png', 'tile_1.png'] }])).not.toThrow();
  });
});
