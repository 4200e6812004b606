export const PRODUCTION_ROOTS: string[];
export const MAX_APP_FILE_LINES: number;
export const MAX_FUNCTION_LINES: number;
export const KNOWN_MUTUAL_PAIRS: string[];
export function isProduction(file: string): boolean;
export function mutualFolderPairs(graph: ReadonlyMap<string, readonly string[]>): { pair: string; forward: string; back: string }[];
export function longFunctions(file: string, text: string, limit?: number): { line: number; lines: number; name: string }[];
export function structureProblems(sources: ReadonlyMap<string, string>, known?: readonly string[]): { problems: string[]; pairs: number; files: number };
