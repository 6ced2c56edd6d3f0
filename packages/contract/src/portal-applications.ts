import { z } from 'zod';
import {
  applicationDocumentTypes,
  ZApplicationDetail,
  ZApplicationDocument,
  type ApplicationDocumentType,
} from './applications';
import { applicationCategories, applicationStatuses } from './enumerations';
import { optionalText, ZMemberEdit } from './member-detail';

/**
 * The member portal's applications (issue 34): what an applicant creates, fills in step by step,
 * submits or withdraws, and sees of it afterwards. The fields take the console's rules (the
 * member edit form's schemas), so a draft the portal accepts is one the console can keep.
 */

const member = ZMemberEdit.shape;

/** The contact roles the form asks for, one contact each. */
export const applicationContactRoles = ['primary', 'billing', 'director'] as const;
export type ApplicationContactRole = (typeof applicationContactRoles)[number];

/** The earliest founding year the form accepts (the federation's oldest members are younger). */
export const earliestFoundingYear = 1800;

export const ZPortalApplicationCompany = z
  .object({
    legalName: member.legalName,
    tradeName: member.tradeName,
    registrationNumber: optionalText(60).describe('Commercial register number'),
    vatNumber: member.vatNumber,
    founded: z
      .number()
      .int('A year, such as 1998')
      .min(earliestFoundingYear, `A year from ${earliestFoundingYear}`)
      .max(2100, 'A year, such as 1998')
      .nullable()
      .describe('Year the company was founded'),
    website: member.website,
    employees: z
      .number()
      .int('A whole number')
      .min(0, 'Zero or more')
      .max(10_000_000, 'At most 10,000,000')
      .nullable(),
    activities: z
      .array(z.string().trim().min(1, 'Name the activity').max(100, 'At most 100 characters'))
      .max(20, 'At most 20 activities')
      .describe('What the company does: air freight, customs, warehousing…'),
  })
  .partial()
  .describe('The company part of a draft; the fields given replace the stored ones');
export type TPortalApplicationCompany = z.input<typeof ZPortalApplicationCompany>;

export const ZPortalApplicationAddress = z
  .object({
    line1: member.addressLine1,
    line2: member.addressLine2,
    postalCode: member.postalCode,
    city: member.city,
    state: member.state,
    countryIso2: member.countryIso2,
  })
  .partial()
  .describe('The address part of a draft; its country decides the fee and the endorsement');
export type TPortalApplicationAddress = z.input<typeof ZPortalApplicationAddress>;

export const ZPortalApplicationContact = z.object({
  role: z.enum(applicationContactRoles),
  name: optionalText(200),
  email: member.email,
  phone: member.phone,
  position: optionalText(100),
});

export const ZPortalApplicationContacts = z
  .array(ZPortalApplicationContact)
  .max(applicationContactRoles.length)
  .refine(
    (contacts) => new Set(contacts.map((contact) => contact.role)).size === contacts.length,
    'One contact per role',
  )
  .describe('The primary, billing and director contacts; the list given replaces the stored one');

export const ZPortalCreateApplicationRequest = z
  .object({ category: z.enum(applicationCategories) })
  .describe('Start a draft: a company (individual) or a national association');

const ZVersion = z
  .number()
  .int()
  .min(1)
  .describe('The version the applicant read; a different current version is a 409');

export const ZPortalUpdateApplicationRequest = z
  .object({
    version: ZVersion,
    category: z.enum(applicationCategories).optional(),
    company: ZPortalApplicationCompany.optional(),
    address: ZPortalApplicationAddress.optional(),
    contacts: ZPortalApplicationContacts.optional(),
  })
  .describe('Save a step of the draft: any of its parts, the others stay');
export type TPortalUpdateApplicationRequest = z.input<typeof ZPortalUpdateApplicationRequest>;

export const ZPortalVersionRequest = z.object({ version: ZVersion });

