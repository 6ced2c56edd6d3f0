import { z } from 'zod';
import { memberCategories, memberStatuses } from './members';

/**
 * Member fixes (`/members/fixes`): checks that find data problems among live members, each with
 * a one-click, audited repair (action `fix:<check>`) or a merge of duplicates.
 */
export const memberFixChecks = [
  'duplicate-name',
  'duplicate-vat',
  'no-country',
  'invalid-email',
  'association-link',
] as const;
export type MemberFixCheck = (typeof memberFixChecks)[number];
export const ZMemberFixCheck = z.enum(memberFixChecks).describe('Which check');

/** What each check looks for, as the screen and the OpenAPI document say it. */
export const memberFixCheckInfo: Record<MemberFixCheck, { title: string; description: string }> = {
  'duplicate-name': {
    title: 'Duplicates by name and country',
    description:
      'Live members whose legal names are the same once case, accents, spaces and punctuation are ignored, in the same country.',
  },
  'duplicate-vat': {
    title: 'Duplicates by VAT number',
    description:
      'Live members with the same VAT/UID number once spaces, dots and dashes (and the Swiss MWST/TVA/IVA suffix) are ignored.',
  },
  'no-country': {
    title: 'Members without a country',
    description: 'Live members with no country: they cannot be invoiced or endorsed correctly.',
  },
  'invalid-email': {
    title: 'Members without a valid e-mail',
    description:
      'Live members whose e-mail is not a single, lower-case, well-formed address (empty, spaces, capitals, several addresses, typos).',
  },
  'association-link': {
    title: 'Association links to non-associations',
    description:
      'Members and countries whose national association is not an association member, or is deleted, terminated or resigned.',
  },
};

/**
 * A well-formed, canonical e-mail address: lower case, no spaces, a dotted domain ending in a
 * top-level domain of letters. Migration 0008's `member_email_is_valid` holds the same rule (a
 * test checks that they agree).
 */
export const memberEmailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Whether an address is what the invalid-email check accepts. */
export function isValidMemberEmail(value: string): boolean {
  return value.length <= 254 && memberEmailPattern.test(value);
}

const ZMid = z.string().min(1).max(100).describe("A member's id (mid)");
const ZVersion = z.number().int().min(1).describe('The version of the record as you read it');

export const ZFixMember = z
  .object({
    mid: z.string(),
    number: z.string().describe('Membership number'),
    legalName: z.string(),
    tradeName: z.string().nullable(),
    category: z.enum(memberCategories),
    status: z.enum(memberStatuses),
    countryIso2: z.string().nullable(),
    countryName: z.string().nullable(),
    city: z.string().nullable(),
    vatNumber: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    phone: z.string().nullable(),
    joinedOn: z.string().nullable().describe('YYYY-MM-DD'),
    paidThroughYear: z.number().int().nullable(),
    nationalAssociationMid: z.string().nullable(),
    version: z.number().int(),
    updatedAt: z.string().describe('ISO time of the last change'),
  })
  .describe('A member as a finding shows it');
export type TFixMember = z.infer<typeof ZFixMember>;

export const ZMemberRelatedCounts = z
  .object({
    users: z.number().int(),
    invoices: z.number().int(),
    paidInvoices: z.number().int(),
    certificates: z.number().int(),
    applications: z.number().int(),
    emails: z.number().int(),
    associationLinks: z
      .number()
      .int()
      .describe('Members and countries naming this member as their national association'),
  })
  .describe('Records that point to a member (what a merge moves)');
export type TMemberRelatedCounts = z.infer<typeof ZMemberRelatedCounts>;

export const ZDuplicateFinding = z
  .object({
    key: z.string().describe('The normalized name (with the country) or VAT number they share'),
    members: z
      .array(ZFixMember.extend({ related: ZMemberRelatedCounts }))
      .min(2)
      .describe('Every live member of the group, the proposed survivor first'),
    proposedSurvivorMid: z.string(),
    proposal: z.string().describe('The proposed repair, in words'),
  })
  .describe('A group of members that look like one');
