import { zodResolver } from '@hookform/resolvers/zod';
import { ZBankAccountInput, type TBankAccount } from '@ops/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@ops/ui/button';
import {
  FormCheckboxField,
  FormSelectField,
  FormTextField,
  describeSaveError,
} from '@/components/detail';
import { SaveConflict, SaveOutcome, useSettingsSave } from '@/components/settings-form';
import { useCreateBankAccount } from '../api/create-bank-account';
import { useUpdateBankAccount } from '../api/update-bank-account';
import { currencyOptions, formatIban } from '../utils/format';
import { UnsavedChangesGuard } from '@/components/detail/use-unsaved-changes';
import { FailureText } from '@/components/success-note';

type FormInput = z.input<typeof ZBankAccountInput>;
type FormOutput = z.output<typeof ZBankAccountInput>;

const fieldNames = [
  'label',
  'bankName',
  'holderName',
  'holderAddress',
  'iban',
  'qrIban',
  'bic',
  'currency',
  'isDefault',
  'active',
];

const emptyValues: FormInput = {
  label: '',
  bankName: '',
  holderName: '',
  holderAddress: '',
  iban: '',
  qrIban: '',
  bic: '',
  currency: 'CHF',
  isDefault: false,
};

function valuesOf(account: TBankAccount): FormInput {
  return {
    label: account.label,
    bankName: account.bankName,
    holderName: account.holderName,
    holderAddress: account.holderAddress,
    iban: formatIban(account.iban),
    qrIban: formatIban(account.qrIban),
    bic: account.bic ?? '',
    currency: account.currency,
    isDefault: account.isDefault,
  };
}

/** A failed save's words: its field issues are put on their fields, the rest answered. */
function describeFailure(form: ReturnType<typeof useForm<FormInput, unknown, FormOutput>>) {
  return (error: unknown) => describeSaveError(error, form.setError, fieldNames);
}

function Fields({
  form,
  isCreating,
  isLocked,
}: {
  form: ReturnType<typeof useForm<FormInput, unknown, FormOutput>>;
  isCreating: boolean;
  /** Invoices name the account: IBAN, QR-IBAN and currency stay as they are. */
  isLocked: boolean;
}) {
  const currencies = useMemo(() => currencyOptions(), []);
  const lockedHelp = isLocked ? 'Invoices are payable to it, so this stays as it is.' : undefined;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FormTextField
        control={form.control}
        name="label"
        label="Label"
        help="How operators name it, e.g. Membership fees CHF"
      />
      <FormSelectField
        control={form.control}
        name="currency"
        label="Currency"
        options={currencies}
        isDisabled={isLocked}
        help={lockedHelp}
      />
      <FormTextField control={form.control} name="bankName" label="Bank" />
      <FormTextField
        control={form.control}
        name="bic"
        label="BIC"
        help="8 or 11 characters, e.g. UBSWCHZH80A"
        autoComplete="off"
      />
      <FormTextField
        control={form.control}
        name="iban"
        label="IBAN"
        help={lockedHelp ?? 'Spaces are fine; it is checked against its country’s format'}
        autoComplete="off"
        isDisabled={isLocked}
      />
      <FormTextField
        control={form.control}
        name="qrIban"
        label="QR-IBAN"
        help={
          lockedHelp ??
          'Only for Swiss QR-bills (CHF or EUR): a CH/LI IBAN with bank code 30000–31999'
        }
        autoComplete="off"
        isDisabled={isLocked}
      />
      <FormTextField control={form.control} name="holderName" label="Account holder" />
      <FormTextField
        control={form.control}
        name="holderAddress"
        label="Holder address"
        rows={3}
        help="Street, postcode and town, country: as printed on QR-bills"
      />
      {isCreating ? (
        <FormCheckboxField
          control={form.control}
          name="isDefault"
          label="Default for its currency"
          help="New invoices in this currency are paid to it; the first account of a currency always is"
          className="md:col-span-2"
        />
      ) : null}
    </div>
  );
}

/** The "New bank account" form; `onCreated` receives the stored account. */
export function NewBankAccountForm({
  onCreated,
  onCancel,
}: {
  onCreated: (account: TBankAccount) => void;
  onCancel: () => void;
}) {
  const create = useCreateBankAccount();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZBankAccountInput),
    defaultValues: emptyValues,
  });
  // A new account has no version yet, so no conflict: only the form's error.
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync(values);
      // Saved: the form is clean again, so opening the new account asks nothing.
      form.reset(form.getValues());
      onCreated(created);
    } catch (error) {
      setFormError(describeFailure(form)(error));
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <UnsavedChangesGuard isDirty={form.formState.isDirty && !create.isPending} />
      <Fields form={form} isCreating isLocked={false} />
      {formError ? <FailureText>{formError}</FailureText> : null}
      <div className="flex gap-2">
        <Button type="submit" isBusy={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add bank account'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Edits an account read at its version; a change someone made meanwhile is reported (409). */
export function EditBankAccountForm({
  account,
  onSaved,
  onReload,
}: {
  account: TBankAccount;
  onSaved: () => void;
  onReload: () => Promise<TBankAccount | undefined>;
}) {
  const update = useUpdateBankAccount(account.id);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZBankAccountInput),
    defaultValues: valuesOf(account),
  });
  const saving = useSettingsSave({
    record: account,
    onReload,
    onFresh: (fresh) => form.reset(valuesOf(fresh)),
  });
  const submit = form.handleSubmit(async (values) => {
    saving.clear();
    // Becoming the default is its own action (Make default), not a field of the edit.
    const fields = values;
    try {
      await update.mutateAsync({
        version: saving.version,
        label: fields.label,
        bankName: fields.bankName,
        holderName: fields.holderName,
        holderAddress: fields.holderAddress,
        bic: fields.bic,
        ...(account.hasInvoices
          ? {}
          : { iban: fields.iban, qrIban: fields.qrIban, currency: fields.currency }),
      });
      form.reset(form.getValues());
      onSaved();
    } catch (error) {
      saving.fail(error, describeFailure(form));
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 pt-4">
      <UnsavedChangesGuard isDirty={form.formState.isDirty && !update.isPending} />
      <SaveConflict save={saving} />
      <Fields form={form} isCreating={false} isLocked={account.hasInvoices} />
      <SaveOutcome save={saving} isDirty={form.formState.isDirty} />
      <div className="flex gap-2">
        <Button type="submit" isBusy={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save bank account'}
        </Button>
        <Button variant="secondary" onClick={() => form.reset(valuesOf(account))}>
          Reset
        </Button>
      </div>
    </form>
  );
}
