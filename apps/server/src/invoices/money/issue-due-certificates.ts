import type { Kysely, Transaction } from 'kysely';
import { issueMembershipCertificateIn } from '../../certificates';
import type { Actor } from '../../db/audit';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { RuleTwoContext } from '../payment-rule-two';
import type { CertificateDue } from './rule-two-bulk';

/** Up to this many, certificates are issued in the booking's transaction, as by hand. */
export const inTransactionCertificates = 20;

const running = new Set<Promise<unknown>>();

/** The certificates of a few paid years, in the booking's own transaction. */
export async function issueDueCertificatesIn(
  trx: Transaction<Database>,
  actor: Actor,
  due: readonly CertificateDue[],
  context: RuleTwoContext,
): Promise<number> {
  for (const { memberMid, year } of due) {
    await issueMembershipCertificateIn(trx, actor, { memberMid, year }, context);
  }
  return due.length;
}

/**
 * Rule 2's certificates of a large booking, after its commit: one short transaction each (a
 * PDF and its e-mail), so the report does not wait for thousands of PDFs. Safe to run again: a
 * year that has its certificate meanwhile, or a member no longer in good standing, is skipped.
 * Returns the promise (the CLI waits for it; the server lets it run and waits on close).
 */
export function issueDueCertificatesAfterCommit(
  db: Kysely<Database>,
  actor: Actor,
  due: readonly CertificateDue[],
  context: RuleTwoContext,
): Promise<number> {
  const work = (async () => {
    let issued = 0;
    for (const { memberMid, year } of due) {
      try {
        await writeTransaction(db, async (trx) => {
          const existing = await trx
            .selectFrom('certificates')
            .select('cid')
            .where('member_mid', '=', memberMid)
            .where('type', '=', 'membership')
            .where('year', '=', year)
            .where('status', '=', 'issued')
            .executeTakeFirst();
          if (!existing)
            await issueMembershipCertificateIn(trx, actor, { memberMid, year }, context);
        });
        issued++;
      } catch {
        // A member suspended or deleted since the booking gets no certificate; the others go on.
      }
    }
    return issued;
  })();
  return trackAfterCommit(work);
}

/** Work that runs after a commit's answer (a large import's follow-up), for a closing server to await. */
export function trackAfterCommit<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  void work.finally(() => running.delete(work)).catch(() => undefined);
  return work;
}

/**
 * Waits for the certificates still being issued: a closing server lets them finish, as it lets
 * an upload's follow-up finish. (A server killed meanwhile leaves the rest unissued; issue 17
 * moves this work onto the job queue, where another instance takes it over.)
 */
export async function dueCertificatesSettled(): Promise<void> {
  await Promise.allSettled([...running]);
}
