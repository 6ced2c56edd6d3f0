import { zodResolver } from '@hookform/resolvers/zod';
import {
  feeCategories,
  feeCategoryLabels,
  incomeGroupLabels,
  incomeGroups,
  regionLabels,
  regions,
  ZCurrencyCode,
  type TAssociationRef,
  type TCountry,
} from '@ops/contract';
import { languageLabels, languages } from '@ops/contract/values';
import { useMemo } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@ops/ui/button';
import { FormCheckboxField, FormSelectField, describeSaveError } from '@/components/detail';
import { SaveConflict, SaveOutcome, useSettingsSave } from '@/components/settings-form';
import { ApiError, isApiError } from '@ops/ui/api-client';
import { useUpdateCountry } from '../api/update-country';
import { currencyOptions } from '../utils/format';
import { AssociationPicker } from './association-picker';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';

const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => null), schema]);

/** The edit form's fields: the contract's rules, with '' standing for "none" in the selects. */
const ZCountryForm = z.object({
  region: z.enum(regions),
  incomeGroup: emptyToNull(z.enum(incomeGroups)),
  feeCategory: emptyToNull(z.enum(feeCategories)),
  defaultCurrency: emptyToNull(ZCurrencyCode),
  language: z.enum(languages),
  nationalAssociation: z
    .object({ mid: z.string(), number: z.string(), legalName: z.string() })
    .nullable(),
  active: z.boolean(),
});
type CountryFormInput = z.input<typeof ZCountryForm>;
type CountryFormOutput = z.output<typeof ZCountryForm>;

const fieldNames = [
  'region',
  'incomeGroup',
  'feeCategory',
  'defaultCurrency',
  'language',
  'active',
];
const pickerFieldNames = [...fieldNames, 'nationalAssociation'];

/** The server names the association by its id field; the form shows it under the picker. */
function withPickerPath(error: unknown): unknown {
  if (!isApiError(error) || !error.issues) return error;
  const issues = error.issues.map((issue) =>
    issue.path === 'body.nationalAssociationMid'
      ? { ...issue, path: 'body.nationalAssociation' }
      : issue,
  );
  return new ApiError(error.code, error.message, error.status, issues);
}

function valuesOf(country: TCountry): CountryFormInput {
  return {
    region: country.region,
    incomeGroup: country.incomeGroup ?? '',
    feeCategory: country.feeCategory ?? '',
    defaultCurrency: country.defaultCurrency ?? '',
    language: country.language,
    nationalAssociation: country.nationalAssociation,
    active: country.active,
  };
}

export type CountryFormProps = {
  country: TCountry;
  onSaved: () => void;
  /** Fetches the country again (after a version conflict). */
  onReload: () => Promise<TCountry | undefined>;
};

/**
 * Edits a country's classification, currency, the language its new members take, national
 * association and whether it is active.
 */
export function CountryForm({ country, onSaved, onReload }: CountryFormProps) {
  const update = useUpdateCountry(country.iso2);
  const form = useForm<CountryFormInput, unknown, CountryFormOutput>({
    resolver: zodResolver(ZCountryForm),
    defaultValues: valuesOf(country),
  });
  // The kit's fields read and write the form's values (its input), never the parsed output.
  const control = form.control as unknown as Control<CountryFormInput>;
  const association = useController({ control, name: 'nationalAssociation' });
  const currencies = useMemo(() => currencyOptions(), []);
  const saving = useSettingsSave({
    record: country,
    onReload,
    onFresh: (fresh) => form.reset(valuesOf(fresh)),
  });

  const submit = form.handleSubmit(async (values) => {
    saving.clear();
    try {
      await update.mutateAsync({
        version: saving.version,
        region: values.region,
        incomeGroup: values.incomeGroup,
        feeCategory: values.feeCategory,
        defaultCurrency: values.defaultCurrency,
        language: values.language,
        nationalAssociationMid: values.nationalAssociation?.mid ?? null,
        active: values.active,
      });
      // Saved: the form is clean again, so closing it asks nothing.
      form.reset(form.getValues());
      onSaved();
    } catch (error) {
      saving.fail(error, (failure) =>
        describeSaveError(withPickerPath(failure), form.setError, pickerFieldNames),
      );
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 pt-4">
      <UnsavedChangesGuard isDirty={form.formState.isDirty && !update.isPending} />
      <SaveConflict save={saving} />
      <div className="grid gap-4 md:grid-cols-2">
        <FormSelectField
          control={control}
          name="region"
          label="Region"
          options={regions.map((region) => ({ value: region, label: regionLabels[region] }))}
        />
        <FormSelectField
          control={control}
          name="incomeGroup"
          label="Income group"
          help="World Bank classification"
          emptyLabel="Not classified"
          options={incomeGroups.map((group) => ({ value: group, label: incomeGroupLabels[group] }))}
        />
        <FormSelectField
          control={control}
          name="feeCategory"
          label="Fee category"
          help="The membership fee band of the country's members"
          emptyLabel="None"
          options={feeCategories.map((category) => ({
            value: category,
            label: feeCategoryLabels[category],
          }))}
        />
        <FormSelectField
          control={control}
          name="defaultCurrency"
          label="Default currency"
          help="ISO 4217; proposed for new members of the country"
          emptyLabel="None"
          options={currencies}
        />
        <FormSelectField
          control={control}
          name="language"
          label="Language of new members"
          help="Their e-mails and PDFs; members keep the language they have"
          options={languages.map((value) => ({ value, label: languageLabels[value] }))}
        />
      </div>
      <AssociationPicker
        iso2={country.iso2}
        countryName={country.name}
        value={(association.field.value as TAssociationRef | null) ?? null}
        onChange={(member) => association.field.onChange(member)}
        error={association.fieldState.error?.message}
      />
      <FormCheckboxField
        control={control}
        name="active"
        label="Active"
        help="Inactive countries are not offered for new members and applications"
      />
      <SaveOutcome save={saving} isDirty={form.formState.isDirty} />
      <div className="flex gap-2">
        <Button type="submit" isBusy={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save country'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset(valuesOf(country));
            saving.setFormError(null);
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
