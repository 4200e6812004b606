export interface Finding {
  issue: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  description: string;
}
export function readScanReport(text: string): { findings: Finding[]; unscanned: string[] };
export function blockingUnscanned(unscanned: string[]): string[];
export function blockingFindings(findings: Finding[]): Finding[];
export function formatFinding(finding: Finding): string;
