import type { TMemberDetail, TMemberFormOptions } from '@ops/contract';
import { useMemo } from 'react';
import { FormSelectField, FormTextField } from '@ops/ui/form-field';
import type { MemberFormControl } from './form-types';

/** The postal address and the country (the member's own while the countries load). */
export function AddressFieldset({
  control,
  member,
  options,
  isLoadingOptions,
}: {
  control: MemberFormControl;
  member: TMemberDetail;
  options: TMemberFormOptions | undefined;
  isLoadingOptions: boolean;
}) {
  const countryOptions = useMemo(
    () =>
      (options?.countries ?? []).map((country) => ({
        value: country.iso2,
        label: `${country.name} (${country.iso2})`,
      })),
    [options],
  );
  return (
    <fieldset className="grid gap-4 @xl:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Address</legend>
      <FormTextField control={control} name="addressLine1" label="Address line 1" />
      <FormTextField control={control} name="addressLine2" label="Address line 2" />
      <FormTextField control={control} name="postalCode" label="Postal code" />
      <FormTextField control={control} name="city" label="City" />
      <FormTextField control={control} name="state" label="State or province" />
      <FormSelectField
        control={control}
        name="countryIso2"
        label="Country"
        emptyLabel={isLoadingOptions ? 'Loading countries…' : 'No country'}
        options={
          countryOptions.length > 0 || !member.countryIso2
            ? countryOptions
            : [{ value: member.countryIso2, label: member.countryName ?? member.countryIso2 }]
        }
      />
    </fieldset>
  );
}
