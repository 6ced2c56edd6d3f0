// The closing line of a CI run (`.ci/run`): the tests of every layer that ran, read from the
// runners' JSON reports in .test-results (`npm test`'s Vitest and Playwright, and the calendar
// runs of `npm run test:calendar`). Exits 1 when any failed or none ran.
import fs from 'node:fs';
import path from 'node:path';

const reports = path.resolve(import.meta.dirname, '..', '.test-results');
const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
const vitest = read(path.join(reports, 'vitest.json'));
const e2e = read(path.join(reports, 'e2e.json'));
const calendarDir = path.join(reports, 'calendar');
const calendar = fs.existsSync(calendarDir)
  ? fs.readdirSync(calendarDir).map((file) => read(path.join(calendarDir, file)))
  : [];
const vitestRuns = [vitest, ...calendar].filter(Boolean);
const passed =
  vitestRuns.reduce((sum, run) => sum + run.numPassedTests, 0) +
  (e2e?.stats?.expected ?? 0) +
  (e2e?.stats?.flaky ?? 0);
const failed =
  vitestRuns.reduce((sum, run) => sum + run.numFailedTests, 0) + (e2e?.stats?.unexpected ?? 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed || passed === 0 ? 1 : 0);
