/**
 * Fuzzy matching for the command palette: the query's characters must appear in order in the text
 * (case-insensitive). Higher scores for consecutive runs and matches at word starts; null = no match.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.trim().toLowerCase();
  if (q === '') return 0;
  const t = text.toLowerCase();
  let score = 0;
  let ti = 0;
  let previous = -2;
  for (const ch of q) {
    if (ch === ' ') continue;
    const found = t.indexOf(ch, ti);
    if (found < 0) return null;
    score += 1;
    if (found === previous + 1) score += 3;
    if (found === 0 || /[\s.:\-_/]/.test(t[found - 1])) score += 2;
    score -= Math.min(3, (found - ti) * 0.1);
    previous = found;
    ti = found + 1;
  }
  return score;
}

/** Items that match, best first; ties keep their original order. */
export function fuzzyFilter<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const scored: Array<{ item: T; score: number; index: number }> = [];
  items.forEach((item, index) => {
    const score = fuzzyScore(query, textOf(item));
    if (score !== null) scored.push({ item, score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((s) => s.item);
}
