import type { Insertable, Kysely } from 'kysely';
import type { ApplicationsTable, Database } from '../db/schema';
import { newId } from '../lib/ids';

/** Test data for the applications tests: an applicant user and an application of theirs. */
export async function addApplicant(db: Kysely<Database>, email: string): Promise<string> {
  const uid = newId();
  await db
    .insertInto('users')
    .values({ uid, email, display_name: `Applicant ${email}` })
    .execute();
  return uid;
}

let sequence = 0;

export async function addApplication(
  db: Kysely<Database>,
  values: Partial<Insertable<ApplicationsTable>> = {},
): Promise<Insertable<ApplicationsTable> & { aid: string; number: string }> {
  sequence++;
  const aid = values.aid ?? newId();
  const row = {
    aid,
    number: `A-9${String(sequence).padStart(5, '0')}`,
    category: 'individual' as const,
    status: 'under-review' as const,
    legal_name: `Forwarding Company ${sequence} Ltd`,
    country_iso2: 'CH',
    company: {
      legalName: `Forwarding Company ${sequence} Ltd`,
      tradeName: `FC${sequence}`,
      registrationNumber: `CHE-${sequence}`,
      vatNumber: `CHE-100.200.${String(sequence).padStart(3, '0')} MWST`,
      founded: 1990,
      website: `https://fc${sequence}.example`,
      employees: 40,
      activities: ['sea-freight'],
    },
    address: {
      line1: 'Hafenstrasse 1',
      postalCode: '4057',
      city: 'Basel',
      countryIso2: 'CH',
    },
    contacts: [
      {
        role: 'primary',
        name: 'Anna Muster',
        email: `anna${sequence}@fc.example`,
        phone: '+41 61 000 00 00',
        position: 'Managing Director',
      },
    ],
    documents: [],
    submitted_at: new Date('2026-01-10T09:00:00Z'),
    ...values,
  };
  await db
    .insertInto('applications')
    .values({
      ...row,
      company: JSON.stringify(row.company),
      address: JSON.stringify(row.address),
      contacts: JSON.stringify(row.contacts),
      documents: JSON.stringify(row.documents),
    })
    .execute();
  return row as typeof row & { aid: string; number: string };
}

/**
 * The default CHF account, with a QR-IBAN: the one an approval's first invoice (and the first
 * invoice plans) are paid to.
 */
export async function addDefaultChfAccount(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .insertInto('bank_accounts')
    .values({
      id,
      label: 'Fees CHF',
      bank_name: 'Demo Bank',
      holder_name: 'Federation',
      holder_address: 'Zürich',
      iban: 'CH9300762011623852957',
      qr_iban: 'CH4431999123000889012',
      currency: 'CHF',
      is_default: true,
    })
    .execute();
}

/** A multipart/form-data body with one file in the field "file". */
export function multipartBody(fileName: string, bytes: Buffer, contentType = 'application/pdf') {
  const boundary = `----test${newId()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The smallest PDF a viewer opens: one empty page. */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
