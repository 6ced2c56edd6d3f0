import {
  ZSetCountryRepair,
  type TMemberFixResult,
  type TNoCountryFinding,
  type TSetCountryRepair,
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
 * Members without a country: they cannot be invoiced or endorsed correctly. A finding guesses the
 * country from the VAT number's prefix or the e-mail's domain; the repair sets the one chosen.
 */

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

function countNoCountry(db: Db): Promise<number> {
  return countRows(
    db,
    sql<{ count: number }>`
    SELECT count(*)::int AS count FROM members
     WHERE deleted_at IS NULL AND country_iso2 IS NULL`,
  );
}

/** The names of the candidate countries that exist, by code. */
async function knownCountryNames(db: Db, rows: FixMemberRow[]): Promise<Map<string, string>> {
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
  return new Map(known.map((country) => [country.iso2, country.name]));
}

function toNoCountryFinding(row: FixMemberRow, names: Map<string, string>): TNoCountryFinding {
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
}

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
    const before = await lockMemberToRepair(trx, input.mid, input.version, 'body.mid');
    if (before.country_iso2 !== null) {
      throw badInput(
        'body.mid',
        'check',
        `Member ${before.number} already has a country (${before.country_iso2}); nothing to fix.`,
      );
    }
    const after = await updateRecord(
      trx,
      actor,
      'members',
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

export const noCountry: MemberFixCheckOperations<'no-country'> = {
  count: countNoCountry,
  async find(db, query) {
    const [{ rows }, count, countries] = await Promise.all([
      sql<FixMemberRow>`
        SELECT ${fixMemberColumns} FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
         WHERE m.deleted_at IS NULL AND m.country_iso2 IS NULL
         ORDER BY m.number, m.mid LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
      countNoCountry(db),
      // Every active country by name, to choose from.
      db
        .selectFrom('countries')
        .select(['iso2', 'name'])
        .where('active', '=', true)
        .orderBy('name')
        .execute(),
    ]);
    const names = await knownCountryNames(db, rows);
    return { count, findings: rows.map((row) => toNoCountryFinding(row, names)), countries };
  },
  repair: {
    summary: 'Set the country of a member that has none',
    body: ZSetCountryRepair,
    run: setMemberCountry,
  },
};
