import { sql } from 'kysely';
import type { Actor } from '../db/audit';
import { issueMembershipCertificateIn } from '../certificates';
import { writeTransaction } from '../db/transaction';
import { todayAtHeadquarters } from '../lib/dates';
import type { FollowUpReport, UploadDeps } from '../uploads';

/**
 * The invoice upload's follow-up, rule 2's second half: the membership certificates of the
 * years a commit paid, issued after the commit's answer (the kind's `followUp`).
 */

/** Certificates between two progress reports. */
const certificatesPerReport = 10;

/** The staged rows (as `r`) this upload's commit inserted or updated. */
export const touchedRows = (id: string) =>
  sql`(SELECT r.* FROM invoice_upload_rows r LEFT JOIN invoices i ON i.iid = r.new_iid
        WHERE r.upload_id = ${id} AND r.reason IS NULL
          AND (r.action = 'update' OR i.iid IS NOT NULL)) r`;

/**
 * Rule 2's certificate for every membership year this upload paid that has not ended, for
 * members in good standing without an issued certificate of that year: one short transaction
 * each (a certificate renders a PDF and queues its e-mail), so the invoices list and the
 * member pages never wait. Safe to run again: issued ones are not asked for twice.
 */
export async function issueCertificates(
  deps: UploadDeps,
  id: string,
  committedBy: string | null,
  report: FollowUpReport,
): Promise<number> {
  const currentYear = Number(todayAtHeadquarters().slice(0, 4));
  const due = await sql<{ member_mid: string; year: number }>`
    SELECT DISTINCT r.member_mid, r.year
      FROM ${touchedRows(id)} JOIN members m ON m.mid = r.member_mid
     WHERE r.status = 'paid' AND r.kind = 'membership' AND r.year >= ${currentYear}
       AND m.deleted_at IS NULL AND m.status IN ('active', 'overdue')
       AND NOT EXISTS (
         SELECT 1 FROM certificates c
          WHERE c.member_mid = r.member_mid AND c.type = 'membership' AND c.year = r.year
            AND c.status = 'issued')
     ORDER BY r.member_mid, r.year`.execute(deps.db);
  const total = due.rows.length;
  if (total === 0) return 0;
  await report('certificates', 0, total);
  const actor: Actor = committedBy
    ? { kind: 'operator', uid: committedBy }
    : { kind: 'system', uid: null };
  const options = {
    publicUrl: deps.config?.publicUrl ?? 'http://localhost',
    mailFrom: deps.config?.mailFrom,
  };
  let issued = 0;
  let done = 0;
  for (const { member_mid: memberMid, year } of due.rows) {
    try {
      await writeTransaction(deps.db, (trx) =>
        issueMembershipCertificateIn(trx, actor, { memberMid, year }, options),
      );
      issued++;
    } catch {
      // A member suspended or deleted since the commit gets no certificate; the others go on.
    }
    done++;
    if (done % certificatesPerReport === 0 || done === total) {
      await report('certificates', done, total);
    }
  }
  return issued;
}
