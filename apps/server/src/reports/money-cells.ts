import { currencyDecimals } from '@ops/contract/display-format';
import type { TReportColumn, TReportRow } from '@ops/contract/reports';

/** The currency a money cell is in: its row's `currencyKey` column, CHF when it has none. */
export function currencyOfCell(column: TReportColumn, row: TReportRow): string {
  if (!column.currencyKey) return 'CHF';
  const currency = row[column.currencyKey];
  return typeof currency === 'string' && currency !== '' ? currency : 'CHF';
}

/**
 * Minor units as a plain decimal in major units with the currency's decimals ("1250.50",
 * "-3.00"): computed on the integer's digits, never by dividing a float, so the text is exact
 * and `Number()` of it is the double nearest to the true amount.
 */
export function majorUnitsText(minor: number, currency: string): string {
  const digits = currencyDecimals(currency);
  const amount = BigInt(minor);
  const magnitude = amount < 0n ? -amount : amount;
  const scale = 10n ** BigInt(digits);
  const fraction = digits > 0 ? `.${String(magnitude % scale).padStart(digits, '0')}` : '';
  return `${amount < 0n ? '-' : ''}${magnitude / scale}${fraction}`;
}

/** Minor units as a number of major units (12950 CHF → 129.5), for spreadsheet cells. */
export function majorUnits(minor: number, currency: string): number {
  return Number(majorUnitsText(minor, currency));
}
