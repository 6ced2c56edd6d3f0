import { z } from 'zod';
import { languageLabels, languages, type Language } from './enumerations';
import { memberCategories, memberStatuses } from './members';
import {
  guessUploadMapping,
  uploadBoolean,
  uploadDate,
  uploadFileQuery,
  uploadFixedValueProblems,
  uploadMappingProblems,
  uploadMappingSchema,
  uploadMaxBytes,
  uploadModes,
  uploadOneOf,
  uploadRequiredText,
  uploadSchemaOf,
  uploadStatuses,
  uploadText,
  uploadYear,
  ZUploadCommitBody,
  ZUploadInvalidRow,
  ZUploadInvalidRows,
  ZUploadParams,
  ZUploadProgress,
  ZUploadResultBase,
  ZUploadRowsQuery,
  ZUploadValidationBase,
  type TUploadInvalidRow,
  type TUploadInvalidRows,
  type TUploadProgress,
  type UploadMappingProblem,
  type UploadMode,
  type UploadStatus,
} from './uploads';

/**
 * Member CSV upload (issue 5, `/members/upload`): a file is uploaded as is, its columns are
 * mapped to member fields, every row is validated (each invalid row reported with its line and
 * reason), then committed idempotently on the membership number.
 */

/** The largest file accepted, in bytes. */
export const memberUploadMaxBytes = uploadMaxBytes;

/** The member fields a column can be mapped to, in the order the mapping step shows them. */
export const memberUploadFields = [
  'number',
  'legalName',
  'category',
  'status',
  'tradeName',
  'country',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'city',
  'state',
  'vatNumber',
  'website',
  'email',
  'phone',
  'joinedOn',
  'paidThroughYear',
  'billingCurrency',
  'directoryVisible',
  'preferredLanguage',
] as const;
export type MemberUploadField = (typeof memberUploadFields)[number];

/**
 * What the register cannot be without: every row needs these four. Other fields are optional:
 * an empty cell clears the field, a column left unmapped leaves the field as it is.
 */
export const requiredMemberUploadFields: readonly MemberUploadField[] = [
  'number',
  'legalName',
  'category',
  'status',
];

/** Labels as the mapping step and the error reasons name the fields. */
export const memberUploadFieldLabels: Record<MemberUploadField, string> = {
  number: 'Membership number',
  legalName: 'Legal name',
  category: 'Category',
  status: 'Status',
  tradeName: 'Trade name',
  country: 'Country',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  postalCode: 'Postal code',
  city: 'City',
  state: 'State / region',
  vatNumber: 'VAT / UID number',
  website: 'Website',
  email: 'E-mail',
  phone: 'Phone',
  joinedOn: 'Joined',
  paidThroughYear: 'Paid through',
  billingCurrency: 'Billing currency',
  directoryVisible: 'Directory visible',
  preferredLanguage: 'Preferred language',
};

