/**
 * The records store: the one write path of every versioned business table. It owns the write
 * invariant the console promises (docs/conventions): a row is locked `FOR UPDATE`, the version the
 * person read is checked (a 409 naming who changed it and when), the update bumps `version` and
 * stamps `updated_at`/`updated_by`, and the audit entry is written in the same transaction with
 * secrets stripped (db/audit.ts). Areas never write `version + 1` themselves: for one row they
 * call `updateRecord`, for many `updateRecords`, and set-based SQL (uploads, bulk edits) takes
 * `versionBump(alias, actor)` as its SET clause.
 */
import { auditReasonKey } from '@ops/contract';
import { formatDate, formatMoney } from '@ops/contract/display-format';
import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type Transaction,
  type UpdateObject,
} from 'kysely';
import { recordAudit, recordAudits, type Actor } from './audit';
import { AppError } from '../errors';
import type { Database } from './schema';
import { changedSinceOpened, describeAuthor, describeAuthorWithName } from './versioned-write';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/**
 * Each versioned table: its key column, how a 404 names a missing row, and how a message names a
 * row ("Invoice 2026-00042"). One place, so every area words its 404 and 409 alike.
 */
const recordTables = {
  members: {
    key: 'mid',
    noun: 'member',
    keyWord: 'id',
    label: (row: Selectable<Database['members']>) => `Member ${row.number} (${row.legal_name})`,
  },
  invoices: {
    key: 'iid',
    noun: 'invoice',
    keyWord: 'id',
    label: (row: Selectable<Database['invoices']>) =>
      row.number ? `Invoice ${row.number}` : 'The draft invoice',
  },
  applications: {
    key: 'aid',
    noun: 'application',
    keyWord: 'id',
    label: (row: Selectable<Database['applications']>) => `Application ${row.number}`,
  },
  certificates: {
    key: 'cid',
    noun: 'certificate',
    keyWord: 'id',
    label: (row: Selectable<Database['certificates']>) => `Certificate ${row.number}`,
  },
  member_invitations: {
    key: 'id',
    noun: 'invitation',
    keyWord: 'id',
    label: (row: Selectable<Database['member_invitations']>) => `The invitation of ${row.email}`,
  },
  member_change_requests: {
    key: 'id',
    noun: 'change request',
    keyWord: 'id',
    label: () => 'The change request',
  },
  member_directory_entries: {
    key: 'member_mid',
    noun: 'directory entry',
    keyWord: 'id',
    label: () => 'The directory entry',
  },
  member_portal_settings: {
    key: 'id',
    noun: 'member portal settings',
    keyWord: 'id',
    label: () => 'The member portal settings',
  },
  users: {
    key: 'uid',
    noun: 'user',
    keyWord: 'id',
    label: (row: Selectable<Database['users']>) => `User ${row.email}`,
  },
  operators: {
    key: 'uid',
    noun: 'operator',
    keyWord: 'id',
    // The operators table holds no e-mail: callers that have it pass their own label.
    label: (row: Selectable<Database['operators']>) => `Operator ${row.uid}`,
  },
  countries: {
    key: 'iso2',
    noun: 'country',
    keyWord: 'code',
    label: (row: Selectable<Database['countries']>) => `${row.name} (${row.iso2})`,
  },
  bank_accounts: {
    key: 'id',
    noun: 'bank account',
    keyWord: 'id',
    label: (row: Selectable<Database['bank_accounts']>) =>
      `The bank account "${row.label}" (${row.currency})`,
  },
  stripe_invoices: {
    key: 'sid',
    noun: 'card-payment invoice',
    keyWord: 'id',
    label: (row: Selectable<Database['stripe_invoices']>) =>
      `Card payment ${row.number ?? row.provider_invoice_id}`,
    // Its rows are written mostly by the provider's webhooks, which act as the system.
    systemWriter: 'a webhook of the card-payment provider',
  },
  payment_tolerances: {
    key: 'currency',
    noun: 'payment tolerance',
    keyWord: 'code',
    label: (row: Selectable<Database['payment_tolerances']>) =>
      `The payment tolerance of ${row.currency.trim()}`,
  },
  dunning_settings: {
    key: 'id',
    noun: 'dunning settings',
    keyWord: 'id',
    label: () => 'The dunning settings',
  },
  // Issue 32: the first-year billing rule of approvals.
  membership_billing_settings: {
    key: 'id',
    noun: 'membership billing settings',
    keyWord: 'id',
    label: () => 'The membership billing settings',
  },
  // Issue 20: the nightly backup's retention.
  backup_settings: {
    key: 'id',
    noun: 'backup settings',
    keyWord: 'id',
    label: () => 'The backup settings',
  },
  credit_notes: {
    key: 'cnid',
    noun: 'credit note',
    keyWord: 'id',
    label: (row: Selectable<Database['credit_notes']>) => `Credit note ${row.number}`,
  },
  bank_statements: {
    key: 'bsid',
    noun: 'bank statement',
    keyWord: 'id',
    label: (row: Selectable<Database['bank_statements']>) =>
      `Bank statement ${row.statement_id} (${row.account_iban})`,
  },
  bank_entries: {
    key: 'beid',
    noun: 'bank entry',
    keyWord: 'id',
    label: (row: Selectable<Database['bank_entries']>) =>
      `The bank payment of ${formatMoney(row.amount_minor, row.currency.trim())}${
        row.payer_name ? ` from ${row.payer_name}` : ''
      }${row.booking_date ? ` on ${formatDate(row.booking_date)}` : ''}`,
  },
  // Issue 18: keyed by currency and month; `id` ("EUR-2026-05") is generated from the two.
  exchange_rates: {
    key: 'id',
    noun: 'exchange rate',
    keyWord: 'id',
    label: (row: Selectable<Database['exchange_rates']>) =>
      `The ${row.currency.trim()} rate of ${row.month.slice(0, 7)}`,
  },
  // Issue 19: the operators' saved views of the lists.
  saved_views: {
    key: 'id',
    noun: 'saved view',
    keyWord: 'id',
    label: (row: Selectable<Database['saved_views']>) => `The view "${row.name}"`,
  },
  // Issue 19: notes on members, applications and invoices (and their follow-ups).
  notes: {
    key: 'id',
    noun: 'note',
    keyWord: 'id',
    label: () => 'The note',
  },
  // Issue 18: an operator's wording of an e-mail kind in one language (`kind:language`).
  email_templates: {
    key: 'id',
    noun: 'e-mail template',
    keyWord: 'id',
    label: (row: Selectable<Database['email_templates']>) => `The ${row.id} template`,
  },
  // Issue 17: the four dunning levels, parts of the dunning settings (one form, one version, one
  // audit entry with the whole before and after): written by `updateRecordPart`.
  dunning_levels: {
    key: 'level',
    noun: 'dunning level',
    keyWord: 'id',
    label: (row: Selectable<Database['dunning_levels']>) => `Dunning level ${row.level}`,
    partOf: 'dunning_settings',
  },
  // Issue 16: one row per periodic task; the Jobs screen pauses and resumes it.
  job_schedules: {
    key: 'name',
    noun: 'job',
    keyWord: 'id',
    label: (row: Selectable<Database['job_schedules']>) => `The job ${row.title}`,
    missing: (name: string) => `No job is named ${name}.`,
  },
} as const;

