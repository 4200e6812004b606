// Test helper run as a separate process by fileSet.kill.test.ts: writes two versions of one file set
// (as a command with several outputs does: writeFileSet) over and over until it is killed.
import { fileSetVersion } from './fileSetVersions';
import { writeFileSet } from '../fileSet';

async function main(): Promise<void> {
  const targets = process.argv.slice(2);
  for (let n = 0; ; n++) {
    const version = n % 2;
    await writeFileSet(targets.map((path, k) => ({ path, bytes: fileSetVersion(version, k) })));
    if (n === 0) process.stdout.write('ready\n');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
