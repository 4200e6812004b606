/**
 * Water crossings: where a road's centreline runs through water, each contiguous wet stretch is a
 * crossing, and the user chooses per crossing a **ford** (the road sits on the bed, as any road on
 * the ground) or a **bridge** (the road keeps its profile over the water: a deck, straight between
 * its two abutments on the banks, and the land under it left as it was).
 *
 * The choice is saved with the road (`RoadParams.crossings`) as the wet stretch it was made for, in
 * metres along the road, so it survives small edits: a crossing found again takes the choice whose
 * stretch overlaps it. A crossing with no saved choice is a ford (so the heights of a road saved
 * before crossings do not change); the report suggests a bridge where the water is deeper than the
 * shallowest car can ford.
 */
import { heightAt } from '../terrain/surface';

/** What the spans need of a centreline: its station count and spacing (metres). */
interface Stations {
  n: number;
  ds: number;
}

export type CrossingKind = 'ford' | 'bridge';
export const CROSSING_KINDS: readonly CrossingKind[] = ['ford', 'bridge'];

/** A saved choice: the wet stretch it was made for (metres along the road) and the kind. */
export interface CrossingChoice {
  from: number;
  to: number;
  kind: CrossingKind;
  /**
   * A bridge's water: the highest water surface over the wet stretch when it was chosen, metres. The
   * deck's road stands at or above it. Absent in choices saved before it (their decks clear the banks' levels
   * only, as they did), and in fords.
   */
  surface?: number;
}

/** The shallowest car preset's fording depth (the hatchback's, shared/vehicle/physics/cars.ts), metres. */
export const SHALLOWEST_FORDING_DEPTH = 0.3;

/** The deck runs this far onto each bank past the water (its abutments), metres, and at least 3 cells. */
export const BRIDGE_ABUTMENT = 3;

/** The deck slab's thickness under the road surface, and its railings' height and width, metres. */
export const DECK_THICKNESS = 0.8;
export const RAILING_HEIGHT = 1;
export const RAILING_WIDTH = 0.25;

/** Station range (integer stations, inclusive) of a bridge's deck: abutment to abutment. */
export interface BridgeSpan {
  a: number;
  b: number;
}

/** A wet stretch of the road, with its choice. */
export interface Crossing {
  /** Metres along the road: first and last wet station. */
  from: number;
  to: number;
  length: number;
  /** Deepest water on the centreline, metres. */
  maxDepth: number;
  /** Highest water surface on the centreline (ground + depth), metres; null without the ground. */
  surface: number | null;
  kind: CrossingKind;
  /** Whether the kind was chosen (saved), rather than the default ford. */
  chosen: boolean;
  /** Ford where the shallowest car can wade it, else bridge. */
  suggested: CrossingKind;
}

const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }): boolean => a.from <= b.to && b.from <= a.to;

/** The saved choice for a wet stretch: the first whose stretch overlaps it. */
export function choiceFor(choices: readonly CrossingChoice[] | undefined, from: number, to: number): CrossingChoice | undefined {
  return choices?.find((c) => overlaps(c, { from, to }));
}

/** Metres of water at each station of a centreline (x, z per station) on a map of water depths per vertex, 0 where dry. */
export function stationDepths(
  line: { n: number; x: Float64Array; z: Float64Array },
  water: Float32Array,
  size: { width: number; depth: number; cellSize: number },
): Float64Array {
  const field = { ...size, heights: water };
  const out = new Float64Array(line.n);
  for (let k = 0; k < line.n; k++) out[k] = Math.max(0, heightAt(field, line.x[k], line.z[k]) || 0);
  return out;
}

/**
 * The crossings of a road whose centreline has `depth[k]` metres of water at station k (0 dry), over
 * `ground[k]` (the land under the road; without it no surface is given).
 */
export function findCrossings(depth: ArrayLike<number>, ds: number, choices?: readonly CrossingChoice[], ground?: ArrayLike<number>): Crossing[] {
  const out: Crossing[] = [];
  let k = 0;
  while (k < depth.length) {
    if (!(depth[k] > 0)) {
      k++;
      continue;
    }
    const first = k;
    let deepest = 0;
    let surface = -Infinity;
    for (; k < depth.length && depth[k] > 0; k++) {
      deepest = Math.max(deepest, depth[k]);
      if (ground) surface = Math.max(surface, ground[k] + depth[k]);
    }
    const from = first * ds;
    const to = (k - 1) * ds;
    const saved = choiceFor(choices, from, to);
    out.push({
      from,
      to,
      length: to - from,
      maxDepth: deepest,
      surface: Number.isFinite(surface) ? surface : null,
      kind: saved?.kind ?? 'ford',
      chosen: saved !== undefined,
      suggested: deepest <= SHALLOWEST_FORDING_DEPTH ? 'ford' : 'bridge',
    });
  }
  return out;
}

