import { defineList } from '../list-definition';

/** The federation's bank accounts: a handful of rows (no index per sort, migration 0012). */
export const bankAccountsList = defineList({
  name: 'bank-accounts',
  columns: {
    label: { type: 'text', sort: true, header: 'Label' },
    bankName: { type: 'text', sort: true, header: 'Bank' },
    holderName: { header: 'Holder' },
    iban: { header: 'IBAN' },
    qrIban: { header: 'QR-IBAN' },
    bic: { header: 'BIC' },
    currency: {
      type: 'text',
      sort: true,
      filter: true,
      description: 'Currencies, e.g. "CHF,EUR"',
      header: 'Currency',
    },
    isDefault: {
      type: 'text',
      sort: true,
      filter: true,
      values: ['true', 'false'],
      description: '"true" or "false"',
      header: 'Default',
    },
    active: {
      type: 'text',
      sort: true,
      filter: true,
      values: ['true', 'false'],
      description: '"true" or "false"',
      header: 'Active',
    },
    id: { header: 'Id' },
  },
  defaultSort: 'currency,label',
});
