import { z } from 'zod';
import { listItemFields, listPageOf, listQuerySchema } from './lists';
import { listSortFields } from './list-definition';
import { applicationsList } from './lists/index';
import { applicationStatuses, applicationCategories, applicationSources } from './enumerations';
import { ZApplicationEndorsementPanel } from './endorsement-links';

export { applicationStatuses, applicationCategories, applicationSources };

export type ApplicationStatus = (typeof applicationStatuses)[number];

export type ApplicationCategory = (typeof applicationCategories)[number];

/** Statuses after which nothing changes any more. */
export const finalApplicationStatuses: readonly ApplicationStatus[] = [
  'approved',
  'rejected',
  'endorsement-declined',
  'withdrawn',
];

/**
 * The review queue (the list's default order): first what waits for the federation's staff
 * (submitted, endorsed, under review), then what waits for someone else (the applicant's
 * information, the association's endorsement), then drafts, then decided ones; oldest submitted
 * first within each. The server's `application_queue_rank()` (migration 0009) mirrors it.
 */
export const applicationQueueRank: Readonly<Record<ApplicationStatus, number>> = {
  submitted: 1,
  endorsed: 1,
  'under-review': 1,
  'information-requested': 2,
  'awaiting-endorsement': 2,
  draft: 3,
  approved: 4,
  rejected: 4,
  'endorsement-declined': 4,
  withdrawn: 4,
};

/** The kinds of documents an application carries (domain.md). */
export const applicationDocumentTypes = [
  'application-form',
  'endorsement-letter',
  'diploma',
  'registry-extract',
  'insurance',
  'other',
] as const;
export type ApplicationDocumentType = (typeof applicationDocumentTypes)[number];

/** What a document upload accepts: PDFs and images, recognised by their first bytes. */
export const applicationDocumentContentTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
] as const;
export const maxApplicationDocumentBytes = 10 * 1024 * 1024;

/** The columns the applications list can be sorted by; `queue` is the review queue. */
export const applicationListSorts = listSortFields(applicationsList);

export const ZApplicationListItem = z
  .object({
    aid: z.string(),
    number: z.string().describe('Application number, e.g. A-000042'),
    legalName: z.string(),
    tradeName: z.string().nullable(),
    countryIso2: z.string().nullable(),
    countryName: z.string().nullable(),
    category: z.enum(applicationCategories),
    status: z.enum(applicationStatuses),
    submittedAt: z.string().nullable().describe('ISO time; null for a draft'),
    decidedAt: z.string().nullable().describe('ISO time of the approval, rejection or end'),
    endorsingAssociationName: z.string().nullable(),
    memberMid: z.string().nullable().describe('The member an approval created'),
    possibleDuplicates: z
      .array(z.string())
      .describe(
        'Numbers of members (M-…) and open applications (A-…) with the same VAT number, or the same legal name in the same country: a flag for staff, never a refusal',
      ),
    // The fields its columns declare (lists/applications.ts).
    ...listItemFields(applicationsList),
  })
  .describe('A row of the applications list');
export type TApplicationListItem = z.infer<typeof ZApplicationListItem>;

export const ZApplicationsListQuery = listQuerySchema(applicationsList);
export type TApplicationsListQuery = z.infer<typeof ZApplicationsListQuery>;

export const ZApplicationsListPage =
  listPageOf(ZApplicationListItem).describe('A page of applications');
export type TApplicationsListPage = z.infer<typeof ZApplicationsListPage>;

const ZPersonRef = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
});

export const ZApplicationDocument = z
  .object({
    id: z
      .string()
      .nullable()
      .describe('Null for a document the legacy system listed without its file'),
    type: z.enum(applicationDocumentTypes),
    fileName: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    uploadedAt: z.string().describe('ISO time'),
    uploadedBy: z.string().nullable().describe('uid of the operator who uploaded it'),
    isStored: z.boolean().describe('Whether the file itself can be opened'),
  })
  .describe('A document of an application (its bytes are served separately)');
export type TApplicationDocument = z.infer<typeof ZApplicationDocument>;

export const ZApplicationContact = z.object({
  role: z.string().describe('primary, billing or director'),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
});
export type TApplicationContact = z.infer<typeof ZApplicationContact>;

