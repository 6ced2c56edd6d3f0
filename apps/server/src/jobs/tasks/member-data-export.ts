import {
  dataExportMaxAttempts,
  dataExportTask,
  makeDataExport,
  markDataExportFailed,
} from '../../data-exports';
import type { BackgroundTask } from '../task';

/**
 * A member's data export (issue 35, "Download our data"): queued with the request in its
 * transaction; makes the ZIP and keeps it 24 hours. Idempotent: an export already ready is
 * answered as it is, and one whose instance died is made again from the start (nothing of a
 * half-made archive is ever written). When its last attempt fails, the member sees it failed.
 */
export const memberDataExportTask: BackgroundTask = {
  name: dataExportTask,
  title: 'Member data export',
  summary:
    "A ZIP of a member's record, users, invoices, credit notes, payments, certificates and their history, asked for in the member portal.",
  maxAttempts: dataExportMaxAttempts,
  async run({ db, config, payload, run, progress }) {
    const exportId = typeof payload.exportId === 'string' ? payload.exportId : '';
    try {
      const made = await makeDataExport(db, exportId, {
        publicUrl: config.publicUrl,
        runId: run.id,
        progress,
      });
      return made.outcome === 'made'
        ? { outcome: made.outcome, sizeBytes: made.sizeBytes, ...made.counts }
        : { outcome: made.outcome };
    } catch (error) {
      if (run.attempt >= dataExportMaxAttempts) await markDataExportFailed(db, exportId);
      throw error;
    }
  },
};
