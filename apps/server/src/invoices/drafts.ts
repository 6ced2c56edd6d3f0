import {
  computeInvoiceTotals,
  maxMinorAmount,
  type TInvoiceDetail,
  type TInvoiceDraftRequest,
  type TInvoiceDraftUpdate,
  type TInvoiceLine,
} from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { OperatorActor } from '../db/audit';
import type { Database, InvoiceLine } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { insertRecord, lockRecord, updateRecord } from '../db/records';
import { badInput } from '../errors';
import { newId } from '../lib/ids';
import { requireInvoiceDetail } from './detail';
import { allocateDraftNumber } from './numbers';

type Trx = Transaction<Database>;
type DraftInput = TInvoiceDraftRequest;

/** The member an invoice is made out to: it must exist and not be deleted. */
export async function requireInvoiceMember(trx: Trx, mid: string, field = 'body.memberMid') {
  const member = await trx
    .selectFrom('members')
    .select(['mid', 'number', 'legal_name', 'deleted_at', 'status'])
    // Where the invoice's e-mail goes: the billing address when the member names one.
    .select(sql<string | null>`coalesce(billing_email, email)`.as('email'))
    .where('mid', '=', mid)
    .executeTakeFirst();
  if (!member) throw badInput(field, 'exists', `No member has the id ${mid}.`);
  if (member.deleted_at) {
    throw badInput(
      field,
      'deleted',
      `Member ${member.number} (${member.legal_name}) is deleted; restore it first.`,
    );
  }
  return member;
}

/** A bank account an invoice may name: it exists, is active, and is in the invoice currency. */
export async function requireInvoiceBankAccount(
  trx: Trx,
  id: string,
  currency: string,
  field = 'body.bankAccountId',
) {
  const account = await trx
    .selectFrom('bank_accounts')
    .select(['id', 'label', 'currency', 'active', 'qr_iban', 'iban'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!account) throw badInput(field, 'exists', `No bank account has the id ${id}.`);
  if (!account.active) {
    throw badInput(field, 'active', `The bank account "${account.label}" is not active.`);
  }
  if (account.currency.trim() !== currency) {
    throw badInput(
      field,
      'currency',
      `The bank account "${account.label}" is in ${account.currency.trim()}, the invoice in ${currency}.`,
    );
  }
  return account;
}

/**
 * A member has one membership invoice per year (void ones aside): the renewal run relies on it,
 * and two would ask the member to pay twice.
 */
export async function refuseSecondMembershipInvoice(
  trx: Trx,
  invoice: { iid: string | null; kind: string; year: number; memberMid: string },
  field = 'body.year',
) {
  if (invoice.kind !== 'membership') return;
  let query = trx
    .selectFrom('invoices')
    .select(['number', 'status'])
    .where('member_mid', '=', invoice.memberMid)
    .where('kind', '=', 'membership')
    .where('year', '=', invoice.year)
    .where('status', '<>', 'void');
  if (invoice.iid) query = query.where('iid', '<>', invoice.iid);
  const other = await query.limit(1).executeTakeFirst();
  if (other) {
    throw badInput(
      field,
      'duplicate',
      `This member already has membership invoice ${other.number} (${other.status}) for ${invoice.year}; void it first or choose another kind.`,
    );
  }
}

/** The stored lines and the totals computed from them (never taken from the client). */
function linesAndTotals(lines: readonly TInvoiceLine[]) {
  const totals = computeInvoiceTotals(lines);
  if (totals.totalMinor > maxMinorAmount) {
    throw badInput('body.lines', 'too_big', 'The invoice total is larger than any we accept.');
  }
  const stored: InvoiceLine[] = lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitAmountMinor: line.unitAmountMinor,
    vatRate: line.vatRate,
    vatExemption: line.vatRate === null ? line.vatExemption : null,
    ...(line.isDonation ? { isDonation: true } : {}),
  }));
  return {
    lines: JSON.stringify(stored),
    subtotal_minor: totals.subtotalMinor,
    vat_minor: totals.vatMinor,
    donation_minor: totals.donationMinor,
    total_minor: totals.totalMinor,
  };
}

async function checkDraft(trx: Trx, iid: string | null, input: DraftInput) {
  const year = input.year;
  const member = await requireInvoiceMember(trx, input.memberMid);
  if (input.bankAccountId) {
    await requireInvoiceBankAccount(trx, input.bankAccountId, input.currency);
  }
  await refuseSecondMembershipInvoice(trx, {
    iid,
    kind: input.kind,
    year,
    memberMid: member.mid,
  });
  return {
    member_mid: member.mid,
    kind: input.kind,
    year,
    currency: input.currency,
    issue_date: input.issueDate ?? null,
    due_date: input.dueDate ?? null,
    bank_account_id: input.bankAccountId ?? null,
    ...linesAndTotals(input.lines),
  };
}

/** Creates a draft invoice (source manual); it gets its invoice number when it is issued. */
export async function createInvoiceDraft(
  db: Kysely<Database>,
  actor: OperatorActor,
  input: TInvoiceDraftRequest,
): Promise<TInvoiceDetail> {
  return writeTransaction(db, async (trx) => {
    const fields = await checkDraft(trx, null, input);
    const iid = newId();
    await insertRecord(
      trx,
      actor,
      'invoices',
      {
        iid,
        number: await allocateDraftNumber(trx),
        ...fields,
        status: 'draft',
        source: 'manual',
      },
      { action: 'create' },
    );
    return requireInvoiceDetail(trx, iid);
  });
}

/** Replaces a draft's member, dates, account and lines at the version read; only drafts. */
export async function updateInvoiceDraft(
  db: Kysely<Database>,
  actor: OperatorActor,
  iid: string,
  input: TInvoiceDraftUpdate,
): Promise<TInvoiceDetail> {
  return writeTransaction(db, async (trx) => {
    const before = await lockRecord(trx, 'invoices', iid, { version: input.version });
    if (before.status !== 'draft') {
      throw badInput(
        'params.iid',
        'transition',
        `Invoice ${before.number} is ${before.status}: only drafts can be edited.`,
      );
    }
    const fields = await checkDraft(trx, iid, input);
    await updateRecord(trx, actor, 'invoices', before, fields, { action: 'update' });
    return requireInvoiceDetail(trx, iid);
  });
}
