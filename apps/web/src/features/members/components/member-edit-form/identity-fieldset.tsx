import { memberCategories } from '@ops/contract';
import { FormSelectField, FormTextField } from '@ops/ui/form-field';
import { categoryLabels } from '../member-labels';
import type { MemberFormControl } from './form-types';

/** Legal and trade name, category, VAT/UID number. */
export function IdentityFieldset({ control }: { control: MemberFormControl }) {
  return (
    <fieldset className="grid gap-4 @xl:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Identity</legend>
      <FormTextField control={control} name="legalName" label="Legal name" />
      <FormTextField
        control={control}
        name="tradeName"
        label="Trade name"
        help="Only if it differs from the legal name"
      />
      <FormSelectField
        control={control}
        name="category"
        label="Category"
        options={memberCategories.map((value) => ({ value, label: categoryLabels[value] }))}
      />
      <FormTextField
        control={control}
        name="vatNumber"
        label="VAT/UID number"
        help="As on the company's registration, e.g. CHE-123.456.789"
      />
    </fieldset>
  );
}
