import {
  auditReasonKey,
  guessMemberUploadMapping,
  memberUploadFieldLabels,
  memberUploadFields,
  memberUploadMappingProblems,
  memberUploadMaxBytes,
  normalizeHeaderName,
  ZMemberUploadRow,
  type MemberUploadField,
  type TMemberUploadMapping,
  type TMemberUploadRowInput,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { versionBump } from '../db/records';
import type { Database } from '../db/schema';
import { memberAddressColumns } from './address-columns';
import {
  changedPart,
  countStagedRows,
  jsonOf,
  indexStagedLines,
  uploadFollowUpsSettled,
  uploadTableNames,
  cellsByField,
  compiledRowSchema,
  schemaReasons,
  type RowOutcome,
  type UploadKind,
  type UploadTablesDefinition,
} from '../uploads';

/**
 * The member CSV upload (issue 5) as a kind of the shared import pipeline (`uploads/`): rows
 * are validated with the contract's ZMemberUploadRow and the countries table, then committed
 * idempotently on the membership number: new numbers inserted, changed members updated
 * (version + 1, audited with the fields that changed), identical ones left alone.
 */

/** Rows per statement when the search index catches up after a bulk commit. */
const indexBatchLines = 5_000;

/** Member columns each field writes (the staging table uses the same names). */
const columnOf: Record<MemberUploadField, string> = {
  number: 'number',
  legalName: 'legal_name',
  category: 'category',
  status: 'status',
  tradeName: 'trade_name',
  country: 'country_iso2',
  ...memberAddressColumns,
  phone: 'phone',
  joinedOn: 'joined_on',
  paidThroughYear: 'paid_through_year',
  billingCurrency: 'billing_currency',
  directoryVisible: 'directory_visible',
  preferredLanguage: 'preferred_language',
};

/**
 * The member upload's tables, as migration 0007 created them (`uploads/tables-sql.test.ts`
 * proves `uploadTablesSql` of this definition creates the same). 'action' is what the commit
 * did with a staged row.
 */
export const memberUploadTables: UploadTablesDefinition = {
  name: 'member',
  followUpColumn: 'search_indexed_at',
  keyColumn: 'number',
  rowColumns: [
    'number text',
    'new_mid text',
    "action text CHECK (action IN ('insert', 'update', 'unchanged'))",
    'is_renamed boolean NOT NULL DEFAULT false',
    'legal_name text',
    'category text',
    'status text',
    'trade_name text',
    'country_iso2 char(2)',
    'address_line1 text',
    'address_line2 text',
    'postal_code text',
    'city text',
    'state text',
    'vat_number text',
    'website text',
    'email text',
    'phone text',
    'joined_on date',
    'paid_through_year integer',
    'billing_currency char(3)',
    'directory_visible boolean',
    // Migration 0034: the preferred language (issue 17); empty cells take the country's.
    'preferred_language text',
  ],
};

const valueColumns = memberUploadFields
  .filter((field) => field !== 'number')
  .map((f) => columnOf[f]);

type CountryLookup = Map<string, string>;

async function loadCountryLookup(db: Kysely<Database>): Promise<CountryLookup> {
  const countries = await db
    .selectFrom('countries')
    .select(['iso2', 'iso3', 'name', 'official_name'])
    .execute();
  const lookup: CountryLookup = new Map();
  for (const country of countries) {
    for (const key of [country.iso2, country.iso3, country.name, country.official_name]) {
      lookup.set(normalizeHeaderName(key), country.iso2);
    }
  }
  return lookup;
}

const memberRowSchema = compiledRowSchema(ZMemberUploadRow);

/** One row through the shared schema, then the checks that need the database's data. */
export function validateCells(
  cells: readonly string[],
  mapping: TMemberUploadMapping,
  countries: CountryLookup,
): { reason: string; number: string | null } | { values: Record<string, unknown> } {
  const input: Record<string, string | undefined> = cellsByField(
    cells,
    memberUploadFields,
    mapping,
  );
  const parsed = memberRowSchema.safeParse(input as TMemberUploadRowInput);
  const number = input.number?.trim() || null;
  const reasons: string[] = [];
  let values: Record<string, unknown> | null = null;
  if (parsed.success) {
    const row = parsed.data;
    values = {};
    for (const field of memberUploadFields) {
      if (mapping[field] === undefined) continue;
      values[columnOf[field]] = row[field] ?? null;
    }
    if (row.country) {
      const iso2 = countries.get(normalizeHeaderName(row.country));
      if (iso2) values.country_iso2 = iso2;
      else
        reasons.push(`Country "${row.country}" is not a known country (ISO code or English name)`);
    }
    // Columns the register requires: an empty cell means the default, as for a new member.
    if (values.billing_currency === null) values.billing_currency = 'CHF';
    if (values.directory_visible === null) values.directory_visible = true;
  } else {
    reasons.push(...schemaReasons(parsed.error.issues, memberUploadFieldLabels));
  }
  if (reasons.length > 0 || !values) return { reason: reasons.join('; '), number };
  return { values };
}

/** The member columns a mapping writes, besides the number. */
function mappedColumns(mapping: TMemberUploadMapping): string[] {
  return memberUploadFields
    .filter((field) => field !== 'number' && mapping[field] !== undefined)
    .map((field) => columnOf[field]);
}

/** `(m.a, m.b) IS DISTINCT FROM (r.a, r.b)` over the mapped columns. */
function differsText(columns: readonly string[]): string {
  return `(${columns.map((c) => `m.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `r.${c}`).join(', ')})`;
}
const differs = (columns: readonly string[]) => sql.raw(differsText(columns));

export const memberUploadKind: UploadKind = {
  noun: 'member',
  tables: uploadTableNames(memberUploadTables),
  keyColumn: memberUploadTables.keyColumn,
  keyLabel: 'Membership number',
  stagingColumns: ['number', 'new_mid', ...valueColumns],
  clearedWhenInvalid: ['new_mid'],
  resultFollowUpKey: 'searchIndexedAt',
  maxBytes: memberUploadMaxBytes,
  guessMapping: guessMemberUploadMapping,
  mappingProblems: memberUploadMappingProblems,
  conflictMessage:
    'Another change added a member with a number of this file meanwhile; nothing was saved. Commit again.',
  analyzedTables: ['members'],

  async prepareRows(deps, mapping, newId) {
    const countries = await loadCountryLookup(deps.db);
    return (cells): RowOutcome => {
      const outcome = validateCells(cells, mapping, countries);
      if (!('values' in outcome)) return { reason: outcome.reason, key: outcome.number };
      outcome.values.new_mid = newId(); // on the row's own object: no copy per row
      return outcome;
    };
  },

  async checkStaged(client, id, mapping) {
    // An empty language cell means the member's country's language, as for a new member (the
    // insert trigger's default): resolved here so counts, updates and the audit see the value.
    if (mapping.preferredLanguage !== undefined) {
      const country =
        mapping.country !== undefined
          ? 'r.country_iso2'
          : '(SELECT m.country_iso2 FROM members m WHERE m.number = r.number)';
      await client.query(
        `UPDATE member_upload_rows r
            SET preferred_language = coalesce(
                  (SELECT c.language FROM countries c WHERE c.iso2 = ${country}), 'en')
          WHERE r.upload_id = $1 AND r.reason IS NULL AND r.preferred_language IS NULL`,
        [id],
      );
    }
    // Members that were deleted keep their number: uploading over one would revive it unseen.
    await client.query(
      `UPDATE member_upload_rows r
          SET reason = concat_ws('; ', r.reason,
                'Membership number ' || r.number || ' belongs to a deleted member (' ||
                m.legal_name || '); restore it first'),
              new_mid = NULL
         FROM members m
        WHERE r.upload_id = $1 AND m.number = r.number AND m.deleted_at IS NOT NULL`,
      [id],
    );
  },

  countStaged: (client, id, mapping) =>
    countStagedRows(client, id, {
      from: 'member_upload_rows r LEFT JOIN members m ON m.number = r.number',
      existing: 'm.mid',
      differs: differsText(mappedColumns(mapping)),
    }),

  async commitBatch(trx, { id, actor, mapping, reasonText, inBatch, hasUpdates }) {
    const columns = mappedColumns(mapping);
    const updates = !hasUpdates
      ? { rows: [{ count: 0 }] }
      : await sql<{ count: number }>`
      -- The values before are read first (RETURNING old.* needs PostgreSQL 18; DATABASE_URL
      -- may be any PostgreSQL from 15), the members locked for the update that follows.
      WITH target AS (
        SELECT m.mid, r.line, m.legal_name IS DISTINCT FROM r.legal_name AS is_renamed,
               ${sql.raw(jsonOf('m', columns))} AS before
          FROM members m JOIN member_upload_rows r ON m.number = r.number
         WHERE ${inBatch} AND m.deleted_at IS NULL AND ${differs(columns)}
           FOR UPDATE OF m
      ), changed AS (
        UPDATE members m
           SET ${sql.raw(columns.map((c) => `${c} = r.${c}`).join(', '))},
               ${versionBump('m', actor)}
          FROM target t, member_upload_rows r
         WHERE m.mid = t.mid AND r.upload_id = ${id} AND r.line = t.line
        RETURNING m.mid, t.line, t.is_renamed, t.before,
                  ${sql.raw(jsonOf('m', columns))} AS after
      ), audited AS (
        INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
        SELECT ${actor.uid}, ${actor.kind}, 'members', c.mid, 'update',
               ${sql.raw(changedPart('c.before', 'c.after'))},
               ${sql.raw(changedPart('c.after', 'c.before'))} || jsonb_build_object(${auditReasonKey}::text, ${reasonText}::text)
          FROM changed c
      ), marked AS (
        UPDATE member_upload_rows s SET action = 'update', is_renamed = c.is_renamed
          FROM changed c WHERE s.upload_id = ${id} AND s.line = c.line
      )
      SELECT count(*)::int AS count FROM changed`.execute(trx);

    const insertColumns = ['mid', 'number', ...columns];
    const inserts = await sql<{ count: number }>`
      WITH added AS (
        INSERT INTO members (${sql.raw(insertColumns.join(', '))}, created_by, updated_by)
        SELECT r.new_mid, r.number, ${sql.raw(columns.map((c) => `r.${c}`).join(', '))},
               ${actor.uid}, ${actor.uid}
          FROM member_upload_rows r
         WHERE ${inBatch} AND NOT EXISTS (SELECT 1 FROM members m WHERE m.number = r.number)
        RETURNING ${sql.raw(insertColumns.join(', '))}
      ), audited AS (
        INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
        SELECT ${actor.uid}, ${actor.kind}, 'members', a.mid, 'create', NULL,
               jsonb_strip_nulls(${sql.raw(jsonOf('a', insertColumns))})
                 || jsonb_build_object(${auditReasonKey}::text, ${reasonText}::text)
          FROM added a
      )
      SELECT count(*)::int AS count FROM added`.execute(trx);
    return {
      updated: updates.rows[0]?.count ?? 0,
      inserted: inserts.rows[0]?.count ?? 0,
    };
  },

  needsFollowUp: ({ isBulk, counters }) =>
    isBulk && (counters.inserted ?? 0) + (counters.updated ?? 0) > 0,

  /**
   * A bulk commit skips the search triggers (they would index 100,000 members inside the
   * commit); this brings the index up to date right after, in short batches that never block
   * the members list, exactly as the triggers would have: the inserted and updated members,
   * and the invoices and profiles of renamed ones.
   */
  async followUp(deps, { id }, report) {
    await indexStagedLines(memberUploadKind, deps.db, id, report, indexBatchLines, (from, to) =>
      sql`
        WITH touched AS (
          SELECT m.mid, r.is_renamed FROM member_upload_rows r JOIN members m ON m.number = r.number
           WHERE r.upload_id = ${id} AND r.reason IS NULL AND r.line > ${from} AND r.line <= ${to}
             AND (r.action = 'update' OR m.mid = r.new_mid)
        )
        SELECT search_index_records('member', ARRAY(SELECT mid FROM touched)),
               search_index_records('invoice', ARRAY(
                 SELECT i.iid FROM invoices i JOIN touched t ON t.mid = i.member_mid
                  WHERE t.is_renamed)),
               search_index_records('profile', ARRAY(
                 SELECT u.uid FROM users u JOIN touched t ON t.mid = u.member_mid
                  WHERE t.is_renamed))`.execute(deps.db),
    );
  },
};

/** Waits for this instance's follow-ups of committed uploads (tests, shutdown). */
export const searchIndexingSettled = uploadFollowUpsSettled;
