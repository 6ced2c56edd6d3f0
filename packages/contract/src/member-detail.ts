import { z } from 'zod';
import { languages } from './enumerations';
import { languageSchema } from './languages';
import { ZMemberDunning } from './dunning';
import { ZMemberOpenBalance } from './ledger';
import { ZListSelection } from './lists';
import { ZBulkUndoHandle } from './bulk-edit';
import { memberCategories, memberStatuses } from './members';

export type TMemberStatus = (typeof memberStatuses)[number];
export type TMemberCategory = (typeof memberCategories)[number];

/** Currencies a member may be invoiced in (fees are set in CHF; EUR and USD on request). */
export const memberBillingCurrencies = ['CHF', 'EUR', 'USD'] as const;

/**
 * The member life cycle (shared/design/domain.md): pending payment → active → overdue →
 * suspended → active again, or terminated; active → resigned. Two additions, so that no record
 * is stuck: a pending-payment member who never pays can be terminated, and an active member can
 * be terminated (expelled under the statutes) without first falling overdue. Terminated and
 * resigned are final: coming back is a new application. Honorary members are never overdue.
 */
export const memberStatusTransitions: Record<TMemberStatus, readonly TMemberStatus[]> = {
  'pending-payment': ['active', 'terminated'],
  active: ['overdue', 'resigned', 'terminated'],
  overdue: ['active', 'suspended', 'terminated'],
  suspended: ['active', 'terminated'],
  terminated: [],
  resigned: [],
};

/** Statuses that end a membership: they need a reason and set the termination date. */
export const memberEndingStatuses: readonly TMemberStatus[] = ['terminated', 'resigned'];

/** The statuses a member of this category and status may move to. */
export function nextMemberStatuses(
  category: TMemberCategory,
  status: TMemberStatus,
): readonly TMemberStatus[] {
  const next = memberStatusTransitions[status];
  return category === 'honorary' ? next.filter((target) => target !== 'overdue') : next;
}

/** An optional text field: trimmed, empty means none (null), at most `max` characters. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));
}

/** http(s)://, a host name with a dot, then anything but spaces. */
const webAddressPattern = /^https?:\/\/[^\s/?#.]+(\.[^\s/?#.]+)+(:\d{1,5})?([/?#]\S*)?$/i;

function isWebAddress(value: string): boolean {
  return webAddressPattern.test(value);
}

const phonePattern = /^\+?[0-9][0-9 ().\-/]{3,29}$/;

/**
 * The editable fields of a member: the edit form (react-hook-form + zodResolver) and
 * `PATCH /api/members/:mid` validate with this same schema. Text inputs give '' for an empty
 * field; the API takes '' or null, and stores null.
 */
export const ZMemberEdit = z.object({
  legalName: z
    .string()
    .trim()
    .min(1, 'Enter the legal name')
    .max(200, 'At most 200 characters')
    .describe('Registered name of the company or association'),
  tradeName: optionalText(200).describe('Name it trades under, if different'),
  category: z.enum(memberCategories).describe('individual, association, group or honorary'),
  countryIso2: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), 'Choose a country')
    .nullable()
    .transform((value) => (value ? value : null))
    .describe('ISO 3166 alpha-2 code'),
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  postalCode: optionalText(20),
  city: optionalText(100),
  state: optionalText(100).describe('State, province or canton'),
  vatNumber: optionalText(40).describe('VAT/UID number'),
  website: optionalText(300)
    .refine(
      (value) => value === null || isWebAddress(value),
      'Enter a web address starting with https:// or http://',
    )
    .describe('https://… or http://…'),
  email: optionalText(254)
    .refine(
      (value) => value === null || z.regexes.email.test(value),
      'Enter a valid e-mail address',
    )
    .describe('General e-mail address of the member'),
  billingEmail: optionalText(254)
    .refine(
      (value) => value === null || z.regexes.email.test(value),
      'Enter a valid e-mail address',
    )
    .describe('Where invoices and reminders go, when not the general e-mail address'),
  phone: optionalText(30)
    .refine(
      (value) => value === null || phonePattern.test(value),
      'Enter a phone number: digits, spaces and + ( ) - . / only',
    )
    .describe('International format, e.g. +41 22 123 45 67'),
  nationalAssociationMid: z
    .string()
    .trim()
    .max(40)
    .nullable()
    .transform((value) => (value ? value : null))
    .describe('mid of the association member of its country (must be an association)'),
  billingCurrency: z.enum(memberBillingCurrencies).describe('Currency of its invoices'),
  directoryVisible: z.boolean().describe('Listed in the public member directory'),
  preferredLanguage: languageSchema.describe(
    'Language of its e-mails and PDFs: en, fr, de or es (new members take their country’s)',
  ),
});
export type TMemberEditInput = z.input<typeof ZMemberEdit>;
export type TMemberEdit = z.output<typeof ZMemberEdit>;

const ZVersion = z
  .number()
  .int()
  .min(1)
  .describe('The version the client read; a different current version is a 409');

/** PATCH body: any subset of the editable fields, and the version they were read at. */
export const ZMemberPatch = ZMemberEdit.partial().extend({ version: ZVersion });
export type TMemberPatch = z.input<typeof ZMemberPatch>;

export const ZMemberParams = z.object({
  mid: z.string().min(1).max(40).describe('Member id'),
});

const ZReason = z
  .string()
  .trim()
  .max(1_000, 'At most 1,000 characters')
  .describe('Why: shown in the history, and kept as the termination reason');

export const ZMemberStatusChange = z.object({
  status: z.enum(memberStatuses).describe('The status to move to'),
  reason: ZReason.default(''),
  version: ZVersion,
});
export type TMemberStatusChange = z.input<typeof ZMemberStatusChange>;

