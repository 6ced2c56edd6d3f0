import { bankEntryStates } from '../enumerations';
import { defineList } from '../list-definition';

/**
 * The transactions of imported bank statements (one row per transaction: a batch booking's
 * details are rows of their own), newest booking first. The Unmatched payments queue is the view
 * `state=suggested,unmatched&sort=state,-bookingDate` (suggested sorts before unmatched). Every
 * sort and filter has its index (migration 0027).
 */
export const bankEntriesList = defineList({
  name: 'bank-entries',
  columns: {
    bookingDate: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'A range of booking days, e.g. "2026-05-01..2026-05-31"',
      header: 'Booking date',
    },
    valueDate: { header: 'Value date' },
    amount: {
      type: 'integer',
      sort: true,
      header: 'Amount (minor units)',
      exportKey: 'amountMinor',
    },
    currency: {
      type: 'text',
      filter: true,
      description: 'Currencies, e.g. "CHF,EUR"',
      header: 'Currency',
    },
    direction: { header: 'Direction' },
    payerName: { header: 'Payer' },
    payerIban: { header: 'Payer IBAN' },
    structuredReference: { header: 'Reference' },
    unstructuredText: { header: 'Payment text' },
    state: {
      type: 'text',
      sort: true,
      filter: true,
      values: bankEntryStates,
      description: 'States, e.g. "suggested,unmatched" (the Unmatched payments queue)',
      header: 'State',
    },
    outcome: { header: 'Outcome' },
    invoice: { header: 'Invoice', exportKey: 'invoiceNumber' },
    member: { header: 'Member', exportKey: 'memberName' },
    matchReason: { header: 'Why' },
    statement: {
      type: 'text',
      filter: true,
      description: 'Statement ids (bsid): the entries of one statement',
      header: 'Statement',
      exportKey: 'statementBsid',
    },
    beid: { header: 'Id' },
  },
  defaultSort: '-bookingDate',
});