/** What an operator may do to an application (each is a server action with its own rule). */
export const applicationActions = [
  'submit',
  'request-endorsement',
  'record-endorsement',
  'decline-endorsement',
  'resend-endorsement',
  'waive-endorsement',
  'start-review',
  'request-information',
  'resume-review',
  'approve',
  'reject',
  'withdraw',
] as const;
export type ApplicationAction = (typeof applicationActions)[number];

/** From which statuses each action may be taken, and where it leads. */
export const applicationTransitions: Readonly<
  Record<ApplicationAction, { from: readonly ApplicationStatus[]; to: ApplicationStatus }>
> = {
  submit: { from: ['draft'], to: 'submitted' },
  'request-endorsement': { from: ['submitted'], to: 'awaiting-endorsement' },
  'record-endorsement': { from: ['awaiting-endorsement'], to: 'endorsed' },
  'decline-endorsement': { from: ['awaiting-endorsement'], to: 'endorsement-declined' },
  // Issue 34: a new link to the association (the old one retired); or no endorsement at all.
  'resend-endorsement': { from: ['awaiting-endorsement'], to: 'awaiting-endorsement' },
  'waive-endorsement': { from: ['awaiting-endorsement'], to: 'submitted' },
  'start-review': { from: ['submitted', 'endorsed'], to: 'under-review' },
  'request-information': { from: ['under-review'], to: 'information-requested' },
  'resume-review': { from: ['information-requested'], to: 'under-review' },
  approve: { from: ['under-review'], to: 'approved' },
  reject: { from: ['under-review', 'information-requested'], to: 'rejected' },
  withdraw: {
    from: [
      'draft',
      'submitted',
      'awaiting-endorsement',
      'endorsed',
      'under-review',
      'information-requested',
    ],
    to: 'withdrawn',
  },
};

export const ZApplicationDetail = z
  .object({
    aid: z.string(),
    number: z.string(),
    category: z.enum(applicationCategories),
    status: z.enum(applicationStatuses),
    legalName: z.string(),
    countryIso2: z.string().nullable(),
    countryName: z.string().nullable(),
    company: z.object({
      legalName: z.string().nullable(),
      tradeName: z.string().nullable(),
      registrationNumber: z.string().nullable(),
      vatNumber: z.string().nullable(),
      founded: z.number().int().nullable().describe('Year the company was founded'),
      website: z.string().nullable(),
      employees: z.number().int().nullable(),
      activities: z.array(z.string()),
    }),
    address: z.object({
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      postalCode: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      countryIso2: z.string().nullable(),
    }),
    contacts: z.array(ZApplicationContact),
    endorsingAssociation: z
      .object({ mid: z.string(), number: z.string(), legalName: z.string() })
      .nullable()
      .describe('The association member that endorses (or is asked to endorse) it'),
    countryAssociation: z
      .object({ mid: z.string(), number: z.string(), legalName: z.string() })
      .nullable()
      .describe("The national association of the application's country, if it has one"),
    needsEndorsement: z
      .boolean()
      .describe(
        'An individual company in a country with a national association needs its endorsement',
      ),
    documents: z.array(ZApplicationDocument),
    source: z.enum(applicationSources).describe('The member portal (online) or an import'),
    endorsementWaitingDays: z
      .number()
      .int()
      .nullable()
      .describe('Days since the endorsement was requested, while it waits'),
    endorsement: ZApplicationEndorsementPanel.nullable().describe(
      'The endorsement by link (issue 34), null when no link was sent',
    ),
    endorsementOverdue: z
      .boolean()
      .describe('30 days passed without the association’s answer: headquarters decide'),
    endorsementWaived: z.boolean().describe('Staff decided it needs no endorsement'),
    possibleDuplicates: z
      .array(
        z.object({
          kind: z.enum(['member', 'application']),
          id: z.string().describe('mid or aid'),
          number: z.string(),
          legalName: z.string(),
          reason: z.enum(['vat', 'name']).describe('Same VAT number, or same name and country'),
        }),
      )
      .describe('Members and open applications that may be the same company (never a refusal)'),
    submittedBy: ZPersonRef.nullable().describe('The applicant (a user)'),
    reviewer: ZPersonRef.nullable().describe('The operator who last acted on it'),
    decisionReason: z.string().nullable().describe('Reason, message or note of the last step'),
    applicantAnswer: z
      .object({
        text: z.string().describe('What the applicant wrote'),
        at: z.string().describe('ISO time it was sent'),
      })
      .nullable()
      .describe("The applicant's latest answer to a request for information (the member portal)"),
    member: z
      .object({ mid: z.string(), number: z.string(), legalName: z.string(), status: z.string() })
      .nullable()
      .describe('The member its approval created'),
    firstInvoice: z
      .object({
        iid: z.string(),
        number: z.string(),
        totalMinor: z.string().describe('Minor units, as a string'),
        currency: z.string(),
        dueDate: z.string().nullable(),
      })
      .nullable()
      .describe("The approval's first membership invoice"),
    submittedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
    version: z.number().int().describe('Send it back with a change (optimistic concurrency)'),
    availableActions: z
      .array(z.enum(applicationActions))
      .describe('The actions its status allows (the caller may still lack the permission)'),
  })
  .describe('One application');
