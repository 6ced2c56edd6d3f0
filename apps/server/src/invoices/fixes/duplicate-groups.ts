import {
  ZVoidDuplicateRepair,
  invoiceFixCheckInfo,
  type TDuplicateInvoicesFinding,
  type TFixInvoice,
} from '@ops/contract';
import type { RecordRow } from '../../db/records';
import { badInput } from '../../errors';
import { describeInvoice, isUnpaid } from './fix-invoice';
import { defineInvoiceRepair, type Trx } from './operations';
import { requireReason } from './reason';
import { voidInvoice } from './void-invoice';

/** The two checks of invoices that exist twice: by number, and membership billed twice. */
export type DuplicateCheck = 'duplicate-number' | 'duplicate-billing';

const statusRank: Record<TFixInvoice['status'], number> = {
  paid: 0,
  uncollectible: 1,
  credited: 1,
  issued: 2,
  draft: 3,
  void: 4,
};

/**
 * The invoice of a group most worth keeping comes first: paid, then issued (sent) before a draft,
 * then one we generated before an imported or manual one, then the earlier issued.
 */
function byKeepPreference(a: TFixInvoice, b: TFixInvoice): number {
  const generated = (i: TFixInvoice) => (i.source === 'generated' ? 0 : 1);
  return (
    statusRank[a.status] - statusRank[b.status] ||
    generated(a) - generated(b) ||
    (a.issueDate ?? '9999').localeCompare(b.issueDate ?? '9999') ||
    a.number.localeCompare(b.number)
  );
}

/** A group of duplicates with the one to void (the last unpaid one the keep order leaves). */
export function toDuplicateFinding(
  key: string,
  group: TFixInvoice[],
  by: 'number' | 'billing',
): TDuplicateInvoicesFinding {
  const sorted = [...group].sort(byKeepPreference);
  const kept = sorted[0] as TFixInvoice;
  const voidable = sorted.slice(1).filter((i) => isUnpaid(i.status));
  const proposed = voidable[voidable.length - 1] ?? null;
  const members = new Set(group.map((i) => i.member?.mid ?? ''));
  const caution =
    by === 'number' && members.size > 1
      ? ' They bill different members: they may be two real bills whose numbers only look alike. Void one only if it was created by mistake.'
      : '';
  let proposal: string;
  if (proposed) {
    const others = sorted.filter((i) => i.iid !== proposed.iid);
    proposal = `Void ${describeInvoice(proposed)} and keep ${others.map(describeInvoice).join(', ')}${kept.status === 'paid' ? ' (it is paid)' : ''}.${caution}`;
  } else if (group.every((i) => i.status === 'paid')) {
    proposal = `Every invoice of the group is paid: no automatic repair. If the member paid twice, issue a credit note or refund one payment; a paid invoice is never rewritten or voided.`;
  } else {
    proposal = `Only ${describeInvoice(kept)} can stay, and the others are paid or uncollectible (final): no automatic repair. Settle it with a credit note or refund.`;
  }
  return { key, invoices: sorted, proposedVoidIid: proposed?.iid ?? null, proposal };
}

/**
 * The repair both duplicate checks share: void the unpaid invoice of a group
 * (`fix:duplicate-number|billing`), refused when it is the only one of its group (any more).
 * Each check says how it finds the other invoices (not void) of the group, and what they share.
 */
export function voidDuplicateRepair(
  check: DuplicateCheck,
  group: {
    /** What the invoices of a group share, as the refusal names it. */
    sharing: string;
    /** The numbers of the other invoices (not void) of the invoice's group. */
    othersOf: (trx: Trx, invoice: RecordRow<'invoices'>) => Promise<string[]>;
  },
) {
  return defineInvoiceRepair({
    summary: `${invoiceFixCheckInfo[check].title}: void the unpaid duplicate (never a paid invoice)`,
    body: ZVoidDuplicateRepair,
    async change(trx, actor, before, input) {
      if (before.status === 'void') {
        throw badInput('body.iid', 'check', `Invoice ${before.number} is void already.`);
      }
      const others = await group.othersOf(trx, before);
      if (others.length === 0) {
        throw badInput(
          'body.iid',
          'check',
          `Invoice ${before.number} has no duplicate (any more): it is the only one of its ${group.sharing}; nothing to void.`,
        );
      }
      const reason = requireReason(input.reason, 'a voided invoice is gone for good');
      const after = await voidInvoice(
        trx,
        actor,
        before,
        check,
        `Duplicate of ${others.join(', ')}. ${reason}`,
      );
      return {
        check,
        message: `Invoice ${before.number} was voided; ${others.join(', ')} ${others.length === 1 ? 'stays' : 'stay'}.`,
        changed: [{ table: 'invoices', id: after.iid, version: after.version }],
      };
    },
  });
}
