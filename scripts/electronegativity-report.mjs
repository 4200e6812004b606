// Reading electronegativity's CSV report and deciding pass/fail. Kept apart from the runner so it can be unit tested.

/** Parses RFC-4180-style CSV (quoted fields, "" escapes, commas and newlines inside quotes). */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0].trim() === ''));
}

/** Turns the report into findings keyed by its header (issue, severity, confidence, filename, location, sample, description, url). */
export function parseElectronegativityCsv(text) {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const columns = header.map((name) => name.trim().toLowerCase());
  for (const required of ['issue', 'severity']) {
    if (!columns.includes(required)) throw new Error(`electronegativity CSV has no "${required}" column (header: ${header.join(',')})`);
  }
  return rows.map((cells) => {
    const record = Object.fromEntries(columns.map((name, index) => [name, (cells[index] ?? '').trim()]));
    return {
      issue: record.issue,
      severity: record.severity.toUpperCase(),
      confidence: (record.confidence ?? '').toUpperCase(),
      file: record.filename ?? '',
      location: record.location ?? '',
      description: record.description ?? '',
    };
  });
}

/** The findings that fail the check: any HIGH severity issue. */
export function blockingFindings(findings) {
  return findings.filter((finding) => finding.severity === 'HIGH');
}

export function formatFinding(finding) {
  const where = finding.file && finding.file !== 'N/A' ? ` ${finding.file}:${finding.location}` : '';
  return `${finding.severity.padEnd(13)} ${finding.issue}${where} — ${finding.description}`;
}
