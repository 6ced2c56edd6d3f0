import type {
  TPortalApplication,
  TPortalUpdateApplicationRequest,
} from '@ops/contract/portal-applications';
import { contactRoles, stepFields, valueOf, type FormValues, type Step } from './fields';

/** The application's answers as the form's inputs show them. */
export function toFormValues(application: TPortalApplication): FormValues {
  const values: FormValues = {};
  const { company, address } = application;
  const set = (key: string, value: unknown) => {
    values[key] = value === null || value === undefined ? '' : String(value);
  };
  for (const [name, value] of Object.entries(company)) {
    set(`company.${name}`, Array.isArray(value) ? value.join(', ') : value);
  }
  for (const [name, value] of Object.entries(address)) set(`address.${name}`, value);
  for (const contact of application.contacts) {
    for (const [name, value] of Object.entries(contact)) {
      if (name !== 'role') set(`contacts.${contact.role}.${name}`, value);
    }
  }
  return values;
}

/** The roles of the contacts a contacts step sends, in order (to name a refused one). */
export function sentContactRoles(values: FormValues): string[] {
  return contactRoles.filter(
    (role) =>
      role === 'primary' ||
      stepFields.contacts.some(
        (field) => field.key.startsWith(`contacts.${role}.`) && values[field.key]?.trim(),
      ),
  );
}

/** What saving a step sends: that step's part of the draft, from the form's inputs. */
export function stepChange(
  step: Exclude<Step, 'review'>,
  values: FormValues,
  version: number,
): TPortalUpdateApplicationRequest {
  if (step === 'contacts') {
    return {
      version,
      contacts: sentContactRoles(values).map((role) => {
        const contact: Record<string, unknown> = { role };
        for (const leaf of ['name', 'email', 'phone', 'position']) {
          const field = stepFields.contacts.find((each) => each.key === `contacts.${role}.${leaf}`);
          contact[leaf] = field ? valueOf(field, values[field.key] ?? '') : null;
        }
        return contact as NonNullable<TPortalUpdateApplicationRequest['contacts']>[number];
      }),
    };
  }
  const part: Record<string, unknown> = {};
  for (const field of stepFields[step]) {
    part[field.key.split('.')[1] ?? ''] = valueOf(field, values[field.key] ?? '');
  }
  return { version, [step]: part };
}

/**
 * The form's key of a field the server refused: its issue path without `body.`, a contact by its
 * role rather than its place in the list sent.
 */
export function fieldKeyOfIssue(path: string, values: FormValues): string {
  const key = path.replace(/^body\./, '');
  const contact = /^contacts\.(\d+)\.(\w+)$/.exec(key);
  if (!contact) return key;
  const role = sentContactRoles(values)[Number(contact[1])];
  return role ? `contacts.${role}.${contact[2]}` : key;
}

/** The first step that still lacks something needed to submit; the review when none does. */
export function resumeStep(values: FormValues): Step {
  for (const step of ['company', 'address', 'contacts'] as const) {
    if (stepFields[step].some((field) => field.isRequired && !values[field.key]?.trim())) {
      return step;
    }
  }
  return 'review';
}
