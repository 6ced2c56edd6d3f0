import type { TInvoiceDetail, TInvoiceListItem } from './invoices';

/**
 * An invoice offered to receive money (the bank entry's assign dialog): what an operator checks
 * before choosing it, whose invoice it is above all. The dialog reads invoices from two routes,
 * the list (`GET /api/invoices`, a row with `memberName`) and the detail (`GET
 * /api/invoices/{iid}`, a `member` object); each answer becomes a choice through its own function
 * below, typed by that route's contract type, so reading one answer's field from the other is a
 * compile error (issue 32: the dialog read `memberName` from the detail and showed "No member"
 * for every invoice it found). Zod-free: the browser imports it.
 */
export type TInvoiceChoice = Pick<
  TInvoiceListItem,
  'iid' | 'number' | 'status' | 'currency' | 'totalMinor' | 'balanceMinor'
> & {
  member: { mid: string; number: string; name: string } | null;
};

/** A row of the invoices list as a choice. */
export function invoiceChoiceOfListItem(item: TInvoiceListItem): TInvoiceChoice {
  const { memberMid, memberNumber, memberName } = item;
  return {
    iid: item.iid,
    number: item.number,
    status: item.status,
    currency: item.currency,
    totalMinor: item.totalMinor,
    balanceMinor: item.balanceMinor,
    member:
      memberMid !== null && memberNumber !== null && memberName !== null
        ? { mid: memberMid, number: memberNumber, name: memberName }
        : null,
  };
}

/** An invoice's detail as a choice. */
export function invoiceChoiceOfDetail(detail: TInvoiceDetail): TInvoiceChoice {
  return {
    iid: detail.iid,
    number: detail.number,
    status: detail.status,
    currency: detail.currency,
    totalMinor: detail.totalMinor,
    balanceMinor: detail.balanceMinor,
    member: detail.member
      ? { mid: detail.member.mid, number: detail.member.number, name: detail.member.name }
      : null,
  };
}