/** A business table whose rows carry `version`, `updated_at` and `updated_by`. */
export type RecordTable = keyof typeof recordTables;
export type RecordRow<T extends RecordTable> = Selectable<Database[T]>;
/** The columns a write changes: values, or SQL such as `now()` (the transaction's time). */
export type RecordChanges<T extends RecordTable> = Omit<
  UpdateObject<Database, T>,
  'version' | 'updated_at' | 'updated_by' | 'created_at' | 'created_by'
>;

type AnyRow = Record<string, unknown> & {
  version: number;
  updated_at: Date;
  updated_by: string | null;
};

function keyOf<T extends RecordTable>(table: T, row: RecordRow<T>): string {
  return String((row as unknown as Record<string, unknown>)[recordTables[table].key]);
}

/** How a message names the row: "Member 2024-0042 (Acme Logistics)". */
export function recordLabel<T extends RecordTable>(table: T, row: RecordRow<T>): string {
  return (recordTables[table].label as (row: RecordRow<T>) => string)(row);
}

/** The one 404 of a record: "No invoice has the id 7f3…." */
export function recordNotFound(table: RecordTable, id: string): AppError {
  const entry = recordTables[table];
  if ('missing' in entry) return new AppError('not-found', entry.missing(id));
  return notFoundError(entry.noun, id, entry.keyWord);
}