export type TDuplicateFinding = z.infer<typeof ZDuplicateFinding>;

export const ZCountryGuess = z.object({
  iso2: z.string(),
  name: z.string(),
  reason: z.string().describe('Why this country, e.g. "the VAT number starts with DE"'),
});

export const ZNoCountryFinding = z
  .object({
    member: ZFixMember,
    proposedCountry: ZCountryGuess.nullable().describe(
      'Guessed from the VAT prefix or the e-mail domain',
    ),
    proposal: z.string(),
  })
  .describe('A member without a country');
export type TNoCountryFinding = z.infer<typeof ZNoCountryFinding>;

export const ZInvalidEmailFinding = z
  .object({
    member: ZFixMember,
    problem: z.string().describe('What is wrong with the address'),
    proposedEmail: z
      .string()
      .nullable()
      .describe('A corrected address when trimming, lower-casing or splitting makes it valid'),
    proposal: z.string(),
  })
  .describe('A member whose e-mail is not valid');
export type TInvalidEmailFinding = z.infer<typeof ZInvalidEmailFinding>;

export const associationLinkProblems = ['not-an-association', 'deleted', 'ended'] as const;

export const ZLinkedAssociation = z.object({
  mid: z.string(),
  number: z.string(),
  legalName: z.string(),
  category: z.enum(memberCategories),
  status: z.enum(memberStatuses),
  isDeleted: z.boolean(),
});

export const ZAssociationLinkFinding = z
  .object({
    kind: z.enum(['member', 'country']).describe('Whose link it is'),
    id: z.string().describe('The member (mid) or country (iso2) holding the link'),
    label: z.string().describe('The member number and name, or the country name'),
    countryIso2: z.string().nullable(),
    version: z.number().int(),
    association: ZLinkedAssociation.describe('The member the link points to'),
    problem: z.enum(associationLinkProblems),
    proposedAssociation: ZLinkedAssociation.nullable().describe(
      "The country's live national association, when there is one to relink to",
    ),
    proposal: z.string(),
  })
  .describe('A national-association link to a member that is not a live association');
export type TAssociationLinkFinding = z.infer<typeof ZAssociationLinkFinding>;

export const ZMemberFixFindingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Findings per page'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('Findings to skip'),
});
export type TMemberFixFindingsQuery = z.infer<typeof ZMemberFixFindingsQuery>;

const pageFields = {
  count: z.number().int().describe('Findings in all (not only this page)'),
  offset: z.number().int(),
  limit: z.number().int(),
};

export const ZMemberFixFindingsPage = z
  .discriminatedUnion('check', [
    z.object({
      check: z.literal('duplicate-name'),
      ...pageFields,
      findings: z.array(ZDuplicateFinding),
    }),
    z.object({
      check: z.literal('duplicate-vat'),
      ...pageFields,
      findings: z.array(ZDuplicateFinding),
    }),
    z.object({
      check: z.literal('no-country'),
      ...pageFields,
      findings: z.array(ZNoCountryFinding),
      countries: z
        .array(z.object({ iso2: z.string(), name: z.string() }))
        .describe('Every active country by name, to choose from'),
    }),
    z.object({
      check: z.literal('invalid-email'),
      ...pageFields,
      findings: z.array(ZInvalidEmailFinding),
    }),
    z.object({
      check: z.literal('association-link'),
      ...pageFields,
      findings: z.array(ZAssociationLinkFinding),
    }),
  ])
  .describe("A page of a check's findings");
export type TMemberFixFindingsPage = z.infer<typeof ZMemberFixFindingsPage>;

export const ZMemberFixesSummary = z
  .object({
    checks: z.array(
      z.object({
        check: ZMemberFixCheck,
        title: z.string(),
        description: z.string(),
        count: z.number().int().describe('Findings of this check'),
      }),
    ),
  })
  .describe('Every check with its count of findings');
export type TMemberFixesSummary = z.infer<typeof ZMemberFixesSummary>;

