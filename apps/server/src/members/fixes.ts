import {
  haveDifferentVatNumbers,
  isValidMemberEmail,
  memberFixCheckInfo,
  memberFixChecks,
  type MemberFixCheck,
  type TAssociationLinkFinding,
  type TAssociationLinkRepair,
  type TDuplicateFinding,
  type TEmailRepair,
  type TFixMember,
  type TInvalidEmailFinding,
  type TMemberFixesSummary,
  type TMemberFixFindingsPage,
  type TMemberFixFindingsQuery,
  type TMemberFixResult,
  type TMemberRelatedCounts,
  type TMergeMembersRequest,
  type TMergeMoved,
  type TNoCountryFinding,
  type TSetCountryRepair,
} from '@ops/contract';
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Actor } from '../audit/record';
import type { Database, MemberCategory, MembersTable, MemberStatus } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { changedSinceOpened } from '../db/versioned-write';
import { AppError, badInput } from '../errors';
import { memberStatusLabels } from '@ops/contract/labels';

/**
 * Member fixes: five checks over live members, each one indexed query (migration 0008), and
 * their repairs. Every repair locks the records it touches, checks the versions the person read
 * (409 otherwise), writes `fix:<check>` audit entries with before and after, and runs in one
 * SERIALIZABLE transaction, so nothing is ever half-written.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type MemberRow = Selectable<MembersTable>;

/** A membership that has ended: such a member cannot be anyone's national association. */
const endedStatuses: MemberStatus[] = ['terminated', 'resigned'];

// ---------------------------------------------------------------------------------------------
// Reading members as findings show them

type FixMemberRow = {
  mid: string;
  number: string;
  legal_name: string;
  trade_name: string | null;
  category: MemberCategory;
  status: MemberStatus;
  country_iso2: string | null;
  country_name: string | null;
  city: string | null;
  vat_number: string | null;
  email: string | null;
  website: string | null;
  phone: string | null;
  joined_on: string | null;
  paid_through_year: number | null;
  national_association_mid: string | null;
  version: number;
  updated_at: Date;
};

const fixMemberColumns = sql`m.mid, m.number, m.legal_name, m.trade_name, m.category, m.status,
  m.country_iso2, c.name AS country_name, m.city, m.vat_number, m.email, m.website, m.phone,
  m.joined_on, m.paid_through_year, m.national_association_mid, m.version, m.updated_at`;

