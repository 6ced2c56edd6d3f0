import type { MembersTable } from '../db/schema';

/**
 * A member's trade name and postal address lines as the contract names them, from its columns:
 * the portal's company data and the recipient of the documents (invoices, statements) read them
 * alike, each adding its own fields around them.
 */
export function memberAddressLinesOf(
  row: Pick<
    MembersTable,
    'trade_name' | 'address_line1' | 'address_line2' | 'postal_code' | 'city' | 'state'
  >,
) {
  return {
    tradeName: row.trade_name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    postalCode: row.postal_code,
    city: row.city,
    state: row.state,
  };
}
