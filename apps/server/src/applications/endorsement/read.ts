import type { TEndorsement } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { documentRefs, toDocument, type ApplicationRow } from '../detail';
import { answerOf } from './answer-of';
import { findLinkByToken } from './by-token';
import { countryName, linkState } from './links';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** What the association reads: the company, its address, contacts' names and documents. */
async function summaryOf(db: Kysely<Database>, row: ApplicationRow) {
  const company = (row.company ?? {}) as Record<string, unknown>;
  const address = (row.address ?? {}) as Record<string, unknown>;
  const contacts = Array.isArray(row.contacts) ? (row.contacts as Record<string, unknown>[]) : [];
  return {
    number: row.number,
    category: row.category,
    legalName: row.legal_name,
    tradeName: text(company.tradeName),
    registrationNumber: text(company.registrationNumber),
    vatNumber: text(company.vatNumber),
    website: text(company.website),
    address: {
      line1: text(address.line1),
      line2: text(address.line2),
      postalCode: text(address.postalCode),
      city: text(address.city),
      countryIso2: row.country_iso2,
    },
    countryName: await countryName(db, row.country_iso2),
    contacts: contacts.map((contact) => ({
      role: typeof contact.role === 'string' ? contact.role : 'primary',
      name: text(contact.name),
    })),
    // Only the files it can open: a legacy reference without its bytes is no use here.
    documents: documentRefs(row)
      .filter((ref): ref is typeof ref & { id: string } => typeof ref.id === 'string')
      .map((ref) => {
        const document = toDocument(ref);
        return { id: ref.id, type: document.type, fileName: document.fileName };
      }),
    submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
  };
}

/** The federation's address, from the sender of its e-mails: whom to ask for a new link. */
export function federationContact(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
}

/** `GET /api/endorsements/{token}`: the link's state, and while open the application. */
export async function getEndorsement(
  db: Kysely<Database>,
  mailFrom: string,
  token: string,
): Promise<TEndorsement> {
  const { link, application } = await findLinkByToken(db, token);
  const state = linkState(link, application);
  const association = await db
    .selectFrom('members')
    .select('legal_name')
    .where('mid', '=', link.association_mid)
    .executeTakeFirstOrThrow();
  return {
    state,
    associationName: association.legal_name,
    expiresAt: new Date(link.expires_at).toISOString(),
    application: state === 'open' ? await summaryOf(db, application) : null,
    applicationNumber: application.number,
    answer: answerOf(link),
    askFor: state === 'expired' || state === 'retired' ? federationContact(mailFrom) : null,
  };
}
