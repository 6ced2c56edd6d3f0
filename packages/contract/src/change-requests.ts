import { z } from 'zod';
import { changeRequestKinds, changeRequestStatuses, languages } from './enumerations';
import { listSortFields } from './list-definition';
import { changeRequestsList } from './lists/index';
import { listPageOf, listQuerySchema, ZListQuery } from './lists';
import { optionalText, ZMemberEdit } from './member-detail';

/**
 * A member's company data in the portal, and what its owners and admins ask staff to change
 * (issue 35). The fields members may change at once are a console setting
 * (`member_portal_settings`); every other change is a change request that staff approve (as asked
 * or edited), or decline with a reason the member sees. A request to close the account goes to
 * the same queue, and never deletes anything by itself.
 */

/** The company-data fields of the portal, in the order its form shows them. */
export const companyFields = [
  'legalName',
  'tradeName',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'city',
  'state',
  'countryIso2',
  'vatNumber',
  'website',
  'email',
  'billingEmail',
  'phone',
  'preferredLanguage',
] as const;
export type CompanyField = (typeof companyFields)[number];

/** What members change without review unless the federation decides otherwise (the issue's). */
export const defaultDirectCompanyFields: readonly CompanyField[] = [
  'phone',
  'website',
  'billingEmail',
  'preferredLanguage',
];

/** The console's words for each field (the portal has its own, in four languages). */
export const companyFieldLabels: Record<CompanyField, string> = {
  legalName: 'Legal name',
  tradeName: 'Trade name',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  postalCode: 'Postal code',
  city: 'City',
  state: 'State, province or canton',
  countryIso2: 'Country',
  vatNumber: 'VAT/UID number',
  website: 'Website',
  email: 'E-mail',
  billingEmail: 'Billing e-mail',
  phone: 'Phone',
  preferredLanguage: 'Preferred language',
};

export { changeRequestKinds, changeRequestStatuses };
export type ChangeRequestKind = (typeof changeRequestKinds)[number];
export const changeRequestKindLabels: Record<ChangeRequestKind, string> = {
  'company-data': 'Company data',
  'close-account': 'Close the account',
};

export type ChangeRequestStatus = (typeof changeRequestStatuses)[number];
export const changeRequestStatusLabels: Record<ChangeRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

const ZField = z.enum(companyFields);

/** The company data as the portal's form edits it: the member edit's rules, field by field. */
export const ZCompanyData = ZMemberEdit.pick({
  legalName: true,
  tradeName: true,
  addressLine1: true,
  addressLine2: true,
  postalCode: true,
  city: true,
  state: true,
  countryIso2: true,
  vatNumber: true,
  website: true,
  email: true,
  billingEmail: true,
  phone: true,
  preferredLanguage: true,
});
export type TCompanyData = z.output<typeof ZCompanyData>;
export type TCompanyDataInput = z.input<typeof ZCompanyData>;

