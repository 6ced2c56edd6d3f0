import { runEndorsementDaily } from '../../applications';
import type { JobTask } from '../task';

/**
 * Endorsements by link (issue 34): reminders to the national association at 7 and 14 days, and
 * at 30 days without an answer the application moves on to headquarters, marked "endorsement
 * overdue". Daily at 08:00 in Zurich, in the associations' working day.
 */
export const endorsementRemindersTask: JobTask = {
  name: 'endorsement-reminders',
  title: 'Endorsement reminders',
  summary:
    'Reminds national associations of endorsements waiting 7 and 14 days; at 30 days moves the application on to headquarters as endorsement overdue.',
  schedule: { cron: '0 8 * * *', words: 'Every day at 08:00' },
  runNow: 'at-once',
  maxAttempts: 5,
  async run({ db, config }) {
    return runEndorsementDaily({ db, mailFrom: config.mailFrom, portalUrl: config.portalUrl });
  },
};
