import type { TPortalCertificate } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { verificationUrlOf } from '../detail';
import { certificateTermsColumns, certificateTermsOf } from '../list';
import { getCertificatePdf } from '../pdf';

/**
 * The certificates a member holds, current and past (expired, revoked, superseded): every one
 * issued to it. A pending certificate has no document yet, so neither the portal nor the member's
 * data export ("Download our data") shows it.
 */
export function memberIssuedCertificates(db: Kysely<Database>, mid: string) {
  return db
    .selectFrom('certificates as c')
    .where('c.member_mid', '=', mid)
    .where('c.status', '!=', 'pending');
}

/**
 * The member's certificates for the portal (issue 35), newest first (`memberIssuedCertificates`),
 * each with its public verification page on the console's origin (`/verify/{code}`).
 */
export async function listMemberCertificates(
  db: Kysely<Database>,
  mid: string,
  publicUrl: string,
): Promise<TPortalCertificate[]> {
  const rows = await memberIssuedCertificates(db, mid)
    .select(['c.cid', 'c.number', ...certificateTermsColumns, 'c.verification_code'])
    .orderBy('c.year', 'desc')
    .orderBy('c.number', 'desc')
    .execute();
  return rows.map((row) => ({
    cid: row.cid,
    number: row.number,
    ...certificateTermsOf(row),
    verificationUrl: verificationUrlOf(publicUrl, row.verification_code),
  }));
}

/** One of the member's certificates as a PDF; another member's or a pending one is a 404. */
export async function getMemberCertificatePdf(
  db: Kysely<Database>,
  mid: string,
  cid: string,
  publicUrl: string,
) {
  const certificate = await memberIssuedCertificates(db, mid)
    .select('c.cid')
    .where('c.cid', '=', cid)
    .executeTakeFirst();
  if (!certificate) throw new AppError('not-found', `Your member has no certificate ${cid}.`);
  return getCertificatePdf(db, certificate.cid, publicUrl);
}
