import type { TBankAccount, TBankAccountInput, TBankAccountUpdate } from '@ops/contract';
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { recordAudit, type Actor } from '../audit/record';
import type { BankAccountsTable, Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { checkVersion, describeAuthorWithName, versionConflict } from '../db/versioned-write';
import { AppError, badInput } from '../errors';
import { newId } from '../lib/ids';
import { assertValidBankAccount, normalizeCode, normalizeOptionalCode } from './validation';

type Db = Kysely<Database> | Transaction<Database>;
type BankAccountRow = NonNullable<Awaited<ReturnType<typeof findRow>>>;

function findRow(db: Db, id: string) {
  return db.selectFrom('bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

function labelOf(row: { label: string; currency: string }): string {
  return `The bank account "${row.label}" (${row.currency})`;
}

async function requireRow(trx: Transaction<Database>, id: string): Promise<BankAccountRow> {
  const row = await findRow(trx, id);
  if (!row) throw new AppError('not-found', `No bank account has the id ${id}.`);
  return row;
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

/** One bank account with its authors and whether invoices name it; null if unknown. */
export async function getBankAccount(
  db: Kysely<Database>,
  id: string,
): Promise<TBankAccount | null> {
  const row = await findRow(db, id);
  if (!row) return null;
  return {
    id: row.id,
    label: row.label,
    bankName: row.bank_name,
    holderName: row.holder_name,
    holderAddress: row.holder_address,
    iban: row.iban,
    qrIban: row.qr_iban,
    bic: row.bic,
    currency: row.currency,
    isDefault: row.is_default,
    active: row.active,
    hasInvoices: await hasInvoices(db, id),
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    createdBy: await describeAuthorWithName(db, row.created_by),
    updatedBy: await describeAuthorWithName(db, row.updated_by),
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
  const updated = await trx
    .updateTable('bank_accounts')
    .set({
      is_default: false,
      version: previous.version + 1,
      updated_at: sql<Date>`now()`,
      updated_by: actor.uid ?? actor.kind,
    })
    .where('id', '=', previous.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    table: 'bank_accounts',
    recordId: previous.id,
    action: 'unset-default',
    before: previous,
    after: updated,
  });
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
    const author = actor.uid ?? actor.kind;
    const created = await trx
      .insertInto('bank_accounts')
      .values({
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
        created_by: author,
        updated_by: author,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      table: 'bank_accounts',
      recordId: id,
      action: 'create',
      before: null,
      after: created,
    });
  });
  return (await getBankAccount(db, id)) as TBankAccount;
}

/** Writes `changes` to the account read at `version`, audited; 409 if it changed since. */
async function writeAccount(
  trx: Transaction<Database>,
  actor: Actor,
  row: BankAccountRow,
  changes: Updateable<BankAccountsTable>,
  action: string,
) {
  const updated = await trx
    .updateTable('bank_accounts')
    .set({
      ...changes,
      version: row.version + 1,
      updated_at: sql<Date>`now()`,
      updated_by: actor.uid ?? actor.kind,
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const current = (await findRow(trx, row.id)) ?? row;
    throw await versionConflict(trx, labelOf(row), current, describeAuthorWithName);
  }
  await recordAudit(trx, actor, {
    table: 'bank_accounts',
    recordId: row.id,
    action,
    before: row,
    after: updated,
  });
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
    const row = await requireRow(trx, id);
    await checkVersion(trx, labelOf(row), row, version, describeAuthorWithName);

    const set: Updateable<BankAccountsTable> = {};
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
        'in_use',
        `Invoices are payable to ${labelOf(row).replace(/^The/, 'the')}, so its IBAN, QR-IBAN and currency cannot change. Add a new account and make it the default instead.`,
      );
    }
    if (set.iban) await checkUniqueIban(trx, set.iban, id);
    if (row.is_default && set.active === false) {
      throw badInput(
        'body.active',
        'is_default',
        `${labelOf(row)} is the default for ${row.currency}; make another ${row.currency} account the default before deactivating it.`,
      );
    }
    if (row.is_default && set.currency !== undefined) {
      throw badInput(
        'body.currency',
        'is_default',
        `${labelOf(row)} is the default for ${row.currency}; make another ${row.currency} account the default before changing its currency.`,
      );
    }
    const action =
      set.active === false ? 'deactivate' : set.active === true ? 'reactivate' : 'update';
    await writeAccount(trx, actor, row, set, action);
  });
  return (await getBankAccount(db, id)) as TBankAccount;
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
    const row = await requireRow(trx, options.id);
    await checkVersion(trx, labelOf(row), row, options.version, describeAuthorWithName);
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
  return (await getBankAccount(db, options.id)) as TBankAccount;
}
