import type { TCreditNoteMembershipDecision } from '@ops/contract';
import type { Transaction } from 'kysely';
import { revokeCertificateIn } from '../certificates';
import type { Actor } from '../db/audit';
import { lockRecords, updateRecord, type RecordRow } from '../db/records';
import type { Database } from '../db/schema';
import { badInput } from '../errors';

type Trx = Transaction<Database>;

/**
 * Rule 2 is never undone silently: crediting a paid membership invoice needs the operator's
 * answer, whether the membership year stays paid ('keep') or is revoked ('revoke'). Other
 * invoices need none (and keep none).
 */
export function membershipDecisionFor(
  invoice: RecordRow<'invoices'>,
  decision: TCreditNoteMembershipDecision | undefined,
): TCreditNoteMembershipDecision | null {
  if (invoice.kind !== 'membership' || invoice.status !== 'paid') return null;
  if (!decision) {
    throw badInput(
      'body.membershipDecision',
      'required',
      `Invoice ${invoice.number} paid the membership year ${invoice.year}: say whether the year stays paid ("keep") or is revoked ("revoke").`,
    );
  }
  return decision;
}

/**
 * Revokes the membership year an invoice paid: the year's issued membership certificate is
 * revoked (the certificates area's revoke path, with the credit note's reason), and the member's
 * paid-through year moves back to the year before when it was this year. Answers the effects in
 * words.
 */
export async function revokeMembershipYearIn(
  trx: Trx,
  actor: Actor,
  invoice: RecordRow<'invoices'>,
  creditNoteNumber: string,
  reason: string,
): Promise<string[]> {
  const effects: string[] = [];
  const mid = invoice.member_mid;
  if (!mid) return effects;
  const why = `Credit note ${creditNoteNumber} on invoice ${invoice.number}: ${reason}`;
  const certificates = await trx
    .selectFrom('certificates')
    .select(['cid', 'number'])
    .where('member_mid', '=', mid)
    .where('type', '=', 'membership')
    .where('year', '=', invoice.year)
    .where('status', '=', 'issued')
    .orderBy('cid')
    .execute();
  for (const certificate of certificates) {
    await revokeCertificateIn(trx, actor, certificate.cid, { reason: why });
    effects.push(`membership certificate ${certificate.number} (${invoice.year}) revoked`);
  }
  const [member] = await lockRecords(trx, 'members', [mid]);
  if (member && member.paid_through_year === invoice.year) {
    const previous = invoice.year - 1;
    await updateRecord(
      trx,
      actor,
      'members',
      member,
      { paid_through_year: previous },
      {
        action: 'update',
        reason: why,
        view: (row) => ({ paid_through_year: row.paid_through_year, version: row.version }),
      },
    );
    effects.push(`${member.number} is paid through ${previous} (was ${invoice.year})`);
  }
  return effects;
}
