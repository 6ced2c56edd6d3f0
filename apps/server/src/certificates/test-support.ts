import { clock } from '../lib/clock';
import type { Language } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database, MemberStatus } from '../db/schema';
import { insertMembers, memberRow } from '../../test/fixtures';

/** The current year (UTC): the year tests issue certificates for, valid today. */
export const thisYear = clock.year();

let counter = 0;

/** A member of the test database, with paid (or unpaid) membership invoices of given years. */
export async function addMember(
  db: Kysely<Database>,
  options: {
    legalName: string;
    country?: string | null;
    status?: MemberStatus;
    paidYears?: number[];
    unpaidYears?: number[];
    paidThroughYear?: number | null;
    /** The member's preferred language: English unless a test asks (CH would default to German). */
    language?: Language;
  },
): Promise<{ mid: string; number: string }> {
  counter++;
  const mid = `mem${String(counter).padStart(4, '0')}${Math.random().toString(36).slice(2, 8)}`;
  const number = `M-${String(100000 + counter)}-${mid.slice(-4)}`;
  await insertMembers(db, [
    memberRow(mid, {
      number,
      status: options.status ?? 'active',
      legal_name: options.legalName,
      country_iso2: options.country === undefined ? 'CH' : options.country,
      paid_through_year: options.paidThroughYear ?? null,
      preferred_language: options.language ?? 'en',
    }),
  ]);
  const invoice = (year: number, isPaid: boolean) => ({
    iid: `inv-${mid}-${year}`,
    number: `T-${year}-${mid}`,
    member_mid: mid,
    kind: 'membership' as const,
    year,
    currency: 'CHF',
    status: isPaid ? ('paid' as const) : ('issued' as const),
    paid_at: isPaid ? new Date(`${year}-01-20T10:00:00Z`) : null,
  });
  const invoices = [
    ...(options.paidYears ?? []).map((year) => invoice(year, true)),
    ...(options.unpaidYears ?? []).map((year) => invoice(year, false)),
  ];
  if (invoices.length > 0) await db.insertInto('invoices').values(invoices).execute();
  return { mid, number };
}