export const ZMergeMembersRequest = z
  .object({
    survivorMid: ZMid.describe('The member that stays'),
    survivorVersion: ZVersion,
    mergedMid: ZMid.describe('The member merged into the survivor, then deleted'),
    mergedVersion: ZVersion,
    check: z
      .enum(['duplicate-name', 'duplicate-vat'])
      .optional()
      .describe('The check that found them (names the audit action); "merge" when left out'),
    confirmDifferentVatNumbers: z
      .boolean()
      .optional()
      .describe(
        'Must be true to merge two members whose VAT numbers differ (usually two companies): without it such a merge is refused (rule different-vat-numbers)',
      ),
  })
  .describe('Merge one member into another');
export type TMergeMembersRequest = z.infer<typeof ZMergeMembersRequest>;

/**
 * A VAT number as the duplicate check compares it: the same rule as SQL `member_vat_key`
 * (migration 0008): lower case without accents, letters and digits only, and a Swiss
 * `CHE…MWST/TVA/IVA` without its suffix. Null when nothing is left.
 */
export function memberVatKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const compact = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
  const key = compact.replace(/^(che[0-9]{9})(mwst|tva|iva)$/, '$1');
  return key === '' ? null : key;
}

/** Whether both members have a VAT number and they are not the same one. */
export function haveDifferentVatNumbers(
  first: string | null | undefined,
  second: string | null | undefined,
): boolean {
  const a = memberVatKey(first);
  const b = memberVatKey(second);
  return a !== null && b !== null && a !== b;
}

export const ZSetCountryRepair = z
  .object({
    mid: ZMid,
    version: ZVersion,
    countryIso2: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 code')
      .describe('The country to set'),
  })
  .describe('Set the country of a member that has none');
export type TSetCountryRepair = z.infer<typeof ZSetCountryRepair>;

export const ZEmailRepair = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('clear'), mid: ZMid, version: ZVersion }),
    z.object({
      action: z.literal('set'),
      mid: ZMid,
      version: ZVersion,
      email: z.string().max(320).describe('The corrected address (trimmed and lower-cased)'),
    }),
  ])
  .describe("Clear a member's invalid e-mail or set a corrected one");
export type TEmailRepair = z.infer<typeof ZEmailRepair>;

export const ZAssociationLinkRepair = z
  .object({
    kind: z.enum(['member', 'country']),
    id: z.string().min(1).max(100).describe('The member (mid) or country (iso2) holding the link'),
    version: ZVersion,
    action: z.enum(['clear', 'relink']),
    associationMid: ZMid.optional().describe('For relink: the live association to link to'),
  })
  .describe('Clear a bad national-association link, or relink it to a live association');
export type TAssociationLinkRepair = z.infer<typeof ZAssociationLinkRepair>;

export const ZChangedRecord = z.object({
  table: z.enum(['members', 'countries']),
  id: z.string(),
  version: z.number().int().describe('Its version after the repair'),
});

export const ZMergeMoved = z
  .object({
    users: z.number().int(),
    invoices: z.number().int(),
    paidInvoices: z
      .number()
      .int()
      .describe('Of the invoices, those paid: only their member link moved'),
    certificates: z.number().int(),
    applications: z.number().int(),
    emails: z.number().int(),
    memberLinks: z.number().int().describe('Members whose national association was moved'),
    countryLinks: z.number().int().describe('Countries whose national association was moved'),
  })
  .describe('What a merge moved to the survivor');
export type TMergeMoved = z.infer<typeof ZMergeMoved>;

export const ZMemberFixResult = z
  .object({
    check: z.union([ZMemberFixCheck, z.literal('merge')]),
    message: z.string().describe('What was done, for the person'),
    changed: z.array(ZChangedRecord),
    merge: z
      .object({
        survivorMid: z.string(),
        mergedMid: z.string(),
        moved: ZMergeMoved,
        filledFields: z.array(z.string()).describe("Survivor's empty fields filled from the other"),
      })
      .optional(),
  })
  .describe('The outcome of a repair or merge');
export type TMemberFixResult = z.infer<typeof ZMemberFixResult>;
