import type { TJobSchedule } from '@ops/contract/jobs';
import { nightlyBackupTaskName as backup } from '@ops/contract/backups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { silentLogger } from '../../test/database';
import { setClockForTests } from '../lib/clock';
import { syncSchedules } from './schedules';
import { jobTasks } from './tasks';
import { enqueueDueSchedules } from './tick';

/**
 * Issue 30: the schedules in Europe/Zurich across the changes of 2027, on real PostgreSQL. The
 * nightly backup at 02:30 runs exactly once on 28 March (there is no 02:30: it runs at 03:30
 * summer time, the hour after) and exactly once on 31 October (02:30 happens twice: it runs at
 * the second, 02:30 winter time), with the tick called every five minutes through the night as
 * graphile-worker's crontab calls it every minute; and the Jobs screen shows each schedule's
 * next run as it will happen.
 */
describe('schedules across the changes to and from summer time', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    setClockForTests(null);
  });

  /** Ticks from `from` to `to` every five minutes; the names queued, with the tick's instant. */
  async function tickThrough(from: string, to: string) {
    const queued: { name: string; at: string }[] = [];
    for (let at = Date.parse(from); at <= Date.parse(to); at += 5 * 60_000) {
      const instant = new Date(at);
      for (const name of await enqueueDueSchedules(t.database.db, silentLogger, instant)) {
        queued.push({ name, at: instant.toISOString() });
      }
    }
    return queued;
  }

  const schedules = async (cookie: string) => {
    const response = await t.app.inject({ url: '/api/jobs/schedules', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return new Map(
      response.json<TJobSchedule[]>().map((schedule) => [schedule.name, schedule.nextRunAt]),
    );
  };

  it('runs the 02:30 backup once on 28 March 2027, at 03:30 summer time', async () => {
    // Noon the day before: the schedules are set as a server starting then sets them.
    await t.database.db.deleteFrom('job_schedules').execute();
    await syncSchedules(t.database.db, jobTasks, new Date('2027-03-27T11:00:00Z'));
    setClockForTests('2027-03-28T00:30:00Z'); // 01:30 in Zurich, winter time
    const cookie = await signInAsNewOperator(t, 'spring@example.org', ['admin']);
    const before = await schedules(cookie);
    expect(before.get(backup)).toBe('2027-03-28T01:30:00.000Z'); // 03:30 CEST
    expect(before.get('dunning-run')).toBe('2027-03-28T04:00:00.000Z'); // 06:00 CEST
    expect(before.get('certificate-expiry-sweep')).toBe('2027-03-28T01:30:00.000Z'); // 03:30 CEST

    // 22:00 on the 27th to 10:00 on the 28th in Zurich.
    const queued = await tickThrough('2027-03-27T21:00:00Z', '2027-03-28T08:00:00Z');
    const backups = queued.filter((run) => run.name === backup);
    expect(backups).toEqual([{ name: backup, at: '2027-03-28T01:30:00.000Z' }]);
    expect(queued.filter((run) => run.name === 'dunning-run')).toHaveLength(1);
    // Hourly: 01:00 (CET) then 03:00 (CEST), one hour apart in UTC; 02:00 does not exist.
    const hourly = queued.filter((run) => run.name === 'auth-maintenance').map((run) => run.at);
    expect(hourly).toContain('2027-03-28T00:00:00.000Z');
    expect(hourly).toContain('2027-03-28T01:00:00.000Z');
    expect(new Set(hourly).size).toBe(hourly.length);

    const after = await schedules(cookie);
    expect(after.get(backup)).toBe('2027-03-29T00:30:00.000Z'); // 02:30 CEST
  });

  it('runs the 02:30 backup once on 31 October 2027, though 02:30 happens twice', async () => {
    await t.database.db.deleteFrom('job_schedules').execute();
    await syncSchedules(t.database.db, jobTasks, new Date('2027-10-30T10:00:00Z'));
    setClockForTests('2027-10-31T00:45:00Z'); // 02:45 summer time, before the clocks go back
    const cookie = await signInAsNewOperator(t, 'autumn@example.org', ['admin']);
    const before = await schedules(cookie);
    expect(before.get(backup)).toBe('2027-10-31T01:30:00.000Z'); // 02:30 CET
    expect(before.get('dunning-run')).toBe('2027-10-31T05:00:00.000Z'); // 06:00 CET

    const queued = await tickThrough('2027-10-30T20:00:00Z', '2027-10-31T09:00:00Z');
    expect(queued.filter((run) => run.name === backup)).toEqual([
      { name: backup, at: '2027-10-31T01:30:00.000Z' },
    ]);
    expect(queued.filter((run) => run.name === 'dunning-run')).toHaveLength(1);
    expect(queued.filter((run) => run.name === 'certificate-expiry-sweep')).toHaveLength(1);

    const after = await schedules(cookie);
    expect(after.get(backup)).toBe('2027-11-01T01:30:00.000Z'); // 02:30 CET
  });
});
