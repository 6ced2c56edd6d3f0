import type { TAssociationLinkFinding, TMemberFixFindingsQuery } from '@ops/contract';
import { sql } from 'kysely';
import type { MemberFixFindings } from './check-operations';
import {
  associationColumns,
  associationProblem,
  countBadMemberLinks,
  describeAssociationProblem,
  findBadAssociationTargets,
  isNotLiveAssociation,
  toAssociationRef,
  type AssociationRow,
} from './association-targets';
import {
  describeMember,
  endedStatuses,
  fixMemberColumns,
  type Db,
  type FixMemberRow,
} from './fix-member';

/** A country whose national association is not a live association. */
type CountryLinkRow = {
  iso2: string;
  name: string;
  version: number;
  national_association_mid: string;
};

/** The page asked for, over the bad links of countries and then of members. */
type LinkPage = { count: number; countryPage: CountryLinkRow[]; memberPage: FixMemberRow[] };

/** Countries first (they are few and each stands for many members), then members by number. */
async function readLinkPage(db: Db, query: TMemberFixFindingsQuery): Promise<LinkPage> {
  const targets = await findBadAssociationTargets(db);
  const countryLinks = await sql<CountryLinkRow>`
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
  return { count, countryPage, memberPage };
}

/** The associations a page's findings name: those linked to, and those to propose instead. */
type PageAssociations = {
  linkedByMid: Map<string, AssociationRow>;
  /** The country's national association if it is live, else its only live association. */
  proposedFor(iso2: string | null, exclude: string): AssociationRow | null;
};

/** The members linked to, and the live associations of the countries concerned (to relink). */
async function readPageAssociations(
  db: Db,
  { countryPage, memberPage }: LinkPage,
): Promise<PageAssociations> {
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
          .select(associationColumns)
          .where('mid', 'in', linkedMids)
          .execute(),
    countryIsos.length === 0
      ? []
      : db
          .selectFrom('members')
          .select(associationColumns)
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
  return {
    linkedByMid,
    proposedFor(iso2, exclude) {
      if (!iso2) return null;
      const candidates = (liveByCountry.get(iso2) ?? []).filter((row) => row.mid !== exclude);
      const national = countries.get(iso2)?.national_association_mid;
      return (
        candidates.find((row) => row.mid === national) ??
        (candidates.length === 1 ? (candidates[0] ?? null) : null)
      );
    },
  };
}

function toCountryFinding(
  row: CountryLinkRow,
  association: AssociationRow,
  proposed: AssociationRow | null,
): TAssociationLinkFinding {
  return {
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
  };
}

function toMemberFinding(
  row: FixMemberRow,
  association: AssociationRow,
  proposed: AssociationRow | null,
): TAssociationLinkFinding {
  const validProposed = proposed && proposed.mid !== association.mid ? proposed : null;
  const countryName = row.country_name ?? 'its country';
  return {
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
  };
}

/** A page of bad links, countries first, each with the live association to relink to. */
export async function findAssociationLinks(
  db: Db,
  query: TMemberFixFindingsQuery,
): Promise<MemberFixFindings<'association-link'>> {
  const page = await readLinkPage(db, query);
  const { linkedByMid, proposedFor } = await readPageAssociations(db, page);
  const findings: TAssociationLinkFinding[] = [];
  for (const row of page.countryPage) {
    const association = linkedByMid.get(row.national_association_mid);
    if (!association) continue;
    findings.push(toCountryFinding(row, association, proposedFor(row.iso2, association.mid)));
  }
  for (const row of page.memberPage) {
    const association = linkedByMid.get(row.national_association_mid ?? '');
    if (!association) continue;
    findings.push(toMemberFinding(row, association, proposedFor(row.country_iso2, row.mid)));
  }
  return { count: page.count, findings };
}
