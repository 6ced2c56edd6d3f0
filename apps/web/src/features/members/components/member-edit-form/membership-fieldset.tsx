import {
  memberBillingCurrencies,
  type TMemberDetail,
  type TMemberFormOptions,
} from '@ops/contract';
import { languageLabels, languages } from '@ops/contract/values';
import { useMemo } from 'react';
import { FormCheckboxField, FormSelectField } from '@ops/ui/form-field';
import type { MemberFormControl } from './form-types';

/**
 * National association, billing currency, preferred language (of its e-mails and PDFs, issue
 * 17), listing in the public directory.
 */
export function MembershipFieldset({
  control,
  member,
  options,
}: {
  control: MemberFormControl;
  member: TMemberDetail;
  options: TMemberFormOptions | undefined;
}) {
  const associationOptions = useMemo(() => {
    const list = (options?.associations ?? []).filter((row) => row.mid !== member.mid);
    const current = member.nationalAssociationMid;
    const rows = list.map((row) => ({
      value: row.mid,
      label: `${row.legalName} (${row.countryIso2 ?? 'no country'}, ${row.number})`,
    }));
    // A link the fixes screen has yet to repair still shows as it is, so nothing is lost.
    if (current && !list.some((row) => row.mid === current)) {
      rows.unshift({
        value: current,
        label: `${member.nationalAssociationName ?? current} (not an association member)`,
      });
    }
    return rows;
  }, [options, member]);
  return (
    <fieldset className="grid gap-4 @xl:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Membership</legend>
      <FormSelectField
        control={control}
        name="nationalAssociationMid"
        label="National association"
        help="The association member of its country that endorses it"
        emptyLabel="None"
        options={associationOptions}
        className="@xl:col-span-2"
      />
      <FormSelectField
        control={control}
        name="billingCurrency"
        label="Billing currency"
        options={memberBillingCurrencies.map((value) => ({ value, label: value }))}
      />
      <FormSelectField
        control={control}
        name="preferredLanguage"
        label="Preferred language"
        help="The language of its e-mails and PDFs"
        options={languages.map((value) => ({ value, label: languageLabels[value] }))}
      />
      <FormCheckboxField
        control={control}
        name="directoryVisible"
        label="Listed in the public member directory"
        className="self-end"
      />
    </fieldset>
  );
}