/**
 * The same 404 for a row of a table the store does not write (a read-only area's detail, which
 * joins `recordTables` only once it has writes).
 */
export function notFoundError(noun: string, id: string, keyWord: 'id' | 'code' = 'id'): AppError {
  return new AppError('not-found', `No ${noun} has the ${keyWord} ${id}.`);
}

/** Who a stored `updated_by` names, as the 409 writes it: "Ann Muster (ann@…)", else the word. */
export const describeWriter = describeAuthorWithName;

/** Who a stored `created_by`/`updated_by` names by e-mail only (the users' and operators' details). */
export { describeAuthor };

/** The one 409: "<label> was changed by <who> at <time> since you opened it. Reload…". */
export async function recordConflict(
  db: Db,
  label: string,
  current: { updated_by: string | null; updated_at: Date | string },
): Promise<AppError> {
  return changedSinceOpened(
    label,
    (await describeWriter(db, current.updated_by)) ?? 'someone',
    current.updated_at,
  );
}

/**
 * The 409 of a row of `table`: as `recordConflict`, but a table written mostly by the system
 * (card payments: the provider's webhooks) names that writer in words instead of "system".
 */
async function tableConflict(
  db: Db,
  table: RecordTable,
  label: string,
  current: { updated_by: string | null; updated_at: Date | string },
): Promise<AppError> {
  const systemWriter =
    'systemWriter' in recordTables[table]
      ? (recordTables[table] as { systemWriter: string }).systemWriter
      : undefined;
  if (systemWriter && (current.updated_by ?? 'system') === 'system') {
    return changedSinceOpened(label, systemWriter, current.updated_at);
  }
  return recordConflict(db, label, current);
}

/** Throws the 409 unless `row` is still at the version the person read. */
export async function checkRecordVersion<T extends RecordTable>(
  db: Db,
  table: T,
  row: RecordRow<T>,
  version: number,
  options: { label?: string } = {},
): Promise<void> {
  const current = row as unknown as AnyRow;
  if (current.version === version) return;
  throw await tableConflict(db, table, options.label ?? recordLabel(table, row), current);
}

/** A row read without a lock, or undefined. */
export function findRecord<T extends RecordTable>(
  db: Db,
  table: T,
  id: string,
): Promise<RecordRow<T> | undefined> {
  const anyDb = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  return anyDb
    .selectFrom(table as string)
    .selectAll()
    .where(recordTables[table].key, '=', id)
    .executeTakeFirst() as Promise<RecordRow<T> | undefined>;
}

/**
 * The row taken `FOR UPDATE` for the rest of the transaction: 404 if there is none, 409 if
 * `version` is given and someone wrote the row since the person read it.
 */
export async function lockRecord<T extends RecordTable>(
  trx: Trx,
  table: T,
  id: string,
  options: { version?: number; label?: string } = {},
): Promise<RecordRow<T>> {
  const anyTrx = trx as unknown as Transaction<Record<string, Record<string, unknown>>>;
  const row = (await anyTrx
    .selectFrom(table as string)
    .selectAll()
    .where(recordTables[table].key, '=', id)
    .forUpdate()
    .executeTakeFirst()) as RecordRow<T> | undefined;
  if (!row) throw recordNotFound(table, id);
  if (options.version !== undefined) {
    await checkRecordVersion(trx, table, row, options.version, { label: options.label });
  }
  return row;
}

