export interface Finding {
  issue: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  description: string;
}
export function parseCsv(text: string): string[][];
export function parseElectronegativityCsv(text: string): Finding[];
export function blockingFindings(findings: Finding[]): Finding[];
export function formatFinding(finding: Finding): string;
