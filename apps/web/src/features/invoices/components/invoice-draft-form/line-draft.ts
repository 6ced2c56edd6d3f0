import {
  donationVatExemption,
  formatMinorPlain,
  membershipVatExemption,
  parseMajorAmount,
  type TInvoiceLine,
} from '@ops/contract';

/** VAT choices of a line: Swiss rates, or an exemption named in words. */
export const vatChoices = [
  { value: 'exempt-membership', label: 'Outside VAT (membership fee)' },
  { value: '8.1', label: 'VAT 8.1 % (standard)' },
  { value: '2.6', label: 'VAT 2.6 % (reduced)' },
  { value: '3.8', label: 'VAT 3.8 % (accommodation)' },
  { value: '0', label: 'VAT 0 %' },
  { value: 'exempt-other', label: 'Exempt (other reason)' },
] as const;

/** A line as typed: every field a string until the form parses it. */
export type LineDraft = {
  key: number;
  description: string;
  quantity: string;
  amount: string;
  vat: string;
  exemption: string;
  isDonation: boolean;
};

/** A parsed line, or what is wrong with it. */
export type ParsedLine = { line: TInvoiceLine | null; problem: string | null };

let nextKey = 1;
export const emptyLine = (): LineDraft => ({
  key: nextKey++,
  description: '',
  quantity: '1',
  amount: '',
  vat: 'exempt-membership',
  exemption: '',
  isDonation: false,
});

export function lineFrom(line: TInvoiceLine): LineDraft {
  const vat =
    line.vatRate !== null
      ? String(line.vatRate)
      : line.vatExemption === membershipVatExemption
        ? 'exempt-membership'
        : 'exempt-other';
  return {
    key: nextKey++,
    description: line.description,
    quantity: String(line.quantity),
    amount: formatMinorPlain(line.unitAmountMinor),
    vat,
    exemption: vat === 'exempt-other' ? (line.vatExemption ?? '') : '',
    isDonation: line.isDonation === true || line.vatExemption === donationVatExemption,
  };
}

/** A line as the contract takes it, or what is wrong with it. */
export function toLine(draft: LineDraft): ParsedLine {
  const amount = parseMajorAmount(draft.amount);
  const quantity = Number(draft.quantity);
  if (!amount.ok)
    return {
      line: null,
      problem: draft.amount.trim() === '' ? 'Enter the amount' : amount.message,
    };
  if (!Number.isInteger(quantity) || quantity < 1)
    return { line: null, problem: 'Quantity: a whole number from 1' };
  const isExempt = draft.isDonation || draft.vat.startsWith('exempt');
  return {
    problem: null,
    line: {
      description: draft.description.trim(),
      quantity,
      unitAmountMinor: amount.minor,
      vatRate: isExempt ? null : Number(draft.vat),
      vatExemption: draft.isDonation
        ? donationVatExemption
        : draft.vat === 'exempt-membership'
          ? membershipVatExemption
          : draft.vat === 'exempt-other'
            ? draft.exemption.trim()
            : null,
      ...(draft.isDonation ? { isDonation: true } : {}),
    },
  };
}

/** "body.lines.1.quantity" → "Line 2, quantity". */
export function fieldName(path: string): string {
  const line = /^body\.lines\.(\d+)\.?(.*)$/.exec(path);
  if (line) return `Line ${Number(line[1]) + 1}${line[2] ? `, ${line[2]}` : ''}`;
  return path.replace(/^body\./, '');
}
