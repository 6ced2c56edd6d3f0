import { auditReasonKey, type TMergeMoved } from '@ops/contract';
import { sql, type RawBuilder } from 'kysely';
import { recordAudits, type Actor, type AuditEntry } from '../../db/audit';
import { versionBump } from '../../db/records';
import type { Trx } from './fix-member';

/**
 * The records that point to a member, as a table: every reference a merge moves from the merged
 * member to the survivor, walked by one loop (`moveReferences`), and the counts the merge reports
 * derived from what moved (`countMoved`). A new table that points to members is one more row here.
 */

/** A count of `TMergeMoved` that is the number of distinct records moved (the rest is derived). */
type MovedCount = Exclude<keyof TMergeMoved, 'paidInvoices'>;

/** A row as a move returns it: its key, its new version (versioned tables) and its extra columns. */
type MovedRow = { id: string; version: number | null } & Record<string, unknown>;

type MemberReference = {
  table:
    'users' | 'invoices' | 'certificates' | 'applications' | 'emails' | 'members' | 'countries';
  /** The row's key column. */
  key: string;
  /** The column that names the member. */
  column: string;
  /** What the merge's `moved` counts it as (an application moved by both its columns counts once). */
  countedAs: MovedCount;
  /** False for e-mails: they carry no version, only `updated_at` moves. */
  versioned: boolean;
  /** Which of the rows naming the merged member are meant, beyond the column itself. */
  scope?: (pair: { survivorMid: string; mergedMid: string }) => RawBuilder<boolean>;
  /** Further columns the move returns, for the audit reason and the counts. */
  returning?: readonly string[];
  /** The audit entry's reason for one moved row, when not "the <column> moved". */
  reason?: (row: MovedRow, why: string) => string;
};

/** In the order they move (the audit trail and a failing step's rollback follow it). */
export const memberReferences: readonly MemberReference[] = [
  { table: 'users', key: 'uid', column: 'member_mid', countedAs: 'users', versioned: true },
  {
    table: 'invoices',
    key: 'iid',
    column: 'member_mid',
    countedAs: 'invoices',
    versioned: true,
    returning: ['number', 'status'],
    // A paid invoice keeps everything but its member link, and its audit entry says so.
    reason: (row, why) =>
      row.status === 'paid'
        ? `Fix: ${why}. Paid invoice ${String(row.number)}: only its member link moved; nothing else was rewritten.`
        : `Fix: ${why}; invoice ${String(row.number)} moved to the surviving member.`,
  },
  {
    table: 'certificates',
    key: 'cid',
    column: 'member_mid',
    countedAs: 'certificates',
    versioned: true,
  },
  {
    table: 'applications',
    key: 'aid',
    column: 'member_mid',
    countedAs: 'applications',
    versioned: true,
  },
  {
    table: 'applications',
    key: 'aid',
    column: 'endorsing_association_mid',
    countedAs: 'applications',
    versioned: true,
  },
  {
    table: 'emails',
    key: 'eid',
    column: 'related_id',
    countedAs: 'emails',
    versioned: false,
    scope: () => sql<boolean>`related_table = 'members'`,
  },
  {
    table: 'members',
    key: 'mid',
    column: 'national_association_mid',
    countedAs: 'memberLinks',
    versioned: true,
    // The pair's own links are settled by the merge itself (fillFromMerged).
    scope: ({ survivorMid, mergedMid }) => sql<boolean>`mid NOT IN (${survivorMid}, ${mergedMid})`,
  },
  {
    table: 'countries',
    key: 'iso2',
    column: 'national_association_mid',
    countedAs: 'countryLinks',
    versioned: true,
  },
];

/** The rows one reference moved. */
export type Moved = { reference: MemberReference; rows: MovedRow[] };

/** Points every row of `reference` that names the merged member at the survivor. */
async function moveReference(
  trx: Trx,
  actor: Actor,
  reference: MemberReference,
  pair: { survivorMid: string; mergedMid: string },
): Promise<MovedRow[]> {
  const column = sql.ref(reference.column);
  const stamp = reference.versioned ? versionBump(reference.table, actor) : sql`updated_at = now()`;
  const scope = reference.scope ? sql`AND ${reference.scope(pair)}` : sql``;
  const returning = [
    sql`${sql.ref(reference.key)} AS id`,
    reference.versioned ? sql`version` : sql`NULL::int AS version`,
    ...(reference.returning ?? []).map((name) => sql.ref(name)),
  ];
  const { rows } = await sql<MovedRow>`
    UPDATE ${sql.table(reference.table)}
       SET ${column} = ${pair.survivorMid}, ${stamp}
     WHERE ${column} = ${pair.mergedMid} ${scope}
    RETURNING ${sql.join(returning)}`.execute(trx);
  return rows;
}

/** How many rows of `reference` name the merged member (before anything moves). */
export async function countReferences(
  trx: Trx,
  reference: MemberReference,
  pair: { survivorMid: string; mergedMid: string },
): Promise<number> {
  const column = sql.ref(reference.column);
  const scope = reference.scope ? sql`AND ${reference.scope(pair)}` : sql``;
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM ${sql.table(reference.table)}
     WHERE ${column} = ${pair.mergedMid} ${scope}`.execute(trx);
  return rows[0]?.count ?? 0;
}

/**
 * Moves every reference of the table, in its order, and writes one audit entry per moved row
 * (before and after of the moved column, with the reason) in one insert.
 */
export async function moveReferences(
  trx: Trx,
  actor: Actor,
  action: string,
  pair: { survivorMid: string; mergedMid: string },
  why: string,
): Promise<Moved[]> {
  const moves: Moved[] = [];
  for (const reference of memberReferences) {
    moves.push({ reference, rows: await moveReference(trx, actor, reference, pair) });
  }
  await recordAudits(
    trx,
    actor,
    moves.flatMap(({ reference, rows }) =>
      rows.map((row): AuditEntry => ({
        table: reference.table,
        recordId: row.id,
        action,
        before: { [reference.column]: pair.mergedMid },
        after: {
          [reference.column]: pair.survivorMid,
          [auditReasonKey]: reference.reason
            ? reference.reason(row, why)
            : `Fix: ${why}; the ${reference.column.replaceAll('_', ' ')} moved.`,
        },
      })),
    ),
  );
  return moves;
}

/** What the merge reports as moved: distinct records per count, and the paid invoices among them. */
export function countMoved(moves: readonly Moved[]): TMergeMoved {
  const distinct = (count: MovedCount) =>
    new Set(
      moves
        .filter((move) => move.reference.countedAs === count)
        .flatMap((move) => move.rows.map((row) => row.id)),
    ).size;
  const paidInvoices = moves
    .filter((move) => move.reference.countedAs === 'invoices')
    .flatMap((move) => move.rows)
    .filter((row) => row.status === 'paid').length;
  return {
    users: distinct('users'),
    invoices: distinct('invoices'),
    paidInvoices,
    certificates: distinct('certificates'),
    applications: distinct('applications'),
    emails: distinct('emails'),
    memberLinks: distinct('memberLinks'),
    countryLinks: distinct('countryLinks'),
  };
}

/** The moved members and countries with their new versions (the screen refreshes them). */
export function changedLinks(moves: readonly Moved[]) {
  return moves.flatMap(({ reference, rows }) => {
    const table = reference.table;
    if (table !== 'members' && table !== 'countries') return [];
    // Both tables are versioned, so every moved row returned its new version.
    return rows.map((row) => ({ table, id: row.id, version: row.version as number }));
  });
}