/**
 * The saved choices with `kind` for the stretch from…to: any choice overlapping it is replaced, so
 * one stretch has one choice. A bridge keeps the water's `surface` there (Crossing.surface) when given.
 * Pure: a new array.
 */
export function withChoice(
  choices: readonly CrossingChoice[] | undefined,
  from: number,
  to: number,
  kind: CrossingKind,
  surface?: number | null,
): CrossingChoice[] {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const kept = (choices ?? []).filter((c) => !overlaps(c, { from, to }));
  const choice: CrossingChoice = { from: round(from), to: round(to), kind };
  if (kind === 'bridge' && typeof surface === 'number' && Number.isFinite(surface)) choice.surface = round(surface);
  return [...kept, choice].sort((p, q) => p.from - q.from);
}

/** The first problem with a stored `crossings` value, or null. */
export function crossingChoicesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'crossings must be a list of { "from", "to", "kind" } (a bridge may add "surface")';
  for (const [n, c] of value.entries()) {
    if (typeof c !== 'object' || c === null || Array.isArray(c)) return `crossing ${n + 1} must be { "from", "to", "kind" }`;
    const choice = c as Record<string, unknown>;
    for (const key of Object.keys(choice)) if (!['from', 'to', 'kind', 'surface'].includes(key)) return `crossing ${n + 1} has an unknown field "${key}"`;
    const { from, to, kind } = choice;
    if (typeof from !== 'number' || typeof to !== 'number' || !Number.isFinite(from) || !Number.isFinite(to) || from < 0 || to < from)
      return `crossing ${n + 1}: from and to must be metres along the road, 0 ≤ from ≤ to`;
    if (!(CROSSING_KINDS as readonly unknown[]).includes(kind)) return `crossing ${n + 1}: kind must be "ford" or "bridge"`;
    const { surface } = choice;
    if (surface !== undefined && (typeof surface !== 'number' || !Number.isFinite(surface))) return `crossing ${n + 1}: surface must be a height in metres`;
  }
  return null;
}

/** How many stations past each abutment's station the road still writes the land (so the deck's ends lie on written road). */
export const abutmentStations = (line: Pick<Stations, 'ds'>, cellSize: number): number => Math.ceil((2 * cellSize) / line.ds);

/** The bridges' decks in stations: each bridge's stretch grown by the abutments, clamped to the road, overlapping ones merged. */
export function bridgeSpans(choices: readonly CrossingChoice[] | undefined, line: Stations, cellSize: number): BridgeSpan[] {
  const pad = Math.max(BRIDGE_ABUTMENT, 3 * cellSize);
  const spans = (choices ?? [])
    .filter((c) => c.kind === 'bridge')
    .map((c) => ({ a: Math.max(0, Math.floor((c.from - pad) / line.ds)), b: Math.min(line.n - 1, Math.ceil((c.to + pad) / line.ds)) }))
    .filter((s) => s.b > s.a && s.a < line.n - 1)
    .sort((p, q) => p.a - q.a);
  const merged: BridgeSpan[] = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.a <= last.b) last.b = Math.max(last.b, s.b);
    else merged.push({ ...s });
  }
  return merged;
}

/**
 * The water under a bridge meets the ground at the wet stretch's edges, and its surface lies between
 * the two edges' heights (a river crossed at a slant falls from one to the other): each end of a span
 * has the level of the dry ground just outside the wet stretch on its side. A deck straight between
 * abutments at or above their own levels stays above the water.
 */
/**
 * A deck's two bank levels: the dry ground just outside its wet stretch at its start (a) and end (b);
 * and the highest water surface saved with its bridges (−∞ when none was saved).
 */
export interface SpanLevels {
  a: number;
  b: number;
  water: number;
}

