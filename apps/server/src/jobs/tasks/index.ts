import type { JobTask } from '../task';
import { authMaintenanceTask } from './auth-maintenance';
import { certificateExpiryTask } from './certificate-expiry';
import { dunningRunTask } from './dunning-run';
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
];

export function findJobTask(name: string): JobTask | undefined {
  return jobTasks.find((task) => task.name === name);
}
