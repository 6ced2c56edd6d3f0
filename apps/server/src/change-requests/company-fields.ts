import {
  companyFieldLabels,
  companyFields,
  type CompanyField,
  type TCompanyData,
  type TCompanyValues,
} from '@ops/contract';
import type { MembersTable } from '../db/schema';
import { memberAddressLinesOf } from '../lib/member-address';
import type { MemberRow } from '../members';

/** The member column behind each company-data field of the portal. */
export const companyColumns = {
  legalName: 'legal_name',
  tradeName: 'trade_name',
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  postalCode: 'postal_code',
  city: 'city',
  state: 'state',
  countryIso2: 'country_iso2',
  vatNumber: 'vat_number',
  website: 'website',
  email: 'email',
  billingEmail: 'billing_email',
  phone: 'phone',
  preferredLanguage: 'preferred_language',
} as const satisfies Record<CompanyField, keyof MembersTable>;

/** The member's company data as the portal shows it. */
export function companyValuesOf(row: MemberRow): TCompanyValues {
  return {
    legalName: row.legal_name,
    ...memberAddressLinesOf(row),
    countryIso2: row.country_iso2,
    vatNumber: row.vat_number,
    website: row.website,
    email: row.email,
    billingEmail: row.billing_email,
    phone: row.phone,
    preferredLanguage: row.preferred_language,
  };
}

/** The fields of `changes` whose value differs from the record's, in the form's order. */
export function differingFields(
  values: TCompanyValues,
  changes: Partial<TCompanyData>,
): CompanyField[] {
  return companyFields.filter(
    (field) => changes[field] !== undefined && (changes[field] ?? null) !== values[field],
  );
}

/** "legal name, city": fields in the console's words, for messages and audit reasons. */
export function fieldWords(fields: readonly string[]): string {
  return fields
    .map((field) => companyFieldLabels[field as CompanyField]?.toLowerCase() ?? field)
    .join(', ');
}
