import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WaterFeature } from '../../shared/hydrology/waterFeatures';
import { WaterFeatureRow } from './WaterFeatureRow';

const feature = (kind: 'river' | 'lake', length: number, area: number, maxDepth: number): WaterFeature => ({
  id: 3,
  kind,
  vertices: 10,
  length,
  area,
  maxDepth,
  top: 10,
  bottom: 9,
  bounds: { i0: 0, j0: 0, i1: 4, j1: 4 },
});

function row(f: WaterFeature, name: string): { text: string; title: string } {
  const html = renderToStaticMarkup(createElement(WaterFeatureRow, { feature: f, name, selected: false, onClick: () => undefined }));
  const title = /title="([^"]*)"/.exec(html)?.[1] ?? '';
  return {
    text: html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    title,
  };
}

// Issue 34: every abbreviation in a table has a tooltip. The Water section's lists show lengths, areas and depths in
// short units (m, km, m², km²); each row's tooltip says them in words.
describe('a river or lake row of the Water section', () => {
  it('shows short units and spells them out in its tooltip, with what a click does', () => {
    const river = row(feature('river', 1234, 0, 0.42), 'River 1');
    expect(river.text).toBe('River 1 1.23 km long · 0.4 m deep');
    expect(river.title).toBe(
      'River 1: 1.23 kilometres long along its channel, 0.4 metres deep at its deepest. Click to show it in both views; click again to let it go.',
    );
    const creek = row(feature('river', 86, 0, 0.1), 'River 2');
    expect(creek.text).toContain('86 m long');
    expect(creek.title).toContain('86 metres long');
    const lake = row(feature('lake', 0, 12_345, 1.25), 'Lake 1');
    expect(lake.text).toBe('Lake 1 12,345 m² · 1.3 m deep');
    expect(lake.title).toContain('12,345 square metres of water, 1.3 metres deep at its deepest');
    expect(row(feature('lake', 0, 2.5e6, 3), 'Lake 2').title).toContain('2.50 square kilometres');
  });
});

// Issue 34 audit G5: a river's row read "0.0 m deep" (River 10 of the tour's water screen): its deepest vertex a few
// centimetres under the surface, rounded to a decimetre. No wet feature is 0 m deep; below 0.1 m the row says centimetres.
describe('a shallow river row', () => {
  it('says its depth in centimetres, never "0.0 m"', () => {
    const shallow = row(feature('river', 86, 0, 0.04), 'River 10');
    expect(shallow.text).toBe('River 10 86 m long · 4 cm deep');
    expect(shallow.title).toContain('4 centimetres deep at its deepest');
    expect(row(feature('river', 86, 0, 0.012), 'River 11').text).toContain('1 cm deep');
    expect(row(feature('river', 86, 0, 0.012), 'River 11').title).toContain('1 centimetre deep');
    expect(row(feature('river', 86, 0, 0.003), 'River 12').text).toContain('under 1 cm deep');
    expect(row(feature('lake', 0, 500, 0.0951), 'Lake 3').text).toContain('0.1 m deep');
    for (const d of [0.001, 0.004, 0.03, 0.049, 0.06]) expect(row(feature('river', 86, 0, d), 'R').text).not.toMatch(/\b0(\.0)? m deep/);
  });
});
