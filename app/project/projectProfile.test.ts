import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument, documentRecipe } from '../document/document';
import { faultsLayer } from '../../shared/layers/migrate';
import { documentFromPayload, payloadOf, projectDataOf } from './mapping';
import { DEFAULT_VIEW_SETTINGS } from '../../shared/ipc/contract';

const VIEW = { ...DEFAULT_VIEW_SETTINGS, colorMode: 'slope', map2dMode: 'grayscale', wireframe: true } as const;

function smoothDocument() {
  return createDocument(createHeightfield(9, 5, 1.5), [
    faultsLayer({ seed: 3, iterations: 30, lineMethod: 'normal', decay: { disp0: 2, dispN: 0.1, n: 20 }, profile: { kind: 'smooth', width: 12 } }),
  ]);
}

describe('a recipe profile in the document ⇄ project mapping', () => {
  it('goes through a payload and back', () => {
    const loaded = documentFromPayload(payloadOf(smoothDocument(), VIEW), 's.faultline');
    expect(documentRecipe(loaded.document)?.profile).toEqual({ kind: 'smooth', width: 12 });
  });

  it('is checked again when a payload crosses into the editor', () => {
    const doc = smoothDocument();
    const data = projectDataOf(doc, VIEW);
    const heights = payloadOf(doc, VIEW).heights;
    const json = JSON.stringify({ ...data, recipe: { ...data.recipe, profile: { kind: 'smooth', width: -1 } } });
    expect(() => documentFromPayload({ json, heights }, 'p.faultline')).toThrow(/^p\.faultline: project recipe: fault width must be .* got -1/);
  });
});
