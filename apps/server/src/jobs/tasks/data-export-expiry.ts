import { expireDataExports } from '../../data-exports';
import { expirySweepTask } from './expiry-sweep';

/**
 * Members' data exports are kept 24 hours (issue 35): hourly, the bytes of the expired ones are
 * dropped (the rows stay: who asked, when, what it held). The download refuses an expired
 * export by its time in any case, so an hour's delay frees only space later.
 */
export const dataExportExpiryTask = expirySweepTask(
  {
    name: 'data-export-expiry',
    title: 'Data export expiry',
    summary: "Deletes members' data exports 24 hours after they were made.",
    schedule: { cron: '40 * * * *', words: 'Every hour at :40' },
  },
  expireDataExports,
);