/** The member's company data as stored (null: empty). */
export const ZCompanyValues = z.object({
  legalName: z.string(),
  tradeName: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  countryIso2: z.string().nullable(),
  vatNumber: z.string().nullable(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  billingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  preferredLanguage: z.enum(languages),
});
export type TCompanyValues = z.infer<typeof ZCompanyValues>;

/** One field asked to change: as the member saw it, and what it asked for. */
export const ZFieldChange = z.object({
  field: ZField,
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TFieldChange = z.infer<typeof ZFieldChange>;

export const ZChangeRequestDocument = z.object({
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

/** A change request as the member sees it in the portal. */
export const ZPortalChangeRequest = z.object({
  id: z.string(),
  kind: z.enum(changeRequestKinds),
  status: z.enum(changeRequestStatuses),
  requestedAt: z.string(),
  requestedBy: z.string().nullable().describe("The requester's e-mail address"),
  changes: z.array(ZFieldChange).describe('What was asked, field by field (none to close)'),
  note: z.string().nullable(),
  document: ZChangeRequestDocument.nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z
    .string()
    .nullable()
    .describe('Why staff declined it, or their note on approving'),
  applied: z
    .array(ZFieldChange)
    .nullable()
    .describe('What staff wrote in the end (they may edit a value before approving)'),
});
export type TPortalChangeRequest = z.infer<typeof ZPortalChangeRequest>;

export const ZPortalCompany = z
  .object({
    mid: z.string(),
    number: z.string(),
    values: ZCompanyValues,
    directFields: z
      .array(ZField)
      .describe('Fields written at once; every other change waits for staff'),
    canEdit: z.boolean().describe('The caller is an owner or admin'),
    canClose: z.boolean().describe('The caller is an owner: may ask to close the account'),
    pending: z
      .array(ZPortalChangeRequest)
      .describe('Requests waiting for staff (at most one of each kind)'),
  })
  .describe("The member's company data, as staff keep it");
export type TPortalCompany = z.infer<typeof ZPortalCompany>;

/** At least one field; each by the member edit's rules. */
export const ZChangeRequestCreate = z
  .object({
    changes: ZCompanyData.partial()
      .strict()
      .refine((changes) => Object.keys(changes).length > 0, 'Change at least one field'),
    note: optionalText(2000).optional().describe('For staff: why, or where the proof is'),
  })
  .describe('Change company data: direct fields at once, the others as a request to staff');
export type TChangeRequestCreate = z.input<typeof ZChangeRequestCreate>;

export const ZChangeRequestCreated = z.object({
  applied: z.array(ZFieldChange).describe('Written at once (the fields members change directly)'),
  request: ZPortalChangeRequest.nullable().describe('What waits for staff, if anything'),
  company: ZPortalCompany,
});
export type TChangeRequestCreated = z.infer<typeof ZChangeRequestCreated>;

export const ZPortalChangeRequests = z.object({ items: z.array(ZPortalChangeRequest) });
export type TPortalChangeRequests = z.infer<typeof ZPortalChangeRequests>;

export const ZCloseAccountRequest = z
  .object({ note: optionalText(2000).optional().describe('For staff: why, from when') })
  .describe('Ask staff to close the account (nothing is deleted by itself)');

export const ZChangeRequestParams = z.object({ id: z.string().min(1).max(60) });

/** The console's detail: each field old → new beside the member's current value. */
export const ZChangeRequestField = ZFieldChange.extend({
  label: z.string(),
  current: z.string().nullable().describe("The member's value now"),
  changedSince: z
    .boolean()
    .describe('The record changed since the request was made: `current` is not `from`'),
});

export const ZChangeRequestDetail = ZPortalChangeRequest.extend({
  memberMid: z.string(),
  memberNumber: z.string(),
  memberName: z.string(),
  memberStatus: z.string(),
  memberVersion: z.number().int().describe("The member's version now: approving names it"),
  requestedAtVersion: z.number().int().describe("The member's version the requester saw"),
  fields: z.array(ZChangeRequestField),
  decidedBy: z.string().nullable(),
  version: z.number().int(),
});
export type TChangeRequestDetail = z.infer<typeof ZChangeRequestDetail>;

const ZVersion = z.number().int().min(1).describe('The version read; another is a 409');

export const ZChangeRequestApprove = z
  .object({
    version: ZVersion,
    memberVersion: z
      .number()
      .int()
      .min(1)
      .describe("The member's version shown beside the request: a change since is a 409"),
    values: ZCompanyData.partial()
      .strict()
      .optional()
      .describe("Edit then approve: the values to write instead of the member's, per field"),
  })
  .describe(
    'Approve: the fields are written to the member (a request to close: the member resigns), audited',
  );
export type TChangeRequestApprove = z.input<typeof ZChangeRequestApprove>;

export const ZChangeRequestDecline = z
  .object({
    version: ZVersion,
    reason: z
      .string()
      .trim()
      .min(1, 'Give the member a reason')
      .max(2000, 'At most 2000 characters'),
  })
  .describe('Decline with a reason the member sees');
export type TChangeRequestDecline = z.input<typeof ZChangeRequestDecline>;

export const ZChangeRequestDecision = z.object({
  request: ZChangeRequestDetail,
  message: z.string(),
});
export type TChangeRequestDecision = z.infer<typeof ZChangeRequestDecision>;

/** The console's setting: what members change without review. */
export const ZMemberPortalSettings = z.object({
  directFields: z.array(ZField),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type TMemberPortalSettings = z.infer<typeof ZMemberPortalSettings>;

export const ZMemberPortalSettingsUpdate = z.object({
  directFields: z
    .array(ZField)
    .max(companyFields.length)
    .refine((fields) => new Set(fields).size === fields.length, 'Name each field once')
    .refine(
      (fields) => !fields.includes('legalName'),
      'The legal name is always reviewed by staff',
    ),
  version: ZVersion,
});
export type TMemberPortalSettingsUpdate = z.input<typeof ZMemberPortalSettingsUpdate>;

export const ZMemberPortalSettingsResult = z.object({
  settings: ZMemberPortalSettings,
  message: z.string(),
});

/** The columns the change-request queue can be sorted by. */
export const changeRequestListSorts = listSortFields(changeRequestsList);

export const ZChangeRequestListItem = z
  .object({
    id: z.string(),
    kind: z.enum(changeRequestKinds),
    status: z.enum(changeRequestStatuses),
    memberMid: z.string(),
    memberName: z.string(),
    memberNumber: z.string(),
    fields: z.array(ZField).describe('The fields asked to change (none to close the account)'),
    requestedBy: z.string().nullable().describe("The requester's e-mail address"),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
    hasDocument: z.boolean(),
  })
  .describe('A row of the change-request queue');
export type TChangeRequestListItem = z.infer<typeof ZChangeRequestListItem>;

export const ZChangeRequestsListQuery = listQuerySchema(changeRequestsList, {
  q: ZListQuery.shape.q.describe("Words of the member's name, or its membership number"),
});
export type TChangeRequestsListQuery = z.infer<typeof ZChangeRequestsListQuery>;

export const ZChangeRequestsListPage = listPageOf(ZChangeRequestListItem).describe(
  'A page of change requests',
);
export type TChangeRequestsListPage = z.infer<typeof ZChangeRequestsListPage>;
export type TMemberPortalSettingsResult = z.infer<typeof ZMemberPortalSettingsResult>;
