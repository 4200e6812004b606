// The tree's shape, checked by `npm run lint` (issue 33): no two folders of production code import each
// other (a mutual pair hides a layer inside a top folder), and no production file in `app/` is over
// MAX_APP_FILE_LINES lines or has a function over MAX_FUNCTION_LINES; with them, the text rules of
// scripts/textRules.mjs (identifiers spelled colour, no line over 160 characters). Exits 1 naming every breach.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { importGraph, readSources } from './import-cycles.mjs';
import { readTextSources, textProblems } from './textRules.mjs';

/** Folders of production code (tests, `testing/` helpers, benches and e2e may import across). */
export const PRODUCTION_ROOTS = ['shared', 'app', 'renderer', 'main'];
export const MAX_APP_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 150;

/**
 * Mutual pairs still waiting for their fix on another branch, each as `a <-> b` with a < b. An entry
 * that no longer matches a pair fails the check too, so it is removed as soon as the fix lands.
 */
export const KNOWN_MUTUAL_PAIRS = [];

/** Whether `file` is production code: not a test, not a test helper under a `testing/` folder. */
export function isProduction(file) {
  return !/\.test\.tsx?$/.test(file) && !file.split('/').includes('testing') && PRODUCTION_ROOTS.includes(file.split('/')[0]);
}

/** Whether one folder holds the other (a folder and its own subfolder are one concept, not a pair). */
function nested(a, b) {
  return a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/**
 * Pairs of folders whose files import each other (neither folder inside the other), each with one
 * import each way as evidence: [{ pair: 'a <-> b', forward: 'x => y', back: 'y2 => x2' }], sorted.
 */
export function mutualFolderPairs(graph) {
  const edges = new Map();
  for (const [file, targets] of graph) {
    const from = path.posix.dirname(file);
    for (const target of targets) {
      const to = path.posix.dirname(target);
      if (from === to || nested(from, to)) continue;
      const key = `${from}\n${to}`;
      if (!edges.has(key)) edges.set(key, `${file} => ${target}`);
    }
  }
  const pairs = [];
  for (const [key, forward] of edges) {
    const [from, to] = key.split('\n');
    if (from < to && edges.has(`${to}\n${from}`)) pairs.push({ pair: `${from} <-> ${to}`, forward, back: edges.get(`${to}\n${from}`) });
  }
  return pairs.sort((a, b) => (a.pair < b.pair ? -1 : 1));
}

/** Functions (declarations, methods, arrows, expressions) longer than `limit` lines in one file's text. */
export function longFunctions(file, text, limit = MAX_FUNCTION_LINES) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ line: first + 1, lines, name: node.name ? node.name.getText(source) : '(anonymous)' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every breach of the shape's rules in `sources` (path → text), as messages. */
export function structureProblems(sources, known = KNOWN_MUTUAL_PAIRS) {
  const production = new Map([...sources].filter(([file]) => isProduction(file)));
  const problems = [];
  const pairs = mutualFolderPairs(importGraph(production));
  const knownSet = new Set(known);
  for (const { pair, forward, back } of pairs) {
    if (!knownSet.has(pair)) problems.push(`folders import each other: ${pair} (${forward}; ${back}) — settle one direction`);
  }
  const found = new Set(pairs.map((p) => p.pair));
  for (const pair of known) if (!found.has(pair)) problems.push(`scripts/structure.mjs: the known pair ${pair} is gone: remove it from KNOWN_MUTUAL_PAIRS`);
  for (const [file, text] of production) {
    if (!file.startsWith('app/')) continue;
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_APP_FILE_LINES) problems.push(`${file}: ${lines} lines, over ${MAX_APP_FILE_LINES} — split it by concept`);
    for (const f of longFunctions(file, text)) problems.push(`${file}:${f.line}: function ${f.name} is ${f.lines} lines, over ${MAX_FUNCTION_LINES}`);
  }
  return { problems, pairs: pairs.length, files: production.size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { problems, pairs, files } = structureProblems(readSources(repo, PRODUCTION_ROOTS));
  // The text rules (one spelling, line length) run here too, so `npm run lint` holds them.
  problems.push(...textProblems(readTextSources(repo)));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  const known = KNOWN_MUTUAL_PAIRS.length ? ` (${KNOWN_MUTUAL_PAIRS.length} known, awaiting their fix)` : '';
  console.log(
    `structure: ${files} production modules, ${pairs} mutual folder pairs${known}, app/ files and functions within their limits; ` +
      'identifiers spelled colour, no line over 160 characters',
  );
}
