export const MAX_LINE_LENGTH: number;
export const TEXT_ROOTS: string[];
export const US_SPELLING_ALLOWED: ReadonlySet<string>;
export function usSpelledIdentifiers(file: string, text: string): { line: number; name: string }[];
export function longLines(text: string, limit?: number): { line: number; length: number }[];
export function textProblems(sources: ReadonlyMap<string, string>): string[];
export function readTextSources(repo: string, roots?: readonly string[]): Map<string, string>;
