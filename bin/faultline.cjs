#!/usr/bin/env node
// The `faultline` command: runs the bundled CLI (built by `npm run build:main`).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const bundledCli = path.join(__dirname, '..', 'dist', 'cli', 'faultline.cjs');
if (!fs.existsSync(bundledCli)) {
  process.stderr.write(`faultline: the CLI is not built (${bundledCli} is missing). Run \`npm run build:main\` in ${path.dirname(__dirname)} first.\n`);
  process.exit(1);
}
require(bundledCli);
