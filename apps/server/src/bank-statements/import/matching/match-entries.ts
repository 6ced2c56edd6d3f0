import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { NewEntry } from '../entries';
import { isBookable, lockInvoiceFacts, refusalOf, type InvoiceFacts } from './invoice-facts';
import { invoiceNumberReason, invoiceNumbersIn, invoicesByNumber } from './invoice-number';
import { knownIbanReason, knownPayers, suggestionFor } from './known-iban';
import {
  invoicesByReference,
  normalReference,
  referenceRuleOf,
  referenceRules,
} from './structured-reference';

type Trx = Transaction<Database>;

/** What a rule found: one invoice, or why it could not name one. */
type Found = { invoice: InvoiceFacts } | { why: string } | null;

/**
 * One invoice among those a rule found: the only one, else the only one that takes payments
 * (a void invoice beside its re-issued copy), else why the rule cannot choose.
 */
function chosen(iids: readonly string[], facts: Map<string, InvoiceFacts>, what: string): Found {
  const invoices = iids.flatMap((iid) => facts.get(iid) ?? []);
  if (invoices.length === 0) return null;
  if (invoices.length === 1) return { invoice: invoices[0] as InvoiceFacts };
  const bookable = invoices.filter(isBookable);
  if (bookable.length === 1) return { invoice: bookable[0] as InvoiceFacts };
  return {
    why: `${invoices.length} invoices have ${what} (${invoices.map((i) => i.number).join(', ')}): assign it by hand`,
  };
}

function book(
  entry: NewEntry,
  invoice: InvoiceFacts,
  rule: NewEntry['match_rule'],
  reason: string,
) {
  entry.state = 'booked';
  entry.invoice_iid = invoice.iid;
  entry.member_mid = invoice.member_mid;
  entry.match_rule = rule;
  entry.match_reason = reason;
}

function leaveUnmatched(entry: NewEntry, why: string) {
  entry.state = 'unmatched';
  entry.unmatched_reason = why;
}

/** Applies a rule's finding; true when it decided the entry (booked, or refused with why). */
function decide(
  entry: NewEntry,
  found: Found,
  rule: NewEntry['match_rule'],
  reason: string,
): boolean {
  if (found === null) return false;
  if ('why' in found) {
    leaveUnmatched(entry, found.why);
    return true;
  }
  const refusal = refusalOf(entry, found.invoice);
  if (refusal) leaveUnmatched(entry, refusal);
  else book(entry, found.invoice, rule, reason);
  return true;
}

/**
 * The matching rules, in order, for every new credit entry of the file (set-based: one query
 * per rule for the whole file, then each entry decided in memory):
 * 1. its structured reference (QR or RF) is an invoice's payment reference → booked;
 * 2. its payment text names exactly one invoice number → booked;
 * 3. its payer's IBAN was seen on booked payments of one member, and its amount is the balance
 *    of exactly one open invoice of that member → suggested (an operator confirms);
 * 4. else unmatched, with why in words.
 * An invoice found by rule 1 or 2 that takes no payment (draft, void, uncollectible, credited),
 * or is in another currency, leaves the entry unmatched with the reason. Rows are changed in
 * place; the invoices to book stay locked until the commit.
 */
export async function matchEntries(trx: Trx, rows: readonly NewEntry[]): Promise<void> {
  const credits = rows.filter((row) => row.state === 'unmatched' && row.direction === 'credit');
  const referenceOf = new Map(
    credits.map((row) => [row, normalReference(row.structured_reference)]),
  );
  const numbersOf = new Map(credits.map((row) => [row, invoiceNumbersIn(row.unstructured_text)]));
  const references = new Set([...referenceOf.values()].flatMap((ref) => (ref ? [ref] : [])));
  const numbers = new Set([...numbersOf.values()].flat());
  const [byReference, byNumber] = [
    await invoicesByReference(trx, references),
    await invoicesByNumber(trx, numbers),
  ];
  const facts = await lockInvoiceFacts(
    trx,
    new Set([...[...byReference.values()].flat(), ...byNumber.values()]),
  );

  const undecided: { entry: NewEntry; notes: string[] }[] = [];
  for (const entry of credits) {
    const notes: string[] = [];
    const reference = referenceOf.get(entry) ?? null;
    if (reference !== null) {
      const rule = referenceRuleOf(reference);
      const found = chosen(byReference.get(reference) ?? [], facts, 'this reference');
      if (decide(entry, found, rule, referenceRules[rule])) continue;
      notes.push(`no invoice has the reference ${reference}`);
    }
    const named = numbersOf.get(entry) ?? [];
    const known = named.filter((number) => byNumber.has(number));
    if (known.length > 1) {
      leaveUnmatched(entry, `the payment text names several invoices (${known.join(', ')})`);
      continue;
    }
    if (known.length === 1) {
      const found = chosen([byNumber.get(known[0] as string) as string], facts, 'this number');
      if (decide(entry, found, 'invoice-number', invoiceNumberReason)) continue;
    }
    if (named.length > 0 && known.length === 0) {
      notes.push(`no invoice has the number ${named.join(', ')}`);
    }
    undecided.push({ entry, notes });
  }

  const payers = await knownPayers(
    trx,
    new Set(undecided.flatMap(({ entry }) => (entry.payer_iban ? [entry.payer_iban] : []))),
  );
  for (const { entry, notes } of undecided) {
    const suggestion = suggestionFor(entry, payers);
    if (suggestion && 'iid' in suggestion) {
      entry.state = 'suggested';
      entry.invoice_iid = suggestion.iid;
      entry.member_mid = suggestion.memberMid;
      entry.match_rule = 'known-iban';
      entry.match_reason = knownIbanReason;
      continue;
    }
    if (suggestion) notes.push(suggestion.why);
    leaveUnmatched(
      entry,
      notes.length > 0
        ? notes.join('; ')
        : 'no reference, no invoice number in the payment text, and the payer is not known from earlier payments',
    );
  }
}
