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

/**
 * Nightly backups (issue 20): the retention and the backups the job made, read by every
 * operator (as the Jobs screen is); the retention is changed by those who manage jobs (admin).
 * Making a backup now is the Jobs screen's Run now of `nightly-backup` (`/api/jobs/...`).
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/backups',
    {
      schema: {
        tags: ['backups'],
        summary:
          'The retention setting and the backups the nightly job made, newest first (50 a page); the folder for those who manage jobs',
        querystring: ZBackupsQuery,
        response: { 200: ZBackups },
      },
    },
    async (request) =>
      listBackups(app.deps.db, {
        // A path on the server: shown to those who may run the job, not to every operator.
        backupDir: can(requireSession(request).roles, 'jobs.manage')
          ? app.deps.config.backupDir
          : null,
        before: request.query.before,
      }),
  );

  app.put(
    '/api/backups/settings',
    {
      config: { permission: 'jobs.manage' },
      schema: {
        tags: ['backups'],
        summary:
          'Changes how many days the nightly backups are kept (1–3,650), with the version read',
        body: ZBackupSettingsUpdate,
        response: { 200: ZBackupSettings },
      },
    },
    async (request) => updateBackupSettings(app.deps.db, operatorActor(request), request.body),
  );
};
