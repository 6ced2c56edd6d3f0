import type { Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Who made a change: an operator in the console, a user, the system itself, the CLI, or a
 * national association answering through its endorsement link (no user: `uid` is null).
 */
export type Actor = {
  kind: 'operator' | 'user' | 'system' | 'cli' | 'endorsement-link';
  uid: string | null;
};

/** An operator acting in the console (their uid is always set). */
export type OperatorActor = Actor & { uid: string };

export const cliActor: Actor = { kind: 'cli', uid: null };

export type AuditEntry = {
  table: keyof Database;
  recordId: string;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * The one secret-stripping rule of the audit trail: these columns never reach an entry (writing)
 * and are never shown even if an old entry carried them (reading, audit/history.ts).
 */
export const auditSecretColumns: ReadonlySet<string> = new Set([
  'password_hash',
  'token_hash',
  'code_hash',
  'code_verifier',
  'sealed_token',
]);

function withoutSecrets(row: Record<string, unknown> | null | undefined) {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !auditSecretColumns.has(key)));
}

function auditRow(actor: Actor, entry: AuditEntry) {
  return {
    actor_uid: actor.uid,
    actor_kind: actor.kind,
    table_name: entry.table,
    record_id: entry.recordId,
    action: entry.action,
    before: JSON.stringify(withoutSecrets(entry.before)),
    after: JSON.stringify(withoutSecrets(entry.after)),
  };
}

/** Writes one audit entry inside the transaction of the change it describes. */
export async function recordAudit(
  trx: Transaction<Database>,
  actor: Actor,
  entry: AuditEntry,
): Promise<void> {
  await trx.insertInto('audit_log').values(auditRow(actor, entry)).execute();
}

/**
 * Entries per insert: each takes 7 parameters, and PostgreSQL takes at most 65,535 in one
 * statement (a bulk edit of every member of a view may write 100,000 entries).
 */
const auditEntriesPerInsert = 5_000;

/** Many audit entries by one actor, one insert per 5,000 (bulk writes, repairs over many records). */
export async function recordAudits(
  trx: Transaction<Database>,
  actor: Actor,
  entries: readonly AuditEntry[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += auditEntriesPerInsert) {
    await trx
      .insertInto('audit_log')
      .values(
        entries.slice(start, start + auditEntriesPerInsert).map((entry) => auditRow(actor, entry)),
      )
      .execute();
  }
}
