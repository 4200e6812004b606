import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import type { WaterFeature } from '../../shared/hydrology/waterFeatures';
import { WATER_LIMITS } from '../../shared/hydrology/waterParams';
import { waterList } from '../../app/water/waterList';
import { noRiverHintFor } from '../../app/water/noRiverHint';
import { useCommandState } from '../session';
import { CommitField } from './LayersPanel';
import { metres, squareMetres, WaterFeatureRow } from './WaterFeatureRow';

/** How many rivers and how many lakes the lists show (the largest first). */
const LISTED = 40;
/** How long after the last change of the document the lists are found again. */
const LIST_DELAY_MS = 150;

/**
 * The Water section: the automatic water layer's parameters (each change one undo entry, evaluated
 * in a worker), Show Water, and the rivers and lakes of the document's water — clicking one shows it
 * in both views (tinted), clicking it again lets it go.
 */
export function WaterPanel({ session }: { session: EditorSession }) {
  const { editor, water, commands } = session;
  const model = water.model;
  const version = useStore(editor.store, (s) => s.version);
  const resultsVersion = useStore(editor.store, (s) => s.resultsVersion);
  const running = useStore(session.design.jobs.store, (s) => s.running);
  const { selectedId, message, finding, findingProgress, featuresVersion } = useStore(model.store);
  const show = useCommandState('view.toggleWater');
  const layer = model.layer();
  // The list follows the document a moment after it settles: a drag or stroke under the water
  // changes it every frame, and finding the rivers and lakes of a large map is a whole-map pass (in
  // a worker: the last list stays while the next is found).
  const [features, setFeatures] = useState<readonly WaterFeature[]>([]);
  const hasWater = editor.document.water !== null;
  // Why no river formed (issue 31's default river area is about a whole 512 m map): read once the
  // document settles, as the list is; the figure came with the water from the worker.
  const [noRiver, setNoRiver] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const { document } = editor;
      const automatic = model.layer();
      setNoRiver(automatic?.enabled && document.water ? noRiverHintFor(document.water, automatic.params) : null);
      if (!hasWater) return setFeatures([]);
      const found = model.features();
      if (found) setFeatures(found.features);
    }, LIST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [editor, model, hasWater, version, resultsVersion, featuresVersion]);
  const { rivers, shortChannels, shortestListed, lakes } = waterList(features, editor.document.field.cellSize);

  const row = (feature: WaterFeature, name: string) => (
    <WaterFeatureRow
      key={feature.id}
      feature={feature}
      name={name}
      selected={feature.id === selectedId}
      onClick={() => model.select(feature.id === selectedId ? null : feature.id)}
    />
  );

  return (
    <section className="panel-section" aria-label="Water" data-testid="water-panel">
      <h2>Water</h2>
      <label className="check" title="Rivers and lakes drawn in both views (the sea plane is in the View tab)">
        <input type="checkbox" data-testid="water-show" checked={show.pressed === true} onChange={() => void commands.execute('view.toggleWater')} />
        Show water
      </label>
      {!layer && (
        <>
          <p className="hint">No water yet: automatic water puts rivers where enough land drains to them and lakes in the hollows.</p>
          <button type="button" data-testid="water-add" disabled={running} onClick={() => void commands.execute('water.add')}>
            Add automatic water
          </button>
        </>
      )}
      {layer && (
        <>
          <p className="hint">
            “{layer.name}”{layer.enabled ? '' : ' (hidden)'}: rivers start where {squareMetres(layer.params.riverArea)} drain to them; width and depth grow with
            the area.
          </p>
          <div className="field-row">
            <CommitField
              label="River area (m²)"
              testId="water-river-area"
              value={layer.params.riverArea}
              disabled={running}
              onCommit={(value) => void model.setParam('riverArea', value)}
            />
            <CommitField
              label="Min lake area (m²)"
              testId="water-min-lake-area"
              value={layer.params.minLakeArea}
              disabled={running}
              onCommit={(value) => void model.setParam('minLakeArea', value)}
            />
          </div>
          <div className="field-row">
            <CommitField
              label="Width scale"
              testId="water-width-scale"
              value={layer.params.widthScale}
              disabled={running}
              onCommit={(value) => void model.setParam('widthScale', value)}
            />
            <CommitField
              label="Depth scale"
              testId="water-depth-scale"
              value={layer.params.depthScale}
              disabled={running}
              onCommit={(value) => void model.setParam('depthScale', value)}
            />
          </div>
          <label
            className="check"
            title={
              `Every depression of at least the minimum area holds a lake (river ` +
              `area ${WATER_LIMITS.riverArea[0]}–${WATER_LIMITS.riverArea[1].toExponential(0)} m²)`
            }
          >
            <input
              type="checkbox"
              data-testid="water-lakes"
              checked={layer.params.lakes}
              disabled={running}
              onChange={(e) => void model.setParam('lakes', e.target.checked)}
            />
            Lakes
          </label>
          <div className="field-row">
            <CommitField
              label="Min lake depth (m)"
              testId="water-min-lake-depth"
              value={layer.params.minLakeDepth ?? 0}
              disabled={running}
              onCommit={(value) => void model.setParam('minLakeDepth', value)}
            />
          </div>
        </>
      )}
      {hasWater && (
        <>
          {finding && (
            <p className="hint" data-testid="water-finding">
              Finding rivers and lakes… {Math.round(findingProgress * 100)} %
            </p>
          )}
          {noRiver && (
            <p className="hint" data-testid="water-no-river">
              {noRiver}
            </p>
          )}
          <h3>Rivers ({rivers.length})</h3>
          <ol className="layer-list" data-testid="water-rivers">
            {rivers.slice(0, LISTED).map((f, k) => row(f, `River ${k + 1}`))}
          </ol>
          {rivers.length > LISTED && <p className="hint">… and {rivers.length - LISTED} shorter ones.</p>}
          {shortChannels > 0 && (
            <p className="hint" data-testid="water-short-channels">
              {shortChannels === 1 ? 'One channel' : `${shortChannels} channels`} under {metres(shortestListed)}, not listed.
            </p>
          )}
          <h3>Lakes ({lakes.length})</h3>
          <ol className="layer-list" data-testid="water-lakes-list">
            {lakes.slice(0, LISTED).map((f, k) => row(f, `Lake ${k + 1}`))}
          </ol>
          {lakes.length > LISTED && <p className="hint">… and {lakes.length - LISTED} smaller ones.</p>}
        </>
      )}
      {message && (
        <p className="panel-message" role="status" data-testid="water-message">
          {message}
        </p>
      )}
    </section>
  );
}
