import { FormTextField } from '@ops/ui/form-field';
import type { MemberFormControl } from './form-types';

/** E-mail, billing e-mail, phone, website. */
export function ContactFieldset({ control }: { control: MemberFormControl }) {
  return (
    <fieldset className="grid gap-4 @xl:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Contact</legend>
      <FormTextField
        control={control}
        name="email"
        label="E-mail"
        type="email"
        autoComplete="off"
      />
      <FormTextField
        control={control}
        name="billingEmail"
        label="Billing e-mail"
        type="email"
        autoComplete="off"
        help="Invoices and reminders go here; empty: the e-mail above"
      />
      <FormTextField
        control={control}
        name="phone"
        label="Phone"
        type="tel"
        help="International format, e.g. +41 22 123 45 67"
      />
      <FormTextField
        control={control}
        name="website"
        label="Website"
        type="url"
        help="With https:// or http://"
        className="@xl:col-span-2"
      />
    </fieldset>
  );
}
