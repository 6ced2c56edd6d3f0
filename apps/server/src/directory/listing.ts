import {
  directoryFields,
  directoryServices,
  type DirectoryField,
  type DirectoryService,
  type TDirectoryListing,
} from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { verificationUrlOf } from '../certificates';
import type { Database } from '../db/schema';
import { clock } from '../lib/clock';

type Db = Kysely<Database> | Transaction<Database>;

/** A member with its entry, country and current certificate, as the directory reads them. */
export type ListingRow = {
  mid: string;
  number: string;
  legal_name: string;
  city: string | null;
  country_iso2: string | null;
  country_name: string | null;
  website: string | null;
  phone: string | null;
  status: string;
  directory_visible: boolean;
  listed: boolean | null;
  fields: string[] | null;
  services: string[] | null;
  verification_code: string | null;
};

export const fieldsOf = (stored: readonly string[]): DirectoryField[] =>
  directoryFields.filter((field) => stored.includes(field));

export const servicesOf = (stored: readonly string[]): DirectoryService[] =>
  directoryServices.filter((service) => stored.includes(service));

/**
 * Members with what the directory shows of them. `listed: true` starts from the listed entries
 * (`member_directory_listed_idx`) and keeps only what the public may see: active members not
 * hidden by staff. The current certificate is the issued one valid today at headquarters.
 */
export function listingRows(db: Db, options: { publicOnly: boolean }) {
  const today = clock.today();
  let query = db
    .selectFrom('members as m')
    .leftJoin('member_directory_entries as e', 'e.member_mid', 'm.mid')
    .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
    .select([
      'm.mid',
      'm.number',
      'm.legal_name',
      'm.city',
      'm.country_iso2',
      'c.name as country_name',
      'm.website',
      'm.phone',
      'm.status',
      'm.directory_visible',
      'e.listed',
      'e.fields',
      'e.services',
    ])
    .select(
      sql<string | null>`(SELECT x.verification_code FROM certificates x
         WHERE x.member_mid = m.mid AND x.status = 'issued' AND x.valid_from <= ${today}::date
           AND x.valid_to >= ${today}::date
         ORDER BY x.valid_to DESC LIMIT 1)`.as('verification_code'),
    )
    .where('m.deleted_at', 'is', null);
  if (options.publicOnly) {
    query = query
      .where('e.listed', '=', true)
      .where('m.status', '=', 'active')
      .where('m.directory_visible', '=', true);
  }
  return query;
}

/** The entry as the public sees it: the name, the chosen fields, the certificate's check. */
export function toListing(
  row: ListingRow,
  publicUrl: string,
  shown: readonly string[],
): TDirectoryListing {
  const shows = (field: DirectoryField) => shown.includes(field);
  return {
    number: row.number,
    name: row.legal_name,
    city: shows('city') ? row.city : null,
    countryIso2: shows('country') ? row.country_iso2 : null,
    countryName: shows('country') ? row.country_name : null,
    website: shows('website') ? row.website : null,
    phone: shows('phone') ? row.phone : null,
    services: shows('services') ? servicesOf(row.services ?? []) : [],
    verificationUrl: row.verification_code
      ? verificationUrlOf(publicUrl, row.verification_code)
      : null,
  };
}
