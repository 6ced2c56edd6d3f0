import { deleteExpiredDrafts, remindUntouchedDrafts } from '../../applications';
import type { JobTask } from '../task';

/**
 * Online drafts nobody finishes (issue 34): a reminder at 80 days untouched, deletion with their
 * files at 90. Daily at 04:15 in Zurich, after the night's backup has kept what it keeps.
 */
export const draftExpiryTask: JobTask = {
  name: 'draft-expiry',
  title: 'Application draft expiry',
  summary:
    'Reminds applicants of online drafts untouched for 80 days, and deletes drafts untouched for 90 days with their documents.',
  schedule: { cron: '15 4 * * *', words: 'Every day at 04:15' },
  runNow: 'at-once',
  maxAttempts: 5,
  async run({ db, config }) {
    const reminded = await remindUntouchedDrafts(db, {
      mailFrom: config.mailFrom,
      portalUrl: config.portalUrl,
    });
    return { reminded, deleted: await deleteExpiredDrafts(db) };
  },
};
