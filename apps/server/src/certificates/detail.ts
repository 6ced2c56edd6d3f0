import type { TCertificateDetail } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordNotFound } from '../db/records';
import { certificateTermsColumns, effectiveStatus, todayIso } from './list';

/** The public page that verifies a certificate, printed on it as a link and a QR code. */
export function verificationUrlOf(publicUrl: string, code: string): string {
  return `${publicUrl}/verify/${encodeURIComponent(code)}`;
}

/** The certificate with what its detail screen and its PDF show; null when there is none. */
export async function findCertificateRecord(db: Kysely<Database>, cid: string) {
  const row = await db
    .selectFrom('certificates as c')
    .leftJoin('members as m', 'm.mid', 'c.member_mid')
    .leftJoin('countries as k', 'k.iso2', 'm.country_iso2')
    .leftJoin('invoices as i', 'i.iid', 'c.invoice_iid')
    .leftJoin('users as u', 'u.uid', 'c.issued_by')
    .select((eb) => [
      'c.cid',
      'c.number',
      'c.member_mid',
      'c.member_name',
      'm.legal_name as member_current_name',
      'm.number as member_number',
      'm.country_iso2',
      'm.preferred_language',
      'k.name as country_name',
      ...certificateTermsColumns,
      'c.invoice_iid',
      'i.number as invoice_number',
      'c.issued_at',
      'c.issued_by',
      'u.display_name as issued_by_name',
      'u.email as issued_by_email',
      'c.verification_code',
      'c.revocation_reason',
      'c.version',
      'c.created_at',
      'c.updated_at',
      eb
        .exists(
          eb.selectFrom('certificate_files as f').whereRef('f.cid', '=', 'c.cid').select('f.cid'),
        )
        .as('has_stored_pdf'),
    ])
    .where('c.cid', '=', cid)
    .executeTakeFirst();
  return row ?? null;
}

export type CertificateRecord = NonNullable<Awaited<ReturnType<typeof findCertificateRecord>>>;

/** The certificate that replaced a superseded one: the next of the same member, type and year. */
async function findSuccessor(db: Kysely<Database>, record: CertificateRecord) {
  if (record.status !== 'superseded' || !record.issued_at) return null;
  const next = await db
    .selectFrom('certificates')
    .select(['cid', 'number'])
    .where('member_mid', '=', record.member_mid)
    .where('type', '=', record.type)
    .where('year', '=', record.year)
    .where('issued_at', '>', record.issued_at)
    .orderBy('issued_at')
    .limit(1)
    .executeTakeFirst();
  return next ?? null;
}

/** One certificate for its detail screen; 404 when there is none. */
export async function getCertificate(
  db: Kysely<Database>,
  cid: string,
  publicUrl: string,
): Promise<TCertificateDetail> {
  const record = await findCertificateRecord(db, cid);
  if (!record) throw recordNotFound('certificates', cid);
  const today = todayIso();
  const status = effectiveStatus(record.status, record.valid_to, today);
  return {
    cid: record.cid,
    number: record.number,
    memberMid: record.member_mid,
    memberName: record.member_name,
    memberCurrentName: record.member_current_name,
    memberNumber: record.member_number,
    countryIso2: record.country_iso2,
    countryName: record.country_name,
    type: record.type,
    documentCode: record.document_code as TCertificateDetail['documentCode'],
    year: record.year,
    validFrom: record.valid_from,
    validTo: record.valid_to,
    status,
    issuedAt: record.issued_at ? record.issued_at.toISOString() : null,
    issuedBy: record.issued_by
      ? {
          uid: record.issued_by,
          name:
            record.issued_by_name ??
            record.issued_by_email ??
            (record.issued_by === 'system' ? 'System (payment received)' : null),
        }
      : null,
    invoiceIid: record.invoice_iid,
    invoiceNumber: record.invoice_number,
    verificationCode: record.verification_code,
    verificationUrl: verificationUrlOf(publicUrl, record.verification_code),
    revocationReason: record.revocation_reason,
    isValidNow: status === 'issued' && record.valid_from <= today && today <= record.valid_to,
    hasStoredPdf: Boolean(record.has_stored_pdf),
    supersededBy: await findSuccessor(db, record),
    version: record.version,
    createdAt: record.created_at.toISOString(),
    updatedAt: record.updated_at.toISOString(),
  };
}
