import type { RecordChanges } from '../../db/records';
import type { MemberRow } from './fix-member';

const addressFields = ['address_line1', 'address_line2', 'postal_code', 'city', 'state'] as const;
const fillableFields = [
  'trade_name',
  'country_iso2',
  'vat_number',
  'website',
  'email',
  'phone',
  'card_customer_id',
] as const;

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * The survivor's empty fields, filled from the merged member. An address is taken whole, and only
 * when the survivor has none (half of one address with half of another is no address); the
 * earlier joining date and the later paid-through year are kept (the two records were one member).
 */
export function fillFromMerged(
  survivor: MemberRow,
  merged: MemberRow,
): { changes: RecordChanges<'members'>; filled: string[] } {
  const changes: Record<string, unknown> = {};
  for (const field of fillableFields) {
    if (isEmpty(survivor[field]) && !isEmpty(merged[field])) changes[field] = merged[field];
  }
  if (
    addressFields.every((field) => isEmpty(survivor[field])) &&
    addressFields.some((field) => !isEmpty(merged[field]))
  ) {
    for (const field of addressFields) {
      if (!isEmpty(merged[field])) changes[field] = merged[field];
    }
  }
  // The survivor's national association: its own, else the merged one's (never itself).
  const ownLink =
    survivor.national_association_mid === merged.mid ? null : survivor.national_association_mid;
  const mergedLink =
    merged.national_association_mid === survivor.mid ||
    merged.national_association_mid === merged.mid
      ? null
      : merged.national_association_mid;
  const link = ownLink ?? mergedLink;
  if (link !== survivor.national_association_mid) changes.national_association_mid = link;
  if (merged.joined_on && (!survivor.joined_on || merged.joined_on < survivor.joined_on)) {
    changes.joined_on = merged.joined_on;
  }
  if (
    merged.paid_through_year !== null &&
    (survivor.paid_through_year === null || merged.paid_through_year > survivor.paid_through_year)
  ) {
    changes.paid_through_year = merged.paid_through_year;
  }
  return { changes: changes as RecordChanges<'members'>, filled: Object.keys(changes) };
}
