import type { TBankEntryState, TBankMatchRule, TPaymentOutcome } from '@ops/contract';

// The words of the bank area's enumerations (sentence case, as the contract's label tables).

export const bankEntryStateLabels: Record<TBankEntryState, string> = {
  booked: 'Booked',
  suggested: 'Suggested',
  unmatched: 'Unmatched',
  ignored: 'Not a member payment',
  debit: 'Debit',
  duplicate: 'Duplicate',
};

export const bankMatchRuleLabels: Record<TBankMatchRule, string> = {
  'qr-reference': 'QR reference',
  'creditor-reference': 'Creditor reference (RF)',
  'invoice-number': 'Invoice number in the payment text',
  'known-iban': "Payer's known IBAN and amount",
  operator: 'Assigned by an operator',
};

export const paymentOutcomeLabels: Record<TPaymentOutcome, string> = {
  paid: 'Paid in full',
  partial: 'Partially paid',
  overpaid: 'Overpaid (surplus to member credit)',
};

export const bankStatementKindLabels: Record<string, string> = {
  'camt.053': 'camt.053 account statement',
  'camt.054': 'camt.054 notification',
};
