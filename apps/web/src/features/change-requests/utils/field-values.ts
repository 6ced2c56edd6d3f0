import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyFieldLabels,
  ZCompanyData,
  type CompanyField,
  type TChangeRequestDetail,
  type TCompanyData,
} from '@ops/contract/change-requests';
import { languageLabels, type Language } from '@ops/contract/values';
import type { Resolver } from 'react-hook-form';

/** What an empty value reads as in the request's table (never a blank cell). */
export const emptyValueText = 'Empty';

/** The fields' labels in the order given, comma separated: "City, Phone". */
export function fieldLabelsOf(fields: readonly CompanyField[]): string {
  return fields.map((field) => companyFieldLabels[field]).join(', ');
}

/** A field's value as staff read it: a language by its name, an empty value as "Empty". */
export function formatFieldValue(field: CompanyField, value: string | null): string {
  if (value === null || value.trim() === '') return emptyValueText;
  if (field === 'preferredLanguage') return languageLabels[value as Language] ?? value;
  return value;
}

/**
 * "Edit then approve": each field asked for, as the form's inputs hold it (text, '' or null
 * for empty, as the member edit's inputs).
 */
export type ApproveFormValues = Partial<Record<CompanyField, string | null>>;

/** The values sent with the approval: the member edit's rules applied to each field. */
export type ApprovedValues = Partial<TCompanyData>;

/** The fields a request asks to change, in the request's order. */
export function askedFieldsOf(request: Pick<TChangeRequestDetail, 'fields'>): CompanyField[] {
  return request.fields.map((row) => row.field);
}

/** The form's first values: what the member asked for. */
export function approveFormDefaults(
  request: Pick<TChangeRequestDetail, 'fields'>,
): ApproveFormValues {
  return Object.fromEntries(request.fields.map((row) => [row.field, row.to ?? '']));
}

/**
 * The rules of the asked fields alone, the portal's and the member edit's (`ZCompanyData`): an
 * e-mail must be one, the legal name cannot be empty, an empty optional field becomes null.
 */
export function approveFormSchema(fields: readonly CompanyField[]) {
  const mask: Partial<Record<CompanyField, true>> = Object.fromEntries(
    fields.map((field) => [field, true] as const),
  );
  return ZCompanyData.pick(mask);
}

/**
 * The form's resolver. The inputs hold text (a select's language code is text too); the
 * schema's output is the values the approval sends.
 */
export function approveFormResolver(
  fields: readonly CompanyField[],
): Resolver<ApproveFormValues, unknown, ApprovedValues> {
  return zodResolver(approveFormSchema(fields)) as unknown as Resolver<
    ApproveFormValues,
    unknown,
    ApprovedValues
  >;
}