/** Header names (normalized: lower case, no accents, words split by one space) per field. */
export const memberUploadFieldSynonyms: Record<MemberUploadField, readonly string[]> = {
  number: [
    'membership number',
    'member number',
    'membership no',
    'member no',
    'member nr',
    'membership id',
    'member id',
    'number',
    'no',
    'nr',
  ],
  legalName: ['legal name', 'company', 'company name', 'name', 'member name', 'member', 'firm'],
  category: ['category', 'member category', 'membership category', 'type', 'member type', 'kind'],
  status: ['status', 'member status', 'membership status', 'state of membership'],
  tradeName: ['trade name', 'trading name', 'brand', 'dba', 'doing business as'],
  country: ['country', 'country code', 'country iso2', 'iso2', 'iso', 'country name', 'nation'],
  addressLine1: ['address line 1', 'address 1', 'address', 'street', 'street address', 'address1'],
  addressLine2: ['address line 2', 'address 2', 'address2', 'po box', 'building'],
  postalCode: ['postal code', 'postcode', 'post code', 'zip', 'zip code', 'plz'],
  city: ['city', 'town', 'locality', 'place'],
  state: ['state', 'state region', 'region', 'province', 'county', 'canton'],
  vatNumber: [
    'vat number',
    'vat',
    'vat no',
    'vat id',
    'uid',
    'vat uid',
    'vat uid number',
    'tax id',
  ],
  website: ['website', 'web site', 'web', 'url', 'homepage', 'www'],
  email: ['e mail', 'email', 'email address', 'e mail address', 'mail'],
  phone: ['phone', 'telephone', 'phone number', 'tel', 'mobile'],
  joinedOn: ['joined', 'joined on', 'join date', 'member since', 'joining date', 'admitted'],
  paidThroughYear: [
    'paid through',
    'paid through year',
    'paid until',
    'paid up to',
    'paid to',
    'last paid year',
  ],
  billingCurrency: ['billing currency', 'currency', 'invoice currency'],
  directoryVisible: ['directory visible', 'directory', 'in directory', 'visible', 'listed'],
  preferredLanguage: ['preferred language', 'language', 'lang', 'correspondence language'],
};

export const ZMemberUploadMapping = uploadMappingSchema(memberUploadFields).describe(
  'Member field → index of the file column it is read from (unmapped fields absent)',
);
export type TMemberUploadMapping = z.infer<typeof ZMemberUploadMapping>;

/** The mapping guessed from the header (see guessUploadMapping). */
export function guessMemberUploadMapping(header: readonly string[]): TMemberUploadMapping {
  return guessUploadMapping(memberUploadFields, memberUploadFieldSynonyms, header);
}

/** Problems of a mapping itself (before any row is read); empty when it can be used. */
export function memberUploadMappingProblems(
  mapping: TMemberUploadMapping,
  columnCount: number,
): UploadMappingProblem<MemberUploadField>[] {
  return [
    ...uploadMappingProblems(
      memberUploadFields,
      requiredMemberUploadFields,
      memberUploadFieldLabels,
      mapping,
      columnCount,
    ),
    // Read when called, after the module defined the row schema below.
    ...uploadFixedValueProblems(
      memberUploadFields,
      ZMemberUploadRow.shape,
      memberUploadFieldLabels,
      mapping,
    ),
  ];
}

// ---- One row ------------------------------------------------------------------------------

const text = uploadText;
const requiredText = uploadRequiredText;
const oneOf = uploadOneOf;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A language as a file may write it: its code (fr) or its English name (French), any case. */
const languageByWord = new Map<string, Language>(
  languages.flatMap((code) => [
    [code, code],
    [languageLabels[code].toLowerCase(), code],
  ]),
);

/**
 * The preferred language: en, fr, de or es, or English, French, German or Spanish in any case.
 * An empty cell is null: the member takes its country's language (the server fills it in).
 */
function uploadLanguage(label: string) {
  return text(label, 40).transform((value, context) => {
    if (value === null) return null;
    const code = languageByWord.get(value.toLowerCase());
    if (!code) {
      context.addIssue({
        code: 'custom',
        message: `${label} "${value}" is not one of ${languages.join(', ')} (or ${languages.map((l) => languageLabels[l]).join(', ')})`,
      });
      return z.NEVER;
    }
    return code;
  });
}

/**
 * One row of an upload: the cells of the mapped columns in, the member's values out. Optional
 * cells may be empty (the field is cleared); the country is checked against the countries
 * table by the server.
 */
