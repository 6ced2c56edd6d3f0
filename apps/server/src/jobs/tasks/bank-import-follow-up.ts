import {
  importFollowUpMaxAttempts,
  importFollowUpTask,
  runImportFollowUp,
  type ImportFollowUpPayload,
} from '../../bank-statements';
import type { Actor } from '../../db/audit';
import type { BackgroundTask, JobContext } from '../task';

const actorKinds: readonly Actor['kind'][] = ['operator', 'user', 'system', 'cli'];

/** The payload as the import queued it; anything unreadable is dropped, not trusted. */
function followUpOf(payload: JobContext['payload']): ImportFollowUpPayload {
  const { reindex, certificatesDue, actor } = payload as Partial<ImportFollowUpPayload>;
  const strings = (values: unknown) =>
    Array.isArray(values)
      ? values.filter((value): value is string => typeof value === 'string')
      : [];
  return {
    reindex: reindex
      ? { invoices: strings(reindex.invoices), members: strings(reindex.members) }
      : null,
    certificatesDue: Array.isArray(certificatesDue)
      ? certificatesDue.filter(
          (due) => typeof due?.memberMid === 'string' && Number.isInteger(due.year),
        )
      : [],
    actor: {
      kind: actorKinds.find((kind) => kind === actor?.kind) ?? 'system',
      uid: typeof actor?.uid === 'string' ? actor.uid : null,
    },
  };
}

/**
 * A large bank import's follow-up (`bank-statements/import/follow-up.ts`): queued by the import
 * in its own transaction, it rewrites the search documents of what the import paid and issues
 * rule 2's certificates. Idempotent: a second run indexes the same documents again and issues
 * no certificate twice, so a take-over simply runs it again.
 */
export const bankImportFollowUpTask: BackgroundTask = {
  name: importFollowUpTask,
  title: 'Bank import follow-up',
  summary:
    'After a large bank import: the search documents of the invoices and members it paid, and their certificates.',
  maxAttempts: importFollowUpMaxAttempts,
  async run({ db, config, payload, progress }) {
    const outcome = await runImportFollowUp(
      db,
      followUpOf(payload),
      { publicUrl: config.publicUrl, mailFrom: config.mailFrom },
      progress,
    );
    return {
      invoicesIndexed: outcome.invoicesIndexed,
      membersIndexed: outcome.membersIndexed,
      certificatesIssued: outcome.certificates.issued,
      certificatesAlreadyIssued: outcome.certificates.alreadyIssued,
      certificatesSkipped: outcome.certificates.skipped,
    };
  },
};
