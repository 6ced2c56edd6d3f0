import type { Kysely, Transaction } from 'kysely';
import { issueMembershipCertificateIn } from '../../certificates';
import type { Actor } from '../../db/audit';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { RuleTwoContext } from '../payment-rule-two';
import type { CertificateDue } from './rule-two-bulk';

/** Up to this many, certificates are issued in the booking's transaction, as by hand. */
export const inTransactionCertificates = 20;

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

/** What issuing the due certificates after a commit did. */
export type DueCertificatesOutcome = {
  issued: number;
  /** Years that had their certificate already (an earlier attempt, or issued by hand). */
  alreadyIssued: number;
  /** Members suspended or deleted since the booking: no certificate. */
  skipped: number;
};

/**
 * Rule 2's certificates of a large booking, after its commit (a bank import's follow-up job):
 * one short transaction each (a PDF and its e-mail), so the import's answer does not wait for
 * thousands of PDFs. Idempotent: a year that has its issued certificate (an earlier attempt of
 * the job got that far) is counted and left alone, so a second run issues nothing twice.
 */
export async function issueDueCertificates(
  db: Kysely<Database>,
  actor: Actor,
  due: readonly CertificateDue[],
  context: RuleTwoContext,
  onProgress?: (done: number, total: number) => void,
): Promise<DueCertificatesOutcome> {
  const outcome: DueCertificatesOutcome = { issued: 0, alreadyIssued: 0, skipped: 0 };
  for (const [index, { memberMid, year }] of due.entries()) {
    try {
      const issued = await writeTransaction(db, async (trx) => {
        // Serializable (writeTransaction): two attempts at once cannot both find none.
        const existing = await trx
          .selectFrom('certificates')
          .select('cid')
          .where('member_mid', '=', memberMid)
          .where('type', '=', 'membership')
          .where('year', '=', year)
          .where('status', '=', 'issued')
          .executeTakeFirst();
        if (existing) return false;
        await issueMembershipCertificateIn(trx, actor, { memberMid, year }, context);
        return true;
      });
      if (issued) outcome.issued++;
      else outcome.alreadyIssued++;
    } catch {
      // A member suspended or deleted since the booking gets no certificate; the others go on.
      outcome.skipped++;
    }
    onProgress?.(index + 1, due.length);
  }
  return outcome;
}
