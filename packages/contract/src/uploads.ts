import { z } from 'zod';

/**
 * The CSV upload pipeline shared by every import (members in issue 5, invoices in issue 6): a
 * file is uploaded as is (encoding and separator detected), its columns are mapped to the
 * record's fields (guessed from the header, editable), every row is validated (each invalid row
 * reported with its line and reason), then committed idempotently on the record's number, all
 * or nothing or the valid rows only. Each import declares its fields and row schema; the API
 * shapes, the mapping rules and the cell parsers below are the same for all.
 */

/** The largest file accepted, in bytes. */
export const uploadMaxBytes = 50 * 1024 * 1024;

/** A header as the guesser compares it: lower case, accents and punctuation gone. */
export function normalizeHeaderName(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A fixed value given to a field the file lacks: every row reads it, validated like a cell. */
export type UploadFixedValue = { value: string };

/** Where a field is read from: a column of the file (its index) or a fixed value. */
export type UploadMappingSource = number | UploadFixedValue;

/** Field → the file column it is read from, or its fixed value (unmapped fields absent). */
export type UploadMapping<F extends string = string> = Partial<Record<F, UploadMappingSource>>;

export function isUploadFixedValue(
  source: UploadMappingSource | undefined,
): source is UploadFixedValue {
  return typeof source === 'object' && source !== null;
}

/** The longest fixed value a mapping may give (longer than any field allows). */
export const uploadFixedValueMaxLength = 500;

/** The zod schema of a mapping over `fields`. */
export function uploadMappingSchema<const F extends readonly [string, ...string[]]>(fields: F) {
  return z
    .partialRecord(
      z.enum(fields),
      z.union([
        z.number().int().min(0).max(499).describe('Index of the file column the field reads'),
        z
          .object({ value: z.string().max(uploadFixedValueMaxLength) })
          .strict()
          .describe('A fixed value every row gets, for a field the file lacks'),
      ]),
    )
    .describe(
      'Field → index of the file column it is read from, or {value} for a fixed value (unmapped fields absent)',
    );
}

/**
 * Problems of the mapping's fixed values, each checked by the field's own cell schema (so a
 * fixed Status must be a status, as a cell would): a bad one is reported once, here, rather than
 * on every row.
 */
export function uploadFixedValueProblems<F extends string>(
  fields: readonly F[],
  cellSchemas: Readonly<Record<F, z.ZodType>>,
  labels: Record<F, string>,
  mapping: UploadMapping<F>,
): UploadMappingProblem<F>[] {
  const problems: UploadMappingProblem<F>[] = [];
  for (const field of fields) {
    const source: UploadMappingSource | undefined = mapping[field];
    if (!isUploadFixedValue(source)) continue;
    const parsed = cellSchemas[field].safeParse(source.value);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? 'is not valid';
      problems.push({
        field,
        message: `The fixed value of ${labels[field]} is not valid: ${reason}.`,
      });
    }
  }
  return problems;
}

/**
 * The mapping guessed from the header: each field takes the first column whose name is one of
 * its synonyms (a column serves one field at most); a field with no such column stays unmapped.
 * Exact names first (every field), then more general synonyms: "address" goes to line 1 only
 * when no column is called "address line 1".
 */
