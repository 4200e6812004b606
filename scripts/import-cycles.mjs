// Finds import cycles the way the compiler sees the code: `import type`, `export … from` and dynamic
// `import()` count as much as a value import (ESLint's import-x/no-cycle skips type-only imports, so
// a cycle through types passed it). Run by `npm run lint`; exits 1 naming every cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Folders whose modules make up the program (tests included: they import like any module). */
export const ROOTS = ['shared', 'app', 'renderer', 'main', 'bench', 'scripts', 'e2e'];
const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP = new Set(['node_modules', 'dist', 'release', 'test-results', 'playwright-report', '.artifacts']);

/**
 * Cycles still waiting for their fix on another branch, each as its sorted module list. An entry that
 * no longer matches a cycle fails the check too, so it is removed as soon as the fix lands.
 */
/** Cycles waiting for their fix (none now): listed here they do not fail the check, and an entry that is gone does. */
export const KNOWN_CYCLES = [];

/** Every relative module specifier in `text`: static, type-only, re-exports, `import()` and `require()`. */
export function importSpecifiers(text) {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName).filter((name) => name.startsWith('./') || name.startsWith('../'));
}

/** The file a relative specifier names, or null when it is not one of `files`. */
export function resolveSpecifier(from, specifier, files) {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|cjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** The import graph over `sources` (path → text, paths relative to the repository, '/'-separated). */
export function importGraph(sources) {
  const files = new Set(sources.keys());
  const graph = new Map();
  for (const [file, text] of sources) {
    const targets = new Set();
    for (const specifier of importSpecifiers(text)) {
      const target = resolveSpecifier(file, specifier, files);
      if (target !== null && target !== file) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * Every cycle, as the strongly connected components with more than one module (Tarjan's algorithm,
 * iterative so a deep graph cannot overflow the stack); each sorted, the list sorted by first module.
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** One path around a cycle, for the message: a → b → … → a. */
export function cyclePath(graph, component) {
  const members = new Set(component);
  const start = component[0];
  // Breadth-first from start back to start, inside the component.
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const route = [node];
        while (route[0] !== start) route.unshift(previous.get(route[0]));
        return [...route, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...component, start];
}

/** Cycles not in `known`, and entries of `known` that match no cycle (fixed: remove them). */
export function checkCycles(cycles, known) {
  const key = (list) => [...list].sort().join(' ');
  const knownKeys = new Set(known.map(key));
  const found = new Set(cycles.map(key));
  return { unexpected: cycles.filter((c) => !knownKeys.has(key(c))), stale: known.filter((k) => !found.has(key(k))) };
}

/** Reads every source file under the roots of `repo`. */
export function readSources(repo, roots = ROOTS) {
  const sources = new Map();
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(repo, relative))) {
      if (SKIP.has(entry)) continue;
      const child = `${relative}/${entry}`;
      const stats = statSync(path.join(repo, child));
      if (stats.isDirectory()) walk(child);
      else if (SOURCE.test(entry) && !entry.endsWith('.d.ts') && !entry.endsWith('.d.mts')) sources.set(child, readFileSync(path.join(repo, child), 'utf8'));
    }
  };
  for (const root of roots) {
    try {
      if (statSync(path.join(repo, root)).isDirectory()) walk(root);
    } catch {
      // A root that is not there has no modules.
    }
  }
  return sources;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const sources = readSources(repo);
  const graph = importGraph(sources);
  const { unexpected, stale } = checkCycles(findCycles(graph), KNOWN_CYCLES);
  for (const cycle of unexpected) {
    const route = cyclePath(graph, cycle);
    const rest = cycle.filter((m) => !route.includes(m));
    console.error(`import cycle (type imports included): ${route.join(' → ')}${rest.length ? `; also in it: ${rest.join(', ')}` : ''}`);
  }
  for (const entry of stale) console.error(`scripts/import-cycles.mjs: the known cycle ${entry.join(', ')} is gone: remove it from KNOWN_CYCLES`);
  if (unexpected.length > 0 || stale.length > 0) process.exit(1);
  console.log(`import-cycles: ${sources.size} modules, no cycles${KNOWN_CYCLES.length ? ` (besides ${KNOWN_CYCLES.length} known, awaiting its fix)` : ''}`);
}
