import type { TPortalCertificate } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { verificationUrlOf } from '../detail';
import { effectiveStatus } from '../list';
import { getCertificatePdf } from '../pdf';

/**
 * The member's certificates for the portal (issue 35), newest first: those issued to it, current
 * and past (expired, revoked, superseded), each with its public verification page on the console's
 * origin (`/verify/{code}`). A pending certificate has no document yet and is not shown.
 */
export async function listMemberCertificates(
  db: Kysely<Database>,
  mid: string,
  publicUrl: string,
): Promise<TPortalCertificate[]> {
  const rows = await db
    .selectFrom('certificates')
    .select([
      'cid',
      'number',
      'type',
      'document_code',
      'year',
      'valid_from',
      'valid_to',
      'status',
      'verification_code',
    ])
    .where('member_mid', '=', mid)
    .where('status', '!=', 'pending')
    .orderBy('year', 'desc')
    .orderBy('number', 'desc')
    .execute();
  return rows.map((row) => ({
    cid: row.cid,
    number: row.number,
    type: row.type,
    documentCode: row.document_code,
    year: row.year,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    status: effectiveStatus(row.status, row.valid_to),
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
  const certificate = await db
    .selectFrom('certificates')
    .select('cid')
    .where('cid', '=', cid)
    .where('member_mid', '=', mid)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  if (!certificate) throw new AppError('not-found', `Your member has no certificate ${cid}.`);
  return getCertificatePdf(db, certificate.cid, publicUrl);
}
