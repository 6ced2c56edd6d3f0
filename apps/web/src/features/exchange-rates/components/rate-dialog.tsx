import {
  formatRateMonth,
  type TExchangeRate,
  type TExchangeRateSaveResult,
} from '@ops/contract/exchange-rates';
import { useState } from 'react';
import { ConflictNotice, isVersionConflict } from '@/components/detail';
import { DialogFooter, DialogForm, Modal } from '@ops/ui/modal';
import { TextField } from '@ops/ui/text-field';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { useSaveExchangeRate } from '../api/save-exchange-rate';
import {
  currentMonth,
  rateDraftErrors,
  type RateDraft,
  type RateDraftErrors,
} from '../utils/rate-draft';

/** Suggestions for a new rate's currency: the invoice currencies besides CHF. */
const suggestedCurrencies = ['EUR', 'USD'];

function RateForm({
  rate,
  onClose,
  onDone,
}: {
  /** The rate to change; none for a new one. */
  rate: TExchangeRate | null;
  onClose: () => void;
  onDone: (result: TExchangeRateSaveResult) => void;
}) {
  const save = useSaveExchangeRate();
  const [draft, setDraft] = useState<RateDraft>({
    currency: rate?.currency ?? 'EUR',
    month: rate?.month ?? currentMonth(),
    rate: rate?.rate ?? '',
  });
  const [errors, setErrors] = useState<RateDraftErrors>({});
  const isNew = rate === null;
  const set = (field: keyof RateDraft) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    // The server's answer was about what the person has just changed.
    if (save.error) save.reset();
  };
  // The server's 400 names its field (`body.rate`, `params.month`): shown under that field.
  const serverIssue = (field: keyof RateDraft) =>
    isApiError(save.error)
      ? save.error.issues?.find((issue) => issue.path.endsWith(`.${field}`))?.message
      : undefined;

  const submit = () => {
    const found = rateDraftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save
      .mutateAsync({
        currency: draft.currency.trim().toUpperCase(),
        month: draft.month.trim(),
        rate: draft.rate.trim(),
        ...(rate ? { version: rate.version } : {}),
      })
      .then(onDone, () => undefined);
  };
  const conflict = save.error && isVersionConflict(save.error) ? save.error : null;
  const otherError =
    save.error &&
    !conflict &&
    !serverIssue('rate') &&
    !serverIssue('month') &&
    !serverIssue('currency')
      ? getErrorMessage(save.error)
      : null;

  return (
    <DialogForm onSubmit={submit}>
      <TextField
        label="Currency"
        help={isNew ? 'ISO code of 3 letters, e.g. EUR or USD (CHF is always 1).' : undefined}
        value={draft.currency}
        readOnly={!isNew}
        autoCapitalize="characters"
        maxLength={3}
        list={isNew ? 'exchange-rate-currencies' : undefined}
        error={errors.currency ?? serverIssue('currency') ?? null}
        onChange={set('currency')}
      />
      {isNew ? (
        <datalist id="exchange-rate-currencies">
          {suggestedCurrencies.map((currency) => (
            <option key={currency} value={currency} />
          ))}
        </datalist>
      ) : null}
      <TextField
        label="Month"
        help={
          isNew
            ? 'The month the rate applies to (YYYY-MM); later months without a rate use it too.'
            : undefined
        }
        type="month"
        placeholder="YYYY-MM"
        value={draft.month}
        readOnly={!isNew}
        error={errors.month ?? serverIssue('month') ?? null}
        onChange={set('month')}
      />
      <TextField
        label="CHF per unit"
        help={`CHF for 1 ${draft.currency.trim().toUpperCase() || 'unit'}, with a point and up to 6 decimals, e.g. 0.9412.`}
        inputMode="decimal"
        autoComplete="off"
        value={draft.rate}
        error={errors.rate ?? serverIssue('rate') ?? null}
        onChange={set('rate')}
      />
      {conflict ? <ConflictNotice message={conflict.message} onReload={onClose} /> : null}
      <DialogFooter
        errorText={otherError}
        onCancel={onClose}
        submit={{
          label: isNew ? 'Add rate' : 'Save rate',
          busyLabel: 'Saving…',
          isBusy: save.isPending,
        }}
      />
    </DialogForm>
  );
}

/**
 * Add or change a rate in a modal dialog: currency, month (a month picker, YYYY-MM) and the
 * rate as text. A change keeps its currency and month (the rate's key) and sends the version
 * read; a 409 says who changed it meanwhile and closes to the reloaded list.
 */
export function RateDialog({
  isOpen,
  rate,
  onClose,
  onDone,
}: {
  isOpen: boolean;
  rate: TExchangeRate | null;
  onClose: () => void;
  onDone: (result: TExchangeRateSaveResult) => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      title={
        rate
          ? `Change the ${rate.currency} rate of ${formatRateMonth(rate.month)}`
          : 'Add an exchange rate'
      }
      onClose={onClose}
    >
      <RateForm
        key={rate ? `${rate.currency}-${rate.month}-${rate.version}` : 'new'}
        rate={rate}
        onClose={onClose}
        onDone={onDone}
      />
    </Modal>
  );
}