export function spanLevels(spans: readonly BridgeSpan[], choices: readonly CrossingChoice[] | undefined, ds: number, ground: Float64Array): SpanLevels[] {
  const last = ground.length - 1;
  return spans.map((s) => {
    let a = -Infinity;
    let b = -Infinity;
    let water = -Infinity;
    let first = Infinity;
    let end = -Infinity;
    for (const c of choices ?? []) {
      if (c.kind !== 'bridge') continue;
      const w0 = Math.round(c.from / ds);
      const w1 = Math.round(c.to / ds);
      if (w1 < s.a || w0 > s.b) continue;
      if (c.surface !== undefined) water = Math.max(water, c.surface);
      if (w0 < first) [first, a] = [w0, ground[Math.max(0, w0 - 1)]];
      if (w1 > end) [end, b] = [w1, ground[Math.min(last, w1 + 1)]];
    }
    return { a, b, water };
  });
}

/** Metres a deck's end may lie below its level (the heights are float32: the bank itself must pass). */
const LEVEL_TOLERANCE = 0.01;

/**
 * The spans with each abutment moved outward (by `step` stations, to the road's ends at most) where
 * the profile `y` there is below its level; null when none moved.
 */
export function spansAboveWater(spans: readonly BridgeSpan[], levels: readonly { a: number; b: number }[], y: Float64Array, step: number): BridgeSpan[] | null {
  let moved = false;
  const out = spans.map((s, n) => {
    const a = y[s.a] < levels[n].a - LEVEL_TOLERANCE && s.a > 0 ? Math.max(0, s.a - step) : s.a;
    const b = y[s.b] < levels[n].b - LEVEL_TOLERANCE && s.b < y.length - 1 ? Math.min(y.length - 1, s.b + step) : s.b;
    moved ||= a !== s.a || b !== s.b;
    return { a, b };
  });
  return moved ? out : null;
}

/** The span holding (fractional) station `st` strictly inside, or undefined. */
export const spanAt = (spans: readonly BridgeSpan[], st: number): BridgeSpan | undefined => spans.find((s) => st > s.a && st < s.b);

/**
 * The ground a bridged road's profile is fitted to: under each span a straight line between the
 * ground at its abutments (the profile then does not dip towards the bed). Pure.
 */
export function groundOverSpans(ground: Float64Array, spans: readonly BridgeSpan[], levels?: readonly SpanLevels[], step = 0): Float64Array {
  if (spans.length === 0) return ground;
  const out = Float64Array.from(ground);
  spans.forEach(({ a, b }, n) => {
    for (let k = a; k <= b; k++) out[k] = Math.max(deckFloor(levels?.[n], a, b, k, step), ground[a] + ((ground[b] - ground[a]) * (k - a)) / (b - a));
  });
  return out;
}

/**
 * The least height of a deck's road at station k of its span a–b: straight between its ends' bank
 * levels (the water lies under that line), or, where the banks differ by more than the grade allows,
 * the higher bank's level falling at the grade (`step` metres a station) — so the least deck keeps
 * the grade. Where the water's surface was saved, the whole deck's road is also at or above it, as at
 * the banks' levels: a pond whose outflow runs on along the road lies above the line between its banks
 * (the road leaves the water downstream, lower than the pond). −∞ without levels.
 */
function deckFloor(level: SpanLevels | undefined, a: number, b: number, k: number, step: number): number {
  if (!level || !Number.isFinite(level.a) || !Number.isFinite(level.b)) return -Infinity;
  const straight = level.a + ((level.b - level.a) * (k - a)) / (b - a);
  return Math.max(straight, level.a - step * (k - a), level.b - step * (b - k), level.water);
}

/**
 * A fitted profile held at or above each deck's least height over its span, the approaches ramping
 * down to the fit at the maximum grade (`step` metres a station): a road whose fit runs in cut below
 * the banks, down a slope steeper than its grade, still carries its deck over the water, on fill.
 */
export function liftToDecks(y: Float64Array, spans: readonly BridgeSpan[], levels: readonly SpanLevels[], step: number): Float64Array {
  spans.forEach(({ a, b }, n) => {
    const at = (k: number) => deckFloor(levels[n], a, b, k, step);
    const start = at(a);
    const end = at(b);
    if (!Number.isFinite(start)) return;
    for (let k = 0; k < y.length; k++) y[k] = Math.max(y[k], k < a ? start - step * (a - k) : k > b ? end - step * (k - b) : at(k));
  });
  return y;
}

/** The profile with each deck straight between its abutments' heights (in place). */
export function straightenDecks(y: Float64Array, spans: readonly BridgeSpan[]): Float64Array {
  for (const { a, b } of spans) for (let k = a + 1; k < b; k++) y[k] = y[a] + ((y[b] - y[a]) * (k - a)) / (b - a);
  return y;
}
