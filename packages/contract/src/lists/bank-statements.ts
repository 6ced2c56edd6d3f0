import { defineList } from '../list-definition';

/** The kinds of ISO 20022 bank files a statement comes from. */
export const bankStatementKinds = ['camt.053', 'camt.054'] as const;

/**
 * The imported bank statements, newest import first. Every sort and filter has its index
 * (migration 0027). The columns declare the item's fields but the account (an object).
 */
export const bankStatementsList = defineList({
  name: 'bank-statements',
  columns: {
    importedAt: {
      type: 'date',
      sort: true,
      header: 'Imported',
      item: { type: 'time', description: 'When the file was imported (ISO 8601, UTC)' },
    },
    account: {
      type: 'text',
      filter: true,
      description: 'Bank account ids, e.g. "ba1,ba2"',
      references: 'bank-account',
      header: 'Account',
      exportKey: 'accountLabel',
    },
    accountIban: {
      header: 'IBAN',
      item: { description: 'The account as the file names it: its IBAN or its QR-IBAN' },
    },
    kind: {
      type: 'text',
      filter: true,
      values: bankStatementKinds,
      description: 'Kinds of file: "camt.053" (account statement), "camt.054" (notification)',
      header: 'Kind',
      item: {},
    },
    statementId: { header: 'Statement id', item: { description: "The bank's statement id" } },
    fromDate: { header: 'From', item: { type: 'date', nullable: true } },
    toDate: {
      type: 'date',
      sort: true,
      header: 'To',
      item: { type: 'date', nullable: true },
    },
    entries: {
      header: 'Entries',
      item: {
        type: 'integer',
        description: 'Transactions in the statement (each detail of a batch)',
      },
    },
    booked: { header: 'Booked', item: { type: 'integer' } },
    open: {
      header: 'Open',
      item: {
        type: 'integer',
        description: 'Suggested and unmatched entries, waiting for an operator',
      },
    },
    duplicates: {
      header: 'Duplicates',
      item: { type: 'integer', description: 'Entries seen before (booked only once)' },
    },
    currency: { header: 'Currency', item: { nullable: true } },
    creditedMinor: {
      header: 'Credits (minor units)',
      item: {
        type: 'money',
        description: 'The sum of the credit entries, minor units of currency',
      },
    },
    hasOpen: {
      type: 'text',
      filter: true,
      values: ['true', 'false'],
      description: '"true": statements with entries waiting for an operator; "false": all done',
    },
    bsid: { header: 'Id' },
  },
  defaultSort: '-importedAt',
});
