import { z } from 'zod';
import { listItemFields, listPageOf, listQuerySchema, ZListQuery } from './lists';
import { listSortFields } from './list-definition';
import { certificatesList } from './lists/index';
import { certificateTypes, certificateStatuses } from './enumerations';

export { certificateTypes, certificateStatuses };

export type CertificateType = (typeof certificateTypes)[number];

export type CertificateStatus = (typeof certificateStatuses)[number];

/** The transport documents the federation licenses to association members. */
export const certificateDocumentCodes = [
  'FBL',
  'FWB',
  'FCR',
  'FCT',
  'FWR',
  'SDT',
  'SIC',
  'FFI',
] as const;

/** The columns the certificates list can be sorted by. */
export const certificateListSorts = listSortFields(certificatesList);

/** Years a certificate may be issued for. */
export const certificateYearRange = { min: 2000, max: 2100 } as const;

export const ZCertificateListItem = z
  .object({
    cid: z.string(),
    number: z.string().describe('Certificate number, e.g. C-2026-000123'),
    memberMid: z.string(),
    memberName: z.string().describe("The member's legal name as the certificate states it"),
    memberNumber: z.string().nullable().describe('Membership number'),
    countryIso2: z.string().nullable(),
    type: z.enum(certificateTypes),
    documentCode: z.enum(certificateDocumentCodes).nullable(),
    year: z.number().int(),
    validFrom: z.string().describe('YYYY-MM-DD'),
    validTo: z.string().describe('YYYY-MM-DD'),
    status: z.enum(certificateStatuses),
    issuedAt: z.string().nullable().describe('ISO time'),
    // The fields its columns declare (lists/certificates.ts).
    ...listItemFields(certificatesList),
  })
  .describe('A row of the certificates list');
export type TCertificateListItem = z.infer<typeof ZCertificateListItem>;

export const ZCertificatesListQuery = listQuerySchema(certificatesList, {
  q: ZListQuery.shape.q.describe(
    'A certificate number (or its beginning, e.g. "C-2026-0001"), a verification code, or words of the member\'s name',
  ),
});
export type TCertificatesListQuery = z.infer<typeof ZCertificatesListQuery>;

export const ZCertificatesListPage =
  listPageOf(ZCertificateListItem).describe('A page of certificates');
export type TCertificatesListPage = z.infer<typeof ZCertificatesListPage>;

export const ZCertificateDetail = ZCertificateListItem.extend({
  countryName: z.string().nullable(),
  memberCurrentName: z
    .string()
    .nullable()
    .describe("The member's legal name today (it may differ from the name certified)"),
  invoiceIid: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  issuedBy: z
    .object({ uid: z.string(), name: z.string().nullable() })
    .nullable()
    .describe('Who issued it (an operator, or the system)'),
  verificationCode: z.string().describe('The public verification code printed on the PDF'),
  verificationUrl: z
    .string()
    .describe('The public page that verifies it: PUBLIC_URL/verify/{code}'),
  revocationReason: z.string().nullable(),
  isValidNow: z.boolean().describe('Issued and today within valid from–to'),
  hasStoredPdf: z
    .boolean()
    .describe('The PDF as issued is stored; otherwise it is rendered from the record on demand'),
  supersededBy: z
    .object({ cid: z.string(), number: z.string() })
    .nullable()
    .describe('The certificate that replaced this one'),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).describe('One certificate');
export type TCertificateDetail = z.infer<typeof ZCertificateDetail>;

export const ZCertificateParams = z.object({ cid: z.string().min(1).max(40) });

export const ZIssueCertificateRequest = z
  .object({
    memberMid: z.string().trim().min(1, 'Choose a member').max(40).describe('The member (mid)'),
    year: z.coerce
      .number({ message: 'Enter a year' })
      .int('Enter a whole year')
      .min(certificateYearRange.min, `The year must be ${certificateYearRange.min} or later`)
      .max(certificateYearRange.max, `The year must be ${certificateYearRange.max} or earlier`)
      .describe('The membership year; it must be paid (a paid membership invoice or paid-through)'),
  })
  .describe(
    'Issue a membership certificate; an issued one of the same member and year is superseded',
  );
export type TIssueCertificateRequest = z.infer<typeof ZIssueCertificateRequest>;

export const ZRevokeCertificateRequest = z
  .object({
    version: z.number().int().min(1).describe('The version you read (optimistic concurrency)'),
    reason: z
      .string()
      .trim()
      .min(3, 'Give a reason of at least 3 characters')
      .max(500, 'At most 500 characters')
      .describe('Why it is revoked (kept on the record and in the audit trail)'),
  })
  .describe('Revoke an issued certificate');
export type TRevokeCertificateRequest = z.infer<typeof ZRevokeCertificateRequest>;
