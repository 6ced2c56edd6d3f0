import { formatRateMonth, type TExchangeRate } from '@ops/contract/exchange-rates';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog, isVersionConflict } from '@/components/detail';
import { SettingsScreen } from '@/components/settings-form';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useDeleteExchangeRate } from '../api/delete-exchange-rate';
import { useExchangeRates } from '../api/get-exchange-rates';
import { ImportRates } from '../components/import-rates';
import { RateDialog } from '../components/rate-dialog';
import { RatesTable } from '../components/rates-table';
import { SuccessNote } from '@/components/success-note';

/** The open dialog: adding, changing a rate, or confirming a deletion. */
type Open =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; rate: TExchangeRate }
  | { kind: 'delete'; rate: TExchangeRate };

/**
 * /settings/exchange-rates (issue 18): the monthly rates of the reports' CHF equivalents — CHF
 * for one unit of a currency, per month, a month without a rate using the latest earlier one.
 * Every operator reads them; those with `exchange-rates.edit` (finance, admin) add, change,
 * delete and import them from CSV. Live through the change feed.
 */
export function ExchangeRatesRoute() {
  const rates = useExchangeRates();
  const canEdit = useCan('exchange-rates.edit');
  const remove = useDeleteExchangeRate();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [message, setMessage] = useState<string | null>(null);
  const close = () => {
    setOpen({ kind: 'none' });
    remove.reset();
  };

  const deleting = open.kind === 'delete' ? open.rate : null;
  return (
    <SettingsScreen
      query={rates}
      headingId="exchange-rates"
      title="Exchange rates"
      intro={
        <>
          Reports show amounts in their own currency and their CHF equivalent, converted with the
          rate of the amount’s month — or, for a month without one, the latest earlier month’s,
          named beside the figure. Rates are entered here or imported from a CSV file; nothing is
          fetched from the internet.
        </>
      }
    >
      {(data) => (
        <>
          {canEdit ? (
            <div className="flex flex-wrap items-start gap-3">
              <Button
                onClick={() => {
                  setMessage(null);
                  setOpen({ kind: 'add' });
                }}
              >
                Add rate
              </Button>
              <ImportRates onStart={() => setMessage(null)} />
            </div>
          ) : null}
          {message ? <SuccessNote>{message}</SuccessNote> : null}
          <RatesTable
            rates={data}
            canEdit={canEdit}
            onEdit={(rate) => {
              setMessage(null);
              setOpen({ kind: 'edit', rate });
            }}
            onDelete={(rate) => {
              setMessage(null);
              setOpen({ kind: 'delete', rate });
            }}
          />
          {canEdit ? (
            <>
              <RateDialog
                isOpen={open.kind === 'add' || open.kind === 'edit'}
                rate={open.kind === 'edit' ? open.rate : null}
                onClose={close}
                onDone={(result) => {
                  setMessage(result.message);
                  close();
                }}
              />
              <ConfirmDialog
                isOpen={deleting !== null}
                title={
                  deleting
                    ? `Delete the ${deleting.currency} rate of ${formatRateMonth(deleting.month)}?`
                    : 'Delete the rate?'
                }
                confirmLabel="Delete rate"
                busyLabel="Deleting…"
                tone="danger"
                isBusy={remove.isPending}
                error={
                  remove.error
                    ? isVersionConflict(remove.error)
                      ? `${remove.error.message} The list now shows it; close and check.`
                      : getErrorMessage(remove.error)
                    : null
                }
                onClose={close}
                onConfirm={() => {
                  if (!deleting) return;
                  remove.mutate(
                    {
                      currency: deleting.currency,
                      month: deleting.month,
                      version: deleting.version,
                    },
                    {
                      onSuccess: (result) => {
                        setMessage(result.message);
                        close();
                      },
                    },
                  );
                }}
              >
                {deleting ? (
                  <>
                    1 {deleting.currency} = {deleting.rate} CHF. Amounts of{' '}
                    {formatRateMonth(deleting.month)} then convert with the latest earlier month’s
                    rate, or show no CHF equivalent if there is none.
                  </>
                ) : null}
              </ConfirmDialog>
            </>
          ) : null}
        </>
      )}
    </SettingsScreen>
  );
}
