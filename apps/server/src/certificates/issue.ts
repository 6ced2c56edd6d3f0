import { createHash } from 'node:crypto';
import type { TIssueCertificateRequest } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import { insertRecord, updateRecords } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { newId } from '../lib/ids';
import { renderEmail } from '../email-templates';
import { queueEmail } from '../emails';
import { verificationUrlOf } from './detail';
import { renderCertificatePdf, type CertificatePdfData } from './pdf';
import { newVerificationCode } from './verification-code';
import { memberStatusLabels } from '@ops/contract/labels';
import { clock } from '../lib/clock';

/** Members in these states get no new certificate, even for a year they paid. */
const closedStatuses = new Set(['suspended', 'terminated', 'resigned']);

/**
 * The next certificate number of a year, `C-{year}-{000001}`. One counter row per year, updated
 * in the issuing transaction: concurrent issues serialize on that row (SERIALIZABLE retries the
 * loser), so no two certificates get the same number. The first issue of a year starts after the
 * highest number already present (demo data, imports).
 */
async function allocateNumber(trx: Transaction<Database>, year: number): Promise<string> {
  const bumped = await trx
    .updateTable('certificate_sequences')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('year', '=', year)
    .returning('last_number')
    .executeTakeFirst();
  let last = bumped?.last_number;
  if (last === undefined) {
    const prefix = `C-${year}-`;
    const started = await sql<{ last_number: number }>`
      INSERT INTO certificate_sequences (year, last_number)
      SELECT ${year}, coalesce(max(substring(number from ${`^${prefix}(\\d+)$`})::int), 0) + 1
        FROM certificates WHERE number LIKE ${`${prefix}%`}
      ON CONFLICT (year) DO UPDATE SET last_number = certificate_sequences.last_number + 1
      RETURNING last_number`.execute(trx);
    last = started.rows[0]?.last_number ?? 1;
  }
  return `C-${year}-${String(last).padStart(6, '0')}`;
}

/**
 * Whether the member paid the year (rule 2 of the domain): a paid membership invoice of that
 * year, or a paid-through year at or after it. Returns the invoice when there is one.
 */
