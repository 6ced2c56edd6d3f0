import {
  exchangeRateSourceLabels,
  formatRateMonth,
  type TExchangeRate,
} from '@ops/contract/exchange-rates';
import { Button } from '@ops/ui/button';
import { formatDateTime } from '@ops/ui/format';

/**
 * The rates as a table, one row per currency and month, newest month first (the API's order):
 * month, currency, CHF per unit, where it came from and the last change. Edit and Delete only
 * for operators who may change rates (`canEdit`); the server refuses the others anyway.
 */
export function RatesTable({
  rates,
  canEdit,
  onEdit,
  onDelete,
}: {
  rates: readonly TExchangeRate[];
  canEdit: boolean;
  onEdit: (rate: TExchangeRate) => void;
  onDelete: (rate: TExchangeRate) => void;
}) {
  if (rates.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No exchange rates yet: reports show amounts in other currencies without a CHF equivalent.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Exchange rates, newest month first">
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              Month
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Currency
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              CHF per unit
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Source
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Changed
            </th>
            {canEdit ? (
              <th scope="col" className="py-1 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => {
            const name = `${rate.currency} ${formatRateMonth(rate.month)}`;
            return (
              <tr
                key={`${rate.currency}-${rate.month}`}
                className="border-b border-slate-100 align-top"
              >
                <td className="py-2 pr-3 whitespace-nowrap">{formatRateMonth(rate.month)}</td>
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {rate.currency}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{rate.rate}</td>
                <td className="py-2 pr-3">{exchangeRateSourceLabels[rate.source]}</td>
                <td className="py-2 pr-3 text-xs text-slate-600">
                  {formatDateTime(rate.updatedAt)}
                  {rate.updatedBy ? <span className="block">by {rate.updatedBy}</span> : null}
                </td>
                {canEdit ? (
                  <td className="py-2 text-right whitespace-nowrap">
                    <div className="flex justify-end gap-2">
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        aria-label={`Edit ${name}`}
                        onClick={() => onEdit(rate)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-2 py-1"
                        aria-label={`Delete ${name}`}
                        onClick={() => onDelete(rate)}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
