export const ROOTS: string[];
export const KNOWN_CYCLES: string[][];
export function importSpecifiers(text: string): string[];
export function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string | null;
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]>;
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][];
export function cyclePath(graph: ReadonlyMap<string, readonly string[]>, component: readonly string[]): string[];
export function checkCycles(cycles: readonly string[][], known: readonly string[][]): { unexpected: string[][]; stale: string[][] };
export function readSources(repo: string, roots?: readonly string[]): Map<string, string>;
