import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Who made a change: an operator in the console, a user, the system itself, or the CLI. */
export type Actor = { kind: 'operator' | 'user' | 'system' | 'cli'; uid: string | null };

/** An operator acting in the console (their uid is always set). */
export type OperatorActor = Actor & { uid: string };

export const cliActor: Actor = { kind: 'cli', uid: null };

type AuditEntry = {
  table: keyof Database;
  recordId: string;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const secretColumns = new Set(['password_hash', 'token_hash']);

function withoutSecrets(row: Record<string, unknown> | null | undefined) {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !secretColumns.has(key)));
}

/** Writes one audit entry inside the transaction of the change it describes. */
export async function recordAudit(
  trx: Transaction<Database>,
  actor: Actor,
  entry: AuditEntry,
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_uid: actor.uid,
      actor_kind: actor.kind,
      table_name: entry.table,
      record_id: entry.recordId,
      action: entry.action,
      before: JSON.stringify(withoutSecrets(entry.before)),
      after: JSON.stringify(withoutSecrets(entry.after)),
    })
    .execute();
}
