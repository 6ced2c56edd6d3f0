import type { CertificateType, Language } from '@ops/contract';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../db/schema';
import { recordNotFound } from '../db/records';
import { fontPicker } from '../lib/pdf-fonts';
import { closePdf, openPdf } from '../lib/pdf-kit';
import { isLanguage, longDayIn } from '../lib/pdf-language';
import { findCertificateRecord, verificationUrlOf } from './detail';
import { certificateLabelsOf, type CertificatePdfLabels } from './pdf-labels';

/** The issuer named on every certificate. */
export const federationName = 'International Federation of Freight Forwarders';

/** What a certificate PDF states; everything comes from the certificate record and its member. */
export type CertificatePdfData = {
  number: string;
  type: CertificateType;
  documentCode: string | null;
  year: number;
  /** YYYY-MM-DD */
  validFrom: string;
  /** YYYY-MM-DD */
  validTo: string;
  issuedAt: Date;
  memberName: string;
  memberNumber: string | null;
  countryName: string | null;
  verificationCode: string;
  verificationUrl: string;
  /** The member's preferred language (issue 17): the certificate's words; English without one. */
  language: Language;
};

/** The day of issue at headquarters, as a `YYYY-MM-DD` day. */
const issueDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' });

function statementOf(data: CertificatePdfData, labels: CertificatePdfLabels): string {
  if (data.type === 'document-licence') {
    return labels.documentLicence(federationName, data.documentCode ?? '', data.year);
  }
  if (data.type === 'diploma') return labels.diploma(federationName, data.year);
  return labels.membership(federationName, data.year);
}

const page = { width: 841.89, height: 595.28 }; // A4 landscape
const ink = '#1f2937';
const accent = '#1e3a8a';
const muted = '#6b7280';

/**
 * Renders a certificate as a PDF (A4 landscape) in the member's language. Deterministic: the same data gives the same
 * bytes (the creation date is the issue time), so a certificate without stored bytes can be
 * rendered again on demand and still be the same document.
 */
export function renderCertificatePdf(data: CertificatePdfData): Promise<Buffer> {
  const labels = certificateLabelsOf(data.language);
  const title = labels.titles[data.type];
  const day = (isoDay: string) => longDayIn(data.language, isoDay);
  const pdf = openPdf({
    layout: 'landscape',
    info: {
      title: `${title} ${data.number}`,
      author: federationName,
      subject: `${title} ${data.year} – ${data.memberName}`,
      keywords: `certificate ${data.number} ${data.verificationCode}`,
      createdAt: data.issuedAt,
    },
  });
  const { doc } = pdf;
  const useFont = fontPicker(doc);

  // Frame.
  doc
    .lineWidth(3)
    .strokeColor(accent)
    .rect(24, 24, page.width - 48, page.height - 48)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(32, 32, page.width - 64, page.height - 64)
    .stroke();

  const contentWidth = page.width - 160;
  const centered = { width: contentWidth, align: 'center' as const };
  const left = 80;

  const federation = useFont('bold', federationName.toUpperCase());
  doc
    .fontSize(12)
    .fillColor(accent)
    .text(federation, left, 70, { ...centered, characterSpacing: 2 });
  doc.font('Times-Bold').fontSize(36).fillColor(ink).text(title, left, 105, centered);
  doc.font('Helvetica').fontSize(14).fillColor(muted).text(labels.certifyThat, left, 170, centered);

  // The name: as large as fits on one line.
  const name = useFont('bold', data.memberName);
  let nameSize = 30;
  while (nameSize > 12 && doc.fontSize(nameSize).widthOfString(name) > contentWidth) nameSize -= 1;
  doc.fillColor(ink).text(name, left, 200, { ...centered, lineBreak: false });

  const memberLine = [
    data.memberNumber ? labels.membershipNumber(data.memberNumber) : null,
    data.countryName,
  ]
    .filter(Boolean)
    .join(' · ');
  const member = useFont('regular', memberLine);
  doc.fontSize(13).fillColor(muted).text(member, left, 245, centered);
  const statement = useFont('regular', statementOf(data, labels));
  doc.fontSize(15).fillColor(ink).text(statement, left, 280, centered);
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(accent)
    .text(labels.validFromTo(day(data.validFrom), day(data.validTo)), left, 335, centered);

  // Bottom left: the record. The number and the code in Courier, easy to read out and to copy.
  const labelX = 80;
  const valueX = 210;
  const rows: [string, string, boolean][] = [
    [labels.certificateNumber, data.number, true],
    [labels.dateOfIssue, day(issueDay.format(data.issuedAt)), false],
    [labels.verificationCode, data.verificationCode, true],
  ];
  rows.forEach(([label, value, isCode], i) => {
    const y = 430 + i * 22;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(muted)
      .text(label, labelX, y + 1, { lineBreak: false });
    doc
      .font(isCode ? 'Courier-Bold' : 'Helvetica')
      .fontSize(isCode ? 12 : 11)
      .fillColor(ink)
      .text(value, valueX, y, { lineBreak: false });
  });

  // Bottom right: the QR code of the public verification page, drawn as vectors.
  const qr = QRCode.create(data.verificationUrl, { errorCorrectionLevel: 'M' });
  const qrSize = 104;
  const qrX = page.width - 80 - qrSize;
  const qrY = 400;
  const moduleSize = qrSize / qr.modules.size;
  for (let row = 0; row < qr.modules.size; row++) {
    for (let column = 0; column < qr.modules.size; column++) {
      if (qr.modules.get(row, column)) {
        doc.rect(qrX + column * moduleSize, qrY + row * moduleSize, moduleSize, moduleSize);
      }
    }
  }
  doc.fillColor('#000000').fill();
  doc.link(qrX, qrY, qrSize, qrSize, data.verificationUrl);
  const verifyTextX = qrX - 260;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text(labels.checkValid, verifyTextX, qrY + 60, {
      width: 250,
      align: 'right',
    });
  doc
    .font('Courier')
    .fontSize(8)
    .fillColor(accent)
    .text(data.verificationUrl, verifyTextX, qrY + 74, {
      width: 250,
      align: 'right',
      link: data.verificationUrl,
    });

  return closePdf(pdf);
}

/**
 * The PDF of a certificate: the bytes stored when it was issued, or, for a certificate issued
 * before the console stored them (demo data, imports), rendered from the record on demand.
 */
export async function getCertificatePdf(
  db: Kysely<Database>,
  cid: string,
  publicUrl: string,
): Promise<{ number: string; content: Buffer }> {
  const stored = await db
    .selectFrom('certificate_files as f')
    .innerJoin('certificates as c', 'c.cid', 'f.cid')
    .select(['c.number', 'f.content'])
    .where('f.cid', '=', cid)
    .executeTakeFirst();
  if (stored) return stored;
  const record = await findCertificateRecord(db, cid);
  if (!record) throw recordNotFound('certificates', cid);
  const content = await renderCertificatePdf({
    number: record.number,
    type: record.type,
    documentCode: record.document_code,
    year: record.year,
    validFrom: record.valid_from,
    validTo: record.valid_to,
    issuedAt: record.issued_at ?? record.created_at,
    memberName: record.member_name,
    memberNumber: record.member_number,
    countryName: record.country_name,
    verificationCode: record.verification_code,
    verificationUrl: verificationUrlOf(publicUrl, record.verification_code),
    language: isLanguage(record.preferred_language) ? record.preferred_language : 'en',
  });
  return { number: record.number, content };
}