export const ZMemberUploadRow = z
  .object({
    number: requiredText('Membership number', 40).regex(
      /^[\p{L}\p{N}][\p{L}\p{N}./ -]*$/u,
      'Membership number may hold letters, digits, "-", "/", "." and spaces only',
    ),
    legalName: requiredText('Legal name', 200),
    category: oneOf('Category', memberCategories),
    status: oneOf('Status', memberStatuses),
    tradeName: text('Trade name', 200).optional(),
    country: text('Country', 100).optional(),
    addressLine1: text('Address line 1', 200).optional(),
    addressLine2: text('Address line 2', 200).optional(),
    postalCode: text('Postal code', 20).optional(),
    city: text('City', 100).optional(),
    state: text('State', 100).optional(),
    vatNumber: text('VAT number', 40).optional(),
    website: text('Website', 200)
      .refine((value) => value === null || /^(https?:\/\/)?[^\s/]+\.[^\s]+$/i.test(value), {
        error: (issue) => `Website "${String(issue.input)}" is not a web address`,
      })
      .optional(),
    email: text('E-mail', 254)
      .refine((value) => value === null || emailPattern.test(value), {
        error: (issue) => `E-mail "${String(issue.input)}" is not a valid e-mail address`,
      })
      .transform((value) => value?.toLowerCase() ?? null)
      .optional(),
    phone: text('Phone', 40).optional(),
    joinedOn: uploadDate('Joined').optional(),
    paidThroughYear: uploadYear('Paid through').optional(),
    billingCurrency: text('Billing currency', 10)
      .transform((value, context) => {
        if (value === null) return null;
        const code = value.toUpperCase();
        if (!/^[A-Z]{3}$/.test(code)) {
          context.addIssue({
            code: 'custom',
            message: `Billing currency "${value}" is not an ISO currency code (e.g. CHF)`,
          });
          return z.NEVER;
        }
        return code;
      })
      .optional(),
    directoryVisible: uploadBoolean('Directory visible').optional(),
    preferredLanguage: uploadLanguage('Preferred language').optional(),
  })
  .superRefine((row, context) => {
    // Domain life cycle: honorary members are never overdue.
    if (row.category === 'honorary' && row.status === 'overdue') {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'An honorary member is never overdue',
      });
    }
  })
  .describe('The cells of one row, by member field');
export type TMemberUploadRowInput = z.input<typeof ZMemberUploadRow>;
export type TMemberUploadRow = z.output<typeof ZMemberUploadRow>;

// ---- API (the shared upload shapes, under the names the members area uses) -------------------

export const memberUploadStatuses = uploadStatuses;
export type MemberUploadStatus = UploadStatus;
export const memberUploadModes = uploadModes;
export type MemberUploadMode = UploadMode;
export const ZMemberUploadParams = ZUploadParams;
export const ZMemberUploadQuery = uploadFileQuery('members.csv');
export const ZMemberUploadProgress = ZUploadProgress;
export type TMemberUploadProgress = TUploadProgress;

export const ZMemberUploadValidation = ZUploadValidationBase.describe(
  'What validation found, and what a commit would do now',
);

export const ZMemberUploadResult = ZUploadResultBase.extend({
  searchIndexedAt: z
    .string()
    .nullable()
    .describe('When the search index had caught up with the change (null while it catches up)'),
}).describe('What the commit did');

export const ZMemberUpload = uploadSchemaOf({
  noun: 'member',
  mapping: ZMemberUploadMapping,
  validation: ZMemberUploadValidation,
  result: ZMemberUploadResult,
});
export type TMemberUpload = z.infer<typeof ZMemberUpload>;

export const ZMemberUploadValidateBody = z.object({ mapping: ZMemberUploadMapping });
export type TMemberUploadValidateBody = z.infer<typeof ZMemberUploadValidateBody>;

export const ZMemberUploadCommitBody = ZUploadCommitBody;
export type TMemberUploadCommitBody = z.infer<typeof ZMemberUploadCommitBody>;
export const ZMemberUploadRowsQuery = ZUploadRowsQuery;
export const ZMemberUploadInvalidRow = ZUploadInvalidRow;
export type TMemberUploadInvalidRow = TUploadInvalidRow;
export const ZMemberUploadInvalidRows = ZUploadInvalidRows;
export type TMemberUploadInvalidRows = TUploadInvalidRows;
