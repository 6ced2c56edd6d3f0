import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { badInput } from '../errors';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The e-mails of those uids that are active operators: access not revoked, the user neither
 * disabled nor deleted (the operators area's own test of who can act, `operators/manage.ts`).
 */
async function activeOperatorEmails(db: Db, uids: readonly string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .selectFrom('operators as o')
    .innerJoin('users as u', 'u.uid', 'o.uid')
    .select(['o.uid', 'u.email'])
    .where('o.uid', 'in', [...new Set(uids)])
    .where('o.active', '=', true)
    .where('u.disabled', '=', false)
    .where('u.deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.uid, row.email]));
}

/**
 * Every uid must be an active operator: otherwise a 400 naming the first one that is not by its
 * place in the request (`body.mentions.2`, `body.followUp.assigneeUid`). Answers each uid's
 * e-mail (the audit entry names mentioned operators by e-mail, as a person reads them).
 */
export async function requireActiveOperators(
  db: Db,
  uids: readonly string[],
  pathOf: (index: number) => string,
): Promise<Map<string, string>> {
  const emails = await activeOperatorEmails(db, uids);
  const missing = uids.findIndex((uid) => !emails.has(uid));
  if (missing >= 0) {
    throw badInput(
      pathOf(missing),
      'active',
      `No active operator has the id ${uids[missing]}: only active operators can be chosen.`,
    );
  }
  return emails;
}
