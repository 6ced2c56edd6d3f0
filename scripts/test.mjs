// `npm test`: every test layer, in order, on a fresh machine. Each layer runs even when an
// earlier one failed, so one run shows everything that is wrong. The last line counts the tests
// of all layers ("tests: N passed, N failed"), read from the runners' JSON reports.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-results');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const steps = [
  // Both single-threaded: side by side on two cores they take the time of the longer one.
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'], besideNext: true },
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  {
    name: 'unit and API tests (Vitest, real PostgreSQL)',
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'vitest.json')}`,
    ],
  },
  { name: 'production build', command: 'npm', args: ['run', '--silent', 'build'] },
  {
    // Issue 30: a runner that exits 0 on a failing test makes every layer above look green.
    name: 'each runner exits non-zero on a failing test',
    command: 'node',
    args: ['scripts/check-runner-exit.mjs'],
    requires: () => (fs.existsSync(chromium) ? null : `${chromium} is missing`),
  },
  {
    name: `end-to-end tests (Playwright, ${chromium})`,
    command: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    requires: () =>
      fs.existsSync(chromium)
        ? null
        : `${chromium} is missing: apt-get install chromium (or set CHROMIUM_PATH)`,
  },
];

const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };
const failedSteps = [];

function report(step, status, started) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    failedSteps.push(step.name);
    console.log(`=== ${step.name}: FAILED after ${seconds} s`);
  } else {
    console.log(`=== ${step.name}: ok in ${seconds} s`);
  }
}

/** A step run in the background, its output held and printed whole when it ends. */
function startBeside(step) {
  const started = Date.now();
  const child = spawn(step.command, step.args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return {
    async finish() {
      const status = await done;
      console.log(`\n=== ${step.name}`);
      process.stdout.write(Buffer.concat(output));
      report(step, status, started);
    },
  };
}

let beside = null;
for (const step of steps) {
  const missing = step.requires?.();
  if (missing) {
    console.log(`\n=== ${step.name}`);
    console.log(missing);
    failedSteps.push(step.name);
    continue;
  }
  if (step.besideNext) {
    beside = startBeside(step);
    continue;
  }
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env });
  report(step, result.status, started);
  if (beside) {
    await beside.finish();
    beside = null;
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  } catch {
    return null;
  }
}
const vitest = readJson('vitest.json');
const e2e = readJson('e2e.json');
const passed =
  (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length || failed ? 1 : 0);
