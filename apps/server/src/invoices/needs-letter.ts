import { sql, type RawBuilder } from 'kysely';

/**
 * Issue 32: which postal reminders still need their letter, written once for the invoices
 * list's "Needs a letter" filter and for dunning's letters (which read it through this area's
 * index). A dunning notice `n` of invoice `i` needs a letter when it went by post, nobody has
 * confirmed its letter posted, it is the invoice's current level (a higher level recorded since
 * supersedes it: its own letter says more), and the invoice is still open (issued, with a
 * balance: a payment meanwhile ends the need).
 */
export const letterNeededCondition = sql<boolean>`(n.channel = 'postal'
  AND n.letter_posted_at IS NULL
  AND n.level = i.dunning_level
  AND i.status = 'issued' AND i.balance_minor > 0)`;

/**
 * The invoices that need a letter, as a condition on the list's `i`. The postal notices still
 * to post are few (`dunning_notices_letter_needed_idx`, migration 0054, holds only them), so their
 * invoices are read once into an array and fetched by key, whatever the list's sort; a semi-join
 * left to the planner's estimate could walk the sort order of a million invoices probing each.
 */
export function needsLetterCondition(): RawBuilder<boolean> {
  return sql<boolean>`i.iid = ANY(ARRAY(
    SELECT n.invoice_iid FROM dunning_notices n
      JOIN invoices i ON i.iid = n.invoice_iid
     WHERE ${letterNeededCondition}))`;
}
