import {
  companyFields,
  ZChangeRequestCreate,
  ZCompanyData,
  type CompanyField,
  type TChangeRequestCreate,
  type TCompanyData,
  type TCompanyValues,
} from '@ops/contract/change-requests';
import type { companyMessages } from '../i18n/messages/features/company';

/**
 * The company-data form's fields (issue 35), each checked with the contract's own rule for it
 * (`ZCompanyData`: the console's member edit), so that what the portal sends is what the server
 * takes; the words of a refusal are the portal's, in the person's language.
 */
export type CompanyMessageId = keyof typeof companyMessages.en;

/** What the form holds of each field: the text typed (a select's value), as the input shows it. */
export type CompanyText = Record<CompanyField, string>;

/** A field's problem in the portal's words. */
export type Problem = { id: CompanyMessageId; values?: Record<string, string | number> };

export const fieldLabels: Record<CompanyField, CompanyMessageId> = {
  legalName: 'company.field.legalName',
  tradeName: 'company.field.tradeName',
  addressLine1: 'company.field.addressLine1',
  addressLine2: 'company.field.addressLine2',
  postalCode: 'company.field.postalCode',
  city: 'company.field.city',
  state: 'company.field.state',
  countryIso2: 'company.field.countryIso2',
  vatNumber: 'company.field.vatNumber',
  website: 'company.field.website',
  email: 'company.field.email',
  billingEmail: 'company.field.billingEmail',
  phone: 'company.field.phone',
  preferredLanguage: 'company.field.preferredLanguage',
};

/** The form's fieldsets, as the console's member edit groups them (identity, address, contact). */
export const fieldGroups: { legend: CompanyMessageId; fields: CompanyField[] }[] = [
  { legend: 'company.group.company', fields: ['legalName', 'tradeName', 'vatNumber'] },
  {
    legend: 'company.group.address',
    fields: ['addressLine1', 'addressLine2', 'postalCode', 'city', 'state', 'countryIso2'],
  },
  {
    legend: 'company.group.contact',
    fields: ['email', 'billingEmail', 'phone', 'website', 'preferredLanguage'],
  },
];

export const inputTypes: Partial<Record<CompanyField, 'email' | 'tel' | 'url'>> = {
  website: 'url',
  email: 'email',
  billingEmail: 'email',
  phone: 'tel',
};

export const autoCompletes: Partial<Record<CompanyField, string>> = {
  legalName: 'organization',
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  postalCode: 'postal-code',
  city: 'address-level2',
  state: 'address-level1',
};

/** What a refusal of the field's own rule (not its length) says, in words a person can act on. */
const invalidOf: Partial<Record<CompanyField, CompanyMessageId>> = {
  legalName: 'company.error.legalName',
  countryIso2: 'company.error.country',
  website: 'company.error.website',
  email: 'company.error.email',
  billingEmail: 'company.error.email',
  phone: 'company.error.phone',
};

/** The longest note for staff the server takes (`ZChangeRequestCreate`'s note). */
export const maxNoteLength = 2000;

/** The company data as the form's inputs show it: none is an empty input. */
export function textOf(values: TCompanyValues): CompanyText {
  return Object.fromEntries(
    companyFields.map((field) => [field, values[field] ?? '']),
  ) as CompanyText;
}

type ZodIssueLike = { code: string; maximum?: unknown };

function problemOfIssue(field: CompanyField, issue: ZodIssueLike | undefined): Problem {
  if (issue?.code === 'too_big' && issue.maximum !== undefined) {
    return { id: 'company.error.tooLong', values: { max: Number(issue.maximum) } };
  }
  if (issue?.code === 'too_small' && field === 'legalName')
    return { id: 'company.error.legalName' };
  return { id: invalidOf[field] ?? 'company.error.other' };
}

/** The field's problem by the contract's rule for it; none when it is fine. */
export function problemOf(field: CompanyField, text: string): Problem | null {
  const result = ZCompanyData.shape[field].safeParse(text);
  return result.success ? null : problemOfIssue(field, result.error.issues[0]);
}

/** The note's problem (at most 2000 characters once trimmed); none when it is fine. */
export function noteProblemOf(note: string): Problem | null {
  return ZChangeRequestCreate.shape.note.safeParse(note).success
    ? null
    : { id: 'company.error.tooLong', values: { max: maxNoteLength } };
}

/** The fields typed otherwise than the company data says (trimmed): those the form checks. */
export function editedFields(values: TCompanyValues, text: CompanyText): CompanyField[] {
  return companyFields.filter((field) => text[field].trim() !== (values[field] ?? '').trim());
}

/**
 * The problems of the fields the person changed, in the form's order. A field left as it is
 * is not judged again: data kept from before a rule existed does not block another change.
 */
export function problemsOf(
  values: TCompanyValues,
  text: CompanyText,
): Partial<Record<CompanyField, Problem>> {
  const problems: Partial<Record<CompanyField, Problem>> = {};
  for (const field of editedFields(values, text)) {
    const problem = problemOf(field, text[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * What the form sends: only the fields whose value, as the contract reads it (trimmed, empty as
 * none, the country's code in capitals), differs from the company data as it is.
 */
export function changesOf(values: TCompanyValues, text: CompanyText): Partial<TCompanyData> {
  const changes: Record<string, unknown> = {};
  for (const field of companyFields) {
    const result = ZCompanyData.shape[field].safeParse(text[field]);
    if (result.success && (result.data ?? null) !== values[field]) changes[field] = result.data;
  }
  return changes as Partial<TCompanyData>;
}

/** The request the form sends: the changed fields, and the note for staff when there is one. */
export function changeRequestOf(
  values: TCompanyValues,
  text: CompanyText,
  note: string,
): TChangeRequestCreate {
  const trimmed = note.trim();
  return { changes: changesOf(values, text), ...(trimmed ? { note: trimmed } : {}) };
}

/**
 * The text after the company data changed underneath (live, or saved): a field the person left
 * as it was shows the new value; one they typed in keeps what they typed.
 */
export function mergedText(
  text: CompanyText,
  before: TCompanyValues,
  after: TCompanyValues,
): CompanyText {
  return Object.fromEntries(
    companyFields.map((field) => [
      field,
      text[field] === (before[field] ?? '') ? (after[field] ?? '') : text[field],
    ]),
  ) as CompanyText;
}

/** The form's key of a field the server refused (`body.changes.city`, `body.note`). */
export function fieldOfIssue(path: string): CompanyField | 'note' | undefined {
  if (path === 'body.note') return 'note';
  const field = /^body\.changes\.(\w+)$/.exec(path)?.[1];
  return (companyFields as readonly string[]).includes(field ?? '')
    ? (field as CompanyField)
    : undefined;
}

/** A field the server refused, in the portal's words: the portal's own rule, else by the rule. */
export function problemOfServerIssue(
  field: CompanyField | 'note',
  rule: string,
  text: string,
): Problem {
  if (field === 'note') return noteProblemOf(text) ?? { id: 'company.error.other' };
  if (rule === 'exists') return { id: 'company.error.country' };
  return problemOf(field, text) ?? problemOfIssue(field, { code: rule });
}
