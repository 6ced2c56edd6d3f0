import {
  ZPortalApplicationAddress,
  ZPortalApplicationCompany,
  ZPortalApplicationContact,
} from '@ops/contract/portal-applications';
import type { MessageId } from '../i18n/messages/en';

/**
 * The form's fields, step by step, each checked with the contract's own schema for it (the
 * rules the server and the console apply) as the person leaves it; the words of a refusal are
 * the portal's, in the person's language.
 */
export type FieldKind = 'text' | 'year' | 'count' | 'list' | 'country' | 'email' | 'tel' | 'url';

export type FieldDeclaration = {
  /** Where it lives in the application and in the server's field issues (`company.website`). */
  key: string;
  label: MessageId;
  kind: FieldKind;
  help?: MessageId;
  /** What a refusal of the schema says, in words a person can act on. */
  invalid: MessageId;
  /** Needed to submit (the server's list, submit-own.ts). */
  isRequired?: boolean;
  autoComplete?: string;
};

const company: FieldDeclaration[] = [
  {
    key: 'company.legalName',
    label: 'field.legalName',
    kind: 'text',
    invalid: 'invalid.tooLong',
    isRequired: true,
    autoComplete: 'organization',
  },
  { key: 'company.tradeName', label: 'field.tradeName', kind: 'text', invalid: 'invalid.tooLong' },
  {
    key: 'company.registrationNumber',
    label: 'field.registrationNumber',
    kind: 'text',
    invalid: 'invalid.tooLong',
  },
  { key: 'company.vatNumber', label: 'field.vatNumber', kind: 'text', invalid: 'invalid.tooLong' },
  { key: 'company.founded', label: 'field.founded', kind: 'year', invalid: 'invalid.year' },
  {
    key: 'company.website',
    label: 'field.website',
    kind: 'url',
    invalid: 'invalid.website',
    autoComplete: 'url',
  },
  { key: 'company.employees', label: 'field.employees', kind: 'count', invalid: 'invalid.number' },
  {
    key: 'company.activities',
    label: 'field.activities',
    kind: 'list',
    help: 'field.activitiesHelp',
    invalid: 'invalid.tooLong',
  },
];

const address: FieldDeclaration[] = [
  {
    key: 'address.line1',
    label: 'field.line1',
    kind: 'text',
    invalid: 'invalid.tooLong',
    isRequired: true,
    autoComplete: 'address-line1',
  },
  {
    key: 'address.line2',
    label: 'field.line2',
    kind: 'text',
    invalid: 'invalid.tooLong',
    autoComplete: 'address-line2',
  },
  {
    key: 'address.postalCode',
    label: 'field.postalCode',
    kind: 'text',
    invalid: 'invalid.tooLong',
    autoComplete: 'postal-code',
  },
  {
    key: 'address.city',
    label: 'field.city',
    kind: 'text',
    invalid: 'invalid.tooLong',
    isRequired: true,
    autoComplete: 'address-level2',
  },
  {
    key: 'address.state',
    label: 'field.state',
    kind: 'text',
    invalid: 'invalid.tooLong',
    autoComplete: 'address-level1',
  },
  {
    key: 'address.countryIso2',
    label: 'field.country',
    kind: 'country',
    invalid: 'invalid.other',
    isRequired: true,
  },
];

export const contactRoles = ['primary', 'billing', 'director'] as const;
export type ContactRole = (typeof contactRoles)[number];

export function contactFields(role: ContactRole): FieldDeclaration[] {
  const isPrimary = role === 'primary';
  return [
    {
      key: `contacts.${role}.name`,
      label: 'field.name',
      kind: 'text',
      invalid: 'invalid.tooLong',
      isRequired: isPrimary,
      autoComplete: isPrimary ? 'name' : 'off',
    },
    {
      key: `contacts.${role}.email`,
      label: 'field.email',
      kind: 'email',
      invalid: 'error.emailInvalid',
      isRequired: isPrimary,
      autoComplete: isPrimary ? 'email' : 'off',
    },
    {
      key: `contacts.${role}.phone`,
      label: 'field.phone',
      kind: 'tel',
      invalid: 'invalid.phone',
      autoComplete: isPrimary ? 'tel' : 'off',
    },
    {
      key: `contacts.${role}.position`,
      label: 'field.position',
      kind: 'text',
      invalid: 'invalid.tooLong',
    },
  ];
}

export const steps = ['company', 'address', 'contacts', 'documents', 'review'] as const;
export type Step = (typeof steps)[number];

export const stepFields: Record<Exclude<Step, 'review'>, FieldDeclaration[]> = {
  company,
  address,
  contacts: contactRoles.flatMap(contactFields),
  // Files, not fields: the documents step uploads each one as it is chosen.
  documents: [],
};

/** What the form holds of a field: the text typed, as the input shows it. */
export type FormValues = Record<string, string>;

/** The value a field sends: numbers for years and counts, a list for activities, null for none. */
export function valueOf(field: FieldDeclaration, text: string): unknown {
  const trimmed = text.trim();
  if (field.kind === 'list') {
    return trimmed === ''
      ? []
      : trimmed
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
  }
  if (field.kind === 'year' || field.kind === 'count') {
    return trimmed === '' ? null : Number(trimmed);
  }
  return trimmed === '' ? null : trimmed;
}

const schemaOf = (key: string) => {
  const [part, name, leaf] = key.split('.');
  if (part === 'company') return ZPortalApplicationCompany.shape[name as 'legalName'];
  if (part === 'address') return ZPortalApplicationAddress.shape[name as 'city'];
  if (part === 'contacts' && leaf) return ZPortalApplicationContact.shape[leaf as 'name'];
  return undefined;
};

/** The field's problem as the person leaves it: the contract's rule, or nothing typed yet. */
export function problemOf(field: FieldDeclaration, text: string): MessageId | null {
  const value = valueOf(field, text);
  if (value === null || (Array.isArray(value) && value.length === 0)) return null;
  if ((field.kind === 'year' || field.kind === 'count') && Number.isNaN(value))
    return field.invalid;
  const schema = schemaOf(field.key);
  return schema && !schema.safeParse(value).success ? field.invalid : null;
}
