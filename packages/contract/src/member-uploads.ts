import { z } from 'zod';
import { memberCategories, memberStatuses } from './members';

/**
 * Member CSV upload (issue 5, `/members/upload`): a file is uploaded as is, its columns are
 * mapped to member fields, every row is validated (each invalid row reported with its line and
 * reason), then committed idempotently on the membership number.
 */

/** The largest file accepted, in bytes. */
export const memberUploadMaxBytes = 50 * 1024 * 1024;

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
};

/** A header as the guesser compares it: lower case, accents and punctuation gone. */
export function normalizeHeaderName(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const ZMemberUploadMapping = z
  .partialRecord(z.enum(memberUploadFields), z.number().int().min(0).max(499))
  .describe('Member field → index of the file column it is read from (unmapped fields absent)');
export type TMemberUploadMapping = z.infer<typeof ZMemberUploadMapping>;

/**
 * The mapping guessed from the header: each field takes the first column whose name is one of
 * its synonyms (a column serves one field at most); a field with no such column stays unmapped.
 */
export function guessMemberUploadMapping(header: readonly string[]): TMemberUploadMapping {
  const normalized = header.map(normalizeHeaderName);
  const taken = new Set<number>();
  const mapping: TMemberUploadMapping = {};
  // Exact names first (every field), then more general synonyms: "address" goes to line 1 only
  // when no column is called "address line 1".
  const maxRank = Math.max(...Object.values(memberUploadFieldSynonyms).map((s) => s.length));
  for (let rank = 0; rank < maxRank; rank++) {
    for (const field of memberUploadFields) {
      if (mapping[field] !== undefined) continue;
      const synonym = memberUploadFieldSynonyms[field][rank];
      if (synonym === undefined) continue;
      const column = normalized.findIndex((name, index) => !taken.has(index) && name === synonym);
      if (column >= 0) {
        mapping[field] = column;
        taken.add(column);
      }
    }
  }
  return mapping;
}

/** Problems of a mapping itself (before any row is read); empty when it can be used. */
export function memberUploadMappingProblems(
  mapping: TMemberUploadMapping,
  columnCount: number,
): { field: MemberUploadField; message: string }[] {
  const problems: { field: MemberUploadField; message: string }[] = [];
  const usedBy = new Map<number, MemberUploadField>();
  for (const field of memberUploadFields) {
    const column = mapping[field];
    if (column === undefined) {
      if (requiredMemberUploadFields.includes(field)) {
        problems.push({
          field,
          message: `${memberUploadFieldLabels[field]} must be mapped to a column.`,
        });
      }
      continue;
    }
    if (column >= columnCount) {
      problems.push({ field, message: `The file has no column ${column + 1}.` });
      continue;
    }
    const other = usedBy.get(column);
    if (other) {
      problems.push({
        field,
        message: `Column ${column + 1} is already mapped to ${memberUploadFieldLabels[other]}.`,
      });
    } else usedBy.set(column, field);
  }
  return problems;
}

// ---- One row ------------------------------------------------------------------------------

/** 'Pending payment', 'PENDING_PAYMENT' and 'pending-payment' are the same value. */
function normalizeToken(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is longer than ${max} characters`)
    .transform((value) => (value === '' ? null : value));

const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is longer than ${max} characters`);

function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .transform(normalizeToken)
    .refine((value): value is T[number] => (values as readonly string[]).includes(value), {
      error: (issue) => `${label} "${String(issue.input)}" is not one of ${values.join(', ')}`,
    })
    .transform((value) => value as T[number]);
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Accepts 2024-03-01 (ISO, as Excel writes it with a date format) and 01.03.2024 (Swiss). */
function parseDate(value: string): string | null {
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  let [year, month, day] = match ? [match[1], match[2], match[3]] : [];
  if (!match) {
    match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
    if (match) [day, month, year] = [match[1], match[2], match[3]];
  }
  if (!year || !month || !day) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

const truthy = new Set(['yes', 'y', 'true', '1', 'x', 'ja', 'oui']);
const falsy = new Set(['no', 'n', 'false', '0', 'nein', 'non']);

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
    joinedOn: text('Joined', 20)
      .transform((value, context) => {
        if (value === null) return null;
        const date = parseDate(value);
        if (date === null) {
          context.addIssue({
            code: 'custom',
            message: `Joined "${value}" is not a date (YYYY-MM-DD or DD.MM.YYYY)`,
          });
          return z.NEVER;
        }
        return date;
      })
      .optional(),
    paidThroughYear: text('Paid through', 10)
      .transform((value, context) => {
        if (value === null) return null;
        const year = /^\d{4}$/.test(value) ? Number(value) : NaN;
        if (!(year >= 1900 && year <= 2200)) {
          context.addIssue({
            code: 'custom',
            message: `Paid through "${value}" is not a year (e.g. 2025)`,
          });
          return z.NEVER;
        }
        return year;
      })
      .optional(),
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
    directoryVisible: text('Directory visible', 10)
      .transform((value, context) => {
        if (value === null) return null;
        const token = value.toLowerCase();
        if (truthy.has(token)) return true;
        if (falsy.has(token)) return false;
        context.addIssue({
          code: 'custom',
          message: `Directory visible "${value}" is not yes or no`,
        });
        return z.NEVER;
      })
      .optional(),
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

// ---- API ----------------------------------------------------------------------------------

export const memberUploadStatuses = [
  'uploaded',
  'validating',
  'validated',
  'committing',
  'committed',
] as const;
export type MemberUploadStatus = (typeof memberUploadStatuses)[number];

export const memberUploadModes = ['all-or-nothing', 'valid-only'] as const;
export type MemberUploadMode = (typeof memberUploadModes)[number];

export const ZMemberUploadParams = z.object({
  id: z.string().min(1).max(40).describe('Upload id'),
});

export const ZMemberUploadQuery = z.object({
  filename: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .default('members.csv')
    .describe('Name of the chosen file, shown in the report'),
});

export const ZMemberUploadProgress = z
  .object({
    phase: z.enum(['validating', 'committing', 'indexing']).describe('What is running'),
    done: z.number().int().describe('Rows (validating: bytes) done so far'),
    total: z.number().int().describe('Rows (validating: bytes) in all'),
    rows: z.number().int().describe('Rows read so far'),
    invalid: z.number().int().describe('Invalid rows found so far'),
    updatedAt: z.string().describe('ISO time of the last report'),
  })
  .describe('Progress of a running step');
export type TMemberUploadProgress = z.infer<typeof ZMemberUploadProgress>;

export const ZMemberUploadValidation = z
  .object({
    rows: z.number().int().describe('Data rows in the file (blank lines not counted)'),
    valid: z.number().int(),
    invalid: z.number().int(),
    toInsert: z.number().int().describe('Valid rows whose number is not a member yet'),
    toUpdate: z.number().int().describe('Valid rows that change an existing member'),
    unchanged: z.number().int().describe('Valid rows identical to their member'),
  })
  .describe('What validation found, and what a commit would do now');

export const ZMemberUploadResult = z
  .object({
    mode: z.enum(memberUploadModes),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int().describe('Invalid rows left out (valid-only)'),
    committedAt: z.string(),
    searchIndexedAt: z
      .string()
      .nullable()
      .describe('When the search index had caught up with the change (null while it catches up)'),
  })
  .describe('What the commit did');

export const ZMemberUpload = z
  .object({
    id: z.string(),
    filename: z.string(),
    byteSize: z.number().int(),
    encoding: z
      .enum(['utf-8', 'windows-1252'])
      .describe('Detected: valid UTF-8, else Windows-1252'),
    hasBom: z.boolean(),
    separator: z.enum([',', ';', '\t']).describe('Detected from the header line'),
    header: z.array(z.string()).describe('The header line, one name per column'),
    sample: z.array(z.array(z.string())).describe('The first data rows, as read'),
    mapping: ZMemberUploadMapping.describe('The mapping in use: guessed, or the one validated'),
    status: z.enum(memberUploadStatuses),
    progress: ZMemberUploadProgress.nullable(),
    validation: ZMemberUploadValidation.nullable(),
    result: ZMemberUploadResult.nullable(),
    error: z.string().nullable().describe('Why the last step failed, for a person'),
    createdAt: z.string(),
    createdBy: z.string().nullable().describe('E-mail of the operator who uploaded'),
  })
  .describe('A member CSV upload');
export type TMemberUpload = z.infer<typeof ZMemberUpload>;

export const ZMemberUploadValidateBody = z.object({ mapping: ZMemberUploadMapping });
export type TMemberUploadValidateBody = z.infer<typeof ZMemberUploadValidateBody>;

export const ZMemberUploadCommitBody = z.object({
  mode: z
    .enum(memberUploadModes)
    .describe('all-or-nothing: refuse when any row is invalid; valid-only: leave invalid rows out'),
});
export type TMemberUploadCommitBody = z.infer<typeof ZMemberUploadCommitBody>;

export const ZMemberUploadRowsQuery = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Line number after which to continue (the previous page’s nextAfter)'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ZMemberUploadInvalidRow = z.object({
  line: z.number().int().describe('Line of the file where the row starts (the header is line 1)'),
  reason: z.string(),
  values: z.array(z.string()).describe('The cells as read, in file order'),
});
export type TMemberUploadInvalidRow = z.infer<typeof ZMemberUploadInvalidRow>;

export const ZMemberUploadInvalidRows = z.object({
  data: z.array(ZMemberUploadInvalidRow),
  nextAfter: z.number().int().nullable().describe('Pass as `after` for more; null at the end'),
});
export type TMemberUploadInvalidRows = z.infer<typeof ZMemberUploadInvalidRows>;
