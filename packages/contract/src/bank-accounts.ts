import { z } from 'zod';
import { ZCurrencyCode } from './countries';
import { listItemFields, listPageOf, listQuerySchema } from './lists';
import { listSortFields } from './list-definition';
import { bankAccountsList } from './lists/index';

/** The columns the bank accounts list can be sorted by. */
export const bankAccountListSorts = listSortFields(bankAccountsList);

export const ZBankAccountListItem = z
  .object({
    id: z.string(),
    label: z.string(),
    bankName: z.string(),
    holderName: z.string(),
    iban: z.string().describe('Electronic format: uppercase, no spaces'),
    qrIban: z.string().nullable().describe('Swiss QR-IBAN (IID 30000–31999), electronic format'),
    bic: z.string().nullable(),
    currency: z.string().describe('ISO 4217'),
    isDefault: z.boolean().describe('The account new invoices in its currency are paid to'),
    active: z.boolean(),
    // The fields its columns declare (lists/bank-accounts.ts).
    ...listItemFields(bankAccountsList),
  })
  .describe('A row of the bank accounts list');
export type TBankAccountListItem = z.infer<typeof ZBankAccountListItem>;

export const ZBankAccountsListQuery = listQuerySchema(bankAccountsList);
export type TBankAccountsListQuery = z.infer<typeof ZBankAccountsListQuery>;

export const ZBankAccountsListPage =
  listPageOf(ZBankAccountListItem).describe('A page of bank accounts');
export type TBankAccountsListPage = z.infer<typeof ZBankAccountsListPage>;

export const ZBankAccount = ZBankAccountListItem.extend({
  holderAddress: z.string(),
  hasInvoices: z
    .boolean()
    .describe('Invoices name this account: its IBAN, QR-IBAN and currency can no longer change'),
  version: z.number().int().describe('Send it back with an edit (optimistic concurrency)'),
  createdAt: z.string().describe('ISO timestamp'),
  updatedAt: z.string().describe('ISO timestamp'),
  createdBy: z.string().nullable().describe('Who added it: a name, an e-mail or "system"'),
  updatedBy: z.string().nullable().describe('Who changed it last'),
}).describe('A bank account with everything the detail screen shows');
export type TBankAccount = z.infer<typeof ZBankAccount>;

export const ZBankAccountParams = z.object({ id: z.string().min(1).max(40) });

const text = (max: number) => z.string().trim().min(1, 'required').max(max);
/** IBAN and BIC as typed: spaces allowed; the server normalizes and checks them (ibantools). */
const code = (max: number) => z.string().trim().max(max);

/** The fields of a new bank account. IBAN, QR-IBAN and BIC are checked on the server. */
export const ZBankAccountInput = z
  .object({
    label: text(100).describe('How operators name it, e.g. "Membership fees CHF"'),
    bankName: text(200),
    holderName: text(200).describe('Account holder, as the bank knows it'),
    holderAddress: text(500).describe('Holder address (street, postcode and town, country)'),
    iban: code(50).min(1, 'required').describe('IBAN; spaces are removed'),
    qrIban: code(50)
      .nullable()
      .describe('Swiss/Liechtenstein QR-IBAN for QR-bills with a QR reference, or null'),
    bic: code(20).nullable().describe('BIC (8 or 11 characters), or null'),
    currency: ZCurrencyCode,
    isDefault: z.boolean().default(false).describe('Make it the default for its currency'),
  })
  .describe('A new bank account');
export type TBankAccountInput = z.input<typeof ZBankAccountInput>;

export const ZBankAccountUpdate = ZBankAccountInput.omit({ isDefault: true })
  .extend({ active: z.boolean() })
  .partial()
  .extend({ version: z.number().int().min(1).describe('The version the edit was based on') })
  .describe('The fields to change; those left out stay as they are');
export type TBankAccountUpdate = z.input<typeof ZBankAccountUpdate>;

export const ZBankAccountActionBody = z
  .object({ version: z.number().int().min(1).describe('The version the action was based on') })
  .describe('The version of the record the action was based on');
