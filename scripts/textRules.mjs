// Rules on the text of the code, checked by `npm run lint` through scripts/structure.mjs (issue 33): one spelling,
// `colour`, for our identifiers, and no line over MAX_LINE_LENGTH characters (Prettier wraps code at that width but
// not strings and comments). Exits 1 naming every breach when run alone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_LINE_LENGTH = 160;
/** Where the rules hold: every folder of code, tests and helpers included, and the root's config files. */
export const TEXT_ROOTS = ['shared', 'app', 'renderer', 'main', 'e2e', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'release', 'test-results', 'playwright-report', '.artifacts']);

/**
 * Identifiers spelled `color` that are not ours to rename: three.js (`Material({ color })`, `Color`, the
 * `vertexColors` flag, instanced colours, colour spaces, shader chunk names), WebGL, glTF 2.0's names (the
 * `COLOR_0` attribute, a material's `baseColorFactor`), the DOM's style keys and a canvas gradient's `addColorStop`, an
 * environment variable of the test tools, and `colorMode`, a key of the saved view settings (settings files and
 * projects; renaming it would change the files). Anything else is spelled `colour`.
 */
export const US_SPELLING_ALLOWED = new Set([
  'color',
  'Color',
  'vertexColors',
  'instanceColor',
  'setColorAt',
  'colorSpace',
  'NoColorSpace',
  'SRGBColorSpace',
  'LinearSRGBColorSpace',
  'diffuseColor',
  'fogColor',
  'COLOR_BUFFER_BIT',
  'COLOR_ATTACHMENT0',
  'COLOR_0',
  'baseColorFactor',
  'backgroundColor',
  'borderColor',
  'addColorStop',
  'FORCE_COLOR',
  'colorMode',
]);

/** Identifiers (not strings or comments) spelled `color` in one file's text, outside the allowed list: [{ line, name }]. */
export function usSpelledIdentifiers(file, text) {
  if (!/color/i.test(text)) return [];
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && /color/i.test(node.text) && !US_SPELLING_ALLOWED.has(node.text)) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, name: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Lines over `limit` characters, 1-based. A line that holds an address (`http://`, `https://`) is let through: an
 * address is one word, and a broken one cannot be followed.
 */
export function longLines(text, limit = MAX_LINE_LENGTH) {
  const found = [];
  text.split('\n').forEach((line, k) => {
    if ([...line].length > limit && !/https?:\/\//.test(line)) found.push({ line: k + 1, length: [...line].length });
  });
  return found;
}

/** Every breach of the text rules in `sources` (path → text), as messages. */
export function textProblems(sources) {
  const problems = [];
  for (const [file, text] of sources) {
    for (const { line, name } of usSpelledIdentifiers(file, text)) problems.push(`${file}:${line}: "${name}": spell it colour (our identifiers say colour)`);
    for (const { line, length } of longLines(text))
      problems.push(`${file}:${line}: ${length} characters, over ${MAX_LINE_LENGTH} — break the string or comment`);
  }
  return problems;
}

/** The text of every source file under `roots` and the root's own `*.ts`/`*.mjs` (tests and helpers included). */
export function readTextSources(repo, roots = TEXT_ROOTS) {
  const sources = new Map();
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(repo, relative))) {
      if (SKIP.has(entry)) continue;
      const child = relative ? `${relative}/${entry}` : entry;
      const stats = statSync(path.join(repo, child));
      if (stats.isDirectory()) {
        if (relative) walk(child);
      } else if (SOURCE.test(entry) && !/\.d\.m?ts$/.test(entry)) sources.set(child, readFileSync(path.join(repo, child), 'utf8'));
    }
  };
  walk('');
  for (const root of roots) if (statSync(path.join(repo, root), { throwIfNoEntry: false })?.isDirectory()) walk(root);
  return sources;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = textProblems(readTextSources(repo));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log('text: one spelling (colour), no line over 160 characters');
}
