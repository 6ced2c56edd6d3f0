import type { OperatorActor } from '../../../db/audit';
import { insertRecord } from '../../../db/records';
import { newId } from '../../../lib/ids';
import { countryAssociationOf, type ApplicationRow } from '../../detail';
import { primaryContact } from '../applicant';
import type { Trx } from '../context';
import { nextMemberNumber } from '../numbers';

const field = (source: Record<string, unknown>, key: string) =>
  typeof source[key] === 'string' && source[key] !== '' ? (source[key] as string) : null;

/**
 * The new member, numbered and pending payment, from what the application states (company,
 * address, primary contact), under its endorsing association or its country's.
 */
export async function createMember(
  trx: Trx,
  actor: OperatorActor,
  row: ApplicationRow,
  options: { fallbackEmail: string; today: string },
) {
  const countryAssociation =
    row.category === 'individual' ? await countryAssociationOf(trx, row.country_iso2) : null;
  const company = (row.company ?? {}) as Record<string, unknown>;
  const address = (row.address ?? {}) as Record<string, unknown>;
  const primary = primaryContact(row) ?? {};
  const mid = newId();
  const number = await nextMemberNumber(trx);
  await insertRecord(
    trx,
    actor,
    'members',
    {
      mid,
      number,
      category: row.category,
      status: 'pending-payment',
      legal_name: row.legal_name,
      trade_name: field(company, 'tradeName'),
      country_iso2: row.country_iso2,
      address_line1: field(address, 'line1'),
      address_line2: field(address, 'line2'),
      postal_code: field(address, 'postalCode'),
      city: field(address, 'city'),
      state: field(address, 'state'),
      vat_number: field(company, 'vatNumber'),
      website: field(company, 'website'),
      email: field(primary, 'email') ?? options.fallbackEmail,
      phone: field(primary, 'phone'),
      national_association_mid: row.endorsing_association_mid ?? countryAssociation?.mid ?? null,
      joined_on: options.today,
      billing_currency: 'CHF',
    },
    { action: 'create', reason: `Approval of application ${row.number}` },
  );
  return { mid, number };
}
