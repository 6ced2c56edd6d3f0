import { formatMoney } from '@ops/contract/display-format';
import type { Selectable, Transaction } from 'kysely';
import { describeWriter } from '../../db/records';
import type { BankEntriesTable, Database } from '../../db/schema';

/** Who acts, as the entry's reasons name them: "Ann Muster (ann@…)", else the actor's kind. */
export async function operatorName(
  trx: Transaction<Database>,
  actor: { kind: string; uid: string | null },
): Promise<string> {
  return (await describeWriter(trx, actor.uid)) ?? actor.kind;
}

/** "CHF 120.00 from Acme AG": the entry as a message names it. */
export function entryWords(entry: Selectable<BankEntriesTable>): string {
  const money = formatMoney(entry.amount_minor, entry.currency.trim());
  return entry.payer_name ? `${money} from ${entry.payer_name}` : money;
}
