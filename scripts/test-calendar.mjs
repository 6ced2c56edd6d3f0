// `npm run test:calendar`: the Vitest suite (unit and API tests on the embedded PostgreSQL) run
// with the machine's clock moved to the calendar's edges by libfaketime (Debian's `faketime`),
// which moves Node, its timers and the PostgreSQL it starts together. Its outcome must not depend
// on the day or hour it runs (issue 30): every instant below must be as green as today.
//
//   npm run test:calendar                      every instant, one after the other
//   npm run test:calendar -- new-year-zurich   one instant, by its name (CI runs one)
//   npm run test:calendar -- 2027-05-01T08:00:00Z [vitest arguments…]   any instant
//
// The last line counts the tests of all runs ("calendar: N passed, N failed"), read from the
// runner's JSON reports: faketime does not pass on the wrapped command's exit status reliably.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-results', 'calendar');

/** Each instant as headquarters reads it, and why it is an edge. */
export const calendarInstants = [
  {
    name: 'new-years-eve-zurich',
    zurich: '2026-12-31T23:30:00+01:00',
    why: 'still the old year in Zurich, the new one nowhere yet',
  },
  {
    name: 'new-year-zurich',
    zurich: '2027-01-01T00:30:00+01:00',
    why: 'already the new year in Zurich, still 31 December in UTC',
  },
  { name: 'leap-day', zurich: '2028-02-29T12:00:00+01:00', why: 'a leap day' },
  {
    name: 'spring-forward',
    // 02:30 does not exist on that day: clocks jump from 02:00 to 03:00; read as 03:30 summer time.
    zurich: '2027-03-28T03:30:00+02:00',
    why: '02:30 in Zurich does not exist (02:00 → 03:00)',
  },
  {
    name: 'fall-back',
    // The first of the two 02:30s (summer time); the second is an hour later in UTC.
    zurich: '2027-10-31T02:30:00+02:00',
    why: '02:30 in Zurich happens twice (03:00 → 02:00)',
  },
];

const [selector, ...vitestArgs] = process.argv.slice(2);
const chosen = !selector
  ? calendarInstants
  : (() => {
      const named = calendarInstants.find((instant) => instant.name === selector);
      if (named) return [named];
      if (!Number.isNaN(Date.parse(selector))) {
        return [{ name: 'custom', zurich: selector, why: 'given on the command line' }];
      }
      console.error(
        `Unknown instant "${selector}": name one of ${calendarInstants.map((i) => i.name).join(', ')}, or give an ISO instant.`,
      );
      process.exit(2);
    })();

const faketimeCheck = spawnSync('faketime', ['--help'], { stdio: 'ignore' });
if (faketimeCheck.error) {
  console.error(
    'faketime is missing: apt-get install faketime (Debian) to run the calendar tests.',
  );
  process.exit(1);
}

fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

/** `2026-12-31 22:30:00`: faketime's own format, read in UTC (TZ=UTC below). */
const utcStamp = (iso) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

let passed = 0;
let failed = 0;
const failedRuns = [];
for (const instant of chosen) {
  const report = path.join(reports, `${instant.name}.json`);
  const stamp = utcStamp(instant.zurich);
  console.log(`\n=== calendar: ${instant.name}, ${instant.zurich} (${stamp} UTC): ${instant.why}`);
  const started = performance.now();
  const result = spawnSync(
    'faketime',
    [
      stamp,
      'npx',
      'vitest',
      'run',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...vitestArgs,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      // The machine's zone stays UTC, so that the fake time is read as written; the product reads
      // headquarters' day from its clock, whatever the machine's zone (lib/clock.ts).
      env: { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  let counts = null;
  try {
    counts = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    // No report: the run did not get as far as its tests.
  }
  const runPassed = counts?.numPassedTests ?? 0;
  const runFailed = counts ? counts.numFailedTests : 1;
  passed += runPassed;
  failed += runFailed;
  const ok = counts && runFailed === 0 && counts.numFailedTestSuites === 0 && runPassed > 0;
  if (!ok) failedRuns.push(instant.name);
  console.log(
    `=== calendar: ${instant.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds} s (${runPassed} passed, ${runFailed} failed; exit ${result.status})`,
  );
}

console.log('');
if (failedRuns.length) console.log(`Failed instants: ${failedRuns.join(', ')}`);
console.log(`calendar: ${passed} passed, ${failed} failed`);
process.exit(failedRuns.length ? 1 : 0);
