import type { WaterFeature } from '../../shared/hydrology/waterFeatures';

/** A length in the lists' short units: m, or km from 1000 m. */
export const metres = (value: number): string => (value >= 1000 ? `${(value / 1000).toFixed(2)} km` : `${value.toFixed(value < 10 ? 1 : 0)} m`);
/** An area in the lists' short units: m², or km² from 1 km². */
export const squareMetres = (value: number): string => (value >= 1e6 ? `${(value / 1e6).toFixed(2)} km²` : `${Math.round(value).toLocaleString('en-US')} m²`);
const metresInWords = (value: number): string => (value >= 1000 ? `${(value / 1000).toFixed(2)} kilometres` : `${value.toFixed(value < 10 ? 1 : 0)} metres`);
const squareMetresInWords = (value: number): string =>
  value >= 1e6 ? `${(value / 1e6).toFixed(2)} square kilometres` : `${Math.round(value).toLocaleString('en-US')} square metres`;

/**
 * A depth in the lists' short units and in words. From 0.1 m, metres to a decimetre; below, centimetres, so a shallow
 * creek (its deepest vertex a few centimetres under its surface) does not read "0.0 m deep", and under 1 cm "under 1 cm".
 */
export function depthText(value: number): { short: string; words: string } {
  if (value <= 0) return { short: '0 m', words: '0 metres' };
  const cm = Math.round(value * 100);
  if (cm >= 10) return { short: `${value.toFixed(1)} m`, words: `${value.toFixed(1)} metres` };
  if (cm < 1) return { short: 'under 1 cm', words: 'under 1 centimetre' };
  return { short: `${cm} cm`, words: `${cm} ${cm === 1 ? 'centimetre' : 'centimetres'}` };
}

/** A river's or a lake's line in the Water section's lists: short units, and the same in words as its tooltip. */
export function waterRowText(feature: WaterFeature): { detail: string; title: string } {
  const depth = depthText(feature.maxDepth);
  const deep = `${depth.short} deep`;
  const deepInWords = `${depth.words} deep at its deepest`;
  return feature.kind === 'river'
    ? { detail: `${metres(feature.length)} long · ${deep}`, title: `${metresInWords(feature.length)} long along its channel, ${deepInWords}` }
    : { detail: `${squareMetres(feature.area)} · ${deep}`, title: `${squareMetresInWords(feature.area)} of water, ${deepInWords}` };
}

/** One row of the Water section's river or lake list: clicking it shows the feature in both views, clicking again lets it go. */
export function WaterFeatureRow({ feature, name, selected, onClick }: { feature: WaterFeature; name: string; selected: boolean; onClick: () => void }) {
  const { detail, title } = waterRowText(feature);
  return (
    <li
      className="layer-row"
      data-testid={`water-${feature.kind}-${feature.id}`}
      aria-selected={selected}
      onClick={onClick}
      title={`${name}: ${title}. Click to show it in both views; click again to let it go.`}
    >
      <span className="layer-name">{name}</span>
      <span className="hint">{detail}</span>
    </li>
  );
}