export function guessUploadMapping<F extends string>(
  fields: readonly F[],
  synonyms: Record<F, readonly string[]>,
  header: readonly string[],
): UploadMapping<F> {
  const normalized = header.map(normalizeHeaderName);
  const taken = new Set<number>();
  const mapping: UploadMapping<F> = {};
  const maxRank = Math.max(...fields.map((field) => synonyms[field].length));
  for (let rank = 0; rank < maxRank; rank++) {
    for (const field of fields) {
      if (mapping[field] !== undefined) continue;
      const synonym = synonyms[field][rank];
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

export type UploadMappingProblem<F extends string = string> = { field: F; message: string };

/** Problems of a mapping itself (before any row is read); empty when it can be used. */
export function uploadMappingProblems<F extends string>(
  fields: readonly F[],
  required: readonly F[],
  labels: Record<F, string>,
  mapping: UploadMapping<F>,
  columnCount: number,
): UploadMappingProblem<F>[] {
  const problems: UploadMappingProblem<F>[] = [];
  const usedBy = new Map<number, F>();
  for (const field of fields) {
    const column: UploadMappingSource | undefined = mapping[field];
    if (column === undefined) {
      if (required.includes(field)) {
        problems.push({ field, message: `${labels[field]} must be mapped to a column.` });
      }
      continue;
    }
    // A fixed value reads no column (its value is checked by uploadFixedValueProblems).
    if (isUploadFixedValue(column)) continue;
    if (column >= columnCount) {
      problems.push({ field, message: `The file has no column ${column + 1}.` });
      continue;
    }
    const other = usedBy.get(column);
    if (other) {
      problems.push({
        field,
        message: `Column ${column + 1} is already mapped to ${labels[other]}.`,
      });
    } else usedBy.set(column, field);
  }
  return problems;
}

// ---- Cells --------------------------------------------------------------------------------

/** 'Pending payment', 'PENDING_PAYMENT' and 'pending-payment' are the same value. */
export function normalizeUploadToken(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** An optional text cell: trimmed, empty becomes null. */
export const uploadText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is longer than ${max} characters`)
    .transform((value) => (value === '' ? null : value));

/** A required text cell. */
export const uploadRequiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is longer than ${max} characters`);

/** A required cell holding one of `values` (any case, spaces or underscores for dashes). */
export function uploadOneOf<const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .transform(normalizeUploadToken)
    .refine((value): value is T[number] => (values as readonly string[]).includes(value), {
      error: (issue) => `${label} "${String(issue.input)}" is not one of ${values.join(', ')}`,
    })
    .transform((value) => value as T[number]);
}

/** Accepts 2024-03-01 (ISO, as Excel writes it with a date format) and 01.03.2024 (Swiss). */
export function parseUploadDate(value: string): string | null {
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  let [year, month, day] = match ? [match[1], match[2], match[3]] : [];
  if (!match) {
    match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
    if (match) [day, month, year] = [match[1], match[2], match[3]];
  }
  if (!year || !month || !day) return null;
  // A calendar day, checked by arithmetic (no Date per cell: an import reads three per row).
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  const isLeap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const daysInMonth =
    m === 2 ? (isLeap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** An optional date cell (YYYY-MM-DD or DD.MM.YYYY) as YYYY-MM-DD, empty as null. */
export const uploadDate = (label: string) =>
  uploadText(label, 20).transform((value, context) => {
    if (value === null) return null;
    const date = parseUploadDate(value);
    if (date === null) {
      context.addIssue({
        code: 'custom',
        message: `${label} "${value}" is not a date (YYYY-MM-DD or DD.MM.YYYY)`,
      });
      return z.NEVER;
    }
    return date;
  });

/** An optional year cell (1900–2200), empty as null. */
export const uploadYear = (label: string) =>
  uploadText(label, 10).transform((value, context) => {
    if (value === null) return null;
    const year = /^\d{4}$/.test(value) ? Number(value) : NaN;
    if (!(year >= 1900 && year <= 2200)) {
      context.addIssue({
        code: 'custom',
        message: `${label} "${value}" is not a year (e.g. 2025)`,
      });
      return z.NEVER;
    }
    return year;
  });

const truthy = new Set(['yes', 'y', 'true', '1', 'x', 'ja', 'oui']);
const falsy = new Set(['no', 'n', 'false', '0', 'nein', 'non']);

/** An optional yes/no cell, empty as null. */
export const uploadBoolean = (label: string) =>
  uploadText(label, 10).transform((value, context) => {
    if (value === null) return null;
    const token = value.toLowerCase();
    if (truthy.has(token)) return true;
    if (falsy.has(token)) return false;
    context.addIssue({ code: 'custom', message: `${label} "${value}" is not yes or no` });
    return z.NEVER;
  });

// ---- API ----------------------------------------------------------------------------------

export const uploadStatuses = [
  'uploaded',
  'validating',
  'validated',
  'committing',
  'committed',
] as const;
export type UploadStatus = (typeof uploadStatuses)[number];

export const uploadModes = ['all-or-nothing', 'valid-only'] as const;
export type UploadMode = (typeof uploadModes)[number];

export const ZUploadParams = z.object({
  id: z.string().min(1).max(40).describe('Upload id'),
});

/** The query of the file's POST: the chosen file's name. */
export function uploadFileQuery(defaultName: string) {
  return z.object({
    filename: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .default(defaultName)
      .describe('Name of the chosen file, shown in the report'),
  });
}

/** What runs: reading the rows, committing them, then the work that follows a bulk commit. */
export const uploadPhases = ['validating', 'committing', 'indexing', 'certificates'] as const;

export const ZUploadProgress = z
  .object({
    phase: z
      .enum(uploadPhases)
      .describe(
        'What is running (indexing and certificates follow a bulk commit, after its answer)',
      ),
    done: z.number().int().describe('Rows (validating: bytes) done so far'),
    total: z.number().int().describe('Rows (validating: bytes) in all'),
    rows: z.number().int().describe('Rows read so far'),
    invalid: z.number().int().describe('Invalid rows found so far'),
    updatedAt: z.string().describe('ISO time of the last report'),
  })
  .describe('Progress of a running step');
export type TUploadProgress = z.infer<typeof ZUploadProgress>;

/** The counts every validation answers; an import may add its own. */
export const ZUploadValidationBase = z.object({
  rows: z.number().int().describe('Data rows in the file (blank lines not counted)'),
  valid: z.number().int(),
  invalid: z.number().int(),
  toInsert: z.number().int().describe('Valid rows whose number is not a record yet'),
  toUpdate: z.number().int().describe('Valid rows that change an existing record'),
  unchanged: z.number().int().describe('Valid rows identical to their record'),
});

/** The counts every commit answers; an import may add its own. */
export const ZUploadResultBase = z.object({
  mode: z.enum(uploadModes),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int().describe('Invalid rows left out (valid-only)'),
  committedAt: z.string(),
});

/** The upload record of an import, with its mapping, validation and result shapes. */
export function uploadSchemaOf<
  M extends z.ZodType,
  V extends z.ZodType,
  R extends z.ZodType,
>(parts: { noun: string; mapping: M; validation: V; result: R }) {
  return z
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
      mapping: parts.mapping.describe('The mapping in use: guessed, or the one validated'),
      status: z.enum(uploadStatuses),
      progress: ZUploadProgress.nullable(),
      validation: parts.validation.nullable(),
      result: parts.result.nullable(),
      error: z.string().nullable().describe('Why the last step failed, for a person'),
      createdAt: z.string(),
      createdBy: z.string().nullable().describe('E-mail of the operator who uploaded'),
    })
    .describe(`A ${parts.noun} CSV upload`);
}

/** What every upload shows, whatever it imports (the web's upload kit reads this). */
export type TUploadView = {
  id: string;
  filename: string;
  byteSize: number;
  encoding: 'utf-8' | 'windows-1252';
  hasBom: boolean;
  separator: ',' | ';' | '\t';
  header: string[];
  sample: string[][];
  mapping: UploadMapping;
  status: UploadStatus;
  progress: TUploadProgress | null;
  validation: z.infer<typeof ZUploadValidationBase> | null;
  result: z.infer<typeof ZUploadResultBase> | null;
  error: string | null;
  createdAt: string;
  createdBy: string | null;
};

export const ZUploadCommitBody = z.object({
  mode: z
    .enum(uploadModes)
    .describe('all-or-nothing: refuse when any row is invalid; valid-only: leave invalid rows out'),
});

export const ZUploadRowsQuery = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    // Lines are PostgreSQL integers: a larger number is no line (and failed the query).
    .max(2_147_483_647)
    .default(0)
    .describe('Line number after which to continue (the previous page’s nextAfter)'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const ZUploadInvalidRow = z.object({
  line: z.number().int().describe('Line of the file where the row starts (the header is line 1)'),
  reason: z.string(),
  values: z.array(z.string()).describe('The cells as read, in file order'),
});
export type TUploadInvalidRow = z.infer<typeof ZUploadInvalidRow>;

export const ZUploadInvalidRows = z.object({
  data: z.array(ZUploadInvalidRow),
  nextAfter: z.number().int().nullable().describe('Pass as `after` for more; null at the end'),
});
export type TUploadInvalidRows = z.infer<typeof ZUploadInvalidRows>;