function toFixMember(row: FixMemberRow): TFixMember {
  return {
    mid: row.mid,
    number: row.number,
    legalName: row.legal_name,
    tradeName: row.trade_name,
    category: row.category,
    status: row.status,
    countryIso2: row.country_iso2,
    countryName: row.country_name,
    city: row.city,
    vatNumber: row.vat_number,
    email: row.email,
    website: row.website,
    phone: row.phone,
    joinedOn: row.joined_on,
    paidThroughYear: row.paid_through_year,
    nationalAssociationMid: row.national_association_mid,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function describeMember(member: { number: string; legalName: string }): string {
  return `${member.number} ${member.legalName}`;
}

// ---------------------------------------------------------------------------------------------
// Counts: the summary

async function countDuplicateNames(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM (
      SELECT 1 FROM members
       WHERE deleted_at IS NULL AND member_name_key(legal_name) IS NOT NULL
       GROUP BY member_name_key(legal_name), country_iso2
      HAVING count(*) > 1) groups`.execute(db);
  return rows[0]?.count ?? 0;
}

async function countDuplicateVats(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM (
      SELECT 1 FROM members
       WHERE deleted_at IS NULL AND vat_number IS NOT NULL
         AND member_vat_key(vat_number) IS NOT NULL
       GROUP BY member_vat_key(vat_number)
      HAVING count(*) > 1) groups`.execute(db);
  return rows[0]?.count ?? 0;
}

async function countNoCountry(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM members
     WHERE deleted_at IS NULL AND country_iso2 IS NULL`.execute(db);
  return rows[0]?.count ?? 0;
}

async function countInvalidEmails(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM members
     WHERE deleted_at IS NULL AND NOT member_email_is_valid(email)`.execute(db);
  return rows[0]?.count ?? 0;
}

/**
 * The members that links point to but that are not live associations. Few members are link
 * targets (about one association per country), so the distinct targets are walked through the
 * index one by one (a loose index scan) rather than reading every linked member.
 */
async function findBadAssociationTargets(db: Db | Trx): Promise<string[]> {
  const { rows } = await sql<{ mid: string }>`
    WITH RECURSIVE targets(mid) AS (
      (SELECT national_association_mid FROM members
        WHERE deleted_at IS NULL AND national_association_mid IS NOT NULL
        ORDER BY national_association_mid LIMIT 1)
      UNION ALL
      SELECT (SELECT m.national_association_mid FROM members m
               WHERE m.deleted_at IS NULL AND m.national_association_mid IS NOT NULL
                 AND m.national_association_mid > t.mid
               ORDER BY m.national_association_mid LIMIT 1)
        FROM targets t WHERE t.mid IS NOT NULL
    )
    SELECT a.mid FROM targets t JOIN members a ON a.mid = t.mid
     WHERE ${isNotLiveAssociation(sql.ref('a'))}`.execute(db);
  return rows.map((row) => row.mid);
}

function isNotLiveAssociation(alias: ReturnType<typeof sql.ref>) {
  return sql<boolean>`NOT (${alias}.category = 'association' AND ${alias}.deleted_at IS NULL
                           AND ${alias}.status NOT IN ('terminated', 'resigned'))`;
}

async function countBadMemberLinks(db: Db, targets: string[]): Promise<number> {
  if (targets.length === 0) return 0;
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM members
     WHERE deleted_at IS NULL AND national_association_mid IS NOT NULL
       AND national_association_mid = ANY(${targets}::text[])`.execute(db);
  return rows[0]?.count ?? 0;
}

async function countBadCountryLinks(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM countries co
      JOIN members a ON a.mid = co.national_association_mid
     WHERE ${isNotLiveAssociation(sql.ref('a'))}`.execute(db);
  return rows[0]?.count ?? 0;
}

async function countAssociationLinks(db: Db): Promise<number> {
  const targets = await findBadAssociationTargets(db);
  const [members, countries] = await Promise.all([
    countBadMemberLinks(db, targets),
    countBadCountryLinks(db),
  ]);
  return members + countries;
}

const counters: Record<MemberFixCheck, (db: Db) => Promise<number>> = {
  'duplicate-name': countDuplicateNames,
  'duplicate-vat': countDuplicateVats,
  'no-country': countNoCountry,
  'invalid-email': countInvalidEmails,
  'association-link': countAssociationLinks,
};

/** Every check with its count of findings (the checks run side by side). */
export async function getMemberFixesSummary(db: Db): Promise<TMemberFixesSummary> {
  const counts = await Promise.all(memberFixChecks.map((check) => counters[check](db)));
  return {
    checks: memberFixChecks.map((check, i) => ({
      check,
      ...memberFixCheckInfo[check],
      count: counts[i] ?? 0,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Duplicates

/** What points to each member: the records a merge would move. */
async function relatedCounts(db: Db, mids: string[]): Promise<Map<string, TMemberRelatedCounts>> {
  if (mids.length === 0) return new Map();
  const { rows } = await sql<{ mid: string } & TMemberRelatedCounts>`
    SELECT x.mid,
      (SELECT count(*)::int FROM users u WHERE u.member_mid = x.mid) AS users,
      (SELECT count(*)::int FROM invoices i WHERE i.member_mid = x.mid) AS invoices,
      (SELECT count(*)::int FROM invoices i WHERE i.member_mid = x.mid AND i.status = 'paid')
        AS "paidInvoices",
      (SELECT count(*)::int FROM certificates ce WHERE ce.member_mid = x.mid) AS certificates,
      (SELECT count(*)::int FROM applications ap
        WHERE ap.member_mid = x.mid OR ap.endorsing_association_mid = x.mid) AS applications,
      (SELECT count(*)::int FROM emails e
        WHERE e.related_table = 'members' AND e.related_id = x.mid) AS emails,
      (SELECT count(*)::int FROM members l
        WHERE l.national_association_mid = x.mid AND l.deleted_at IS NULL)
      + (SELECT count(*)::int FROM countries co WHERE co.national_association_mid = x.mid)
        AS "associationLinks"
    FROM unnest(${mids}::text[]) AS x(mid)`.execute(db);
  return new Map(rows.map(({ mid, ...counts }) => [mid, counts]));
}

type DuplicateMember = TDuplicateFinding['members'][number];

/**
 * The record most worth keeping comes first: a membership that has not ended, then the one with
 * more paid invoices, then more records of any kind, then the older membership number.
 */
function bySurvivorPreference(a: DuplicateMember, b: DuplicateMember): number {
  const ended = (m: DuplicateMember) => (endedStatuses.includes(m.status) ? 1 : 0);
  const weight = (m: DuplicateMember) =>
    m.related.invoices + m.related.users + m.related.certificates + m.related.applications;
  return (
    ended(a) - ended(b) ||
    b.related.paidInvoices - a.related.paidInvoices ||
    weight(b) - weight(a) ||
    a.number.localeCompare(b.number)
  );
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function describeSurvivorReason(survivor: DuplicateMember, other: DuplicateMember): string {
  if (endedStatuses.includes(other.status) && !endedStatuses.includes(survivor.status)) {
    return `its membership is ${memberStatusLabels[survivor.status].toLowerCase()}, the other's has ended`;
  }
  if (survivor.related.paidInvoices > other.related.paidInvoices) {
    return `it has more paid invoices (${survivor.related.paidInvoices})`;
  }
  const weight = (m: DuplicateMember) =>
    m.related.invoices + m.related.users + m.related.certificates + m.related.applications;
  if (weight(survivor) > weight(other)) {
    return `it has more related records (${plural(survivor.related.invoices, 'invoice')}, ${plural(survivor.related.users, 'user')})`;
  }
  return 'it is the older record';
}

function toDuplicateFinding(key: string, members: DuplicateMember[]): TDuplicateFinding {
  const sorted = [...members].sort(bySurvivorPreference);
  const [survivor, second] = sorted as [DuplicateMember, DuplicateMember];
  const others = sorted.slice(1);
  const proposal =
    `Merge ${others.map((m) => m.number).join(', ')} into ${survivor.number} ` +
    `(${describeSurvivorReason(survivor, second)}): users, invoices, certificates, applications, ` +
    `e-mails and association links move to ${survivor.number}, its empty fields are filled ` +
    `from the other, and the merged ${others.length === 1 ? 'record is' : 'records are'} deleted.`;
  return { key, members: sorted, proposedSurvivorMid: survivor.mid, proposal };
}

async function findDuplicates(
  db: Db,
  by: 'name' | 'vat',
  query: TMemberFixFindingsQuery,
): Promise<{ count: number; findings: TDuplicateFinding[] }> {
  // Groups in the order of the index (an index-only scan), with their number in all.
  const groups =
    by === 'name'
      ? await sql<{ key: string; country_iso2: string | null; total: number }>`
          SELECT member_name_key(legal_name) AS key, country_iso2, count(*) OVER ()::int AS total
            FROM members
           WHERE deleted_at IS NULL AND member_name_key(legal_name) IS NOT NULL
           GROUP BY member_name_key(legal_name), country_iso2
          HAVING count(*) > 1
           ORDER BY member_name_key(legal_name), country_iso2
           LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db)
      : await sql<{ key: string; country_iso2: string | null; total: number }>`
          SELECT member_vat_key(vat_number) AS key, NULL AS country_iso2,
                 count(*) OVER ()::int AS total
            FROM members
           WHERE deleted_at IS NULL AND vat_number IS NOT NULL
         AND member_vat_key(vat_number) IS NOT NULL
           GROUP BY member_vat_key(vat_number)
          HAVING count(*) > 1
           ORDER BY member_vat_key(vat_number)
           LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db);
  const first = groups.rows[0];
  if (!first) {
    const count = query.offset === 0 ? 0 : await counters[`duplicate-${by}`](db);
    return { count, findings: [] };
  }
  const keys = groups.rows.map((group) => group.key);
  const { rows } =
    by === 'name'
      ? await sql<FixMemberRow & { key: string }>`
          SELECT ${fixMemberColumns}, member_name_key(m.legal_name) AS key
            FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
           WHERE m.deleted_at IS NULL AND member_name_key(m.legal_name) = ANY(${keys}::text[])
           ORDER BY m.number`.execute(db)
      : await sql<FixMemberRow & { key: string }>`
          SELECT ${fixMemberColumns}, member_vat_key(m.vat_number) AS key
            FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
           WHERE m.deleted_at IS NULL AND member_vat_key(m.vat_number) IS NOT NULL
             AND member_vat_key(m.vat_number) = ANY(${keys}::text[])
           ORDER BY m.number`.execute(db);
  const related = await relatedCounts(
    db,
    rows.map((row) => row.mid),
  );
  const none: TMemberRelatedCounts = {
    users: 0,
    invoices: 0,
    paidInvoices: 0,
    certificates: 0,
    applications: 0,
    emails: 0,
    associationLinks: 0,
  };
  const findings = groups.rows.flatMap((group) => {
    const members = rows
      .filter(
        (row) => row.key === group.key && (by === 'vat' || row.country_iso2 === group.country_iso2),
      )
      .map((row) => ({ ...toFixMember(row), related: related.get(row.mid) ?? none }));
    if (members.length < 2) return []; // changed between the two reads
    const label =
      by === 'name' ? `${group.key} · ${group.country_iso2 ?? 'no country'}` : group.key;
    return [toDuplicateFinding(label, members)];
  });
  return { count: first.total, findings };
}

// ---------------------------------------------------------------------------------------------
// No country

/** Two-letter prefixes of VAT numbers that are not the ISO code of their country. */
const vatPrefixCountries: Record<string, string> = { EL: 'GR', XI: 'GB' };
/** Country-code top-level domains that are not the ISO code of their country. */
const tldCountries: Record<string, string> = { uk: 'GB' };

function vatCountryCandidate(vat: string | null): string | null {
  const compact = (vat ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const prefix = /^([A-Z]{2})/.exec(compact)?.[1];
  if (!prefix) return null;
  return vatPrefixCountries[prefix] ?? prefix;
}

function emailCountryCandidate(email: string | null): string | null {
  const domain = (email ?? '').trim().toLowerCase().split('@')[1] ?? '';
  const tld = /\.([a-z]{2})$/.exec(domain)?.[1];
  if (!tld) return null;
  return tldCountries[tld] ?? tld.toUpperCase();
}

async function findNoCountry(
  db: Db,
  query: TMemberFixFindingsQuery,
): Promise<{ count: number; findings: TNoCountryFinding[] }> {
  const [{ rows }, count] = await Promise.all([
    sql<FixMemberRow>`
      SELECT ${fixMemberColumns} FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
       WHERE m.deleted_at IS NULL AND m.country_iso2 IS NULL
       ORDER BY m.number, m.mid LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    countNoCountry(db),
  ]);
  const candidates = new Set(
    rows.flatMap((row) => [vatCountryCandidate(row.vat_number), emailCountryCandidate(row.email)]),
  );
  candidates.delete(null);
  const known =
    candidates.size === 0
      ? []
      : await db
          .selectFrom('countries')
          .select(['iso2', 'name'])
          .where('iso2', 'in', [...candidates] as string[])
          .execute();
  const names = new Map(known.map((country) => [country.iso2, country.name]));
  const findings = rows.map((row): TNoCountryFinding => {
    const member = toFixMember(row);
    const fromVat = vatCountryCandidate(row.vat_number);
    const fromEmail = emailCountryCandidate(row.email);
    const guess =
      fromVat && names.has(fromVat)
        ? {
            iso2: fromVat,
            name: names.get(fromVat) ?? fromVat,
            reason: `the VAT number starts with ${(row.vat_number ?? '').trim().slice(0, 2).toUpperCase()}`,
          }
        : fromEmail && names.has(fromEmail)
          ? {
              iso2: fromEmail,
              name: names.get(fromEmail) ?? fromEmail,
              reason: `the e-mail domain ends in .${(row.email ?? '').trim().split('.').pop()?.toLowerCase()}`,
            }
          : null;
    return {
      member,
      proposedCountry: guess,
      proposal: guess
        ? `Set the country to ${guess.name} (${guess.iso2}): ${guess.reason}.`
        : 'Choose the country: neither the VAT number nor the e-mail domain names one.',
    };
  });
  return { count, findings };
}

// ---------------------------------------------------------------------------------------------
// Invalid e-mail

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

async function findInvalidEmails(
  db: Db,
  query: TMemberFixFindingsQuery,
): Promise<{ count: number; findings: TInvalidEmailFinding[] }> {
  const [{ rows }, count] = await Promise.all([
    sql<FixMemberRow>`
      SELECT ${fixMemberColumns} FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
       WHERE m.deleted_at IS NULL AND NOT member_email_is_valid(m.email)
       ORDER BY m.number, m.mid LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    countInvalidEmails(db),
  ]);
  const findings = rows.map((row): TInvalidEmailFinding => {
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
  });
  return { count, findings };
}

// ---------------------------------------------------------------------------------------------
// Association links

type AssociationRow = {
  mid: string;
  number: string;
  legal_name: string;
  category: MemberCategory;
  status: MemberStatus;
  deleted_at: Date | null;
  country_iso2: string | null;
};

function toAssociationRef(row: AssociationRow) {
  return {
    mid: row.mid,
    number: row.number,
    legalName: row.legal_name,
    category: row.category,
    status: row.status,
    isDeleted: row.deleted_at !== null,
  };
}

function isLiveAssociation(row: Pick<AssociationRow, 'category' | 'status' | 'deleted_at'>) {
  return (
    row.category === 'association' && row.deleted_at === null && !endedStatuses.includes(row.status)
  );
}

function associationProblem(row: AssociationRow): TAssociationLinkFinding['problem'] {
  if (row.deleted_at !== null) return 'deleted';
  if (row.category !== 'association') return 'not-an-association';
  return 'ended';
}

function describeAssociationProblem(row: AssociationRow): string {
  const who = `${row.number} ${row.legal_name}`;
  switch (associationProblem(row)) {
    case 'deleted':
      return `${who} is deleted`;
    case 'not-an-association':
      return `${who} is a${row.category === 'individual' ? 'n' : ''} ${row.category} member, not an association`;
    case 'ended':
      return `${who}'s membership is ${memberStatusLabels[row.status].toLowerCase()}`;
  }
}

async function findAssociationLinks(
  db: Db,
  query: TMemberFixFindingsQuery,
): Promise<{ count: number; findings: TAssociationLinkFinding[] }> {
  const targets = await findBadAssociationTargets(db);
  // Countries first (they are few and each stands for many members), then members by number.
  const countryLinks = await sql<{
    iso2: string;
    name: string;
    version: number;
    national_association_mid: string;
  }>`
    SELECT co.iso2, co.name, co.version, co.national_association_mid FROM countries co
      JOIN members a ON a.mid = co.national_association_mid
     WHERE ${isNotLiveAssociation(sql.ref('a'))}
     ORDER BY co.name, co.iso2`.execute(db);
  const memberCount = await countBadMemberLinks(db, targets);
  const count = countryLinks.rows.length + memberCount;

  const countryPage = countryLinks.rows.slice(query.offset, query.offset + query.limit);
  const memberOffset = Math.max(0, query.offset - countryLinks.rows.length);
  const memberLimit = query.limit - countryPage.length;
  const memberPage =
    memberLimit > 0 && targets.length > 0
      ? (
          await sql<FixMemberRow>`
            SELECT ${fixMemberColumns}
              FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
             WHERE m.deleted_at IS NULL AND m.national_association_mid IS NOT NULL
               AND m.national_association_mid = ANY(${targets}::text[])
             ORDER BY m.number, m.mid LIMIT ${memberLimit} OFFSET ${memberOffset}`.execute(db)
        ).rows
      : [];

  // The members linked to, and the live associations of the countries concerned (to relink).
  const linkedMids = [
    ...countryPage.map((row) => row.national_association_mid),
    ...memberPage.map((row) => row.national_association_mid ?? ''),
  ];
  const countryIsos = [
    ...countryPage.map((row) => row.iso2),
    ...memberPage.flatMap((row) => (row.country_iso2 ? [row.country_iso2] : [])),
  ];
  const [linked, live, nationalOf] = await Promise.all([
    linkedMids.length === 0
      ? []
      : db
          .selectFrom('members')
          .select([
            'mid',
            'number',
            'legal_name',
            'category',
            'status',
            'deleted_at',
            'country_iso2',
          ])
          .where('mid', 'in', linkedMids)
          .execute(),
    countryIsos.length === 0
      ? []
      : db
          .selectFrom('members')
          .select([
            'mid',
            'number',
            'legal_name',
            'category',
            'status',
            'deleted_at',
            'country_iso2',
          ])
          .where('category', '=', 'association')
          .where('deleted_at', 'is', null)
          .where('status', 'not in', endedStatuses)
          .where('country_iso2', 'in', countryIsos)
          .orderBy('number')
          .execute(),
    countryIsos.length === 0
      ? []
      : db
          .selectFrom('countries')
          .select(['iso2', 'name', 'national_association_mid'])
          .where('iso2', 'in', countryIsos)
          .execute(),
  ]);
  const linkedByMid = new Map(linked.map((row) => [row.mid, row as AssociationRow]));
  const countries = new Map(nationalOf.map((row) => [row.iso2, row]));
  const liveByCountry = new Map<string, AssociationRow[]>();
  for (const row of live) {
    const key = row.country_iso2 ?? '';
    liveByCountry.set(key, [...(liveByCountry.get(key) ?? []), row as AssociationRow]);
  }

  /** The country's national association if it is live, else its only live association. */
  const proposedFor = (iso2: string | null, exclude: string): AssociationRow | null => {
    if (!iso2) return null;
    const candidates = (liveByCountry.get(iso2) ?? []).filter((row) => row.mid !== exclude);
    const national = countries.get(iso2)?.national_association_mid;
    return (
      candidates.find((row) => row.mid === national) ??
      (candidates.length === 1 ? (candidates[0] ?? null) : null)
    );
  };

  const findings: TAssociationLinkFinding[] = [];
  for (const row of countryPage) {
    const association = linkedByMid.get(row.national_association_mid);
    if (!association) continue;
    const proposed = proposedFor(row.iso2, association.mid);
    findings.push({
      kind: 'country',
      id: row.iso2,
      label: `${row.name} (${row.iso2})`,
      countryIso2: row.iso2,
      version: row.version,
      association: toAssociationRef(association),
      problem: associationProblem(association),
      proposedAssociation: proposed ? toAssociationRef(proposed) : null,
      proposal: proposed
        ? `${describeAssociationProblem(association)}: make ${proposed.number} ${proposed.legal_name}, the live association of ${row.name}, its national association, or clear the link.`
        : `${describeAssociationProblem(association)}: clear ${row.name}'s national association (it has no other live association to take its place).`,
    });
  }
  for (const row of memberPage) {
    const association = linkedByMid.get(row.national_association_mid ?? '');
    if (!association) continue;
    const proposed = proposedFor(row.country_iso2, row.mid);
    const validProposed = proposed && proposed.mid !== association.mid ? proposed : null;
    const countryName = row.country_name ?? 'its country';
    findings.push({
      kind: 'member',
      id: row.mid,
      label: describeMember({ number: row.number, legalName: row.legal_name }),
      countryIso2: row.country_iso2,
      version: row.version,
      association: toAssociationRef(association),
      problem: associationProblem(association),
      proposedAssociation: validProposed ? toAssociationRef(validProposed) : null,
      proposal: validProposed
        ? `${describeAssociationProblem(association)}: relink to ${validProposed.number} ${validProposed.legal_name}, the national association of ${countryName}, or clear the link.`
        : `${describeAssociationProblem(association)}: clear the link (${countryName} has no live national association to relink to).`,
    });
  }
  return { count, findings };
}

// ---------------------------------------------------------------------------------------------
// Findings of one check

/** A page of one check's findings, with their number in all. */
export async function getMemberFixFindings(
  db: Db,
  check: MemberFixCheck,
  query: TMemberFixFindingsQuery,
): Promise<TMemberFixFindingsPage> {
  const page = { offset: query.offset, limit: query.limit };
  switch (check) {
    case 'duplicate-name':
      return { check, ...page, ...(await findDuplicates(db, 'name', query)) };
    case 'duplicate-vat':
      return { check, ...page, ...(await findDuplicates(db, 'vat', query)) };
    case 'no-country': {
      const [found, countries] = await Promise.all([
        findNoCountry(db, query),
        db
          .selectFrom('countries')
          .select(['iso2', 'name'])
          .where('active', '=', true)
          .orderBy('name')
          .execute(),
      ]);
      return { check, ...page, ...found, countries };
    }
    case 'invalid-email':
      return { check, ...page, ...(await findInvalidEmails(db, query)) };
    case 'association-link':
      return { check, ...page, ...(await findAssociationLinks(db, query)) };
  }
}

// ---------------------------------------------------------------------------------------------
// Repairs: shared steps

/** The 409 of a record someone changed since the person read it: the author by name, else e-mail. */
async function versionConflict(
  trx: Trx,
  what: string,
  row: { updated_by: string | null; updated_at: Date },
): Promise<AppError> {
  const author = row.updated_by
    ? await trx
        .selectFrom('users')
        .select(['email', 'display_name'])
        .where('uid', '=', row.updated_by)
        .executeTakeFirst()
    : undefined;
  const who = author ? (author.display_name ?? author.email) : 'someone else';
  return changedSinceOpened(what, who, row.updated_at);
}

/** Locks a live member and checks the version the person read. */
async function lockMember(
  trx: Trx,
  mid: string,
  version: number,
  path: string,
): Promise<MemberRow> {
  const row = await trx
    .selectFrom('members')
    .selectAll()
    .where('mid', '=', mid)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('not-found', `No member has the id ${mid}.`);
  if (row.version !== version) throw await versionConflict(trx, `Member ${row.number}`, row);
  if (row.deleted_at !== null) {
    throw badInput(path, 'deleted', `Member ${row.number} is deleted; restore it first.`);
  }
  return row;
}

type MemberChanges = Omit<
  Updateable<MembersTable>,
  'mid' | 'number' | 'version' | 'created_at' | 'created_by'
>;

/** Updates a locked member (version + 1, who and when) and audits before and after. */
async function updateMember(
  trx: Trx,
  actor: Actor,
  before: MemberRow,
  changes: MemberChanges,
  audit: { action: string; reason: string; details?: Record<string, unknown> },
): Promise<MemberRow> {
  const after = await trx
    .updateTable('members')
    .set({
      ...changes,
      version: sql`version + 1`,
      updated_at: sql`now()`,
      updated_by: actor.uid,
    })
    .where('mid', '=', before.mid)
    .where('version', '=', before.version)
    .returningAll()
    .executeTakeFirstOrThrow();
  await auditEntries(trx, actor, 'members', audit.action, [
    {
      id: before.mid,
      before,
      after: { ...after, _reason: audit.reason, ...(audit.details ?? {}) },
    },
  ]);
  return after;
}

type AuditRow = { id: string; before: Record<string, unknown>; after: Record<string, unknown> };

/** One audit entry per record, written in one statement inside the change's transaction. */
type AuditedTable =
  'members' | 'countries' | 'users' | 'invoices' | 'certificates' | 'applications' | 'emails';

async function auditEntries(
  trx: Trx,
  actor: Actor,
  table: AuditedTable,
  action: string,
  rows: AuditRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const strip = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'password_hash'));
  await trx
    .insertInto('audit_log')
    .values(
      rows.map((row) => ({
        actor_uid: actor.uid,
        actor_kind: actor.kind,
        table_name: table,
        record_id: row.id,
        action,
        before: JSON.stringify(strip(row.before)),
        after: JSON.stringify(strip(row.after)),
      })),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Repairs

/** Sets the country of a member that has none (`fix:no-country`). */
export function setMemberCountry(
  db: Db,
  actor: Actor,
  input: TSetCountryRepair,
): Promise<TMemberFixResult> {
  return writeTransaction(db, async (trx) => {
    const country = await trx
      .selectFrom('countries')
      .select(['iso2', 'name'])
      .where('iso2', '=', input.countryIso2)
      .executeTakeFirst();
    if (!country) {
      throw badInput('body.countryIso2', 'exists', `There is no country ${input.countryIso2}.`);
    }
    const before = await lockMember(trx, input.mid, input.version, 'body.mid');
    if (before.country_iso2 !== null) {
      throw badInput(
        'body.mid',
        'check',
        `Member ${before.number} already has a country (${before.country_iso2}); nothing to fix.`,
      );
    }
    const after = await updateMember(
      trx,
      actor,
      before,
      { country_iso2: country.iso2 },
      {
        action: 'fix:no-country',
        reason: `Fix "members without a country": country set to ${country.name}.`,
      },
    );
    return {
      check: 'no-country',
      message: `${before.number} ${before.legal_name} is now in ${country.name}.`,
      changed: [{ table: 'members', id: after.mid, version: after.version }],
    };
  });
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
    const before = await lockMember(trx, input.mid, input.version, 'body.mid');
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
    const after = await updateMember(
      trx,
      actor,
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

/** A live association to link to, or a 400 naming `body.associationMid`. */
async function requireLiveAssociation(
  trx: Trx,
  mid: string | undefined,
  holderMid: string | null,
): Promise<MemberRow> {
  if (!mid) {
    throw badInput('body.associationMid', 'required', 'Choose the association to link to.');
  }
  const row = await trx
    .selectFrom('members')
    .selectAll()
    .where('mid', '=', mid)
    .forShare()
    .executeTakeFirst();
  if (!row || !isLiveAssociation(row)) {
    throw badInput(
      'body.associationMid',
      'association',
      row
        ? `${row.number} ${row.legal_name} is not a live association member.`
        : `No member has the id ${mid}.`,
    );
  }
  if (row.mid === holderMid) {
    throw badInput(
      'body.associationMid',
      'self',
      'A member cannot be its own national association.',
    );
  }
  return row;
}

/** Clears a bad national-association link or relinks it (`fix:association-link`). */
export function repairAssociationLink(
  db: Db,
  actor: Actor,
  input: TAssociationLinkRepair,
): Promise<TMemberFixResult> {
  const action = 'fix:association-link';
  return writeTransaction(db, async (trx) => {
    if (input.kind === 'member') {
      const before = await lockMember(trx, input.id, input.version, 'body.id');
      const current = before.national_association_mid
        ? await trx
            .selectFrom('members')
            .selectAll()
            .where('mid', '=', before.national_association_mid)
            .executeTakeFirst()
        : undefined;
      if (!current || isLiveAssociation(current)) {
        throw badInput(
          'body.id',
          'check',
          `The national association of member ${before.number} is ${current ? 'a live association' : 'not set'}; nothing to fix.`,
        );
      }
      const target =
        input.action === 'relink'
          ? await requireLiveAssociation(trx, input.associationMid, before.mid)
          : null;
      const was = `${current.number} ${current.legal_name}`;
      const after = await updateMember(
        trx,
        actor,
        before,
        { national_association_mid: target?.mid ?? null },
        {
          action,
          reason: target
            ? `Fix "association links": ${was} is not a live association; relinked to ${target.number} ${target.legal_name}.`
            : `Fix "association links": ${was} is not a live association; link cleared.`,
        },
      );
      return {
        check: 'association-link',
        message: target
          ? `${before.number} ${before.legal_name} now belongs to ${target.number} ${target.legal_name}.`
          : `The national association of ${before.number} ${before.legal_name} was cleared.`,
        changed: [{ table: 'members', id: after.mid, version: after.version }],
      };
    }

    const before = await trx
      .selectFrom('countries')
      .selectAll()
      .where('iso2', '=', input.id.toUpperCase())
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('not-found', `There is no country ${input.id}.`);
    if (before.version !== input.version) {
      throw await versionConflict(trx, `Country ${before.name}`, before);
    }
    const current = before.national_association_mid
      ? await trx
          .selectFrom('members')
          .selectAll()
          .where('mid', '=', before.national_association_mid)
          .executeTakeFirst()
      : undefined;
    if (!current || isLiveAssociation(current)) {
      throw badInput(
        'body.id',
        'check',
        `The national association of ${before.name} is ${current ? 'a live association' : 'not set'}; nothing to fix.`,
      );
    }
    const target =
      input.action === 'relink'
        ? await requireLiveAssociation(trx, input.associationMid, null)
        : null;
    const after = await trx
      .updateTable('countries')
      .set({
        national_association_mid: target?.mid ?? null,
        version: sql`version + 1`,
        updated_at: sql`now()`,
        updated_by: actor.uid,
      })
      .where('iso2', '=', before.iso2)
      .where('version', '=', before.version)
      .returningAll()
      .executeTakeFirstOrThrow();
    const was = `${current.number} ${current.legal_name}`;
    await auditEntries(trx, actor, 'countries', action, [
      {
        id: before.iso2,
        before,
        after: {
          ...after,
          _reason: target
            ? `Fix "association links": ${was} is not a live association; ${before.name}'s national association is now ${target.number} ${target.legal_name}.`
            : `Fix "association links": ${was} is not a live association; ${before.name}'s national association cleared.`,
        },
      },
    ]);
    return {
      check: 'association-link',
      message: target
        ? `${before.name}'s national association is now ${target.number} ${target.legal_name}.`
        : `${before.name}'s national association was cleared.`,
      changed: [{ table: 'countries', id: after.iso2, version: after.version }],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Merge

const addressFields = ['address_line1', 'address_line2', 'postal_code', 'city', 'state'] as const;
const fillableFields = [
  'trade_name',
  'country_iso2',
  'vat_number',
  'website',
  'email',
  'phone',
  'card_customer_id',
] as const;

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * The survivor's empty fields, filled from the merged member. An address is taken whole, and only
 * when the survivor has none (half of one address with half of another is no address); the
 * earlier joining date and the later paid-through year are kept (the two records were one member).
 */
function fillFromMerged(
  survivor: MemberRow,
  merged: MemberRow,
): { changes: MemberChanges; filled: string[] } {
  const changes: Record<string, unknown> = {};
  for (const field of fillableFields) {
    if (isEmpty(survivor[field]) && !isEmpty(merged[field])) changes[field] = merged[field];
  }
  if (
    addressFields.every((field) => isEmpty(survivor[field])) &&
    addressFields.some((field) => !isEmpty(merged[field]))
  ) {
    for (const field of addressFields) {
      if (!isEmpty(merged[field])) changes[field] = merged[field];
    }
  }
  // The survivor's national association: its own, else the merged one's (never itself).
  const ownLink =
    survivor.national_association_mid === merged.mid ? null : survivor.national_association_mid;
  const mergedLink =
    merged.national_association_mid === survivor.mid ||
    merged.national_association_mid === merged.mid
      ? null
      : merged.national_association_mid;
  const link = ownLink ?? mergedLink;
  if (link !== survivor.national_association_mid) changes.national_association_mid = link;
  if (merged.joined_on && (!survivor.joined_on || merged.joined_on < survivor.joined_on)) {
    changes.joined_on = merged.joined_on;
  }
  if (
    merged.paid_through_year !== null &&
    (survivor.paid_through_year === null || merged.paid_through_year > survivor.paid_through_year)
  ) {
    changes.paid_through_year = merged.paid_through_year;
  }
  return { changes: changes as MemberChanges, filled: Object.keys(changes) };
}

/**
 * Merges one member into another in one transaction: users, invoices, certificates,
 * applications, the e-mails about it and the association links (members' and countries') move to
 * the survivor, the survivor's empty fields are filled from the merged member, and the merged
 * member is soft-deleted. Every moved record and both members get an audit entry. A paid invoice
 * keeps everything but its member link, and its audit entry says so.
 */
export function mergeMembers(
  db: Db,
  actor: Actor,
  input: TMergeMembersRequest,
): Promise<TMemberFixResult> {
  if (input.survivorMid === input.mergedMid) {
    throw badInput('body.mergedMid', 'distinct', 'Choose two different members to merge.');
  }
  const check = input.check ?? 'merge';
  const action = `fix:${check}`;
  return writeTransaction(db, async (trx) => {
    // Lock both in id order, so that two merges of the same pair cannot deadlock.
    const [firstMid, secondMid] = [input.survivorMid, input.mergedMid].sort();
    await trx
      .selectFrom('members')
      .select('mid')
      .where('mid', 'in', [firstMid ?? '', secondMid ?? ''])
      .orderBy('mid')
      .forUpdate()
      .execute();
    const survivor = await lockMember(
      trx,
      input.survivorMid,
      input.survivorVersion,
      'body.survivorMid',
    );
    const merged = await lockMember(trx, input.mergedMid, input.mergedVersion, 'body.mergedMid');
    // Two VAT numbers usually mean two companies: such a merge needs an explicit flag, so that
    // neither a hurried click nor a script merges them by accident.
    if (
      haveDifferentVatNumbers(survivor.vat_number, merged.vat_number) &&
      input.confirmDifferentVatNumbers !== true
    ) {
      throw badInput(
        'body.confirmDifferentVatNumbers',
        'different-vat-numbers',
        `${survivor.number} has the VAT number ${survivor.vat_number ?? ''} and ${merged.number} has ${merged.vat_number ?? ''}: different VAT numbers usually mean different companies. Send confirmDifferentVatNumbers: true to merge them anyway.`,
      );
    }
    const s = survivor.mid;
    const m = merged.mid;
    const why = `merged ${merged.number} into ${survivor.number}`;
    const stamp = {
      version: sql<number>`version + 1`,
      updated_at: sql<Date>`now()`,
      updated_by: actor.uid,
    };

    const memberLinkCount = await trx
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('national_association_mid', '=', m)
      .where('mid', 'not in', [s, m])
      .executeTakeFirstOrThrow();
    const countryLinkCount = await trx
      .selectFrom('countries')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('national_association_mid', '=', m)
      .executeTakeFirstOrThrow();
    const hasLinks = Number(memberLinkCount.count) + Number(countryLinkCount.count) > 0;
    if (hasLinks && merged.category === 'association' && survivor.category !== 'association') {
      throw badInput(
        'body.survivorMid',
        'association-survivor',
        `${merged.number} is the national association of other members or countries; keep an association (not the ${survivor.category} member ${survivor.number}) as the survivor.`,
      );
    }

    const audit = (table: AuditedTable, rows: AuditRow[]) =>
      auditEntries(trx, actor, table, action, rows);
    const moved = (column: string) => ({
      before: { [column]: m },
      after: { [column]: s, _reason: `Fix: ${why}; the ${column.replaceAll('_', ' ')} moved.` },
    });

    const users = await trx
      .updateTable('users')
      .set({ member_mid: s, ...stamp })
      .where('member_mid', '=', m)
      .returning(['uid'])
      .execute();
    await audit(
      'users',
      users.map((row) => ({ id: row.uid, ...moved('member_mid') })),
    );

    const invoices = await trx
      .updateTable('invoices')
      .set({ member_mid: s, ...stamp })
      .where('member_mid', '=', m)
      .returning(['iid', 'number', 'status'])
      .execute();
    await audit(
      'invoices',
      invoices.map((row) => ({
        id: row.iid,
        before: { member_mid: m },
        after: {
          member_mid: s,
          _reason:
            row.status === 'paid'
              ? `Fix: ${why}. Paid invoice ${row.number}: only its member link moved; nothing else was rewritten.`
              : `Fix: ${why}; invoice ${row.number} moved to the surviving member.`,
        },
      })),
    );

    const certificates = await trx
      .updateTable('certificates')
      .set({ member_mid: s, ...stamp })
      .where('member_mid', '=', m)
      .returning(['cid'])
      .execute();
    await audit(
      'certificates',
      certificates.map((row) => ({ id: row.cid, ...moved('member_mid') })),
    );

    const applications = await trx
      .updateTable('applications')
      .set({ member_mid: s, ...stamp })
      .where('member_mid', '=', m)
      .returning(['aid'])
      .execute();
    const endorsements = await trx
      .updateTable('applications')
      .set({ endorsing_association_mid: s, ...stamp })
      .where('endorsing_association_mid', '=', m)
      .returning(['aid'])
      .execute();
    await audit('applications', [
      ...applications.map((row) => ({ id: row.aid, ...moved('member_mid') })),
      ...endorsements.map((row) => ({ id: row.aid, ...moved('endorsing_association_mid') })),
    ]);

    const emails = await trx
      .updateTable('emails')
      .set({ related_id: s, updated_at: sql`now()` })
      .where('related_table', '=', 'members')
      .where('related_id', '=', m)
      .returning(['eid'])
      .execute();
    await audit(
      'emails',
      emails.map((row) => ({ id: row.eid, ...moved('related_id') })),
    );

    const memberLinks = await trx
      .updateTable('members')
      .set({ national_association_mid: s, ...stamp })
      .where('national_association_mid', '=', m)
      .where('mid', 'not in', [s, m])
      .returning(['mid', 'version'])
      .execute();
    await audit(
      'members',
      memberLinks.map((row) => ({ id: row.mid, ...moved('national_association_mid') })),
    );

    const countryLinks = await trx
      .updateTable('countries')
      .set({ national_association_mid: s, ...stamp })
      .where('national_association_mid', '=', m)
      .returning(['iso2', 'version'])
      .execute();
    await audit(
      'countries',
      countryLinks.map((row) => ({ id: row.iso2, ...moved('national_association_mid') })),
    );

    const movedCounts: TMergeMoved = {
      users: users.length,
      invoices: invoices.length,
      paidInvoices: invoices.filter((row) => row.status === 'paid').length,
      certificates: certificates.length,
      applications: new Set([...applications, ...endorsements].map((row) => row.aid)).size,
      emails: emails.length,
      memberLinks: memberLinks.length,
      countryLinks: countryLinks.length,
    };
    const movedWords = [
      plural(movedCounts.users, 'user'),
      `${plural(movedCounts.invoices, 'invoice')}${movedCounts.paidInvoices > 0 ? ` (${movedCounts.paidInvoices} paid: only their member link moved)` : ''}`,
      plural(movedCounts.certificates, 'certificate'),
      plural(movedCounts.applications, 'application'),
      plural(movedCounts.emails, 'e-mail'),
      plural(movedCounts.memberLinks + movedCounts.countryLinks, 'association link'),
    ].join(', ');

    const { changes, filled } = fillFromMerged(survivor, merged);
    const survivorAfter = await updateMember(trx, actor, survivor, changes, {
      action,
      reason: `Fix: ${merged.number} ${merged.legal_name} was merged into this member; moved here: ${movedWords}${filled.length > 0 ? `; filled from it: ${filled.join(', ')}` : ''}.`,
      details: { _mergedFrom: { mid: m, number: merged.number }, _moved: movedCounts },
    });
    const mergedAfter = await updateMember(
      trx,
      actor,
      merged,
      { deleted_at: new Date() },
      {
        action,
        reason: `Fix: merged into ${survivor.number} ${survivor.legal_name} and deleted; moved there: ${movedWords}.`,
        details: { _mergedInto: { mid: s, number: survivor.number }, _moved: movedCounts },
      },
    );

    return {
      check,
      message: `${merged.number} was merged into ${survivor.number} ${survivor.legal_name} and deleted. Moved: ${movedWords}.${filled.length > 0 ? ` Filled in: ${filled.map((field) => field.replaceAll('_', ' ')).join(', ')}.` : ''}`,
      changed: [
        { table: 'members', id: survivorAfter.mid, version: survivorAfter.version },
        { table: 'members', id: mergedAfter.mid, version: mergedAfter.version },
        ...memberLinks.map((row) => ({
          table: 'members' as const,
          id: row.mid,
          version: row.version,
        })),
        ...countryLinks.map((row) => ({
          table: 'countries' as const,
          id: row.iso2,
          version: row.version,
        })),
      ],
      merge: { survivorMid: s, mergedMid: m, moved: movedCounts, filledFields: filled },
    };
  });
}
