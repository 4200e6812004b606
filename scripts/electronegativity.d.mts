import type { Finding } from './electronegativity-report.mjs';
export function stageForScan(builtRoot: string, scanDir: string): string[];
export function scanFolder(folder: string): Promise<{ findings: Finding[]; unscanned: string[] }>;
