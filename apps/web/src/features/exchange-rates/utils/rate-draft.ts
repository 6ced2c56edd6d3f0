import { exchangeRateBaseCurrency, parseExchangeRate } from '@ops/contract/exchange-rates';
import { clock, monthAtHeadquarters } from '@/lib/clock';

/** What the rate dialog holds while a person types. */
export type RateDraft = { currency: string; month: string; rate: string };

export type RateDraftErrors = Partial<Record<keyof RateDraft, string>>;

/** This month at headquarters, YYYY-MM: a new rate's default (the month invoices are dated in). */
export function currentMonth(now = clock.now()): string {
  return monthAtHeadquarters(now);
}

/**
 * The same checks the server makes, so a typo is named under its field before anything is
 * sent: a currency code of 3 letters other than CHF, a month YYYY-MM, and a rate above 0 with
 * at most six decimals and `.` as the decimal mark.
 */
export function rateDraftErrors(draft: RateDraft): RateDraftErrors {
  const errors: RateDraftErrors = {};
  const currency = draft.currency.trim().toUpperCase();
  if (currency === exchangeRateBaseCurrency) {
    errors.currency = 'CHF is the base currency: its rate is always 1.';
  } else if (!/^[A-Z]{3}$/.test(currency)) {
    errors.currency = 'A currency code of 3 letters, e.g. EUR.';
  }
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(draft.month.trim())) {
    errors.month = 'A month written YYYY-MM, e.g. 2026-05.';
  }
  const rate = parseExchangeRate(draft.rate);
  if (!rate.ok) errors.rate = `${rate.message}.`;
  return errors;
}
