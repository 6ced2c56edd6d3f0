import type { BackgroundTask, JobTask } from '../task';
import { authMaintenanceTask } from './auth-maintenance';
import { bankImportFollowUpTask } from './bank-import-follow-up';
import { certificateExpiryTask } from './certificate-expiry';
import { dataExportExpiryTask } from './data-export-expiry';
import { draftExpiryTask } from './draft-expiry';
import { dunningRunTask } from './dunning-run';
import { endorsementRemindersTask } from './endorsement-reminders';
import { memberDataExportTask } from './member-data-export';
import { nightlyBackupTask } from './nightly-backup';
import { renewalRunTask } from './renewal-run';

/**
 * Every task on the queue, each with its schedule (a row of `job_schedules`, kept in step at
 * start). A new periodic job is its file here and one line in this list.
 */
export const jobTasks: readonly JobTask[] = [
  certificateExpiryTask,
  authMaintenanceTask,
  renewalRunTask,
  dunningRunTask,
  nightlyBackupTask,
  endorsementRemindersTask,
  draftExpiryTask,
  dataExportExpiryTask,
];

/** Tasks only code queues, in the transaction that causes them (no schedule, no Run now). */
export const backgroundTasks: readonly BackgroundTask[] = [
  bankImportFollowUpTask,
  memberDataExportTask,
];

/** A task with a schedule (Run now, Pause, the tick). */
export function findJobTask(name: string): JobTask | undefined {
  return jobTasks.find((task) => task.name === name);
}

/** Any task the runner runs, scheduled or background (a run's title). */
export function findAnyTask(name: string): BackgroundTask | undefined {
  return findJobTask(name) ?? backgroundTasks.find((task) => task.name === name);
}
