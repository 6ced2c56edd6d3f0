import type { TFieldIssue, TPortalApplication } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { updateRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { AppError, badInput } from '../../errors';
import type { ApplicationRow } from '../detail';
import { requestEndorsementOnSubmit } from '../endorsement/request';
import { applicantActor, lockOwnApplication } from './lock-own';
import { getOwnApplication } from './own-applications';

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** What a draft lacks to be submitted, one issue per field, in the form's order. */
export function missingForSubmission(row: ApplicationRow): TFieldIssue[] {
  const company = (row.company ?? {}) as Record<string, unknown>;
  const address = (row.address ?? {}) as Record<string, unknown>;
  const contacts = Array.isArray(row.contacts) ? (row.contacts as Record<string, unknown>[]) : [];
  const primary = contacts.find((contact) => contact.role === 'primary');
  const missing: TFieldIssue[] = [];
  const need = (isGiven: boolean, path: string, message: string) => {
    if (!isGiven) missing.push({ path, rule: 'required', message });
  };
  need(filled(company.legalName), 'company.legalName', 'Enter the legal name');
  need(filled(address.line1), 'address.line1', 'Enter the street address');
  need(filled(address.city), 'address.city', 'Enter the city');
  need(filled(row.country_iso2), 'address.countryIso2', 'Choose a country');
  need(filled(primary?.name), 'contacts.primary.name', 'Name the primary contact');
  need(filled(primary?.email), 'contacts.primary.email', "Enter the primary contact's e-mail");
  return missing;
}

/**
 * `POST /api/applications/{aid}/submit` on the portal: the draft enters the console's queue,
 * once. The version makes two submits of one draft (two tabs, a double tap) one submission: the
 * second finds a newer version, or a status that is no longer a draft.
 */
export async function submitOwnApplication(
  db: Kysely<Database>,
  uid: string,
  aid: string,
  version: number,
  mail: { mailFrom: string; portalUrl: string },
): Promise<TPortalApplication> {
  await writeTransaction(db, async (trx) => {
    const row = await lockOwnApplication(trx, uid, aid, version);
    if (row.status !== 'draft') {
      throw badInput('body', 'status', `Application ${row.number} is submitted already.`);
    }
    const missing = missingForSubmission(row);
    if (missing.length > 0) {
      throw new AppError(
        'invalid-argument',
        `Application ${row.number} is not complete: ${missing.map((issue) => issue.message.toLowerCase()).join(', ')}.`,
        { issues: missing },
      );
    }
    const submitted = await updateRecord(
      trx,
      applicantActor(uid),
      'applications',
      row,
      { status: 'submitted', submitted_at: sql<Date>`now()` },
      { action: 'submit' },
    );
    // Its national association is asked at once, by link, when it needs the endorsement.
    await requestEndorsementOnSubmit(trx, { db, ...mail }, applicantActor(uid), submitted);
  });
  return getOwnApplication(db, uid, aid);
}
