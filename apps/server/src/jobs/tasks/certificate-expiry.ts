import { expireCertificates } from '../../certificates';
import { expirySweepTask } from './expiry-sweep';

/**
 * Issued certificates past their valid-to date become expired. Daily at 03:30 in Zurich, which
 * is always after midnight UTC (the date the sweep compares with), so a certificate valid to
 * 31 December is expired on the night that follows, whatever the season.
 */
export const certificateExpiryTask = expirySweepTask(
  {
    name: 'certificate-expiry-sweep',
    title: 'Certificate expiry sweep',
    summary: 'Marks issued certificates whose valid-to date has passed as expired.',
    schedule: { cron: '30 3 * * *', words: 'Every day at 03:30' },
  },
  expireCertificates,
);
