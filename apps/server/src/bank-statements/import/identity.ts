import { createHash } from 'node:crypto';
import type { ParsedEntry, ParsedTransaction } from '../camt/types';

/**
 * What makes a bank transaction the same one in any file that reports it (a camt.054 in the
 * morning, the camt.053 at night): the bank's reference of the transaction; else the entry's
 * reference and the transaction's place in it; else a hash of account, booking date, amount,
 * currency, reference and payer. Two transactions alike in all of these within one file are two
 * payments (a member paying twice the same day), so the hash carries its occurrence: the second
 * such transaction is `…#2` in every file that reports both.
 */
export class EntryIdentities {
  private readonly seen = new Map<string, number>();

  constructor(private readonly bankAccountId: string) {}

  of(entry: ParsedEntry, transaction: ParsedTransaction): string {
    if (transaction.accountServicerReference) return `tx:${transaction.accountServicerReference}`;
    if (entry.accountServicerReference) {
      return `entry:${entry.accountServicerReference}/${transaction.position}`;
    }
    const hash = createHash('sha256')
      .update(
        [
          this.bankAccountId,
          entry.bookingDate ?? entry.valueDate ?? '',
          transaction.direction,
          String(transaction.amountMinor),
          transaction.currency,
          transaction.structuredReference ?? transaction.endToEndId ?? '',
          transaction.unstructuredText ?? '',
          transaction.payerIban ?? '',
          transaction.payerName ?? '',
        ].join('\u001f'),
      )
      .digest('hex');
    const occurrence = (this.seen.get(hash) ?? 0) + 1;
    this.seen.set(hash, occurrence);
    return `hash:${hash}#${occurrence}`;
  }
}
