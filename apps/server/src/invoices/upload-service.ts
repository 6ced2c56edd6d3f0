import { applyRuleTwoToMembersIn } from './money/rule-two-bulk';
import {
  auditReasonKey,
  guessInvoiceUploadMapping,
  invoiceStatusTransitions,
  invoiceUploadMappingProblems,
  invoiceUploadMaxBytes,
} from '@ops/contract';
import { sql } from 'kysely';
import { versionBump } from '../db/records';
import {
  changedPart,
  countStagedRows,
  jsonOf,
  indexStagedLines,
  uploadTableNames,
  type UploadKind,
  type UploadTablesDefinition,
} from '../uploads';
import { issueCertificates, touchedRows } from './upload-certificates';
import { invoiceRowValidator } from './upload-rows';

/**
 * The invoice CSV upload (issue 6) as a kind of the shared import pipeline (`uploads/`).
 *
 * - Validation: each row through the contract's ZInvoiceUploadRow (amounts exact in minor
 *   units, totals by computeInvoiceTotals), its member looked up by membership number
 *   (existing, not deleted) and its bank account (IBAN or label, else the currency's default
 *   account); then set-based over the staged rows, the invoice already there: a paid one that
 *   differs is refused (an import never rewrites a paid invoice), as is a change of status that
 *   its life cycle does not allow (void → issued…).
 * - Commit, in batches: changed invoices updated (version + 1, audited with the fields that
 *   changed; `mark-paid` when the row pays it), new numbers inserted (`source = 'csv-import'`,
 *   `import_batch` = the upload), identical ones left alone. Then rule 2, set-based in the same
 *   transaction: the members of the membership invoices paid by this commit become active
 *   (from pending payment, overdue or suspended, unless another membership invoice of theirs is
 *   still past due) and are paid through the latest year paid; one audit entry per member.
 * - Follow-up, after the commit's answer: the search index of a bulk commit, then the
 *   membership certificates of the paid years not over yet, for members without one, each
 *   issued (and e-mailed) by issueMembershipCertificateIn in its own short transaction.
 */

/** Rows per statement when the search index catches up after a bulk commit. */
const indexBatchLines = 5_000;

/**
 * The invoice upload's tables, as migration 0018 created them and 0023 extended them
 * (`uploads/tables-sql.test.ts` proves `uploadTablesSql` of this definition creates the same).
 * A staged row holds the invoice's values when valid (member and bank account resolved), the
 * reason and the original cells when not; 'action' is what the commit did with it.
 */
export const invoiceUploadTables: UploadTablesDefinition = {
  name: 'invoice',
  followUpColumn: 'followed_up_at',
  keyColumn: 'number',
  rowColumns: [
    'number text',
    'new_iid text',
    "action text CHECK (action IN ('insert', 'update', 'refused'))",
    'member_number text',
    'member_mid text',
    'kind text',
    'year integer',
    'issue_date date',
    'due_date date',
    'currency char(3)',
    'lines jsonb',
    'subtotal_minor bigint',
    'vat_minor bigint',
    'donation_minor bigint',
    'total_minor bigint',
    'bank_account text',
    'bank_account_id text',
    'payment_reference text',
    'status text',
    'paid_at timestamptz',
    'paid_amount_minor bigint',
    'paid_method text',
    'paid_reference text',
    // Migration 0023: the `after` of the audit entry creating the row's invoice, filled by its
    // trigger as validation stages a valid row.
    'created_audit jsonb',
  ],
};

/**
 * What an invoice bills and the state of its payment, as a file states them: written by the
 * upload and staged by validation under the same names and in the same order.
 */
const billedColumns = [
  'kind',
  'year',
  'issue_date',
  'due_date',
  'currency',
  'lines',
  'subtotal_minor',
  'vat_minor',
  'donation_minor',
  'total_minor',
] as const;
const paymentColumns = [
  'payment_reference',
  'status',
  'paid_at',
  'paid_amount_minor',
  'paid_method',
  'paid_reference',
] as const;

/** The invoice columns an upload writes (the staging table uses the same names). */
const invoiceColumns = [
  'member_mid',
  ...billedColumns,
  'bank_account_id',
  ...paymentColumns,
] as const;

/** A column as compared: the payment's moment by its day at headquarters (a file says the day). */
const compared = (alias: string, column: string) =>
  column === 'paid_at'
    ? `(${alias}.paid_at AT TIME ZONE 'Europe/Zurich')::date`
    : `${alias}.${column}`;

/** `(i.a, i.b) IS DISTINCT FROM (r.a, r.b)` over every invoice column an upload writes. */
const differsText = `(${invoiceColumns.map((c) => compared('i', c)).join(', ')}) IS DISTINCT FROM (${invoiceColumns.map((c) => compared('r', c)).join(', ')})`;
const differs = sql.raw(differsText);

