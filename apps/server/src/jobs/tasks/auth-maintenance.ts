import { deleteExpiredAuthData } from '../../auth';
import type { JobTask } from '../task';

/** The sign-in data clean-up, hourly (it ran on a timer in every instance before issue 17). */
export const authMaintenanceTask: JobTask = {
  name: 'auth-maintenance',
  title: 'Sign-in data clean-up',
  summary:
    'Deletes expired sessions, used or expired link codes, stale redirect sign-ins and throttle counters.',
  schedule: { cron: '0 * * * *', words: 'Every hour, on the hour' },
  runNow: 'at-once',
  maxAttempts: 3,
  async run({ db }) {
    return await deleteExpiredAuthData(db);
  },
};
