import type { TBankAccount, TBankAccountInput, TBankAccountUpdate } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import {
  describeWriter,
  findRecord,
  insertRecord,
  lockRecord,
  recordLabel,
  recordNotFound,
  updateRecord,
  type RecordChanges,
  type RecordRow,
} from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { newId } from '../lib/ids';
import { bankAccountFieldsOf } from './list';
import { assertValidBankAccount, normalizeCode, normalizeOptionalCode } from './validation';

type Db = Kysely<Database> | Transaction<Database>;
type BankAccountRow = RecordRow<'bank_accounts'>;

function labelOf(row: BankAccountRow): string {
  return recordLabel('bank_accounts', row);
}

async function hasInvoices(db: Db, id: string): Promise<boolean> {
  const found = await db
    .selectFrom('invoices')
    .select('iid')
    .where('bank_account_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** One bank account with its authors and whether invoices name it; 404 if unknown. */
export async function getBankAccount(db: Kysely<Database>, id: string): Promise<TBankAccount> {
  const row = await findRecord(db, 'bank_accounts', id);
  if (!row) throw recordNotFound('bank_accounts', id);
  return {
    ...bankAccountFieldsOf(row),
    holderAddress: row.holder_address,
    hasInvoices: await hasInvoices(db, id),
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    createdBy: await describeWriter(db, row.created_by),
    updatedBy: await describeWriter(db, row.updated_by),
  };
}

/** Another account with the same IBAN would split payments between two records. */
async function checkUniqueIban(trx: Transaction<Database>, iban: string, exceptId: string | null) {
  let query = trx.selectFrom('bank_accounts').select(['label']).where('iban', '=', iban);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const other = await query.executeTakeFirst();
  if (other) {
    throw badInput(
      'body.iban',
      'unique',
      `The bank account "${other.label}" already has this IBAN.`,
    );
  }
}

/**
 * Takes the default of `currency` away from the account that holds it (there is at most one:
 * the unique partial index), in the caller's transaction, audited.
 */
async function unsetDefault(
  trx: Transaction<Database>,
  actor: Actor,
  currency: string,
  exceptId: string | null,
) {
  let query = trx
    .selectFrom('bank_accounts')
    .selectAll()
    .where('currency', '=', currency)
    .where('is_default', '=', true);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const previous = await query.executeTakeFirst();
  if (!previous) return;
  await updateRecord(
    trx,
    actor,
    'bank_accounts',
    previous,
    { is_default: false },
    {
      action: 'unset-default',
    },
  );
}

/**
 * Adds a bank account: IBAN, QR-IBAN and BIC normalized and validated, the IBAN not used by
 * another account. It becomes the default of its currency when asked, or when its currency has
 * none yet; the previous default loses it in the same transaction.
 */
export async function createBankAccount(
  db: Kysely<Database>,
  actor: Actor,
  input: TBankAccountInput,
): Promise<TBankAccount> {
  const iban = normalizeCode(input.iban);
  const qrIban = normalizeOptionalCode(input.qrIban);
  const bic = normalizeOptionalCode(input.bic);
  const currency = input.currency.trim().toUpperCase();
  assertValidBankAccount({ iban, qrIban, bic, currency });
  const id = newId();
  await writeTransaction(db, async (trx) => {
    await checkUniqueIban(trx, iban, null);
    const currentDefault = await trx
      .selectFrom('bank_accounts')
      .select('id')
      .where('currency', '=', currency)
      .where('is_default', '=', true)
      .executeTakeFirst();
    const isDefault = input.isDefault === true || !currentDefault;
    if (isDefault) await unsetDefault(trx, actor, currency, null);
    await insertRecord(
      trx,
      actor,
      'bank_accounts',
      {
        id,
        label: input.label.trim(),
        bank_name: input.bankName.trim(),
        holder_name: input.holderName.trim(),
        holder_address: input.holderAddress.trim(),
        iban,
        qr_iban: qrIban,
        bic,
        currency,
        is_default: isDefault,
        active: true,
      },
      { action: 'create' },
    );
  });
  return getBankAccount(db, id);
}

/** Writes `changes` to the account read at `version`, audited; 409 if it changed since. */
async function writeAccount(
  trx: Transaction<Database>,
  actor: Actor,
  row: BankAccountRow,
  changes: RecordChanges<'bank_accounts'>,
  action: string,
) {
  await updateRecord(trx, actor, 'bank_accounts', row, changes, { action });
}

/**
 * Edits an account read at `version`. Once invoices name it, its IBAN, QR-IBAN and currency stay
 * as they are (those invoices were paid or are payable to them): add a new account instead.
 * The default of a currency cannot be deactivated or moved to another currency: make another
 * account the default first. Deactivating is the account's soft delete; reactivating restores it.
 */
export async function updateBankAccount(
  db: Kysely<Database>,
  actor: Actor,
  options: { id: string; version: number; changes: Omit<TBankAccountUpdate, 'version'> },
): Promise<TBankAccount> {
  const { id, version, changes } = options;
  await writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'bank_accounts', id, { version });

    const set: RecordChanges<'bank_accounts'> = {};
    const text = (value: string | undefined, current: string) =>
      value !== undefined && value.trim() !== current ? value.trim() : undefined;
    const label = text(changes.label, row.label);
    if (label !== undefined) set.label = label;
    const bankName = text(changes.bankName, row.bank_name);
    if (bankName !== undefined) set.bank_name = bankName;
    const holderName = text(changes.holderName, row.holder_name);
    if (holderName !== undefined) set.holder_name = holderName;
    const holderAddress = text(changes.holderAddress, row.holder_address);
    if (holderAddress !== undefined) set.holder_address = holderAddress;

    const iban = changes.iban === undefined ? row.iban : normalizeCode(changes.iban);
    const qrIban =
      changes.qrIban === undefined ? row.qr_iban : normalizeOptionalCode(changes.qrIban);
    const bic = changes.bic === undefined ? row.bic : normalizeOptionalCode(changes.bic);
    const currency =
      changes.currency === undefined ? row.currency : changes.currency.trim().toUpperCase();
    if (iban !== row.iban) set.iban = iban;
    if (qrIban !== row.qr_iban) set.qr_iban = qrIban;
    if (bic !== row.bic) set.bic = bic;
    if (currency !== row.currency) set.currency = currency;
    if (changes.active !== undefined && changes.active !== row.active) set.active = changes.active;
    if (Object.keys(set).length === 0) return;

    assertValidBankAccount({ iban, qrIban, bic, currency });
    const locked = (['iban', 'qr_iban', 'currency'] as const).filter((key) => key in set);
    if (locked.length > 0 && (await hasInvoices(trx, id))) {
      const field = { iban: 'iban', qr_iban: 'qrIban', currency: 'currency' }[locked[0] ?? 'iban'];
      throw badInput(
        `body.${field}`,
        'in-use',
        `Invoices are payable to ${labelOf(row).replace(/^The/, 'the')}, so its IBAN, QR-IBAN and currency cannot change. Add a new account and make it the default instead.`,
      );
    }
    if (set.iban) await checkUniqueIban(trx, iban, id);
    if (row.is_default && set.active === false) {
      throw badInput(
        'body.active',
        'is-default',
        `${labelOf(row)} is the default for ${row.currency}; make another ${row.currency} account the default before deactivating it.`,
      );
    }
    if (row.is_default && set.currency !== undefined) {
      throw badInput(
        'body.currency',
        'is-default',
        `${labelOf(row)} is the default for ${row.currency}; make another ${row.currency} account the default before changing its currency.`,
      );
    }
    const action =
      set.active === false ? 'deactivate' : set.active === true ? 'reactivate' : 'update';
    await writeAccount(trx, actor, row, set, action);
  });
  return getBankAccount(db, id);
}

/**
 * Makes an active account the default of its currency; the previous default loses it in the
 * same transaction (one default per currency, held by the unique partial index).
 */
export async function makeDefaultBankAccount(
  db: Kysely<Database>,
  actor: Actor,
  options: { id: string; version: number },
): Promise<TBankAccount> {
  await writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'bank_accounts', options.id, { version: options.version });
    if (row.is_default) return;
    if (!row.active) {
      throw badInput(
        'action',
        'transition',
        `${labelOf(row)} is inactive; reactivate it before making it the default.`,
      );
    }
    await unsetDefault(trx, actor, row.currency, row.id);
    await writeAccount(trx, actor, row, { is_default: true }, 'make-default');
  });
  return getBankAccount(db, options.id);
}