export const ZMemberDelete = z.object({
  reason: ZReason.min(1, 'Say why the member is deleted'),
  version: ZVersion,
});
export type TMemberDelete = z.input<typeof ZMemberDelete>;

export const ZMemberRestore = z.object({
  reason: ZReason.default(''),
  version: ZVersion,
});
export type TMemberRestore = z.input<typeof ZMemberRestore>;

/** Related records: the total and the most recent few. */
function relatedOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    total: z.number().int().describe('How many there are in all'),
    items: z.array(item).describe('The most recent ones'),
  });
}

export const ZMemberRelatedUser = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  memberRole: z.enum(['owner', 'admin', 'staff']).nullable(),
  disabled: z.boolean(),
});

export const ZMemberRelatedInvoice = z.object({
  iid: z.string(),
  number: z.string(),
  year: z.number().int(),
  kind: z.string(),
  status: z.string(),
  currency: z.string(),
  totalMinor: z.string().describe('Total in minor units (an integer as a string)'),
  dueDate: z.string().nullable(),
});

export const ZMemberRelatedCertificate = z.object({
  cid: z.string(),
  number: z.string(),
  type: z.string(),
  documentCode: z.string().nullable(),
  year: z.number().int(),
  status: z.string(),
  validTo: z.string(),
});

export const ZMemberRelatedApplication = z.object({
  aid: z.string(),
  number: z.string(),
  status: z.string(),
  submittedAt: z.string().nullable(),
});

export const ZMemberRelatedEmail = z.object({
  eid: z.string(),
  subject: z.string(),
  to: z.array(z.string()),
  state: z.string(),
  createdAt: z.string(),
});

export const ZMemberDetail = z
  .object({
    mid: z.string(),
    number: z.string().describe('Membership number'),
    category: z.enum(memberCategories),
    status: z.enum(memberStatuses),
    legalName: z.string(),
    tradeName: z.string().nullable(),
    countryIso2: z.string().nullable(),
    countryName: z.string().nullable(),
    addressLine1: z.string().nullable(),
    addressLine2: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    vatNumber: z.string().nullable(),
    website: z.string().nullable(),
    email: z.string().nullable(),
    billingEmail: z
      .string()
      .nullable()
      .describe('Where invoices and reminders go; null: the general e-mail address'),
    phone: z.string().nullable(),
    nationalAssociationMid: z.string().nullable(),
    nationalAssociationName: z.string().nullable(),
    nationalAssociationNumber: z.string().nullable(),
    joinedOn: z.string().nullable().describe('YYYY-MM-DD'),
    paidThroughYear: z.number().int().nullable(),
    terminatedOn: z.string().nullable().describe('YYYY-MM-DD'),
    terminationReason: z.string().nullable(),
    billingCurrency: z.string(),
    cardCustomerId: z.string().nullable(),
    directoryVisible: z.boolean(),
    preferredLanguage: z
      .enum(languages)
      .describe('Language of its e-mails and PDFs (issue 17): en, fr, de or es'),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string().nullable().describe("Who created it: the user's e-mail, or 'cli', …"),
    updatedBy: z.string().nullable().describe('Who changed it last, likewise'),
    deletedAt: z.string().nullable().describe('Set when soft-deleted: the member can be restored'),
    nextStatuses: z
      .array(z.enum(memberStatuses))
      .describe('The statuses the life cycle allows from here (none while deleted)'),
    openBalances: z
      .array(ZMemberOpenBalance)
      .describe(
        'Per currency with money open: what its open invoices still ask for, and its credit (issue 16)',
      ),
    dunning: ZMemberDunning.describe('Its dunning exemption and open reminders (issue 17)'),
    related: z.object({
      users: relatedOf(ZMemberRelatedUser),
      invoices: relatedOf(ZMemberRelatedInvoice),
      certificates: relatedOf(ZMemberRelatedCertificate),
      applications: relatedOf(ZMemberRelatedApplication),
      emails: relatedOf(ZMemberRelatedEmail),
    }),
  })
  .describe('One member with its related records');
export type TMemberDetail = z.infer<typeof ZMemberDetail>;

/** What the member edit form offers to choose from. */
export const ZMemberFormOptions = z
  .object({
    countries: z
      .array(z.object({ iso2: z.string(), name: z.string() }))
      .describe('Every country, by name'),
    associations: z
      .array(
        z.object({
          mid: z.string(),
          number: z.string(),
          legalName: z.string(),
          countryIso2: z.string().nullable(),
        }),
      )
      .describe('Association members that are not deleted: the possible national associations'),
  })
  .describe('Choices of the member edit form');
export type TMemberFormOptions = z.infer<typeof ZMemberFormOptions>;

/** The status changes offered on many members at once (ending a membership is one by one). */
export const memberBulkStatuses = ['active', 'overdue', 'suspended'] as const;

export const ZMembersBulkStatusRequest = z.object({
  selection: ZListSelection,
  status: z.enum(memberBulkStatuses),
  reason: z.string().trim().min(1, 'Say why').max(500),
});
export type TMembersBulkStatusRequest = z.infer<typeof ZMembersBulkStatusRequest>;

export const ZMembersBulkStatusResult = z.object({
  changed: z.number().int().describe('Members moved to the status'),
  skipped: z
    .number()
    .int()
    .describe('Selected members that could not move there (already in it, or not allowed)'),
  undo: ZBulkUndoHandle.nullable().describe('How to undo it (issue 19); null when nothing changed'),
});
export type TMembersBulkStatusResult = z.infer<typeof ZMembersBulkStatusResult>;