/** Several rows locked `FOR UPDATE` in key order (so two writers never deadlock on them). */
export async function lockRecords<T extends RecordTable>(
  trx: Trx,
  table: T,
  ids: readonly string[],
): Promise<RecordRow<T>[]> {
  if (ids.length === 0) return [];
  const key = recordTables[table].key;
  const anyTrx = trx as unknown as Transaction<Record<string, Record<string, unknown>>>;
  return (await anyTrx
    .selectFrom(table as string)
    .selectAll()
    .where(key, 'in', [...ids])
    .orderBy(key)
    .forUpdate()
    .execute()) as RecordRow<T>[];
}

/** What the audit entry of a write says beyond before and after. */
export type AuditNote = {
  /** e.g. `update`, `approve`, `fix:no-country`. */
  action: string;
  /** The person's reason, kept in the entry's `after` under `auditReasonKey`'s key. */
  reason?: string | null;
  /** Further facts the entry keeps beside the new row (merged into `after`). */
  details?: Record<string, unknown>;
  /** The entry's before/after as the trail keeps them, when not the whole rows (e.g. operators). */
  view?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** Facts the entry keeps beside the old row (merged into `before`), e.g. the replaced file. */
  beforeDetails?: Record<string, unknown>;
};

function auditBefore(note: AuditNote, before: Record<string, unknown>): Record<string, unknown> {
  const shown = note.view ? note.view(before) : before;
  return note.beforeDetails ? { ...shown, ...note.beforeDetails } : shown;
}

function auditAfter(note: AuditNote, after: Record<string, unknown>): Record<string, unknown> {
  const shown = note.view ? note.view(after) : after;
  return {
    ...shown,
    ...(note.reason ? { [auditReasonKey]: note.reason } : {}),
    ...(note.details ?? {}),
  };
}

/** The SET clause every versioned write shares: a new version, who and when. */
function stamp(actor: Actor) {
  return {
    version: sql<number>`version + 1`,
    updated_at: sql<Date>`now()`,
    updated_by: actor.uid ?? actor.kind,
  };
}

/**
 * Writes `changes` to `row` (read or locked at `row.version`), bumping the version and stamping
 * who and when, and records the audit entry. If someone wrote the row since, nothing is written
 * and the 409 names them. Returns the row as it is now.
 */
export async function updateRecord<T extends RecordTable>(
  trx: Trx,
  actor: Actor,
  table: T,
  row: RecordRow<T>,
  changes: RecordChanges<T>,
  note: AuditNote & { label?: string },
): Promise<RecordRow<T>> {
  const key = recordTables[table].key;
  const id = keyOf(table, row);
  const before = row as unknown as AnyRow;
  const anyTrx = trx as unknown as Transaction<Record<string, Record<string, unknown>>>;
  const updated = (await anyTrx
    .updateTable(table as string)
    .set({ ...(changes as Record<string, unknown>), ...stamp(actor) })
    .where(key, '=', id)
    .where('version', '=', before.version)
    .returningAll()
    .executeTakeFirst()) as RecordRow<T> | undefined;
  if (!updated) {
    const current = (await findRecord(trx, table, id)) ?? row;
    throw await tableConflict(
      trx,
      table,
      note.label ?? recordLabel(table, current),
      current as unknown as AnyRow,
    );
  }
  await recordAudit(trx, actor, {
    table,
    recordId: id,
    action: note.action,
    before: auditBefore(note, before),
    after: auditAfter(note, updated as unknown as Record<string, unknown>),
  });
  return updated;
}

/** A table whose rows are parts of another record (audited as that record's write). */
export type RecordPartTable = {
  [T in RecordTable]: (typeof recordTables)[T] extends { partOf: RecordTable } ? T : never;
}[RecordTable];