async function findPayment(
  trx: Transaction<Database>,
  member: { mid: string; paid_through_year: number | null },
  year: number,
): Promise<{ isPaid: boolean; invoiceIid: string | null }> {
  const invoice = await trx
    .selectFrom('invoices')
    .select('iid')
    .where('member_mid', '=', member.mid)
    .where('kind', '=', 'membership')
    .where('year', '=', year)
    .where('status', '=', 'paid')
    .orderBy('paid_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (invoice) return { isPaid: true, invoiceIid: invoice.iid };
  return { isPaid: (member.paid_through_year ?? -1) >= year, invoiceIid: null };
}

export type IssueOptions = {
  publicUrl: string;
  now?: Date;
  /** When set, the member (if it has an e-mail address) is sent its certificate's link. */
  mailFrom?: string;
};

/**
 * Issues the membership certificate of a member for a paid year, in one transaction: numbers it,
 * gives it a new verification code, supersedes the member's earlier certificate of that year,
 * renders and stores its PDF, and writes the audit trail. Returns the new certificate's id.
 */
export async function issueMembershipCertificate(
  db: Kysely<Database>,
  actor: Actor,
  request: TIssueCertificateRequest,
  options: IssueOptions,
): Promise<string> {
  return writeTransaction(db, (trx) => issueMembershipCertificateIn(trx, actor, request, options));
}

/** The member a certificate is issued to: known, not deleted, in good standing (400 otherwise). */
async function requireCertifiableMember(trx: Transaction<Database>, memberMid: string) {
  const member = await trx
    .selectFrom('members as m')
    .leftJoin('countries as k', 'k.iso2', 'm.country_iso2')
    .select([
      'm.mid',
      'm.number',
      'm.legal_name',
      'm.email',
      'm.status',
      'm.paid_through_year',
      'm.deleted_at',
      'm.preferred_language',
      'k.name as country_name',
    ])
    .where('m.mid', '=', memberMid)
    .executeTakeFirst();
  if (!member || member.deleted_at) {
    throw badInput('body.memberMid', 'exists', `No member has the id ${memberMid}.`);
  }
  if (closedStatuses.has(member.status)) {
    throw badInput(
      'body.memberMid',
      'member-status',
      `${member.legal_name} is ${memberStatusLabels[member.status].toLowerCase()}; a certificate is issued only to members in good standing.`,
    );
  }
  return member;
}

type CertifiableMember = Awaited<ReturnType<typeof requireCertifiableMember>>;

/** The paid year's invoice (or none when the paid-through year covers it); 400 if unpaid. */
async function requirePaidYear(
  trx: Transaction<Database>,
  member: CertifiableMember,
  year: number,
): Promise<string | null> {
  const payment = await findPayment(trx, member, year);
  if (payment.isPaid) return payment.invoiceIid;
  const paidThrough = member.paid_through_year
    ? `paid through ${member.paid_through_year}`
    : 'no paid year';
  throw badInput(
    'body.year',
    'paid-year',
    `${member.legal_name} has not paid ${year}: there is no paid membership invoice for ${year} (${paidThrough}). A certificate is issued only for a paid year.`,
  );
}

/**
 * The earlier certificates of this member and year stop counting: `successor` replaces them.
 * Returns their numbers (the new certificate's audit entry names them).
 */
async function supersedeEarlierCertificates(
  trx: Transaction<Database>,
  actor: Actor,
  member: { mid: string },
  year: number,
  successor: { cid: string; number: string },
): Promise<string[]> {
  const replaced = await trx
    .selectFrom('certificates')
    .selectAll()
    .where('member_mid', '=', member.mid)
    .where('type', '=', 'membership')
    .where('year', '=', year)
    .where('status', 'in', ['pending', 'issued', 'expired'])
    .forUpdate()
    .execute();
  await updateRecords(
    trx,
    actor,
    'certificates',
    replaced,
    { status: 'superseded' },
    {
      action: 'supersede',
      view: (row) => ({ status: row.status, version: row.version }),
      details: { supersededBy: successor.cid, supersededByNumber: successor.number },
    },
  );
  return replaced.map((old) => old.number);
}

/** Renders the certificate's PDF and stores it beside the record. */
async function storeCertificatePdf(
  trx: Transaction<Database>,
  cid: string,
  content: CertificatePdfData,
): Promise<void> {
  const pdf = await renderCertificatePdf(content);
  await trx
    .insertInto('certificate_files')
    .values({
      cid,
      content: pdf,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      byte_size: pdf.length,
    })
    .execute();
}

/**
 * The same, inside the caller's transaction: marking an invoice paid issues the year's
 * certificate in the payment's own transaction (rule 2), so both happen or neither.
 */
export async function issueMembershipCertificateIn(
  trx: Transaction<Database>,
  actor: Actor,
  request: TIssueCertificateRequest,
  options: IssueOptions,
): Promise<string> {
  const { memberMid, year } = request;
  const member = await requireCertifiableMember(trx, memberMid);
  const invoiceIid = await requirePaidYear(trx, member, year);

  const now = options.now ?? clock.now();
  // Millisecond precision, so that the list's keyset cursor (a JSON date) finds it exactly.
  const issuedAt = new Date(Math.floor(now.getTime()));
  const cid = newId();
  const number = await allocateNumber(trx, year);
  const verificationCode = newVerificationCode();
  const verificationUrl = verificationUrlOf(options.publicUrl, verificationCode);
  const validFrom = `${year}-01-01`;
  const validTo = `${year}-12-31`;

  const supersedes = await supersedeEarlierCertificates(trx, actor, member, year, { cid, number });
  await insertRecord(
    trx,
    actor,
    'certificates',
    {
      cid,
      number,
      member_mid: member.mid,
      member_name: member.legal_name,
      type: 'membership',
      document_code: null,
      year,
      valid_from: validFrom,
      valid_to: validTo,
      status: 'issued',
      invoice_iid: invoiceIid,
      issued_at: issuedAt,
      issued_by: actor.uid,
      pdf_file: null,
      verification_code: verificationCode,
      revocation_reason: null,
      created_at: issuedAt,
      updated_at: issuedAt,
    },
    { action: 'issue', details: { supersedes } },
  );
  await storeCertificatePdf(trx, cid, {
    number,
    type: 'membership',
    documentCode: null,
    year,
    validFrom,
    validTo,
    issuedAt,
    memberName: member.legal_name,
    memberNumber: member.number,
    countryName: member.country_name,
    verificationCode,
    verificationUrl,
    language: member.preferred_language,
  });

  if (options.mailFrom && member.email) {
    const { preferred_language: language } = await trx
      .selectFrom('members')
      .select('preferred_language')
      .where('mid', '=', member.mid)
      .executeTakeFirstOrThrow();
    const { subject, text, html } = await renderEmail(trx, 'certificate', language, {
      member: { name: member.legal_name, number: member.number },
      certificate: { number, year, verificationUrl },
    });
    await queueEmail(trx, options.mailFrom, {
      to: [member.email],
      subject,
      text,
      html,
      kind: 'certificate-issued',
      related: { table: 'certificates', id: cid },
    });
  }
  return cid;
}