/** The moves of the life cycle an import may make, as SQL: same status, or a legal move. */
const legalMoveText = `(i.status = r.status OR (i.status, r.status) IN (${Object.entries(
  invoiceStatusTransitions,
)
  .flatMap(([from, tos]) => tos.map((to) => `('${from}', '${to}')`))
  .join(', ')}))`;

/** Marks the staged rows that `condition` finds invalid with `reason` (SQL over r, and its FROM). */
const refuseRows = (from: string, condition: string, reason: string) =>
  `UPDATE invoice_upload_rows r
      SET reason = ${reason}, new_iid = NULL
     ${from}
    WHERE r.upload_id = $1 AND r.reason IS NULL AND ${condition}`;

export const invoiceUploadKind: UploadKind = {
  noun: 'invoice',
  tables: uploadTableNames(invoiceUploadTables),
  keyColumn: invoiceUploadTables.keyColumn,
  keyLabel: 'Invoice number',
  // Measured at 100,000 rows: a full collection every 20,000 keeps the validation's peak some
  // 50 MB above rest (222 MB; 352 MB without); every 8,000 saved little more and cost 0.4 s.
  collectEveryRows: 20_000,
  stagingColumns: [
    'number',
    'new_iid',
    'member_number',
    ...billedColumns,
    'bank_account',
    'bank_account_id',
    'member_mid',
    ...paymentColumns,
  ],
  clearedWhenInvalid: ['new_iid'],
  resultFollowUpKey: 'followedUpAt',
  maxBytes: invoiceUploadMaxBytes,
  guessMapping: guessInvoiceUploadMapping,
  mappingProblems: invoiceUploadMappingProblems,
  conflictMessage:
    'Another change added an invoice with a number of this file meanwhile; nothing was saved. Commit again.',
  // Paid membership invoices move their members' status (rule 2): both tables' figures change.
  analyzedTables: ['invoices', 'members'],

  prepareRows: (deps, mapping, newId) => invoiceRowValidator(deps.db, mapping, newId),

  async checkStaged(client, id) {
    // The invoice already there: a paid one is never rewritten; the status moves by its rules.
    await client.query(
      refuseRows(
        'FROM invoices i',
        `i.number = r.number AND i.status = 'paid' AND ${differsText}`,
        `'Invoice ' || r.number || ' is paid (on ' || to_char(i.paid_at AT TIME ZONE 'Europe/Zurich', 'YYYY-MM-DD') || '): an import never rewrites a paid invoice'`,
      ),
      [id],
    );
    await client.query(
      refuseRows(
        'FROM invoices i',
        `i.number = r.number AND i.status <> 'paid' AND NOT ${legalMoveText} AND ${differsText}`,
        `'Status: invoice ' || r.number || ' is ' || i.status || ' and cannot become ' || r.status`,
      ),
      [id],
    );
  },

  countStaged: (client, id) =>
    countStagedRows(client, id, {
      from: 'invoice_upload_rows r LEFT JOIN invoices i ON i.number = r.number',
      existing: 'i.iid',
      differs: differsText,
      extra: { toMarkPaid: "r.status = 'paid' AND (i.iid IS NULL OR i.status <> 'paid')" },
    }),

  async commitBatch(trx, { id, actor, reasonText, inBatch, hasUpdates, rows }) {
    const columns = [...invoiceColumns];
    let updated = 0;
    if (hasUpdates) {
      const updates = await sql<{ count: number }>`
        -- The values before are read first (RETURNING old.* needs PostgreSQL 18), the invoices
        -- locked; READ COMMITTED re-checks the conditions on the locked row, so an invoice paid
        -- meanwhile is left out (and counted as refused below).
        WITH target AS (
          SELECT i.iid, r.line, ${sql.raw(jsonOf('i', columns))} AS before
            FROM invoices i JOIN invoice_upload_rows r ON i.number = r.number
           WHERE ${inBatch} AND ${differs} AND i.status <> 'paid' AND ${sql.raw(legalMoveText)}
             FOR UPDATE OF i
        ), changed AS (
          UPDATE invoices i
             SET ${sql.raw(columns.map((c) => `${c} = r.${c}`).join(', '))},
                 import_batch = ${id}, ${versionBump('i', actor)}
            FROM target t, invoice_upload_rows r
           WHERE i.iid = t.iid AND r.upload_id = ${id} AND r.line = t.line
          RETURNING i.iid, t.line, t.before, ${sql.raw(jsonOf('i', [...columns, 'version']))} AS after
        ), audited AS (
          INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
          SELECT ${actor.uid}, ${actor.kind}, 'invoices', c.iid,
                 CASE WHEN c.after ->> 'status' = 'paid' AND c.before ->> 'status' <> 'paid'
                      THEN 'mark-paid' ELSE 'update' END,
                 ${sql.raw(changedPart('c.before', 'c.after'))},
                 ${sql.raw(changedPart('c.after', 'c.before'))} || jsonb_build_object(${auditReasonKey}::text, ${reasonText}::text)
            FROM changed c
        ), marked AS (
          UPDATE invoice_upload_rows s SET action = 'update'
            FROM changed c WHERE s.upload_id = ${id} AND s.line = c.line
        )
        SELECT count(*)::int AS count FROM changed`.execute(trx);
      updated = updates.rows[0]?.count ?? 0;
    }

    const insertColumns = ['iid', 'number', ...columns, 'source', 'import_batch'];
    const inserts = await sql<{ count: number }>`
      WITH added AS (
        INSERT INTO invoices (${sql.raw(insertColumns.join(', '))}, created_by, updated_by)
        SELECT r.new_iid, r.number, ${sql.raw(columns.map((c) => `r.${c}`).join(', '))},
               'csv-import', ${id}, ${actor.uid}, ${actor.uid}
          FROM invoice_upload_rows r
         WHERE ${inBatch} AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.number = r.number)
        RETURNING iid
      ), audited AS (
        -- The entry's after was built from these staged values as validation staged them
        -- (migration 0023): the invoice inserted holds exactly those.
        INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
        SELECT ${actor.uid}, ${actor.kind}, 'invoices', r.new_iid, 'create', NULL,
               r.created_audit || jsonb_build_object(${auditReasonKey}::text, ${reasonText}::text)
          FROM invoice_upload_rows r JOIN added a ON a.iid = r.new_iid
         WHERE ${inBatch}
      )
      -- Not marked in the staging table (a third more time): an inserted row is the one whose
      -- new_iid became an invoice (see touchedRows).
      SELECT count(*)::int AS count FROM added`.execute(trx);
    const inserted = inserts.rows[0]?.count ?? 0;

    // Rows whose invoice differs but could not be updated: paid or moved on since validation.
    // None can be left when every row of the batch was inserted or updated (a first import).
    let refused = 0;
    if (inserted + updated < rows) {
      const refusals = await sql<{ count: number }>`
        WITH refused AS (
          UPDATE invoice_upload_rows r SET action = 'refused'
            FROM invoices i
           WHERE ${inBatch} AND r.action IS NULL AND i.number = r.number AND i.iid <> r.new_iid
             AND ${differs}
          RETURNING 1
        )
        SELECT count(*)::int AS count FROM refused`.execute(trx);
      refused = refusals.rows[0]?.count ?? 0;
    }
    return { updated, inserted, refused };
  },

  /**
   * Rule 2 for every membership invoice this commit paid, set-based (`applyRuleTwoToMembersIn`,
   * which the bank import shares): one UPDATE of the members and one audit entry each, as the
   * booking engine writes them invoice by invoice (some 5 ms per invoice; 100,000 of them would
   * not fit the commit).
   */
  async afterBatches(trx, { id, actor, reasonText }) {
    const { rows } = await sql<{ member_mid: string; year: number; number: string; kind: string }>`
      SELECT r.member_mid, r.year, r.number, r.kind FROM ${touchedRows(id)}
       WHERE r.status = 'paid'`.execute(trx);
    const { membersUpdated } = await applyRuleTwoToMembersIn(
      trx,
      actor,
      rows
        .filter((row) => row.kind === 'membership')
        .map((row) => ({ number: row.number, memberMid: row.member_mid, year: row.year })),
      reasonText,
    );
    // The certificates follow the commit (`followUp`).
    return { paid: rows.length, membersUpdated, certificatesIssued: null };
  },

  // Certificates may be due even after a small commit; the search index only after a bulk one.
  needsFollowUp: () => true,

  async followUp(deps, { id, committedBy, isBulk }, report) {
    if (isBulk) {
      await indexStagedLines(invoiceUploadKind, deps.db, id, report, indexBatchLines, (from, to) =>
        sql`
          WITH touched AS (
            SELECT i.iid, r.member_mid, r.status FROM invoice_upload_rows r
              JOIN invoices i ON i.number = r.number
             WHERE r.upload_id = ${id} AND r.reason IS NULL AND r.line > ${from}
               AND r.line <= ${to} AND (r.action = 'update' OR i.iid = r.new_iid)
          )
          SELECT search_index_records('invoice', ARRAY(SELECT iid FROM touched)),
                 search_index_records('member', ARRAY(
                   SELECT DISTINCT member_mid FROM touched WHERE status = 'paid'))`.execute(
          deps.db,
        ),
      );
    }
    const issued = await issueCertificates(deps, id, committedBy, report);
    await sql`
      UPDATE invoice_uploads
         SET result = result || jsonb_build_object('certificatesIssued', ${issued}::int)
       WHERE id = ${id}`.execute(deps.db);
  },
};