/** The longest answer an applicant may send to staff's request for information. */
export const maxApplicantAnswerLength = 4000;

export const ZPortalAnswerRequest = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, 'Write your answer')
      .max(maxApplicantAnswerLength, `At most ${maxApplicantAnswerLength} characters`)
      .describe("The applicant's answer to staff's request for information"),
    version: ZVersion.optional().describe(
      'The version the applicant read; when given, a different current version is a 409',
    ),
  })
  .describe('Answer the request for information: the application goes back to review');
export type TPortalAnswerRequest = z.input<typeof ZPortalAnswerRequest>;

const detail = ZApplicationDetail.shape;

export const ZPortalApplication = z
  .object({
    aid: detail.aid,
    number: detail.number,
    category: z.enum(applicationCategories),
    status: z.enum(applicationStatuses),
    company: detail.company,
    address: detail.address,
    contacts: detail.contacts,
    documents: z.array(ZApplicationDocument.omit({ uploadedBy: true })),
    /** What the applicant is asked or told: the request for information, a rejection's reason. */
    message: z
      .string()
      .nullable()
      .describe("Staff's request for information, or the reason of a rejection"),
    answer: detail.applicantAnswer.describe(
      "The applicant's latest answer to a request for information, and when it was sent",
    ),
    memberNumber: z.string().nullable().describe('The membership number its approval gave'),
    invoiceNumber: z.string().nullable().describe("The approval's first invoice"),
    submittedAt: detail.submittedAt,
    decidedAt: detail.decidedAt,
    createdAt: detail.createdAt,
    updatedAt: detail.updatedAt,
    version: detail.version,
  })
  .describe('One of the signed-in applicant’s applications, as the portal shows it');
export type TPortalApplication = z.infer<typeof ZPortalApplication>;

export const ZPortalApplicationList = z
  .object({ items: z.array(ZPortalApplication) })
  .describe('The signed-in person’s applications, newest first');

export const ZPortalApplicationParams = z.object({ aid: z.string().min(1).max(40) });

/** What an applicant may upload: PDFs and the two image formats every phone makes. */
export const portalDocumentContentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
/** The most files one application carries (replacing one frees its place). */
export const maxPortalApplicationDocuments = 20;

/**
 * The documents the form asks for, by category, in its order (issue 34): a company's registry
 * extract and insurance, a diploma when it has one; an association's statutes (stored as
 * `other` until the table knows the type).
 */
export const portalDocumentsByCategory: Record<
  (typeof applicationCategories)[number],
  readonly { type: ApplicationDocumentType; required: boolean }[]
> = {
  individual: [
    { type: 'registry-extract', required: true },
    { type: 'insurance', required: true },
    { type: 'diploma', required: false },
  ],
  association: [
    { type: 'other', required: true },
    { type: 'diploma', required: false },
  ],
};

export const ZPortalDocumentUploadQuery = z.object({
  type: z.enum(applicationDocumentTypes).describe('What the document is'),
  fileName: z.string().max(255).optional().describe('The file’s name on the applicant’s device'),
  replaces: z
    .string()
    .min(1)
    .max(40)
    .optional()
    .describe('A document of this application the upload replaces (removed in the same step)'),
});

export const ZPortalDocumentParams = z.object({
  aid: z.string().min(1).max(40),
  documentId: z.string().min(1).max(40),
});

export const ZPortalDocumentUploadResult = z
  .object({
    document: ZPortalApplication.shape.documents.element,
    application: ZPortalApplication,
  })
  .describe('The stored document and the application that now lists it');
export type TPortalDocumentUploadResult = z.infer<typeof ZPortalDocumentUploadResult>;

export const ZPortalCountryList = z
  .object({
    items: z.array(
      z.object({
        iso2: z.string().describe('ISO 3166 alpha-2 code'),
        name: z.string().describe('English name; the portal names it in the person’s language'),
      }),
    ),
  })
  .describe('The countries an application may name, by English name');
