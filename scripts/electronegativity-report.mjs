// Reading electronegativity's findings and deciding pass/fail. Kept apart from the runner so it can be unit tested.

const SEVERITIES = new Set(['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL']);

/**
 * Reads the JSON the scan child writes: `{ findings: Finding[], failedFiles: string[] }` (files the
 * tool could not parse, "path: reason"; they were not scanned, and the caller decides what that means).
 */
export function readScanReport(text) {
  const report = JSON.parse(text);
  if (!report || !Array.isArray(report.findings) || !Array.isArray(report.failedFiles)) {
    throw new Error('electronegativity report has no findings/failedFiles lists');
  }
  const findings = report.findings.map((finding) => {
    if (typeof finding?.issue !== 'string' || !SEVERITIES.has(finding.severity)) {
      throw new Error(`electronegativity report has a malformed finding: ${JSON.stringify(finding)}`);
    }
    return {
      issue: finding.issue,
      severity: finding.severity,
      confidence: String(finding.confidence ?? ''),
      file: String(finding.file ?? ''),
      location: String(finding.location ?? ''),
      description: String(finding.description ?? ''),
    };
  });
  return { findings, unscanned: report.failedFiles.map(String) };
}

/**
 * Unscanned files that fail the check: the main process and preload, where the window and session
 * settings live. The renderer bundle uses syntax the tool's parser predates (class static blocks);
 * its CSP is checked through index.html, which is scanned.
 */
export function blockingUnscanned(unscanned) {
  return unscanned.filter((entry) => !/[\\/]renderer[\\/]assets[\\/][^:]*\.js:/.test(entry));
}

/** The findings that fail the check: any HIGH severity issue. */
export function blockingFindings(findings) {
  return findings.filter((finding) => finding.severity === 'HIGH');
}

export function formatFinding(finding) {
  const where = finding.file && finding.file !== 'N/A' ? ` ${finding.file}:${finding.location}` : '';
  return `${finding.severity.padEnd(13)} ${finding.issue}${where} — ${finding.description}`;
}
