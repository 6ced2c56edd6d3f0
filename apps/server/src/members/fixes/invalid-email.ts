import {
  isValidMemberEmail,
  ZEmailRepair,
  type TEmailRepair,
  type TInvalidEmailFinding,
  type TMemberFixResult,
} from '@ops/contract';
import { sql } from 'kysely';
import type { Actor } from '../../db/audit';
import { updateRecord } from '../../db/records';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import type { MemberFixCheckOperations } from './check-operations';
import {
  countRows,
  fixMemberColumns,
  lockMemberToRepair,
  toFixMember,
  type Db,
  type FixMemberRow,
} from './fix-member';

/**
 * Members without a valid e-mail: not a single, lower-case, well-formed address
 * (`member_email_is_valid`, migration 0008, the same rule as the contract's `isValidMemberEmail`).
 * A finding proposes a tidied address where one exists; the repair sets it or clears the e-mail.
 */

/** What is wrong with an address that the check found, in words. */
export function describeEmailProblem(email: string): string {
  if (email.trim() === '') return 'The e-mail is blank.';
  const problems: string[] = [];
  if (email !== email.trim()) problems.push('it has spaces around it');
  if ((email.match(/@/g) ?? []).length > 1) problems.push('it holds several addresses');
  else if (!email.includes('@')) problems.push('it has no @');
  else if (/\s/.test(email.trim())) problems.push('it has spaces in it');
  if (email !== email.toLowerCase()) problems.push('it has capital letters');
  if (problems.length === 0) problems.push('it is not a well-formed address');
  const sentence = problems.join(', ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/**
 * A corrected address when tidying makes it valid: trimmed and lower-cased, without a "mailto:"
 * or angle brackets, without stray spaces, or the first of several addresses.
 */
export function proposeEmail(email: string): string | null {
  const tidy = email
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, '')
    .replace(/^<(.*)>$/, '$1')
    .trim();
  if (isValidMemberEmail(tidy)) return tidy;
  const parts = tidy.split(/[\s;,]+/).filter(Boolean);
  if (parts.length > 1 && (tidy.match(/@/g) ?? []).length > 1) {
    return parts.find((part) => isValidMemberEmail(part)) ?? null;
  }
  const withoutSpaces = tidy.replace(/\s+/g, '');
  return isValidMemberEmail(withoutSpaces) ? withoutSpaces : null;
}

function countInvalidEmails(db: Db): Promise<number> {
  return countRows(
    db,
    sql<{ count: number }>`
    SELECT count(*)::int AS count FROM members
     WHERE deleted_at IS NULL AND NOT member_email_is_valid(email)`,
  );
}

function toInvalidEmailFinding(row: FixMemberRow): TInvalidEmailFinding {
  const email = row.email ?? '';
  const proposedEmail = proposeEmail(email);
  return {
    member: toFixMember(row),
    problem: describeEmailProblem(email),
    proposedEmail,
    proposal: proposedEmail
      ? `Set the e-mail to ${proposedEmail}.`
      : 'Clear the e-mail, or type a corrected address.',
  };
}

/** Clears a member's invalid e-mail or sets a corrected one (`fix:invalid-email`). */
export function repairMemberEmail(
  db: Db,
  actor: Actor,
  input: TEmailRepair,
): Promise<TMemberFixResult> {
  const email = input.action === 'set' ? input.email.trim().toLowerCase() : null;
  if (email !== null && !isValidMemberEmail(email)) {
    throw badInput(
      'body.email',
      'email',
      `"${input.action === 'set' ? input.email : ''}" is not a valid e-mail address.`,
    );
  }
  return writeTransaction(db, async (trx) => {
    const before = await lockMemberToRepair(trx, input.mid, input.version, 'body.mid');
    // The database's rule decides (the same as the contract's), for the old and the new address.
    const { rows } = await sql<{ old_valid: boolean; new_valid: boolean }>`
      SELECT member_email_is_valid(${before.email}::text) AS old_valid,
             member_email_is_valid(${email}::text) AS new_valid`.execute(trx);
    if (rows[0]?.old_valid) {
      throw badInput(
        'body.mid',
        'check',
        `The e-mail of member ${before.number} is valid; nothing to fix.`,
      );
    }
    if (!rows[0]?.new_valid) {
      throw badInput('body.email', 'email', `"${email}" is not a valid e-mail address.`);
    }
    const after = await updateRecord(
      trx,
      actor,
      'members',
      before,
      { email },
      {
        action: 'fix:invalid-email',
        reason:
          email === null
            ? `Fix "members without a valid e-mail": the invalid e-mail "${before.email}" was cleared.`
            : `Fix "members without a valid e-mail": "${before.email}" corrected to ${email}.`,
      },
    );
    return {
      check: 'invalid-email',
      message:
        email === null
          ? `The e-mail of ${before.number} ${before.legal_name} was cleared.`
          : `The e-mail of ${before.number} ${before.legal_name} is now ${email}.`,
      changed: [{ table: 'members', id: after.mid, version: after.version }],
    };
  });
}

export const invalidEmail: MemberFixCheckOperations<'invalid-email'> = {
  count: countInvalidEmails,
  async find(db, query) {
    const [{ rows }, count] = await Promise.all([
      sql<FixMemberRow>`
        SELECT ${fixMemberColumns} FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
         WHERE m.deleted_at IS NULL AND NOT member_email_is_valid(m.email)
         ORDER BY m.number, m.mid LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
      countInvalidEmails(db),
    ]);
    return { count, findings: rows.map(toInvalidEmailFinding) };
  },
  repair: {
    summary: "Clear a member's invalid e-mail or set a corrected one",
    body: ZEmailRepair,
    run: repairMemberEmail,
  },
};
