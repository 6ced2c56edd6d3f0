import type { TBankEntryDetail, TBankStatementDetail } from '@ops/contract/bank-statements';
import type { Kysely } from 'kysely';
import { describeAuthor, recordNotFound } from '../db/records';
import type { Database } from '../db/schema';
import { bankEntryItemOf, bankEntryListColumns } from './entries-list';
import { bankStatementItemOf, bankStatementListColumns } from './list';

type Db = Kysely<Database>;

const isoOrNull = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** One imported statement with its counts and its account; 404 when there is none. */
export async function requireBankStatementDetail(
  db: Db,
  bsid: string,
): Promise<TBankStatementDetail> {
  const row = await db
    .selectFrom('bank_statements as bs')
    .innerJoin('bank_accounts as a', 'a.id', 'bs.bank_account_id')
    .select([
      ...bankStatementListColumns,
      'a.bank_name as account_bank_name',
      'a.iban as account_own_iban',
      'a.qr_iban as account_qr_iban',
      'a.currency as account_currency',
      'bs.message_id',
      'bs.file_name',
      'bs.created_at_bank',
      'bs.credits',
      'bs.debits',
      'bs.ignored',
      'bs.imported_by',
      'bs.updated_at',
    ])
    .where('bs.bsid', '=', bsid)
    .executeTakeFirst();
  if (!row) throw recordNotFound('bank_statements', bsid);
  return {
    ...bankStatementItemOf(row),
    bankAccount: {
      id: row.bank_account_id,
      label: row.account_label,
      bankName: row.account_bank_name,
      iban: row.account_own_iban,
      qrIban: row.account_qr_iban,
      currency: row.account_currency.trim(),
    },
    messageId: row.message_id,
    fileName: row.file_name,
    createdAtBank: isoOrNull(row.created_at_bank),
    credits: row.credits,
    debits: row.debits,
    ignored: row.ignored,
    importedBy: (await describeAuthor(db, row.imported_by)) ?? row.imported_by,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The entry's booking: the movement it names, else the last payment booked from it (reversed,
 * since the entry went back to the queue), with whether a reversal names it.
 */
async function bookingOf(db: Db, beid: string, movementId: string | null) {
  let query = db
    .selectFrom('money_movements as mm')
    .leftJoin('invoices as i', 'i.iid', 'mm.invoice_iid')
    .select([
      'mm.id',
      'mm.amount_minor',
      'mm.settles_minor',
      'mm.credit_minor',
      'mm.booked_on',
      'i.number as invoice_number',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('money_movements as r')
            .select('r.id')
            .whereRef('r.reverses_id', '=', 'mm.id'),
        )
        .as('reversed'),
    );
  query = movementId
    ? query.where('mm.id', '=', movementId)
    : query
        .where('mm.bank_entry_id', '=', beid)
        .where('mm.kind', '=', 'payment')
        .orderBy('mm.created_at', 'desc')
        .limit(1);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    amountMinor: Number(row.amount_minor),
    settlesMinor: Number(row.settles_minor),
    creditMinor: Number(row.credit_minor),
    bookedOn: row.booked_on,
    invoiceNumber: row.invoice_number,
    reversed: Boolean(row.reversed),
  };
}

/** One bank entry with its statement and its booking; 404 when there is none. */
export async function requireBankEntryDetail(db: Db, beid: string): Promise<TBankEntryDetail> {
  const row = await db
    .selectFrom('bank_entries as be')
    .innerJoin('bank_statements as bs', 'bs.bsid', 'be.statement_bsid')
    .innerJoin('bank_accounts as a', 'a.id', 'bs.bank_account_id')
    .leftJoin('invoices as i', 'i.iid', 'be.invoice_iid')
    .leftJoin('members as m', 'm.mid', 'i.member_mid')
    .select([
      ...bankEntryListColumns,
      'be.movement_id',
      'be.updated_at',
      'bs.statement_id',
      'bs.message_kind',
      'bs.account_iban',
      'a.label as account_label',
    ])
    .where('be.beid', '=', beid)
    .executeTakeFirst();
  if (!row) throw recordNotFound('bank_entries', beid);
  return {
    ...bankEntryItemOf(row),
    statement: {
      bsid: row.statement_bsid,
      statementId: row.statement_id,
      kind: row.message_kind,
      accountLabel: row.account_label,
      accountIban: row.account_iban,
    },
    batchReference: row.batch_reference,
    movement: await bookingOf(db, beid, row.movement_id),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
