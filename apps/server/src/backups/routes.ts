import { can } from '@ops/contract';
import {
  ZBackups,
  ZBackupSettings,
  ZBackupSettingsUpdate,
  ZBackupsQuery,
} from '@ops/contract/backups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { operatorActor } from '../http/actor';
import { listBackups } from './records';
import { updateBackupSettings } from './update-settings';
import { apiRoutes } from '../http/api-route';

/**
 * Nightly backups (issue 20): the retention and the backups the job made, read by every
 * operator (as the Jobs screen is); the retention is changed by those who manage jobs (admin).
 * Making a backup now is the Jobs screen's Run now of `nightly-backup` (`/api/jobs/...`).
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'backups');

  route({
    method: 'GET',
    url: '/api/backups',
    summary:
      'The retention setting and the backups the nightly job made, newest first (50 a page); the folder for those who manage jobs',
    querystring: ZBackupsQuery,
    response: ZBackups,
    handler: async (request) =>
      listBackups(app.deps.db, {
        // A path on the server: shown to those who may run the job, not to every operator.
        backupDir: can(requireSession(request).roles, 'jobs.manage')
          ? app.deps.config.backupDir
          : null,
        before: request.query.before,
      }),
  });

  route({
    method: 'PUT',
    url: '/api/backups/settings',
    permission: 'jobs.manage',
    summary: 'Changes how many days the nightly backups are kept (1–3,650), with the version read',
    body: ZBackupSettingsUpdate,
    response: ZBackupSettings,
    handler: async (request) =>
      updateBackupSettings(app.deps.db, operatorActor(request), request.body),
  });
};