/**
 * Writes `changes` to a part of a record (a dunning level of the dunning settings), bumping its
 * version and stamping who and when like every versioned write. The caller holds the whole
 * record's lock (its version checked) and writes the record's one audit entry, with the parts'
 * before and after, through `updateRecord` in the same transaction. Returns the part as it is now.
 */
export async function updateRecordPart<T extends RecordPartTable>(
  trx: Trx,
  actor: Actor,
  table: T,
  id: string,
  changes: RecordChanges<T>,
): Promise<RecordRow<T>> {
  const anyTrx = trx as unknown as Transaction<Record<string, Record<string, unknown>>>;
  const updated = (await anyTrx
    .updateTable(table as string)
    .set({ ...(changes as Record<string, unknown>), ...stamp(actor) })
    .where(recordTables[table].key, '=', id)
    .returningAll()
    .executeTakeFirst()) as RecordRow<T> | undefined;
  if (!updated) throw recordNotFound(table, id);
  return updated;
}

/**
 * The same change to many locked rows in one statement, with one audit entry per row (one
 * insert). `rows` must be locked by the caller (`lockRecords`), so their versions are current.
 */
export async function updateRecords<T extends RecordTable>(
  trx: Trx,
  actor: Actor,
  table: T,
  rows: readonly RecordRow<T>[],
  changes: RecordChanges<T>,
  note: AuditNote,
): Promise<RecordRow<T>[]> {
  if (rows.length === 0) return [];
  const key = recordTables[table].key;
  const anyTrx = trx as unknown as Transaction<Record<string, Record<string, unknown>>>;
  const updated = (await anyTrx
    .updateTable(table as string)
    .set({ ...(changes as Record<string, unknown>), ...stamp(actor) })
    .where(
      key,
      'in',
      rows.map((row) => keyOf(table, row)),
    )
    .returningAll()
    .execute()) as RecordRow<T>[];
  const beforeById = new Map(rows.map((row) => [keyOf(table, row), row]));
  await recordAudits(
    trx,
    actor,
    updated.map((after) => {
      const id = keyOf(table, after);
      const before = beforeById.get(id) as unknown as Record<string, unknown>;
      return {
        table,
        recordId: id,
        action: note.action,
        before: auditBefore(note, before),
        after: auditAfter(note, after as unknown as Record<string, unknown>),
      };
    }),
  );
  return updated;
}

/**
 * Inserts a new record stamped with who created it (version 1 by the column's default) and
 * audits its creation. Returns the row as stored.
 */
export async function insertRecord<T extends RecordTable>(
  trx: Trx,
  actor: Actor,
  table: T,
  values: Omit<Insertable<Database[T]>, 'created_by' | 'updated_by'>,
  note: AuditNote,
): Promise<RecordRow<T>> {
  const author = actor.uid ?? actor.kind;
  const anyTrx = trx as unknown as Transaction<Record<string, Record<string, unknown>>>;
  const row = (await anyTrx
    .insertInto(table as string)
    .values({ ...(values as Record<string, unknown>), created_by: author, updated_by: author })
    .returningAll()
    .executeTakeFirstOrThrow()) as RecordRow<T>;
  await recordAudit(trx, actor, {
    table,
    recordId: keyOf(table, row),
    action: note.action,
    before: null,
    after: auditAfter(note, row as unknown as Record<string, unknown>),
  });
  return row;
}

/**
 * The SET clause of a set-based versioned write (`UPDATE members m SET …, ${versionBump('m',
 * actor)} FROM …`): a new version, who and when. Its audit entries are the caller's, written in
 * the same statement's transaction (`recordAudits`).
 */
export function versionBump(alias: string, actor: Actor): RawBuilder<unknown> {
  return sql`version = ${sql.ref(`${alias}.version`)} + 1, updated_at = now(), updated_by = ${
    actor.uid ?? actor.kind
  }`;
}
