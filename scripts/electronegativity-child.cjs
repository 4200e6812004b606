// Runs electronegativity's programmatic API on one folder and writes its findings as JSON, in one
// synchronous write. Its CLI writes the CSV report with two unawaited fs.writeFile calls (header, then
// rows with flag 'a') that race: a scan sometimes left a header-only report and passed silently.
// Usage: node electronegativity-child.cjs FOLDER OUT.json [ELECTRON_VERSION]
'use strict';
const { writeFileSync } = require('node:fs');
const run = require('@doyensec/electronegativity');

const [folder, outPath, electronVersion] = process.argv.slice(2);
run({ input: folder, output: undefined, isRelative: false, electronVersionOverride: electronVersion }, false)
  .then((result) => {
    const findings = result.issues.map((issue) => ({
      issue: issue.id,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      file: issue.file,
      location: `${issue.location.line}:${issue.location.column}`,
      description: issue.description,
    }));
    const failedFiles = result.errors.filter((error) => !error.tolerable).map((error) => `${error.file}: ${error.message}`);
    writeFileSync(outPath, JSON.stringify({ findings, failedFiles }));
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.stack : String(error));
    process.exit(1);
  });
