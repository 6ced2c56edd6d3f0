import { formatReference } from 'swissqrbill/utils';
import { longDayIn } from '../../lib/pdf-language';
import type { InvoicePdfData } from './data';
import type { InvoicePdfLabels } from './labels';

/** Minor units as "1'250.50": the Swiss grouping, exact (string arithmetic, no float). */
export function formatAmount(minor: number): string {
  const negative = minor < 0;
  const absolute = BigInt(Math.abs(Math.round(minor)) || 0);
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '’');
  const text = `${whole}.${String(absolute % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

export function formatRate(rate: number): string {
  return `${rate.toFixed(2).replace(/\.?0+$/, '')} %`;
}

export const timeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' });

/** A `YYYY-MM-DD` day written out in the document's language. */
export function dayIn(data: Pick<InvoicePdfData, 'language'>, isoDay: string): string {
  return longDayIn(data.language, isoDay);
}

export function periodOfSupply(data: InvoicePdfData, labels: InvoicePdfLabels): string {
  if (data.kind === 'membership') return labels.membershipYear(data.year);
  if (data.kind === 'licence') return labels.licenceYear(data.year);
  return data.issueDate ? dayIn(data, data.issueDate) : labels.year(data.year);
}

/** An IBAN in groups of four, as people read and type it. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** A QR reference in groups of five from the right, a creditor reference in groups of four. */
export function formatPaymentReference(reference: string): string {
  const compact = reference.replace(/\s+/g, '');
  if (/^\d{27}$/.test(compact) || /^RF\d{2}[A-Z0-9]{1,21}$/i.test(compact)) {
    return formatReference(compact);
  }
  return reference;
}