export type TApplicationDetail = z.infer<typeof ZApplicationDetail>;

export const ZApplicationParams = z.object({ aid: z.string().min(1).max(40) });

export const ZApplicationDocumentParams = z.object({
  aid: z.string().min(1).max(40),
  documentId: z.string().min(1).max(40),
});

const ZVersion = z.number().int().min(1).describe('The version the operator read');
const ZReason = (what: string) =>
  z
    .string()
    .trim()
    .min(3, `${what} needs at least 3 characters`)
    .max(4_000)
    .describe(`${what} (sent to the applicant where an e-mail goes out)`);

export const ZApplicationActionRequest = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('submit'), version: ZVersion }),
    z.object({
      action: z.literal('request-endorsement'),
      version: ZVersion,
      endorsingAssociationMid: z
        .string()
        .max(40)
        .optional()
        .describe("Defaults to the country's national association"),
    }),
    z.object({ action: z.literal('record-endorsement'), version: ZVersion }),
    z.object({
      action: z.literal('decline-endorsement'),
      version: ZVersion,
      reason: ZReason('The reason'),
    }),
    z.object({ action: z.literal('resend-endorsement'), version: ZVersion }),
    z.object({
      action: z.literal('waive-endorsement'),
      version: ZVersion,
      reason: ZReason('The reason'),
    }),
    z.object({ action: z.literal('start-review'), version: ZVersion }),
    z.object({
      action: z.literal('request-information'),
      version: ZVersion,
      message: ZReason('The message'),
    }),
    z.object({ action: z.literal('resume-review'), version: ZVersion }),
    z.object({ action: z.literal('approve'), version: ZVersion }),
    z.object({ action: z.literal('reject'), version: ZVersion, reason: ZReason('The reason') }),
    z.object({ action: z.literal('withdraw'), version: ZVersion, reason: ZReason('The note') }),
  ])
  .describe('One step of the review workflow');
export type TApplicationActionRequest = z.infer<typeof ZApplicationActionRequest>;

export const ZApplicationActionResult = z
  .object({
    application: ZApplicationDetail,
    message: z.string().describe('What happened, for the operator'),
    member: z
      .object({ mid: z.string(), number: z.string() })
      .nullable()
      .describe('The member an approval created'),
    invoice: z
      .object({ iid: z.string(), number: z.string() })
      .nullable()
      .describe('The first invoice an approval issued'),
    emailId: z.string().nullable().describe('The e-mail queued to the applicant, if any'),
  })
  .describe('The outcome of a workflow step');
export type TApplicationActionResult = z.infer<typeof ZApplicationActionResult>;

export const ZApplicationDocumentUploadResult = z
  .object({ document: ZApplicationDocument, application: ZApplicationDetail })
  .describe('The stored document and the application that now lists it');
export type TApplicationDocumentUploadResult = z.infer<typeof ZApplicationDocumentUploadResult>;

/**
 * The yearly membership fee a first invoice carries, in CHF minor units, by the country's fee
 * category (countries.ts: A full … D lowest) and the member's category. Band A is the fee the
 * demo data invoices; B, C and D are 75 %, 50 % and 25 % of it. A country without a fee category
 * falls in the band of its income group, and in band A when that is unknown too.
 */
export const firstMembershipFeeChfMinor: Readonly<
  Record<'A' | 'B' | 'C' | 'D', Readonly<Record<ApplicationCategory, number>>>
> = {
  A: { individual: 95_000, association: 380_000 },
  B: { individual: 71_250, association: 285_000 },
  C: { individual: 47_500, association: 190_000 },
  D: { individual: 23_750, association: 95_000 },
};
