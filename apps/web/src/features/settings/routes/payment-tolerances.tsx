import { formatMinorPlain, parseMajorAmount } from '@ops/contract';
import { paymentToleranceMinor, type TPaymentTolerance } from '@ops/contract/payment-tolerances';
import { useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { ConflictNotice, formatMoney, isVersionConflict } from '@/components/detail';
import { describeChange, SettingsScreen } from '@/components/settings-form';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { usePaymentTolerances, useUpdatePaymentTolerance } from '../api/payment-tolerances';
import { SmallTableHeaderRow } from '@/components/small-table-header-row';

const inputClass = `w-28 rounded-md border border-slate-300 px-2 py-1.5 text-sm tabular-nums ${focusRing}`;

/** "1" from 100 basis points, "0.5" from 50: the percent a person types. */
const percentOf = (basisPoints: number) => String(basisPoints / 100);

/** "1.25" → 125 basis points; null when it is not a percent with at most two decimals. */
function basisPointsOf(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= 10_000 ? points : null;
}

/** One currency's tolerance: read, or edited in place by those who may (finance, admin). */
function ToleranceRow({ tolerance, canEdit }: { tolerance: TPaymentTolerance; canEdit: boolean }) {
  const [maxText, setMaxText] = useState(formatMinorPlain(tolerance.maxMinor));
  const [percentText, setPercentText] = useState(percentOf(tolerance.percentBasisPoints));
  const [inputError, setInputError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdatePaymentTolerance(tolerance.currency);
  const error = update.error;
  const example = paymentToleranceMinor(tolerance, 95_000);
  const label = tolerance.currency;

  return (
    <tr className="border-b border-slate-100 align-top">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {label}
      </th>
      <td className="py-2 pr-3">
        {canEdit ? (
          <input
            aria-label={`${label} ceiling`}
            className={inputClass}
            inputMode="decimal"
            value={maxText}
            onChange={(event) => setMaxText(event.target.value)}
          />
        ) : (
          <span className="tabular-nums">{formatMoney(tolerance.maxMinor, label)}</span>
        )}
      </td>
      <td className="py-2 pr-3">
        {canEdit ? (
          <input
            aria-label={`${label} share of the total (%)`}
            className={inputClass}
            inputMode="decimal"
            value={percentText}
            onChange={(event) => setPercentText(event.target.value)}
          />
        ) : (
          <span className="tabular-nums">{percentOf(tolerance.percentBasisPoints)} %</span>
        )}
      </td>
      <td className="py-2 pr-3 text-sm text-slate-600">
        On {formatMoney(95_000, label)}: up to {formatMoney(example, label)} written off.
        <span className="block text-xs">{describeChange(tolerance)}</span>
        {message ? (
          <span role="status" className="block text-xs text-emerald-800">
            {message}
          </span>
        ) : null}
        {inputError ? <span className="block text-xs text-red-700">{inputError}</span> : null}
        {error && isVersionConflict(error) ? (
          <ConflictNotice message={error.message} onReload={() => update.reset()} />
        ) : error ? (
          <span role="alert" className="block text-xs text-red-700">
            {getErrorMessage(error)}
          </span>
        ) : null}
      </td>
      <td className="py-2 text-right">
        {canEdit ? (
          <Button
            isBusy={update.isPending}
            onClick={() => {
              const max = parseMajorAmount(maxText);
              const basisPoints = basisPointsOf(percentText);
              if (!max.ok) return setInputError(`Ceiling: ${max.message}`);
              if (basisPoints === null) {
                return setInputError('Share: a percent from 0 to 100, e.g. 1 or 0.5.');
              }
              setInputError(null);
              setMessage(null);
              update
                .mutateAsync({
                  maxMinor: max.minor,
                  percentBasisPoints: basisPoints,
                  version: tolerance.version,
                })
                .then(
                  (result) => setMessage(result.message),
                  () => undefined,
                );
            }}
          >
            {update.isPending ? 'Saving…' : `Save ${label}`}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * /settings/payment-tolerances (issue 16): per currency, how much short a payment may be and
 * still pay its invoice, the difference written off as bank charges; the smaller of the ceiling
 * and the share of the invoice's total applies.
 */
export function PaymentTolerancesRoute() {
  const tolerances = usePaymentTolerances();
  const canEdit = useCan('credit-notes.issue');
  return (
    <SettingsScreen
      query={tolerances}
      headingId="payment-tolerances"
      title="Payment tolerances"
      intro={
        <>
          A payment short of the invoice by no more than the tolerance pays it, and the difference
          is written off as “bank charges” on the invoice (visible and audited). Beyond it, the
          invoice stays partially paid. The smaller of the ceiling and the share of the total
          applies; 0 and 0 keep every short payment open.
        </>
      }
    >
      {(data) => (
        <>
          <table className="w-full text-sm" aria-label="Payment tolerance per currency">
            <thead>
              <SmallTableHeaderRow
                columns={[
                  'Currency',
                  'Ceiling',
                  'Share of the total (%)',
                  'Example',
                  { label: <span className="sr-only">Actions</span>, key: 'actions' },
                ]}
              />
            </thead>
            <tbody>
              {data.map((tolerance) => (
                <ToleranceRow
                  key={`${tolerance.currency}-${tolerance.version}`}
                  tolerance={tolerance}
                  canEdit={canEdit}
                />
              ))}
            </tbody>
          </table>
        </>
      )}
    </SettingsScreen>
  );
}
